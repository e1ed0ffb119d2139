"""The next move for a player: the weakest technique of the ladder that makes progress in a state.

The ladder is the rating's (:data:`satdoku.rules._strategies.RUNGS`), with rung 0 split as the
course splits the two rules (:data:`satdoku.rules._strategies.LADDER`): elimination (rule 1),
then lone cell (rule 2 on a cell axiom), then lone ranger (rule 2 on a house axiom), then set
logic of size 1, 2, 3, 4 (:func:`satdoku.rules._set_logic.find_move`, smallest first). A state is
a list of claim values (index = claim variable, ``core.claims`` TRUE / FALSE / UNKNOWN), read from
the player's grid and pencil marks by :func:`player_values`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core._axioms import Axiom, axioms
from ..core._claims import FALSE, TRUE, UNKNOWN
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ..rules._set_logic import find_move
from ..rules._steps import Rule, Step
from ..rules._strategies import LADDER, RUNGS, RuleSet, Technique
from ._marks import Marks

__all__ = ["HINT_LADDER", "player_values", "true_claims", "contradiction", "next_move"]

HINT_LADDER: tuple[RuleSet, ...] = (LADDER[0], LADDER[1], LADDER[2], *RUNGS[1:])
"""Rule sets from weakest to strongest: elimination, + lone cell, + lone ranger (rung 0, the
rating's easy), then + set logic of size up to 1, 2, 3, 4 (the rating's rungs 1 to 4)."""


def player_values(puzzle: Puzzle, marks: Marks | None) -> list[int]:
    """Return the claim values a player's grid and pencil marks stand for.

    A set cell's digit is true and its other digits false. With marks, an open cell's digits
    missing from its marks are false (a cell without marks keeps every digit open). Without
    marks the player keeps no candidates, so rule 1 is applied to every set cell at once: the
    hint is then the first placement, or set logic, never an elimination.

    >>> from satdoku.io._line import parse_line
    >>> values = player_values(parse_line("1..............."), None)
    >>> values[1:5], values[5:9]   # r1c1 holds 1; r1c2 cannot
    ([1, -1, -1, -1], [-1, 0, 0, 0])
    """
    shape = puzzle.shape
    n = shape.n
    values = [UNKNOWN] * (n**3 + 1)
    for cell, digit in enumerate(puzzle.cells):
        if digit:
            for d in range(1, n + 1):
                values[cell * n + d] = TRUE if d == digit else FALSE
        elif marks is not None and marks[cell] is not None:
            kept = marks[cell]
            assert kept is not None
            for d in range(1, n + 1):
                if d not in kept:
                    values[cell * n + d] = FALSE
    if marks is None:
        for axiom in axioms(shape):
            trues = [v for v in axiom.variables if values[v] == TRUE]
            if len(trues) == 1:
                for v in axiom.variables:
                    if values[v] == UNKNOWN:
                        values[v] = FALSE
    return values


def true_claims(shape: Shape, values: Sequence[int]) -> list[int]:
    """Return, per axiom (in :func:`satdoku.core._axioms.axioms` order), its true claim or 0.

    >>> from satdoku.io._line import parse_line
    >>> true_claims(Shape.sudoku(4), player_values(parse_line("1..............."), None))[:2]
    [1, 0]
    """
    return [next((v for v in a.variables if values[v] == TRUE), 0) for a in axioms(shape)]


def contradiction(shape: Shape, values: Sequence[int]) -> Step | None:
    """Return a contradiction of the state as a step: an axiom with two true claims or none open.

    >>> from satdoku.io._line import parse_line
    >>> contradiction(Shape.sudoku(4), player_values(parse_line("11.............."), None)).rule
    <Rule.CONTRADICTION: 'contradiction'>
    """
    n = shape.n
    for axiom in axioms(shape):
        trues = tuple(v for v in axiom.variables if values[v] == TRUE)
        if len(trues) > 1:
            return Step(Rule.CONTRADICTION, axiom, (), False, trues[:2], 0, n)
        if all(values[v] == FALSE for v in axiom.variables):
            return Step(Rule.CONTRADICTION, axiom, (), False, axiom.variables, 0, n)
    return None


def _elimination(all_axioms: Sequence[Axiom], values: Sequence[int], n: int) -> Step | None:
    """Rule 1: the first axiom with a true claim and open ones; they are false."""
    for axiom in all_axioms:
        true = next((v for v in axiom.variables if values[v] == TRUE), 0)
        if true:
            rest = tuple(v for v in axiom.variables if values[v] == UNKNOWN)
            if rest:
                return Step(Rule.ONE, axiom, rest, False, (true,), 0, n)
    return None


def _single(all_axioms: Sequence[Axiom], values: Sequence[int], n: int, cell: bool) -> Step | None:
    """Rule 2: the first axiom (cell or house) with one claim not false; it is true."""
    for axiom in all_axioms:
        if axiom.is_cell != cell:
            continue
        left = [v for v in axiom.variables if values[v] != FALSE]
        if len(left) == 1 and values[left[0]] == UNKNOWN:
            (v,) = left
            rest = tuple(u for u in axiom.variables if u != v)
            return Step(Rule.TWO, axiom, (v,), True, rest, 0, n)
    return None


def next_move(shape: Shape, values: Sequence[int]) -> tuple[Step, int] | None:
    """Return the move of the weakest rule set of :data:`HINT_LADDER` that makes progress.

    The answer is the step and its place on the ladder (0 elimination, 1 lone cell, 2 lone
    ranger, 3 to 6 set logic of size 1 to 4); None when nothing up to size 4 makes progress.

    >>> from satdoku.io._line import parse_line
    >>> puzzle = parse_line("1.3..4..2...4..1")
    >>> step, stage = next_move(puzzle.shape, player_values(puzzle, None))
    >>> step.rule.value, step.technique.value, stage
    (2, 'lone-cell', 1)
    """
    n = shape.n
    all_axioms = axioms(shape)
    known: RuleSet = frozenset()
    for stage, rules in enumerate(HINT_LADDER):
        new, known = rules - known, rules
        step: Step | None = None
        if Technique.ELIMINATION in new:
            step = _elimination(all_axioms, values, n)
        elif Technique.LONE_CELL in new:
            step = _single(all_axioms, values, n, cell=True)
        elif Technique.LONE_RANGER in new:
            step = _single(all_axioms, values, n, cell=False)
        else:
            move = find_move(shape, values, true_claims(shape, values), new)
            if move is not None:
                step = Step(Rule.SET, None, move.eliminated, False, move.because, 0, n, None, move)
        if step is not None:
            return step, stage
    return None
