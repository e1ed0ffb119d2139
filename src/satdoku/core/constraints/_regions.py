"""Extra regions: a group of cells whose digits differ (windoku windows, disjoint groups)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .._errors import InputError
from ._cell_names import cell_list
from ._roles import CELLS

__all__ = ["Distinct"]


@dataclass(frozen=True)
class Distinct:
    """Cells whose digits all differ; n of them on an n×n grid hold every digit once.

    ``label`` names the region for people ("window 1"); without it the cells name it.

    >>> window = Distinct((0, 1, 4, 5), "window 1")
    >>> window.title(4), window.broken((1, 2) + (0,) * 2 + (3, 4) + (0,) * 10, 4)
    ('window 1 (r1c1,r1c2,r2c1,r2c2)', None)
    >>> window.broken((1, 2, 0, 0, 2, 4) + (0,) * 10, 4)
    'window 1 (r1c1,r1c2,r2c1,r2c2) holds 2 twice (r1c2, r2c1)'
    """

    kind: ClassVar[str] = "distinct"
    members: tuple[int, ...] = field(metadata=CELLS)
    label: str = ""

    def __post_init__(self) -> None:
        if len(self.members) < 2:
            raise InputError(f"a region of differing digits needs two cells or more: {self}")
        if len(set(self.members)) != len(self.members):
            raise InputError(f"a region of differing digits names a cell twice: {self}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the region's cells."""
        return self.members

    def title(self, n: int) -> str:
        """Name the region by its label (if any) and cells."""
        cells = cell_list(self.members, n)
        return f"{self.label} ({cells})" if self.label else f"region {cells}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which digit repeats in the region, or None when all differ."""
        first: dict[int, int] = {}
        for cell in self.members:
            digit = grid[cell]
            if digit in first:
                where = cell_list((first[digit],), n) + ", " + cell_list((cell,), n)
                return f"{self.title(n)} holds {digit} twice ({where})"
            first[digit] = cell
        return None
