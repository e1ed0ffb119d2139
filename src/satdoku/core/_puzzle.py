"""Puzzles: a shape plus givens; grids are row-major tuples of digits with 0 for a blank."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ._claims import Claim, variable
from ._display import draw
from ._errors import InputError
from ._shape import Shape

if TYPE_CHECKING:  # a puzzle's rules, named in its type only: start-up loads no rule kind
    from .constraints import Constraint

__all__ = ["DEFAULT_SYMBOLS", "Grid", "Puzzle", "array_values", "digits_of"]

Grid = tuple[int, ...]
"""A grid: n*n digits in reading order, 0 for a blank cell."""


_INTS = {int}

_DIGITS = tuple(bytes(range(n + 1)) for n in range(256))
"""Per side n < 256, the bytes 0..n: a grid's cells packed into bytes are checked against them."""

DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Symbols of digits 1..35: 1-9 then A-Z (case-insensitive)."""

_SHOWN = 81
"""Cells a puzzle's summary writes (a 9x9 whole)."""

_SHAPE_WORDS = "expected a sequence of cells: n*n whole numbers, or n rows of n (0 blank)"


def array_values(cells: object) -> object:
    """Return the Python values of an array (NumPy's, or any object with ``__array__``).

    Anything else comes back as it is.

    >>> array_values((1, 0)), array_values("1.")
    ((1, 0), '1.')
    """
    tolist = getattr(cells, "tolist", None)  # NumPy arrays (any dtype, any shape), tensors
    if callable(tolist) and not isinstance(cells, (list, tuple)):
        return tolist()
    as_array = getattr(cells, "__array__", None)  # a DataFrame, say: its array's values
    if callable(as_array):
        return as_array().tolist()
    return cells


def digits_of(cells: object) -> Grid:
    """Return cells given as any sequence of integers (a list, a NumPy array) as a grid tuple.

    Rows of integers are flattened (every item a row, or none); anything but whole numbers is
    refused.

    >>> digits_of([[1, 0], [0, 2]]), digits_of(range(3))
    ((1, 0, 0, 2), (0, 1, 2))
    >>> digits_of([1.5, 0])
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: expected whole numbers as cells (0 blank), got 1.5
    """
    values = array_values(cells)
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InputError(f"{_SHAPE_WORDS}, got {type(cells).__name__}")
    items = list(values)
    rows = [v for v in items if isinstance(v, Iterable) and not isinstance(v, (str, bytes))]
    if rows and len(rows) != len(items):
        raise InputError(f"{_SHAPE_WORDS}, got rows mixed with single cells")
    flat: list[object] = [d for row in rows for d in row] if rows else items
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


def _check_constraints(puzzle: Puzzle, n: int) -> None:
    """Keep the constraints as a tuple; refuse one that names a cell off the grid."""
    object.__setattr__(puzzle, "constraints", tuple(puzzle.constraints))
    for rule in puzzle.constraints:
        for cell in rule.cells(n):
            if not 0 <= cell < n * n:
                raise InputError(f"{rule.kind} names cell {cell}, off a {n}x{n} grid")


@dataclass(frozen=True)
class Puzzle:
    """A shape and its givens.

    >>> p = Puzzle(Shape.latin(2), (1, 0, 0, 0))
    >>> list(p.givens())
    [Claim(row=0, col=0, digit=1)]
    """

    shape: Shape
    cells: Grid
    symbols: str | None = field(default=None, compare=False, repr=False)
    """The symbols of digits 1..n the puzzle was read with, when not the default ones: pictures
    (a notebook's board, the player) speak them. Not part of the puzzle's value."""
    constraints: tuple[Constraint, ...] = ()
    """Rules beyond the shape's houses (cages, signs, outside clues): part of the puzzle."""

    def __post_init__(self) -> None:
        n = self.shape.n
        if self.constraints:
            _check_constraints(self, n)
        cells = self.cells
        if type(cells) is tuple and n < 256:  # the common case, checked in C
            try:
                packed = bytes(cells)  # whole numbers 0..255 (Python's, NumPy's) or an error
            except (TypeError, ValueError):
                packed = b"-"  # floats, strings, digits past 255: checked one by one below
            if len(packed) == n * n and not packed.translate(None, _DIGITS[n]):
                object.__setattr__(self, "cells", tuple(packed))  # Python ints, whatever came
                return
        if type(cells) is not tuple or set(map(type, cells)) != _INTS:
            cells = digits_of(cells)  # a list, rows, an array, NumPy integers...
            object.__setattr__(self, "cells", cells)
        if len(cells) != n * n:
            raise InputError(f"a {n}x{n} puzzle needs {n * n} cells, got {len(cells)}")
        for i, d in enumerate(cells):
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
        object.__setattr__(puzzle, "symbols", None)
        object.__setattr__(puzzle, "constraints", ())
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
        """Build a puzzle from rows of digits (0 blank); the shape defaults to the side's own
        (:meth:`Shape.of_side`: Sudoku, or Latin when no box tiles the side).

        >>> Puzzle.from_rows([[1, 0], [0, 0]], Shape.latin(2)).cells
        (1, 0, 0, 0)
        """
        n = len(rows)
        for r, row in enumerate(rows):
            if len(row) != n:
                raise InputError(f"row {r + 1} has {len(row)} cells, expected {n}")
        return cls(shape or Shape.of_side(n), tuple(int(d) for row in rows for d in row))

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
        """Show the puzzle in Jupyter (drawn by :mod:`satdoku.views._svg`)."""
        return draw(self, "svg")

    def __str__(self) -> str:
        """Draw the board in the puzzle's own symbols (:mod:`satdoku.views._text_boards`)."""
        return draw(self, "text") or repr(self)

    def __repr__(self) -> str:
        """Summarise the puzzle in one line: shape, givens, rules, and its first cells.

        >>> Puzzle(Shape.sudoku(4), (1, 0, 0, 2) + (0,) * 12)
        Puzzle(4x4 sudoku, 2x2 boxes: 2 givens, '1..2............')
        """
        n = self.shape.n
        symbols = "." + (self.symbols or DEFAULT_SYMBOLS)
        rules = f", {len(self.constraints)} rules" if self.constraints else ""
        line = ""
        if n < len(symbols):
            text = "".join(symbols[d] for d in self.cells[:_SHOWN])
            cut = f" (the first {_SHOWN} of {n * n} cells)" if n * n > _SHOWN else ""
            line = f", {text!r}{cut}"
        givens = n * n - self.blanks()
        return f"Puzzle({self.shape.describe()}: {givens} givens{rules}{line})"

    def with_cells(self, cells: Sequence[int]) -> Puzzle:
        """Return the same puzzle with other cells (a solution, say): shape, symbols and rules kept.

        >>> Puzzle(Shape.latin(2), (1, 0, 0, 0)).with_cells((1, 2, 2, 1)).blanks()
        0
        """
        return Puzzle(self.shape, tuple(cells), self.symbols, self.constraints)
