"""Solutions: a solved grid's digits as a tuple that also knows the puzzle it solves.

:func:`satdoku.solve` returns one and a ``where=`` predicate judges one, so both see the same
value: a tuple of n*n digits (equal to the plain tuple, indexable, hashable as before) with the
puzzle's shape, symbols and rules, whose ``str`` is the board in the puzzle's own symbols.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ._claims import Claim
from ._display import draw
from ._puzzle import Grid, Puzzle
from ._shape import Shape
from .constraints import Constraint

__all__ = ["Solution"]


class Solution(tuple[int, ...]):
    """A solved grid (a tuple of digits) with the puzzle it solves.

    It answers what a filled :class:`Puzzle` answers (``cells``, ``shape``, ``n``, ``rows()``,
    ``symbols``, ``constraints``), so a predicate written for either takes it.

    >>> p = Puzzle(Shape.latin(2), (1, 0, 0, 0))
    >>> s = Solution((1, 2, 2, 1), p)
    >>> s == (1, 2, 2, 1), s.n, s.rows(), s.puzzle is p
    (True, 2, [[1, 2], [2, 1]], True)
    """

    puzzle: Puzzle

    def __new__(cls, cells: Iterable[int], puzzle: Puzzle) -> Solution:
        solution = super().__new__(cls, cells)
        solution.puzzle = puzzle
        return solution

    def __reduce__(self) -> tuple[Any, ...]:
        return (Solution, (tuple(self), self.puzzle))

    @property
    def cells(self) -> Grid:
        """Return the digits as a plain tuple."""
        return tuple(self)

    @property
    def shape(self) -> Shape:
        """Return the shape of the puzzle solved."""
        return self.puzzle.shape

    @property
    def n(self) -> int:
        """Return the side of the grid."""
        return self.puzzle.shape.n

    @property
    def symbols(self) -> str | None:
        """Return the symbols the puzzle was read with (None: the default ones)."""
        return self.puzzle.symbols

    @property
    def constraints(self) -> tuple[Constraint, ...]:
        """Return the puzzle's rules beyond houses."""
        return self.puzzle.constraints

    def rows(self) -> list[list[int]]:
        """Return the grid as a list of rows."""
        n = self.n
        return [list(self[r * n : (r + 1) * n]) for r in range(n)]

    def claims(self) -> Iterator[Claim]:
        """Yield the claims the solution makes true, in reading order.

        >>> [c.label() for c in Solution((1, 2, 2, 1), Puzzle.empty(Shape.latin(2))).claims()][:2]
        ['r1c1=1', 'r1c2=2']
        """
        n = self.n
        return (Claim(i // n, i % n, d) for i, d in enumerate(self))

    def as_puzzle(self) -> Puzzle:
        """Return the solution as a filled puzzle (shape, symbols and rules of the one solved)."""
        return self.puzzle.with_cells(self)

    def __str__(self) -> str:
        """Draw the board in the puzzle's symbols (:mod:`satdoku.views._text_boards`)."""
        return draw(self, "text") or tuple.__repr__(self)

    def _repr_svg_(self) -> str | None:
        """Show the solution in Jupyter (drawn by :mod:`satdoku.views._svg`)."""
        return draw(self.as_puzzle(), "svg")
