"""Skyscraper clues (Towers): how many towers are seen from outside the grid along a line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import ClassVar

from .._errors import InputError

__all__ = ["Side", "Skyscraper"]


class Side(Enum):
    """The side of the grid a clue stands on.

    >>> [side.value for side in Side]
    ['top', 'bottom', 'left', 'right']
    """

    TOP = "top"
    BOTTOM = "bottom"
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True)
class Skyscraper:
    """A clue on a side of the grid: ``visible`` towers are seen looking in along line ``line``.

    A tower (digit) is seen when it is taller than every tower before it. ``line`` is the column
    (top, bottom) or row (left, right), 0-based.

    >>> clue = Skyscraper(Side.LEFT, 0, 2)
    >>> clue.cells(3), clue.title(3), clue.broken((1, 3, 2) + (0,) * 6, 3)
    ((0, 1, 2), '2 seen from the left of row 1', None)
    >>> clue.broken((3, 1, 2) + (0,) * 6, 3)
    '2 seen from the left of row 1: 1 seen (3,1,2)'
    """

    kind: ClassVar[str] = "skyscraper"
    side: Side
    line: int
    visible: int

    def __post_init__(self) -> None:
        if self.line < 0 or self.visible < 1:
            raise InputError(f"a skyscraper clue needs line 0.. and 1 or more seen: {self}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the line's cells in the order they are seen, nearest first."""
        if self.line >= n:
            raise InputError(f"{self.side.value} clue on line {self.line + 1} of a {n}x{n} grid")
        return _line_cells(self.side, self.line, n)

    def title(self, n: int) -> str:
        """Name the clue."""
        what = "column" if self.side in (Side.TOP, Side.BOTTOM) else "row"
        return f"{self.visible} seen from the {self.side.value} of {what} {self.line + 1}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say how many towers the line shows when that is not the clue, or None."""
        heights = [grid[cell] for cell in self.cells(n)]
        seen, tallest = 0, 0
        for height in heights:
            if height > tallest:
                seen, tallest = seen + 1, height
        if seen == self.visible:
            return None
        return f"{self.title(n)}: {seen} seen ({','.join(map(str, heights))})"


@lru_cache(maxsize=1024)
def _line_cells(side: Side, line: int, n: int) -> tuple[int, ...]:
    """Return the cells of a line seen from a side, nearest first (worked out once)."""
    if side is Side.TOP:
        return tuple(r * n + line for r in range(n))
    if side is Side.BOTTOM:
        return tuple(r * n + line for r in reversed(range(n)))
    if side is Side.LEFT:
        return tuple(line * n + c for c in range(n))
    return tuple(line * n + c for c in reversed(range(n)))
