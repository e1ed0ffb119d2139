"""Random jigsaw region maps: n connected regions of n cells each, by random swaps of cells."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ._shape import default_box

__all__ = [
    "SWAPS_PER_CELL",
    "is_connected",
    "is_connected_partition",
    "neighbours",
    "random_region_map",
]

SWAPS_PER_CELL = 20
"""Swaps tried per cell of the grid: enough that no trace of the starting map (boxes) is left."""


def neighbours(cell: int, n: int) -> list[int]:
    """Return the cells next to ``cell`` across an edge of an n×n grid.

    >>> neighbours(0, 3), neighbours(4, 3)
    ([3, 1], [1, 7, 3, 5])
    """
    r, c = divmod(cell, n)
    found = []
    if r:
        found.append(cell - n)
    if r < n - 1:
        found.append(cell + n)
    if c:
        found.append(cell - 1)
    if c < n - 1:
        found.append(cell + 1)
    return found


def is_connected(cells: set[int], n: int) -> bool:
    """Tell whether a non-empty set of cells is connected edge to edge.

    >>> is_connected({0, 1, 4}, 3), is_connected({0, 4}, 3)
    (True, False)
    """
    start = next(iter(cells))
    seen = {start}
    frontier = [start]
    while frontier:
        for other in neighbours(frontier.pop(), n):
            if other in cells and other not in seen:
                seen.add(other)
                frontier.append(other)
    return len(seen) == len(cells)


def is_connected_partition(regions: Sequence[int], n: int) -> bool:
    """Tell whether a region map has n regions (0..n-1) of n cells, each connected edge to edge.

    >>> is_connected_partition((0, 0, 1, 1), 2), is_connected_partition((0, 1, 1, 0), 2)
    (True, False)
    """
    if len(regions) != n * n or sorted(regions) != [r for r in range(n) for _ in range(n)]:
        return False
    members: list[set[int]] = [set() for _ in range(n)]
    for cell, region in enumerate(regions):
        members[region].add(cell)
    return all(is_connected(cells, n) for cells in members)


def _start(n: int) -> list[int]:
    """Return the boxes of the most square box shape as a region map, else the rows."""
    box = default_box(n)
    if box is None:
        return [cell // n for cell in range(n * n)]
    br, bc = box
    return [(cell // n // br) * (n // bc) + (cell % n) // bc for cell in range(n * n)]


def random_region_map(n: int, rng: random.Random, swaps: int | None = None) -> tuple[int, ...]:
    """Return a random map of n connected regions of n cells (row-major region numbers).

    Starting from boxes (rows for a prime n), it swaps the regions of two cells on the borders of
    two regions many times, keeping every swap that leaves both regions connected. It says
    nothing about solutions: a map that admits none is the caller's to refuse.

    >>> regions = random_region_map(6, random.Random(1))
    >>> is_connected_partition(regions, 6)
    True
    """
    regions = _start(n)
    if n < 3:
        return tuple(regions)
    members: list[set[int]] = [set() for _ in range(n)]
    for cell, region in enumerate(regions):
        members[region].add(cell)
    tries = SWAPS_PER_CELL * n * n if swaps is None else swaps
    for _ in range(tries):
        a = rng.randrange(n * n)
        outside = [o for o in neighbours(a, n) if regions[o] != regions[a]]
        if not outside:
            continue
        region_a, region_b = regions[a], regions[rng.choice(outside)]
        # a cell of region b that touches region a goes the other way, so both keep n cells
        border = [
            b
            for b in members[region_b]
            if b != a and any(regions[o] == region_a for o in neighbours(b, n))
        ]
        if not border:
            continue
        b = rng.choice(border)
        members[region_a].symmetric_difference_update((a, b))
        members[region_b].symmetric_difference_update((a, b))
        if is_connected(members[region_a], n) and is_connected(members[region_b], n):
            regions[a], regions[b] = region_b, region_a
        else:  # undo
            members[region_a].symmetric_difference_update((a, b))
            members[region_b].symmetric_difference_update((a, b))
    return tuple(regions)
