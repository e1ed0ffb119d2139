"""Symmetries of a grid's cells: the orbits a symmetric puzzle keeps or blanks together."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from functools import lru_cache

__all__ = ["Symmetry", "orbits", "is_symmetric"]


class Symmetry(Enum):
    """A symmetry of the pattern of givens (which cells are given, not their digits).

    >>> [s.value for s in Symmetry]
    ['none', 'rot180', 'rot90', 'diagonal', 'mirror']
    """

    NONE = "none"
    ROT180 = "rot180"
    ROT90 = "rot90"
    DIAGONAL = "diagonal"
    MIRROR = "mirror"


def _maps(symmetry: Symmetry, n: int) -> list[Callable[[int, int], tuple[int, int]]]:
    """Return the generators of the symmetry's group, as maps of (row, col)."""
    last = n - 1
    if symmetry is Symmetry.ROT180:
        return [lambda r, c: (last - r, last - c)]
    if symmetry is Symmetry.ROT90:
        return [lambda r, c: (c, last - r)]
    if symmetry is Symmetry.DIAGONAL:
        return [lambda r, c: (c, r)]
    if symmetry is Symmetry.MIRROR:
        return [lambda r, c: (r, last - c)]
    return []


@lru_cache(maxsize=64)
def orbits(symmetry: Symmetry, n: int) -> tuple[tuple[int, ...], ...]:
    """Return the cells (``row*n + col``) of an n×n grid grouped in the symmetry's orbits.

    Each orbit is sorted, and the orbits are in the order of their first cell.

    >>> orbits(Symmetry.ROT180, 3)
    ((0, 8), (1, 7), (2, 6), (3, 5), (4,))
    >>> [len(o) for o in orbits(Symmetry.ROT90, 4)]
    [4, 4, 4, 4]
    """
    maps = _maps(symmetry, n)
    seen: set[int] = set()
    found = []
    for start in range(n * n):
        if start in seen:
            continue
        orbit = {start}
        frontier = [divmod(start, n)]
        while frontier:
            r, c = frontier.pop()
            for move in maps:
                rr, cc = move(r, c)
                if rr * n + cc not in orbit:
                    orbit.add(rr * n + cc)
                    frontier.append((rr, cc))
        seen |= orbit
        found.append(tuple(sorted(orbit)))
    return tuple(found)


def is_symmetric(cells: Sequence[int], n: int, symmetry: Symmetry) -> bool:
    """Tell whether the pattern of givens (nonzero cells) is the same under the symmetry.

    >>> is_symmetric((1, 0, 0, 0, 2, 0, 0, 0, 3), 3, Symmetry.ROT180)
    True
    >>> is_symmetric((1, 2, 0, 0, 0, 0, 0, 0, 0), 3, Symmetry.MIRROR)
    False
    """
    return all(len({cells[cell] != 0 for cell in orbit}) == 1 for orbit in orbits(symmetry, n))
