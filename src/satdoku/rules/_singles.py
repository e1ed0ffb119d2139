"""Singles: rules 1 and 2 to a fixpoint, fast and without a trace, to shrink a formula.

The two rules of the stepper over the same axioms, applied by :class:`CandidateGrid` (one bit mask
of candidate digits per cell): rule 1 removes a placed digit from the cell's other claims and from
its peers; rule 2 places a digit when a cell has one candidate left (a naked single) or a house
has one cell left for a digit (a hidden single). The result is the ``known`` claim states that
:func:`satdoku.cnf._encodings.encode` simplifies by, and it is the stepper's fixpoint: the same
claims come out true and false, and a contradiction here is one there.
"""

from __future__ import annotations

from ..core._puzzle import Puzzle
from ._candidate_grid import CandidateGrid

__all__ = ["singles", "candidate_masks", "eliminate"]


def _settled(puzzle: Puzzle) -> CandidateGrid | None:
    """Return the candidate grid at the fixpoint of rules 1 and 2, None on a contradiction."""
    grid = CandidateGrid.from_givens(puzzle)
    if grid is None:
        return None
    todo = grid.naked_singles()
    return grid if todo is not None and grid.settle(todo) else None


def candidate_masks(puzzle: Puzzle) -> tuple[list[int], list[int]] | None:
    """Return (candidate masks, placed digits) per cell at the fixpoint, None on a contradiction.

    Bit ``d - 1`` of a cell's mask is set while the claim "the cell holds d" is not false;
    ``placed[cell]`` is the digit whose claim is true, 0 if none is yet.

    >>> from satdoku.io._line import parse_line
    >>> masks, placed = candidate_masks(parse_line("1..............."))
    >>> bin(masks[1]), placed[:2]
    ('0b1110', [1, 0])
    >>> candidate_masks(parse_line("11..............")) is None
    True
    """
    grid = _settled(puzzle)
    return None if grid is None else (grid.cand, grid.placed)


def singles(puzzle: Puzzle) -> list[int] | None:
    """Return claim states at the fixpoint of rules 1 and 2 (index = variable), None on a clash.

    Same contract as :func:`satdoku.rules._singles.eliminate` (rule 1 from the givens only), with
    rule 2 and rule 1 again repeated until nothing changes.

    >>> from satdoku.core._shape import Shape
    >>> known = singles(Puzzle(Shape.latin(2), (1, 0, 0, 0)))
    >>> known[1:]
    [1, -1, -1, 1, -1, 1, 1, -1]
    """
    grid = _settled(puzzle)
    return None if grid is None else grid.states()


def eliminate(puzzle: Puzzle) -> list[int] | None:
    """Return claim states after rule 1 from the givens (index = variable), None on a clash.

    >>> from satdoku.core._shape import Shape
    >>> known = eliminate(Puzzle(Shape.latin(2), (1, 0, 0, 0)))
    >>> known[1], known[2], known[3]
    (1, -1, -1)
    """
    grid = CandidateGrid.from_givens(puzzle)
    return None if grid is None else grid.states()
