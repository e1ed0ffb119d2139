"""Rating puzzles: the weakest rung of the rule ladder that solves one without guessing.

The ladder (:data:`satdoku.rules.strategies.RUNGS`): rung 0 is rules 1 and 2 (singles), rungs 1
to 4 add set logic of size up to 1, 2, 3, 4, and rung 5 needs guessing. Set logic is monotone
(fewer candidates never stop a move that was possible), so one run that uses the smallest size
whenever the rules stall reaches each rung's fixpoint in turn, and the largest size it used is
the rating.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from ..core.puzzle import Puzzle
from .propagator import Propagator
from .search import GuessOrder, SearchRun, TraceStatus
from .set_logic import MAX_SIZE
from .strategies import RULES_1_2, RUNGS, rules_label

__all__ = ["Climb", "Level", "Rating", "climb", "rate"]


class Level(Enum):
    """The named levels of the ladder's rungs, from singles (easy) to guessing.

    >>> Level.HARD.rung, Level.from_rung(5).value
    (2, 'guessing')
    """

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    EXTREME = "extreme"
    GUESSING = "guessing"

    @property
    def rung(self) -> int:
        """Return the rung of this level: 0 (singles) to 5 (guessing)."""
        return list(Level).index(self)

    @classmethod
    def from_rung(cls, rung: int) -> Level:
        """Return the level of a rung, 0 to 5."""
        return list(cls)[rung]

    def describe(self) -> str:
        """Say which rules a puzzle of this level needs.

        >>> Level.MEDIUM.describe()
        'rules 1 and 2 with set logic of size 1 (locked candidates)'
        """
        return _DESCRIPTIONS[self.rung]


_DESCRIPTIONS = (
    "rules 1 and 2 alone (singles)",
    "rules 1 and 2 with set logic of size 1 (locked candidates)",
    "rules 1 and 2 with set logic up to size 2 (pairs, X-wing)",
    "rules 1 and 2 with set logic up to size 3 (triples, swordfish)",
    "rules 1 and 2 with set logic up to size 4 (quads, jellyfish)",
    "guessing: set logic up to size 4 does not solve it",
)


class Rating(NamedTuple):
    """A puzzle's rating: its level and rung, the techniques used, and the guesses for rung 5.

    ``counts`` maps each technique to the number of steps that used it on the way (givens,
    guesses and backtracks are not techniques). ``guesses`` is the number of guesses of the
    stepper's search with rules 1 and 2 (reading order) for a puzzle of rung 5, else 0.
    ``status`` is ``solved`` or ``unsolvable`` (then the level and rung are those reached).

    >>> Rating(Level.GUESSING, 5, {}, 3, "solved").label()
    'needs guessing: 3 guesses with rules 1,2'
    """

    level: Level
    rung: int
    counts: dict[str, int]
    guesses: int
    status: str

    @property
    def rules(self) -> frozenset | None:
        """Return the weakest rule set of the ladder that solves the puzzle, or None (rung 5)."""
        return RUNGS[self.rung] if self.rung < len(RUNGS) else None

    def label(self) -> str:
        """Describe the rating in a few words.

        >>> Rating(Level.HARD, 2, {"naked-pair": 1}, 0, "solved").label()
        'hard: rules 1,2,set2, no guessing'
        """
        if self.status == "unsolvable":
            return "unsolvable"
        if self.rules is not None:
            return f"{self.level.value}: rules {rules_label(self.rules)}, no guessing"
        plural = "guess" if self.guesses == 1 else "guesses"
        return f"needs guessing: {self.guesses} {plural} with rules 1,2"


def _ladder(puzzle: Puzzle) -> Propagator:
    """Return the ladder's stepper (rules 1 and 2, set logic up to size 4) with the givens in."""
    p = Propagator(puzzle.shape, RUNGS[-1])
    for _ in p.givens(puzzle):
        pass
    return p


def rate(puzzle: Puzzle) -> Rating:
    """Rate a puzzle by the weakest rung of the ladder that solves it, else by its guesses.

    >>> from satdoku.io.line import parse_line
    >>> r = rate(parse_line("1.3..4..2...4..1"))
    >>> r.level.value, r.rung, r.label()
    ('easy', 0, 'easy: rules 1,2, no guessing')
    >>> rate(parse_line("1...............")).level.value
    'guessing'
    """
    p = _ladder(puzzle)
    counts: dict[str, int] = {}
    rung = 0
    for step in p.propagate(0):
        technique = step.technique
        if technique is not None:
            counts[technique.value] = counts.get(technique.value, 0) + 1
            rung = max(rung, technique.size)
    if p.conflict is not None:
        return Rating(Level.from_rung(rung), rung, counts, 0, "unsolvable")
    if p.solved:
        return Rating(Level.from_rung(rung), rung, counts, 0, "solved")
    run = SearchRun(puzzle, RULES_1_2, search=True, order=GuessOrder.FIRST)
    for _ in run:
        pass
    status = "solved" if run.status is TraceStatus.SOLVED else "unsolvable"
    return Rating(Level.GUESSING, 5, counts, run.guesses, status)


class Climb(NamedTuple):
    """Where the ladder stopped: the largest set-logic size used, and the state then.

    ``solved``: every cell holds a digit; ``contradiction``: an axiom lost every claim (the
    puzzle has no solution); else the rules stalled, or a move larger than the limit was made
    (``rung`` is then its size). ``left``: the candidates left in open cells.

    >>> Climb(2, True, False, 0).stalled
    False
    """

    rung: int
    solved: bool
    contradiction: bool
    left: int

    @property
    def stalled(self) -> bool:
        """Tell whether the grid is neither solved nor contradicted."""
        return not (self.solved or self.contradiction)


def climb(puzzle: Puzzle, limit: int = MAX_SIZE) -> Climb:
    """Climb the ladder as :func:`rate` does, stopping at the first move larger than ``limit``.

    No guessing and no step records: how far the rules take the puzzle. The compiled engine
    does the same (:func:`satdoku.backends.ladder.compiled_climb`), move for move.

    >>> from satdoku.io.line import parse_line
    >>> climb(parse_line("1.3..4..2...4..1"))
    Climb(rung=0, solved=True, contradiction=False, left=0)
    >>> climb(parse_line("1...............")).stalled
    True
    """
    p = _ladder(puzzle)
    rung = 0
    for step in p.propagate(0):
        technique = step.technique
        if technique is not None and technique.size > rung:
            rung = technique.size
            if rung > limit:
                break
    n = puzzle.shape.n
    left = sum(p.open[c] for c in range(n * n) if not p.true_of[c])
    return Climb(rung, p.solved, p.conflict is not None, left)
