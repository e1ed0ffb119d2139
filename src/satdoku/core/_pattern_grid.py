"""A complete grid by formula, for shapes with rows, columns and boxes only (no search).

An empty Latin square of order n has the cyclic square ``(row + col) % n + 1``; an empty Sudoku
with r x c boxes has the shifted pattern where row ``row`` starts ``c * (row % r) + row // r``
places on. So an empty grid of any size is answered at once, instead of by building a formula
of millions of clauses (an empty Latin square of order 100 took over 300 s and 7.9 GB by SAT).
"""

from __future__ import annotations

from ._puzzle import Grid
from ._shape import Shape

__all__ = ["pattern_grid"]


def pattern_grid(shape: Shape) -> Grid | None:
    """Return a complete grid of the shape by formula, or None when it has diagonals or regions.

    >>> pattern_grid(Shape.latin(3))
    (1, 2, 3, 2, 3, 1, 3, 1, 2)
    >>> from satdoku.core._checker import broken_axioms
    >>> broken_axioms(pattern_grid(Shape.sudoku(6, (2, 3))), Shape.sudoku(6, (2, 3)))
    []
    """
    if shape.diagonals or shape.regions is not None:
        return None
    n = shape.n
    if shape.box is None:
        return tuple((r + c) % n + 1 for r in range(n) for c in range(n))
    rows, cols = shape.box
    return tuple((cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n))
