"""Shapes: the size of a grid and its houses (groups of n cells that hold every digit once)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from ._errors import InputError

__all__ = ["House", "Shape", "default_box", "MAX_SIZE"]

MAX_SIZE = 256
"""The largest grid side satdoku accepts (claims grow as n**3)."""


class House(NamedTuple):
    """A group of n cells (indices ``row*n + col``) that holds each digit exactly once.

    >>> House("row", 0, (0, 1, 2, 3)).title()
    'row 1'
    """

    kind: str
    number: int
    cells: tuple[int, ...]

    def title(self) -> str:
        """Name the house for people, 1-based.

        >>> House("diagonal", 1, ()).title()
        'anti-diagonal'
        """
        if self.kind == "diagonal":
            return "main diagonal" if self.number == 0 else "anti-diagonal"
        return f"{self.kind} {self.number + 1}"


def default_box(n: int) -> tuple[int, int] | None:
    """Return the most square box shape r×c (r ≤ c, r·c = n), or None when n is prime.

    >>> default_box(9), default_box(6), default_box(12), default_box(7)
    ((3, 3), (2, 3), (3, 4), None)
    """
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return (r, n // r)
    return None


def _check_size(n: int) -> None:
    if not 1 <= n <= MAX_SIZE:
        raise InputError(f"grid size {n} is outside 1..{MAX_SIZE}")


@dataclass(frozen=True)
class Shape:
    """A puzzle's geometry: side n, optional r×c boxes, diagonals, irregular regions.

    Rows and columns are always houses; boxes, the two diagonals and regions are added on top.

    >>> s = Shape.sudoku(9)
    >>> s.n, s.box, len(s.houses)
    (9, (3, 3), 27)
    >>> len(Shape.latin(5).houses)
    10
    """

    n: int
    box: tuple[int, int] | None = None
    diagonals: bool = False
    regions: tuple[int, ...] | None = field(default=None)

    def __post_init__(self) -> None:
        _check_size(self.n)
        if self.box is not None:
            r, c = self.box
            if r < 1 or c < 1 or r * c != self.n:
                raise InputError(
                    f"box {r}x{c} does not tile a {self.n}x{self.n} grid (needs r*c = {self.n})"
                )
        if self.regions is not None:
            _check_regions(self.n, self.regions)

    @classmethod
    def sudoku(
        cls, n: int, box: tuple[int, int] | None = None, *, diagonals: bool = False
    ) -> Shape:
        """Return a Sudoku shape with r×c boxes (default: the most square); a side no box tiles
        (a prime, 2, 3) is refused: its puzzle is a Latin square, :meth:`latin`.

        >>> Shape.sudoku(6).box
        (2, 3)
        >>> Shape.sudoku(7)
        Traceback (most recent call last):
        ...
        satdoku.core._errors.InputError: no box tiles a 7x7 grid (boxes need r*c = 7 with r, c \
above 1): for rows and columns only say Shape.latin(7), or give box=(r, c)
        """
        _check_size(n)
        if box is None:
            box = default_box(n)
            if box is None:
                raise InputError(
                    f"no box tiles a {n}x{n} grid (boxes need r*c = {n} with r, c above 1): for "
                    f"rows and columns only say Shape.latin({n}), or give box=(r, c)"
                )
        return _interned(cls(n, box, diagonals))

    @classmethod
    def of_side(cls, n: int, *, diagonals: bool = False) -> Shape:
        """Return the shape a side alone gives: Sudoku with the most square boxes, else Latin.

        >>> Shape.of_side(9).box, Shape.of_side(7).box
        ((3, 3), None)
        """
        _check_size(n)
        return cls(n, default_box(n), diagonals)

    @classmethod
    def latin(cls, n: int, *, diagonals: bool = False) -> Shape:
        """Return a Latin-square shape: rows and columns only.

        >>> Shape.latin(4).box is None, Shape.latin(4) is Shape.latin(4)
        (True, True)
        """
        return _interned(cls(n, None, diagonals))

    @classmethod
    def jigsaw(cls, regions: Sequence[int], *, diagonals: bool = False) -> Shape:
        """Return a shape with irregular regions given as a row-major region map (0..n-1).

        >>> Shape.jigsaw([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]).n
        4
        """
        n = math.isqrt(len(regions))
        if n * n != len(regions):
            raise InputError(f"region map has {len(regions)} cells, not a square number")
        return cls(n, None, diagonals, tuple(regions))

    @cached_property
    def houses(self) -> tuple[House, ...]:
        """Return every house: rows, columns, then boxes, diagonals and regions."""
        n = self.n
        houses = [House("row", r, tuple(r * n + c for c in range(n))) for r in range(n)]
        houses += [House("column", c, tuple(r * n + c for r in range(n))) for c in range(n)]
        if self.box is not None:
            br, bc = self.box
            index = 0
            for top in range(0, n, br):
                for left in range(0, n, bc):
                    cells = tuple((top + i) * n + left + j for i in range(br) for j in range(bc))
                    houses.append(House("box", index, cells))
                    index += 1
        if self.diagonals:
            houses.append(House("diagonal", 0, tuple(i * n + i for i in range(n))))
            houses.append(House("diagonal", 1, tuple(i * n + n - 1 - i for i in range(n))))
        if self.regions is not None:
            for region in range(n):
                cells = tuple(i for i, reg in enumerate(self.regions) if reg == region)
                houses.append(House("region", region, cells))
        return tuple(houses)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Return, for each cell, the other cells sharing a house with it (sorted)."""
        sets: list[set[int]] = [set() for _ in range(self.n * self.n)]
        for house in self.houses:
            for cell in house.cells:
                sets[cell].update(house.cells)
        return tuple(tuple(sorted(s - {i})) for i, s in enumerate(sets))

    def describe(self) -> str:
        """Describe the shape in a few words.

        >>> Shape.sudoku(6).describe(), Shape.latin(5, diagonals=True).describe()
        ('6x6 sudoku, 2x3 boxes', '5x5 latin square, diagonals')
        """
        if self.regions is not None:
            text = f"{self.n}x{self.n} jigsaw"
        elif self.box is not None:
            text = f"{self.n}x{self.n} sudoku, {self.box[0]}x{self.box[1]} boxes"
        else:
            text = f"{self.n}x{self.n} latin square"
        return text + (", diagonals" if self.diagonals else "")


def _check_regions(n: int, regions: tuple[int, ...]) -> None:
    if len(regions) != n * n:
        raise InputError(f"region map has {len(regions)} cells, expected {n * n}")
    sizes = [0] * n
    for i, reg in enumerate(regions):
        if not 0 <= reg < n:
            raise InputError(
                f"region map: cell r{i // n + 1}c{i % n + 1} names region {reg}, "
                f"expected 0..{n - 1}"
            )
        sizes[reg] += 1
    for reg, size in enumerate(sizes):
        if size != n:
            raise InputError(f"region map: region {reg} has {size} cells, expected {n}")


_INTERNED: dict[Shape, Shape] = {}
"""The Latin and Sudoku shapes made so far, one object per value: their houses and peers
(cached on the object) are worked out once, not per puzzle read."""

_INTERNED_MAX = 256
"""Shapes interned at most (the later ones are made anew each time)."""


def _interned(shape: Shape) -> Shape:
    """Return the interned shape equal to this one (this one, the first time)."""
    if len(_INTERNED) >= _INTERNED_MAX:
        return _INTERNED.get(shape, shape)
    return _INTERNED.setdefault(shape, shape)
