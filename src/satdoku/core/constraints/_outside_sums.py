"""Sum clues outside the grid: little killers (along a diagonal), sandwiches and X-sums."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .._errors import InputError
from ._cell_names import cell_list
from ._skyscraper import Side

__all__ = ["LittleKiller", "Sandwich", "XSum"]


@dataclass(frozen=True)
class LittleKiller:
    """A clue outside the grid at (``row``, ``col``) (one of them -1 or n): the digits along the
    diagonal it points into (``direction``: a pair of ±1) sum to ``total``; digits may repeat.

    >>> clue = LittleKiller(-1, 0, (1, 1), 10)
    >>> clue.cells(4), clue.title(4)
    ((1, 6, 11), 'little killer 10 from r0c1 ↘ (r1c2,r2c3,r3c4)')
    >>> clue.broken((0, 4, 0, 0, 0, 0, 3) + (0,) * 4 + (2,) + (0,) * 4, 4)
    'little killer 10 from r0c1 ↘ (r1c2,r2c3,r3c4) sums to 9'
    """

    kind: ClassVar[str] = "little killer"
    row: int
    col: int
    direction: tuple[int, int]
    total: int

    def __post_init__(self) -> None:
        if len(self.direction) != 2 or any(step not in (-1, 1) for step in self.direction):
            raise InputError(f"a little killer points along a diagonal (±1, ±1), not {self}")
        if self.total < 1:
            raise InputError(f"a little killer's total must be positive, got {self.total}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the diagonal's cells, nearest the clue first; refuse a clue not just outside."""
        inside = 0 <= self.row < n and 0 <= self.col < n
        if inside or not (-1 <= self.row <= n and -1 <= self.col <= n):
            raise InputError(f"a little killer stands just outside the {n}x{n} grid: {self}")
        found: list[int] = []
        row, col = self.row + self.direction[0], self.col + self.direction[1]
        while 0 <= row < n and 0 <= col < n:
            found.append(row * n + col)
            row, col = row + self.direction[0], col + self.direction[1]
        if not found:
            raise InputError(f"a little killer's diagonal misses the {n}x{n} grid: {self}")
        return tuple(found)

    def title(self, n: int) -> str:
        """Name the clue by its total, place, direction and cells."""
        arrow = {(1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖"}[self.direction]
        where = f"r{self.row + 1}c{self.col + 1}"
        return f"little killer {self.total} from {where} {arrow} ({cell_list(self.cells(n), n)})"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say the diagonal's sum when it is not the total, or None."""
        total = sum(grid[cell] for cell in self.cells(n))
        return None if total == self.total else f"{self.title(n)} sums to {total}"


def _line(side: Side, line: int, n: int) -> tuple[int, ...]:
    """Return a row's or column's cells as seen from a side, nearest first."""
    if not 0 <= line < n:
        raise InputError(f"a {side.value} clue on line {line + 1} of a {n}x{n} grid")
    if side in (Side.TOP, Side.BOTTOM):
        cells = tuple(r * n + line for r in range(n))
    else:
        cells = tuple(line * n + c for c in range(n))
    return cells if side in (Side.TOP, Side.LEFT) else cells[::-1]


def _where(side: Side, line: int) -> str:
    what = "column" if side in (Side.TOP, Side.BOTTOM) else "row"
    return f"the {side.value} of {what} {line + 1}"


@dataclass(frozen=True)
class _LineClue:
    """A sum clue outside the grid at ``side`` of ``line`` (a column for top and bottom, else a
    row, 0-based)."""

    kind: ClassVar[str] = "line clue"
    least: ClassVar[int] = 0
    side: Side
    line: int
    total: int

    def __post_init__(self) -> None:
        if self.line < 0 or self.total < self.least:
            raise InputError(
                f"{self.title(0)}: a clue needs line 0.. and a total {self.least} or more"
            )

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the line's cells as seen from the clue's side."""
        return _line(self.side, self.line, n)

    def title(self, n: int) -> str:
        """Name the clue."""
        return f"{self.kind} {self.total} at {_where(self.side, self.line)}"


@dataclass(frozen=True)
class Sandwich(_LineClue):
    """The digits between the 1 and the n (the crusts) of a row or column sum to ``total``.

    >>> clue = Sandwich(Side.LEFT, 0, 5)
    >>> clue.title(4), clue.broken((1, 2, 3, 4) + (0,) * 12, 4)
    ('sandwich 5 at the left of row 1', None)
    >>> clue.broken((2, 1, 4, 3) + (0,) * 12, 4)
    'sandwich 5 at the left of row 1: 0 between 1 and 4 (2,1,4,3)'
    """

    kind: ClassVar[str] = "sandwich"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say the sum between the crusts when it is not the total, or None."""
        digits = [grid[cell] for cell in self.cells(n)]
        if 1 not in digits or n not in digits:
            return f"{self.title(n)}: the line lacks a 1 or a {n}"
        low, high = sorted((digits.index(1), digits.index(n)))
        total = sum(digits[low + 1 : high])
        if total == self.total:
            return None
        held = ",".join(map(str, digits))
        return f"{self.title(n)}: {total} between 1 and {n} ({held})"


@dataclass(frozen=True)
class XSum(_LineClue):
    """The first k digits of a row or column seen from the clue's side, k the first digit, sum to
    ``total``.

    >>> clue = XSum(Side.LEFT, 0, 6)
    >>> clue.title(4), clue.broken((3, 2, 1, 4) + (0,) * 12, 4)
    ('x-sum 6 at the left of row 1', None)
    >>> clue.broken((2, 3, 1, 4) + (0,) * 12, 4)
    'x-sum 6 at the left of row 1: the first 2 sum to 5 (2,3,1,4)'
    """

    kind: ClassVar[str] = "x-sum"
    least: ClassVar[int] = 1

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say the sum of the first k digits when it is not the total, or None."""
        digits = [grid[cell] for cell in self.cells(n)]
        count = digits[0]
        total = sum(digits[:count])
        if total == self.total:
            return None
        held = ",".join(map(str, digits))
        return f"{self.title(n)}: the first {count} sum to {total} ({held})"
