"""The steps of the stepper: what a step is (:class:`Rule`) and the step itself.

Rule 1: one claim of an axiom is true, so every other claim of it is false. Rule 2: every claim of
an axiom but one is false, so that one is true. Set logic: k disjoint axioms whose open claims lie
in k other axioms make the other open claims of those false (:mod:`satdoku.rules._set_logic`; twins
are its hidden pairs, recorded one cell at a time). Givens are the first steps; a contradiction (an
axiom with two true claims, or with every claim false) ends propagation as a step, not an
exception. Steps hold claim variables (``row*n*n + col*n + digit``) and are rendered to text only
on demand (:mod:`satdoku.views._sentences`), so propagation stays fast.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from ..core._axioms import Axiom
from ..core._claims import Claim, claim_of
from ._set_logic import SetMove
from ._strategies import Technique

__all__ = ["Rule", "Step"]


class Rule(Enum):
    """What a step is: rule 1, 2, set logic, twins, a given, a guess, a backtrack, a contradiction.

    The value is the step's ``"rule"`` in the JSON trace.

    >>> Rule(1).name, Rule("guess").value
    ('ONE', 'guess')
    """

    ONE = 1
    TWO = 2
    GIVEN = "given"
    GUESS = "guess"
    BACKTRACK = "backtrack"
    TWINS = "twins"
    CONTRADICTION = "contradiction"
    SET = "set"


class Step(NamedTuple):
    """One step: the rule, the axiom it used, the claims it decides and their value, and why.

    ``decided`` and ``because`` hold claim variables; ``claims`` and ``reasons`` give them as
    :class:`Claim`. ``depth`` is the number of guesses in force (a backtrack carries the depth of
    the guess it undoes). ``detail`` is ``(house index, digit, digit)`` for twins, else None;
    ``sets`` is the set-logic move of a set-logic or twins step (bases, covers, technique).

    >>> s = Step(Rule.GIVEN, None, (1,), True, (), 0, 4)
    >>> s.claims
    (Claim(row=0, col=0, digit=1),)
    """

    rule: Rule
    axiom: Axiom | None
    decided: tuple[int, ...]
    value: bool
    because: tuple[int, ...]
    depth: int
    n: int
    detail: tuple[int, int, int] | None = None
    sets: SetMove | None = None

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Return the claims this step decides."""
        return tuple(claim_of(v, self.n) for v in self.decided)

    @property
    def reasons(self) -> tuple[Claim, ...]:
        """Return the claims that caused this step."""
        return tuple(claim_of(v, self.n) for v in self.because)

    @property
    def technique(self) -> Technique | None:
        """Return the human strategy this step is a view of (None for givens, guesses, ...).

        >>> Step(Rule.ONE, None, (2,), False, (1,), 0, 4).technique
        <Technique.ELIMINATION: 'elimination'>
        """
        if self.rule is Rule.ONE:
            return Technique.ELIMINATION
        if self.rule is Rule.TWO:
            cell = self.axiom is not None and self.axiom.is_cell
            return Technique.LONE_CELL if cell else Technique.LONE_RANGER
        if self.rule is Rule.TWINS:
            return Technique.TWINS
        if self.sets is not None:
            return self.sets.technique
        return None
