"""Hints on puzzles with rules beyond houses: the stepper over literals, from a player's grid.

A puzzle with rules (cages, thermometers, signs, clues: ``Puzzle.constraints``) is stepped over
its exactly-one axioms of literals (:mod:`satdoku.rules._literal_propagation`). From the claims a
player's grid and marks decide, rules 1 and 2 run until a step decides a claim (steps that only
decide helper claims, a cage's fillings, lead up to it); when they stall, set logic up to
:data:`~satdoku.rules._literal_sets.MAX_LITERAL_SIZE` is tried; when that stalls too, the next
step would be a guess. The premises of a deduction are the claims of the player's state it
rests on, found by following each step's causes back through the helper claims.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core._axioms import axioms
from ..core._claims import FALSE, TRUE
from ..core._puzzle import Puzzle
from ..rules._literal_formula import formula
from ..rules._literal_propagation import LiteralPropagator
from ..rules._literal_sets import MAX_LITERAL_SIZE, find_literal_move
from ..rules._literal_steps import LiteralStep
from ..rules._steps import Rule

__all__ = ["RuleDeduction", "rule_deduction"]

_HOUSE_TECHNIQUES = {Rule.ONE: "elimination", Rule.TWO: "lone-ranger"}


@dataclass(frozen=True)
class RuleDeduction:
    """The stepper's next deduction from a player's state on a puzzle with rules, or its stall.

    ``step`` is the first step that decides a claim (or a contradiction), None when rules 1 and
    2 and set logic make no progress; ``truth`` the value of every variable (claims, then helper
    claims; index = variable) just after it; ``premises`` the claim literals of the player's
    state it rests on; ``house_kinds`` the kinds of the puzzle's cell and house axioms.
    ``start`` is the truth of every variable in the player's state, ``trail`` every step from
    there up to the deduction, and ``lead`` the indexes in ``trail`` of the steps deciding
    claims that the deduction rests on (eliminations that lead to a placement).

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.api._hint_moves import player_values
    >>> grid = parse_line("1.3..4..2...4..1")
    >>> found = rule_deduction(grid, player_values(grid, None))
    >>> found.technique, found.step.decided, found.premises
    ('lone-cell', (6,), (-5, -7, -8))
    """

    step: LiteralStep | None
    truth: tuple[int, ...]
    premises: tuple[int, ...]
    house_kinds: frozenset[str]
    start: tuple[int, ...] = ()
    trail: tuple[LiteralStep, ...] = ()
    lead: tuple[int, ...] = ()

    @property
    def technique(self) -> str | None:
        """Return what the step is: ``elimination``, ``lone-cell``, ``lone-ranger`` (rules 1
        and 2 on a cell or house), ``set-logic``, or the kind of the rule it comes from."""
        step = self.step
        if step is None or step.rule is Rule.CONTRADICTION:
            return None
        if step.rule is Rule.SET:
            return "set-logic"
        assert step.axiom is not None
        if step.axiom.kind not in self.house_kinds:
            return step.axiom.kind
        if step.axiom.kind == "cell" and step.rule is Rule.TWO:
            return "lone-cell"
        return _HOUSE_TECHNIQUES[step.rule]

    @property
    def stage(self) -> int | None:
        """Return the step's place on the ladder: 0 rule 1, 1 rule 2 on a cell, 2 rule 2 on a
        house or rule, 2 + k set logic of size k (as the houses hint counts them)."""
        step = self.step
        if step is None or step.rule is Rule.CONTRADICTION:
            return None
        if step.rule is Rule.SET:
            return 2 + step.size
        return 1 if self.technique == "lone-cell" else (0 if step.rule is Rule.ONE else 2)

    @property
    def rung(self) -> int | None:
        """Return the rating's rung the step needs: 0 rules 1 and 2, k set logic of size k."""
        step = self.step
        if step is None or step.rule is Rule.CONTRADICTION:
            return None
        return step.size


def _cone(
    step: LiteralStep, trail: Sequence[LiteralStep], causes: dict[int, int], claims: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the claim literals of the start a step rests on, and the steps of the trail it
    rests on (by index), following each literal to the step that decided it."""
    found: dict[int, None] = {}
    used: set[int] = set()
    seen: set[int] = set()
    stack = list(reversed(step.because))
    while stack:
        literal = stack.pop()
        if literal in seen:
            continue
        seen.add(literal)
        cause = causes.get(literal)
        if cause is not None:
            used.add(cause)
            stack.extend(reversed(trail[cause].because))
        elif abs(literal) <= claims:
            found[literal] = None
    return tuple(sorted(found, key=abs)), tuple(sorted(used))


def rule_deduction(
    puzzle: Puzzle,
    values: Sequence[int],
    *,
    placement: bool = False,
    set_logic: int = MAX_LITERAL_SIZE,
) -> RuleDeduction:
    """Return the stepper's next deduction from a state (claim values) of a puzzle with rules.

    With ``placement`` the deduction is the first step that places a digit (a player without
    pencil marks keeps no eliminations): the eliminations it rests on are its ``lead``.

    >>> from satdoku.io.tatham import parse_game_id
    >>> from satdoku.api._hint_moves import player_values
    >>> keen = parse_game_id("keen:3:a3_ac,a3m6a9")
    >>> found = rule_deduction(keen, player_values(keen, None))
    >>> found.technique, found.step.axiom.source is not None, found.step.decided
    ('keen cage', True, (-3,))
    >>> rule_deduction(keen, player_values(keen, None), placement=True).technique
    'lone-ranger'
    """
    f = formula(puzzle)
    claims = puzzle.n**3
    kinds = frozenset(a.kind for a in axioms(puzzle.shape))
    p = LiteralPropagator(f.axioms, f.variables)
    trail: list[LiteralStep] = []
    causes: dict[int, int] = {}

    def truth() -> tuple[int, ...]:
        return tuple(p.truth[: f.variables + 1])

    for variable in range(1, claims + 1):
        if values[variable] == TRUE or values[variable] == FALSE:
            literal = variable if values[variable] == TRUE else -variable
            for step in p.assume(literal, Rule.GIVEN, 0):
                if step.rule is Rule.CONTRADICTION:
                    return RuleDeduction(step, truth(), (), kinds)
    start = truth()

    def done(step: LiteralStep) -> bool:
        made = [u for u in step.decided if abs(u) <= claims and (u > 0 or not placement)]
        return step.rule is Rule.CONTRADICTION or bool(made)

    def found(step: LiteralStep) -> RuleDeduction:
        premises, used = _cone(step, trail, causes, claims)
        lead = tuple(i for i in used if any(abs(u) <= claims for u in trail[i].decided))
        return RuleDeduction(step, truth(), premises, kinds, start, tuple(trail), lead)

    while True:
        for step in p.propagate(0):
            if done(step):
                return found(step)
            causes.update((u, len(trail)) for u in step.decided)
            trail.append(step)
        move = find_literal_move(p, set_logic) if set_logic and not p.solved else None
        if move is None:
            return RuleDeduction(None, truth(), (), kinds)
        p.eliminate(move.eliminated, 0)
        bases = tuple(p.axioms[b] for b in move.bases)
        covers = tuple(p.axioms[c] for c in move.covers)
        decided = tuple(-u for u in move.eliminated)
        step = LiteralStep(Rule.SET, None, decided, move.because, 0, bases, covers)
        if p.conflict is not None or done(step):
            return found(p.conflict or step)
        causes.update((u, len(trail)) for u in decided)
        trail.append(step)
