"""Rules over groups of cells: clones (equal digits in order), quadruples, arrows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .._errors import InputError
from ._cell_names import cell_digit, cell_list, cell_name
from ._roles import CELLS

__all__ = ["Clone", "Quadruple", "Arrow", "circle_value"]


@dataclass(frozen=True)
class Clone:
    """Two groups of cells, the same size, hold the same digits in order.

    >>> Clone((0, 1), (2, 3)).title(2), Clone((0,), (3,)).broken((1, 2, 2, 1), 2)
    ('clone r1c1,r1c2 = r2c1,r2c2', None)
    """

    kind: ClassVar[str] = "clone"
    first: tuple[int, ...] = field(metadata=CELLS)
    second: tuple[int, ...] = field(metadata=CELLS)

    def __post_init__(self) -> None:
        cells = (*self.first, *self.second)
        if not self.first or len(self.first) != len(self.second):
            raise InputError(f"a clone's two groups need the same number of cells: {self}")
        if len(set(cells)) != len(cells):
            raise InputError(f"a clone names a cell twice: {self}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the first group's cells, then the second's."""
        return (*self.first, *self.second)

    def title(self, n: int) -> str:
        """Name the clone by its two groups."""
        return f"clone {cell_list(self.first, n)} = {cell_list(self.second, n)}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which two cells in the same place differ, or None."""
        for a, b in zip(self.first, self.second, strict=True):
            if grid[a] != grid[b]:
                return f"{self.title(n)}: {cell_digit(a, grid, n)} but {cell_digit(b, grid, n)}"
        return None


@dataclass(frozen=True)
class Quadruple:
    """The 2×2 block whose top-left cell is ``corner`` holds the listed digits (a digit listed
    twice, twice or more).

    >>> quad = Quadruple(0, (1, 2))
    >>> quad.cells(4), quad.title(4), quad.broken((1, 3, 0, 0, 4, 2) + (0,) * 10, 4)
    ((0, 1, 4, 5), 'quadruple 1,2 at r1c1', None)
    >>> quad.broken((1, 3, 0, 0, 4, 1) + (0,) * 10, 4)
    'quadruple 1,2 at r1c1 holds 1,3,4,1: no 2'
    """

    kind: ClassVar[str] = "quadruple"
    corner: int = field(metadata=CELLS)
    digits: tuple[int, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.digits) <= 4 or min(self.digits) < 1:
            raise InputError(f"a quadruple lists one to four digits 1 or more: {self}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the block's four cells in reading order."""
        row, col = divmod(self.corner, n)
        if row >= n - 1 or col >= n - 1:
            raise InputError(f"a quadruple's block at {cell_name(self.corner, n)} leaves the grid")
        return (self.corner, self.corner + 1, self.corner + n, self.corner + n + 1)

    def title(self, n: int) -> str:
        """Name the quadruple by its digits and corner."""
        return f"quadruple {','.join(map(str, self.digits))} at {cell_name(self.corner, n)}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which listed digit the block lacks (or holds too few times), or None."""
        held = [grid[cell] for cell in self.cells(n)]
        have = Counter(held)
        for digit, count in sorted(Counter(self.digits).items()):
            if have[digit] < count:
                lack = f"no {digit}" if not have[digit] else f"{digit} only {have[digit]} time"
                return f"{self.title(n)} holds {','.join(map(str, held))}: {lack}"
        return None


def circle_value(digits: Sequence[int]) -> int:
    """Return the number a circle's digits make, read in order (a pill of 1 and 5 is 15).

    >>> circle_value((7,)), circle_value((1, 5))
    (7, 15)
    """
    return int("".join(map(str, digits)))


@dataclass(frozen=True)
class Arrow:
    """Each shaft's digits sum to the circle's number (more circle cells: a pill, read in order).

    >>> arrow = Arrow((0,), ((1, 2),))
    >>> arrow.title(9), arrow.broken((5, 2, 3) + (0,) * 78, 9)
    ('arrow r1c1 ← r1c2,r1c3', None)
    >>> arrow.broken((6, 2, 3) + (0,) * 78, 9)
    'arrow r1c1 ← r1c2,r1c3: the shaft sums to 5, the circle holds 6'
    """

    kind: ClassVar[str] = "arrow"
    circle: tuple[int, ...] = field(metadata=CELLS)
    shafts: tuple[tuple[int, ...], ...] = field(metadata=CELLS)

    def __post_init__(self) -> None:
        cells = self.cells(0)
        if not self.circle or not self.shafts or not all(self.shafts):
            raise InputError(f"an arrow needs a circle and shafts of one cell or more: {self}")
        if len(set(cells)) != len(cells):
            raise InputError(f"an arrow names a cell twice: {self}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the circle's cells, then each shaft's."""
        return (*self.circle, *(cell for shaft in self.shafts for cell in shaft))

    def title(self, n: int) -> str:
        """Name the arrow by its circle and shafts."""
        shafts = " ; ".join(cell_list(shaft, n) for shaft in self.shafts)
        return f"arrow {cell_list(self.circle, n)} ← {shafts}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which shaft's sum is not the circle's number, or None."""
        value = circle_value([grid[cell] for cell in self.circle])
        for shaft in self.shafts:
            total = sum(grid[cell] for cell in shaft)
            if total != value:
                which = "the shaft" if len(self.shafts) == 1 else f"shaft {cell_list(shaft, n)}"
                return f"{self.title(n)}: {which} sums to {total}, the circle holds {value}"
        return None
