"""Random killer cages over a filled grid: connected cells, no digit twice, sizes in a range.

:func:`random_cages` tiles the grid with cages grown one at a time from the open cell with the
fewest open neighbours (so few cells are left stranded), each to a size drawn from the range;
a cage left too small joins a neighbouring cage when the two fit together, else the draw starts
again. :func:`cage_splits` lists the ways to cut a cage in two connected cages in the range.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ._errors import InputError
from ._random_regions import is_connected, neighbours
from .constraints import KillerCage

__all__ = ["DRAWS", "CageSizes", "cage_splits", "killer_cages", "random_cages"]

DRAWS = 200
"""Tilings :func:`random_cages` tries before it gives up on a grid."""


@dataclass(frozen=True)
class CageSizes:
    """The smallest and largest number of cells of a cage (both included).

    >>> CageSizes.parse("2-4"), CageSizes.parse("3")
    (CageSizes(smallest=2, largest=4), CageSizes(smallest=3, largest=3))
    """

    smallest: int
    largest: int

    def __post_init__(self) -> None:
        if not 1 <= self.smallest <= self.largest:
            raise InputError(
                f"cage sizes {self.smallest}-{self.largest}: expected 1 <= smallest <= largest"
            )

    @classmethod
    def parse(cls, text: str) -> CageSizes:
        """Read ``LOW-HIGH`` or one size ``N`` (every cage of N cells)."""
        low, dash, high = text.strip().partition("-")
        if not (low.strip().isdigit() and (not dash or high.strip().isdigit())):
            raise InputError(f"cage sizes {text!r}: expected LOW-HIGH (2-4, say) or one size N")
        return cls(int(low), int(high) if dash else int(low))

    def fits(self, size: int) -> bool:
        """Tell whether a cage of ``size`` cells is in the range."""
        return self.smallest <= size <= self.largest

    def __str__(self) -> str:
        return f"{self.smallest}-{self.largest}"


def _grow(
    grid: Sequence[int], n: int, owner: list[int], start: int, size: int, rng: random.Random
) -> list[int]:
    """Grow a cage from ``start`` over open cells of new digits, up to ``size`` cells."""
    cage, digits = [start], {grid[start]}
    owner[start] = start
    while len(cage) < size:
        frontier = sorted(
            {
                near
                for cell in cage
                for near in neighbours(cell, n)
                if owner[near] < 0 and grid[near] not in digits
            }
        )
        if not frontier:
            break
        cell = rng.choice(frontier)
        cage.append(cell)
        digits.add(grid[cell])
        owner[cell] = start
    return cage


def _draw(
    grid: Sequence[int], n: int, sizes: CageSizes, rng: random.Random
) -> list[list[int]] | None:
    """Draw one tiling, or None when a cage is left too small with no cage to join."""
    owner = [-1] * (n * n)  # the first cell of each cell's cage; -1: open
    cages: dict[int, list[int]] = {}
    while True:
        open_cells = [cell for cell in range(n * n) if owner[cell] < 0]
        if not open_cells:
            return sorted(sorted(cage) for cage in cages.values())

        def open_neighbours(cell: int) -> int:
            return sum(1 for near in neighbours(cell, n) if owner[near] < 0)

        fewest = min(map(open_neighbours, open_cells))
        start = rng.choice([cell for cell in open_cells if open_neighbours(cell) == fewest])
        cage = _grow(grid, n, owner, start, rng.randint(sizes.smallest, sizes.largest), rng)
        if sizes.fits(len(cage)):
            cages[start] = cage
            continue
        digits = {grid[cell] for cell in cage}
        joinable = sorted(
            {
                owner[near]
                for cell in cage
                for near in neighbours(cell, n)
                if owner[near] >= 0 and owner[near] != start
            }
        )
        joinable = [
            first
            for first in joinable
            if sizes.fits(len(cages[first]) + len(cage))
            and not digits & {grid[cell] for cell in cages[first]}
        ]
        if not joinable:
            return None
        first = rng.choice(joinable)
        for cell in cage:
            owner[cell] = first
        cages[first] += cage


def random_cages(
    grid: Sequence[int], n: int, sizes: CageSizes, rng: random.Random, draws: int = DRAWS
) -> tuple[tuple[int, ...], ...] | None:
    """Return cages that tile the filled grid (cells sorted, cages by first cell), or None.

    Every cage is connected edge to edge, holds no digit twice and has a size in ``sizes``;
    None when ``draws`` random tilings all left a cell that fits no cage.

    >>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    >>> cages = random_cages(grid, 4, CageSizes(2, 3), random.Random(1))
    >>> sorted(cell for cage in cages for cell in cage) == list(range(16))
    True
    >>> all(2 <= len(cage) <= 3 and len({grid[c] for c in cage}) == len(cage) for cage in cages)
    True
    """
    for _ in range(draws):
        drawn = _draw(grid, n, sizes, rng)
        if drawn is not None:
            return tuple(tuple(cage) for cage in drawn)
    return None


def killer_cages(grid: Sequence[int], cages: Sequence[Sequence[int]]) -> tuple[KillerCage, ...]:
    """Return the killer cages of the cell groups, each with its total in the grid.

    >>> killer_cages((1, 2, 2, 1), [(0, 1), (2,), (3,)])
    (KillerCage(members=(0, 1), total=3), KillerCage(members=(2,), total=2), \
KillerCage(members=(3,), total=1))
    """
    ordered = sorted(tuple(sorted(cage)) for cage in cages)
    return tuple(KillerCage(cage, sum(grid[cell] for cell in cage)) for cage in ordered)


def cage_splits(
    cage: Sequence[int], n: int, sizes: CageSizes
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Return every cut of a cage into two connected cages with sizes in the range.

    >>> cage_splits((0, 1, 2), 3, CageSizes(1, 2))
    [((0,), (1, 2)), ((0, 1), (2,))]
    """
    cells = sorted(cage)
    first, rest = cells[0], cells[1:]
    found = []
    for size in range(0, len(rest)):
        for others in combinations(rest, size):
            part = (first, *others)
            other = tuple(cell for cell in rest if cell not in others)
            if (
                sizes.fits(len(part))
                and sizes.fits(len(other))
                and is_connected(set(part), n)
                and is_connected(set(other), n)
            ):
                found.append((part, other))
    return found
