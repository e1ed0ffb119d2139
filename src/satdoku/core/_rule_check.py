"""Every rule a grid breaks as a solution of a given puzzle: houses, givens and constraints."""

from __future__ import annotations

from collections.abc import Sequence

from ._checker import broken_axioms
from ._puzzle import Puzzle
from .constraints import broken_constraints, cell_name

__all__ = ["broken_rules"]


def broken_rules(cells: Sequence[int], puzzle: Puzzle) -> list[str]:
    """Return a sentence for each rule a grid breaks as a solution of ``puzzle`` (empty: solved).

    The houses are the puzzle's; a given must be kept; the rules beyond houses are checked by
    their own independent checkers once the grid is full.

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> p = Puzzle(Shape.latin(2), (0, 0, 0, 1), constraints=(Comparison(1, 0),))
    >>> broken_rules((1, 2, 2, 1), p)
    ['r1c2 < r1c1 holds 2 > 1']
    >>> broken_rules((2, 1, 1, 2), p)
    ['r2c2 is given 1, the grid holds 2']
    """
    n = puzzle.n
    broken = broken_axioms(cells, puzzle.shape)
    if len(cells) != n * n:
        return broken
    broken += [
        f"{cell_name(cell, n)} is given {given}, the grid holds {cells[cell]}"
        for cell, given in enumerate(puzzle.cells)
        if given and cells[cell] and cells[cell] != given
    ]
    if all(1 <= digit <= n for digit in cells):
        broken += broken_constraints(cells, n, puzzle.constraints)
    return broken
