"""Puzzles: a shape plus givens; grids are row-major tuples of digits with 0 for a blank."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .claims import Claim, variable
from .display import draw
from .errors import InputError
from .shape import Shape

__all__ = ["Grid", "Puzzle", "digits_of"]

Grid = tuple[int, ...]
"""A grid: n*n digits in reading order, 0 for a blank cell."""


_INTS = {int}


def digits_of(cells: object) -> Grid:
    """Return cells given as any sequence of integers (a list, a NumPy array) as a grid tuple.

    Rows of integers are flattened; anything but whole numbers is refused.

    >>> digits_of([[1, 0], [0, 2]]), digits_of(range(3))
    ((1, 0, 0, 2), (0, 1, 2))
    >>> digits_of([1.5, 0])
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: expected whole numbers as cells (0 blank), got 1.5
    """
    tolist = getattr(cells, "tolist", None)  # a NumPy array (any dtype, any shape)
    values = tolist() if callable(tolist) else cells
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InputError(f"expected a sequence of cells, got {type(cells).__name__}")
    flat: list[object] = []
    for value in values:
        if isinstance(value, Iterable) and not isinstance(value, (str, bytes)):
            flat.extend(value)  # a row
        else:
            flat.append(value)
    digits = []
    for value in flat:
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            and not hasattr(value, "__index__")
        ):
            raise InputError(f"expected whole numbers as cells (0 blank), got {value!r}")
        if isinstance(value, float):
            if not value.is_integer():
                raise InputError(f"expected whole numbers as cells (0 blank), got {value!r}")
            value = int(value)
        digits.append(operator.index(value))
    return tuple(digits)


@dataclass(frozen=True)
class Puzzle:
    """A shape and its givens.

    >>> p = Puzzle(Shape.latin(2), (1, 0, 0, 0))
    >>> list(p.givens())
    [Claim(row=0, col=0, digit=1)]
    """

    shape: Shape
    cells: Grid

    def __post_init__(self) -> None:
        n = self.shape.n
        if type(self.cells) is not tuple or set(map(type, self.cells)) != _INTS:
            object.__setattr__(self, "cells", digits_of(self.cells))  # a list, an array...
        if len(self.cells) != n * n:
            raise InputError(f"a {n}x{n} puzzle needs {n * n} cells, got {len(self.cells)}")
        if min(self.cells) >= 0 and max(self.cells) <= n:  # the common case, checked in C
            return
        for i, d in enumerate(self.cells):
            if not 0 <= d <= n:
                raise InputError(
                    f"cell r{i // n + 1}c{i % n + 1} holds {d}, expected 0 (blank) or 1..{n}"
                )

    @classmethod
    def checked_already(cls, shape: Shape, cells: Grid) -> Puzzle:
        """Return the puzzle without checking its cells again (the caller checked: n*n, 0..n).

        For readers that have validated a whole line at C speed (the 9x9 hot path).

        >>> shape = Shape.latin(2)
        >>> Puzzle.checked_already(shape, (1, 0, 0, 0)) == Puzzle(shape, (1, 0, 0, 0))
        True
        """
        puzzle = object.__new__(cls)
        object.__setattr__(puzzle, "shape", shape)
        object.__setattr__(puzzle, "cells", cells)
        return puzzle

    @classmethod
    def empty(cls, shape: Shape) -> Puzzle:
        """Return the puzzle with no givens.

        >>> Puzzle.empty(Shape.sudoku(4)).blanks()
        16
        """
        return cls(shape, (0,) * (shape.n * shape.n))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], shape: Shape | None = None) -> Puzzle:
        """Build a puzzle from rows of digits (0 blank); the shape defaults to Sudoku of that size.

        >>> Puzzle.from_rows([[1, 0], [0, 0]], Shape.latin(2)).cells
        (1, 0, 0, 0)
        """
        n = len(rows)
        for r, row in enumerate(rows):
            if len(row) != n:
                raise InputError(f"row {r + 1} has {len(row)} cells, expected {n}")
        return cls(shape or Shape.sudoku(n), tuple(int(d) for row in rows for d in row))

    @property
    def n(self) -> int:
        """Return the side of the grid."""
        return self.shape.n

    def givens(self) -> Iterator[Claim]:
        """Yield the claims the givens make true, in reading order."""
        n = self.shape.n
        for i, d in enumerate(self.cells):
            if d:
                yield Claim(i // n, i % n, d)

    def assumptions(self) -> list[int]:
        """Return the DIMACS literals of the givens.

        >>> Puzzle(Shape.latin(2), (0, 2, 0, 0)).assumptions()
        [4]
        """
        n = self.shape.n
        return [variable(c, n) for c in self.givens()]

    def blanks(self) -> int:
        """Return the number of blank cells."""
        return self.cells.count(0)

    def rows(self) -> list[list[int]]:
        """Return the grid as a list of rows."""
        n = self.shape.n
        return [list(self.cells[r * n : (r + 1) * n]) for r in range(n)]

    def _repr_svg_(self) -> str | None:
        """Show the puzzle in Jupyter (drawn by :mod:`satdoku.views.svg`)."""
        return draw(self, "svg")

    def with_cells(self, cells: Sequence[int]) -> Puzzle:
        """Return the same shape with other cells (a solution, say)."""
        return Puzzle(self.shape, tuple(cells))
