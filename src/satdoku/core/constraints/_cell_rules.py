"""Rules on one cell: parity (an even square, an odd circle) and fortress extrema."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .._errors import InputError
from ._cell_names import cell_name
from ._roles import CELLS

__all__ = ["Parity", "Extremum", "extrema"]


@dataclass(frozen=True)
class Parity:
    """The cell holds an even digit (``even``) or an odd one.

    >>> Parity(0, True).title(4), Parity(0, True).broken((3,) + (0,) * 15, 4)
    ('r1c1 is even', 'r1c1 is even but holds 3')
    """

    kind: ClassVar[str] = "parity"
    cell: int = field(metadata=CELLS)
    even: bool

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the cell."""
        return (self.cell,)

    def title(self, n: int) -> str:
        """Name the rule."""
        return f"{cell_name(self.cell, n)} is {'even' if self.even else 'odd'}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say the cell's digit has the other parity, or None."""
        digit = grid[self.cell]
        if (digit % 2 == 0) == self.even:
            return None
        return f"{self.title(n)} but holds {digit}"


@dataclass(frozen=True)
class Extremum:
    """A fortress cell: greater (``maximum``) or smaller than each orthogonal neighbour.

    Neighbours listed in ``exempt`` (those that are extrema of the same kind, in a puzzle) are
    not compared; :func:`extrema` makes a puzzle's extrema with their exemptions filled in.

    >>> top = Extremum(5, True)
    >>> top.title(4), top.broken((0, 1, 0, 0, 2, 4, 3, 0, 0, 1) + (0,) * 6, 4)
    ('r2c2 is a maximum', None)
    >>> top.broken((0, 4, 0, 0, 2, 3, 1, 0, 0, 1) + (0,) * 6, 4)
    'r2c2 is a maximum but holds 3, not above r1c2=4'
    """

    kind: ClassVar[str] = "extremum"
    cell: int = field(metadata=CELLS)
    maximum: bool
    exempt: tuple[int, ...] = field(default=(), metadata=CELLS)

    def neighbours(self, n: int) -> tuple[int, ...]:
        """Return the orthogonal neighbours the cell is compared with (all but ``exempt``)."""
        row, col = divmod(self.cell, n)
        around = [(row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)]
        found = (r * n + c for r, c in around if 0 <= r < n and 0 <= c < n)
        return tuple(cell for cell in found if cell not in self.exempt)

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the cell, then the neighbours it is compared with."""
        return (self.cell, *self.neighbours(n))

    def title(self, n: int) -> str:
        """Name the rule."""
        return f"{cell_name(self.cell, n)} is a {'maximum' if self.maximum else 'minimum'}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which neighbour is not below (above) the cell's digit, or None."""
        digit = grid[self.cell]
        for other in self.neighbours(n):
            if (digit > grid[other]) if self.maximum else (digit < grid[other]):
                continue
            word = "above" if self.maximum else "below"
            named = f"{cell_name(other, n)}={grid[other]}"
            return f"{self.title(n)} but holds {digit}, not {word} {named}"
        return None


def extrema(cells: Iterable[int], maximum: bool, n: int) -> tuple[Extremum, ...]:
    """Return the extrema of an n×n fortress: each cell's neighbours among them are exempt.

    >>> extrema((0, 1, 3), True, 2)[0]
    Extremum(cell=0, maximum=True, exempt=(1,))
    """
    chosen = tuple(dict.fromkeys(cells))
    if not chosen:
        raise InputError("a fortress needs one cell or more")
    made = []
    for cell in chosen:
        alone = Extremum(cell, maximum)
        exempt = tuple(other for other in alone.neighbours(n) if other in chosen)
        made.append(Extremum(cell, maximum, exempt))
    return tuple(made)
