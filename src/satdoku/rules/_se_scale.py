"""Sudoku Explainer's difficulty scale for the stepper's steps: singles and set logic.

Values from Sudoku Explainer's rules: hidden single in a box 1.2, in a row or column 1.5, naked
single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked
triple 3.6, swordfish 3.8, hidden triple 4.0, naked quad 5.0, jellyfish 5.2, hidden quad 5.4.
Franken fish (boxes among the houses) take their size's fish value. The techniques beyond set
logic carry their own (:attr:`satdoku.rules.techniques.TechniqueStep.se`).
"""

from __future__ import annotations

from ..core._puzzle import Puzzle
from ._candidate_grid import CandidateGrid, Single
from ._steps import Rule, Step
from ._strategies import Technique

__all__ = ["step_se", "hidden_singles_se"]

_SET_SE = {
    Technique.NAKED_PAIR: 3.0,
    Technique.X_WING: 3.2,
    Technique.FRANKEN_X_WING: 3.2,
    Technique.HIDDEN_PAIR: 3.4,
    Technique.TWINS: 3.4,
    Technique.NAKED_TRIPLE: 3.6,
    Technique.SWORDFISH: 3.8,
    Technique.FRANKEN_SWORDFISH: 3.8,
    Technique.HIDDEN_TRIPLE: 4.0,
    Technique.NAKED_QUAD: 5.0,
    Technique.JELLYFISH: 5.2,
    Technique.FRANKEN_JELLYFISH: 5.2,
    Technique.HIDDEN_QUAD: 5.4,
}
_AREAS = ("box", "region")


def step_se(step: Step) -> float:
    """Return a stepper step's value on Sudoku Explainer's scale (0.0 for givens, rule 1).

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import propagation
    >>> sorted({step_se(s) for s in propagation(parse_line("1.3..4..2...4..1"))})
    [0.0, 1.2, 1.5, 2.3]
    """
    if step.rule is Rule.TWO and step.axiom is not None:
        if step.axiom.is_cell:
            return 2.3
        return 1.2 if step.axiom.kind in _AREAS else 1.5
    technique = step.technique
    if technique is Technique.LOCKED_CANDIDATES:
        return 2.6 if step.sets is not None and step.sets.kind == "pointing" else 2.8
    return _SET_SE.get(technique, 0.0) if technique is not None else 0.0


def hidden_singles_se(puzzle: Puzzle) -> float | None:
    """Return 1.2 or 1.5 when hidden singles alone (boxes first) solve the puzzle, else None.

    Sudoku Explainer takes a hidden single before a naked one, so a puzzle they solve rates
    1.2 (boxes alone) or 1.5 (rows and columns too), whatever naked singles also appear.

    >>> from satdoku.io._line import parse_line
    >>> hidden_singles_se(parse_line("1.3..4..2...4..1"))
    1.2
    """
    outcome = None
    for value, kinds in ((1.5, None), (1.2, _AREAS)):  # all houses first: most puzzles stop
        grid = CandidateGrid.from_givens(puzzle)
        if grid is None or not _hidden_only(grid, puzzle, kinds):
            return outcome
        outcome = value
    return outcome


def _hidden_only(grid: CandidateGrid, puzzle: Puzzle, kinds: tuple[str, ...] | None) -> bool:
    """Place hidden singles of houses of the given kinds (None: all) until none is left."""
    houses = puzzle.shape.houses
    wanted = {h for h, house in enumerate(houses) if kinds is None or house.kind in kinds}
    while True:
        if all(grid.placed):
            return True
        found: list[Single] = []
        if not grid.hidden_singles(found):
            return False
        chosen = [
            (c, d)
            for c, d in found
            if any(h in wanted for h in grid.houses_of[c] if _lone(grid, h, c, d))
        ]
        if not chosen:
            return False
        ignored: list[Single] = []
        for cell, digit in chosen:
            if not grid.place(cell, digit, ignored):
                return False


def _lone(grid: CandidateGrid, h: int, cell: int, digit: int) -> bool:
    """Tell whether the cell is the digit's only open place in house h."""
    bit = 1 << (digit - 1)
    if grid.done[h] & bit:
        return False
    return all(c == cell or grid.placed[c] or not grid.cand[c] & bit for c in grid.houses[h])
