"""Rules between two cells: Unequal's signs and Adjacent's "differ by one" marks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .._errors import InputError
from ._cell_names import cell_name
from ._roles import CELLS

__all__ = ["Comparison", "Consecutive"]


def _checked_pair(first: int, second: int) -> None:
    if first == second:
        raise InputError(f"a sign between two cells names cell {first} twice")


@dataclass(frozen=True)
class Comparison:
    """A ``<`` sign: the digit of ``smaller`` is less than the digit of ``larger``.

    >>> Comparison(0, 1).title(9), Comparison(0, 1).broken((1, 2), 9)
    ('r1c1 < r1c2', None)
    """

    kind: ClassVar[str] = "comparison"
    smaller: int = field(metadata=CELLS)
    larger: int = field(metadata=CELLS)

    def __post_init__(self) -> None:
        _checked_pair(self.smaller, self.larger)

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the two cells, the smaller first."""
        return (self.smaller, self.larger)

    def title(self, n: int) -> str:
        """Name the sign."""
        return f"{cell_name(self.smaller, n)} < {cell_name(self.larger, n)}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say how the two digits break the sign, or None when they keep it."""
        low, high = grid[self.smaller], grid[self.larger]
        return None if low < high else f"{self.title(n)} holds {low} > {high}"


@dataclass(frozen=True)
class Consecutive:
    """Two neighbouring cells whose digits differ by one (``consecutive``) or must not.

    >>> Consecutive(0, 1, True).title(9), Consecutive(0, 1, False).broken((4, 5), 9)
    ('r1c1 | r1c2 differ by one', 'r1c1 | r1c2 do not differ by one holds 4,5')
    """

    kind: ClassVar[str] = "consecutive"
    first: int = field(metadata=CELLS)
    second: int = field(metadata=CELLS)
    consecutive: bool = True

    def __post_init__(self) -> None:
        _checked_pair(self.first, self.second)

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the two cells."""
        return (self.first, self.second)

    def title(self, n: int) -> str:
        """Name the mark (or its absence)."""
        verb = "differ by one" if self.consecutive else "do not differ by one"
        return f"{cell_name(self.first, n)} | {cell_name(self.second, n)} {verb}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say how the two digits break the mark, or None when they keep it."""
        a, b = grid[self.first], grid[self.second]
        if (abs(a - b) == 1) == self.consecutive:
            return None
        return f"{self.title(n)} holds {a},{b}"
