"""Rating over axioms of any form: the weakest rung that solves a puzzle, and its uniqueness.

The rungs: rules 1 and 2 alone; with set logic (k up to :data:`MAX_LITERAL_SIZE`); guessing.
Set logic is monotone, so one run that uses it only when rules 1 and 2 stall reaches each rung's
fixpoint in turn. The level is the ladder's (:class:`satdoku.rules._rating.Level`): easy for rules
1 and 2, medium or hard for set logic of size 1 or 2, guessing else. A puzzle solved without a
guess has one solution; a guessed one is counted up to two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..core._literal_axioms import LiteralAxiom
from ._literal_search import LiteralRun
from ._literal_sets import MAX_LITERAL_SIZE
from ._rating import Level
from ._search import TraceStatus

__all__ = ["Rung", "LiteralRating", "rate_literals"]


class Rung(Enum):
    """The weakest rule set that solves a puzzle.

    >>> Rung.SET_LOGIC.value
    'set logic'
    """

    RULES_1_2 = "rules 1-2"
    SET_LOGIC = "set logic"
    GUESSING = "guessing"


@dataclass(frozen=True)
class LiteralRating:
    """A rating: the rung, the ladder's level, the largest set-logic k, status and uniqueness.

    ``status`` is ``solved`` or ``unsolvable``; ``unique`` tells whether exactly one solution
    exists (False for none); ``guesses`` counts the guesses of the search (rung guessing).

    >>> LiteralRating(Rung.RULES_1_2, Level.EASY, 0, "solved", True, 0).label()
    'easy: rules 1-2, unique'
    """

    rung: Rung
    level: Level
    size: int
    status: str
    unique: bool
    guesses: int

    def label(self) -> str:
        """Describe the rating in a few words."""
        if self.status == "unsolvable":
            return "unsolvable"
        which = "unique" if self.unique else "several solutions"
        if self.rung is Rung.SET_LOGIC:
            return f"{self.level.value}: set logic up to size {self.size}, {which}"
        if self.rung is Rung.GUESSING:
            plural = "guess" if self.guesses == 1 else "guesses"
            return f"guessing: {self.guesses} {plural} with rules 1-2, {which}"
        return f"{self.level.value}: {self.rung.value}, {which}"


def rate_literals(
    axioms: Sequence[LiteralAxiom], variables: int, givens: Sequence[int] = ()
) -> LiteralRating:
    """Rate a formula of exactly-one axioms with some literals given, by the weakest rung.

    >>> cells = [LiteralAxiom("a", "cell", (1, 2)), LiteralAxiom("b", "cell", (3, 4))]
    >>> rows = [LiteralAxiom("r", "row", (1, 3)), LiteralAxiom("s", "row", (2, 4))]
    >>> rate_literals(cells + rows, 4, (1,)).label()
    'easy: rules 1-2, unique'
    >>> rate_literals(cells + rows, 4).label()
    'guessing: 1 guess with rules 1-2, several solutions'
    """
    run = LiteralRun(axioms, variables, givens, guess=False, set_logic=MAX_LITERAL_SIZE)
    rung, size = Rung.RULES_1_2, 0
    for step in run:
        if step.bases:
            rung, size = Rung.SET_LOGIC, max(size, step.size)
    level = Level.from_rung(size)
    if run.status is TraceStatus.UNSOLVABLE:
        return LiteralRating(rung, level, size, "unsolvable", False, 0)
    if run.status is TraceStatus.SOLVED:
        return LiteralRating(rung, level, size, "solved", True, 0)
    search = LiteralRun(axioms, variables, givens, limit=2)
    for _ in search:
        pass
    found = len(search.solutions)
    status = "solved" if found else "unsolvable"
    return LiteralRating(Rung.GUESSING, Level.GUESSING, size, status, found == 1, search.guesses)
