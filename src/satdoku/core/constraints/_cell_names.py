"""Cell names for people: ``r1c1`` notation of a cell index ``row*n + col``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["cell_name", "cell_list", "cell_digit"]


def cell_name(cell: int, n: int) -> str:
    """Return the 1-based ``r1c1`` name of a cell index of an n×n grid.

    >>> cell_name(10, 9)
    'r2c2'
    """
    return f"r{cell // n + 1}c{cell % n + 1}"


def cell_list(cells: Iterable[int], n: int) -> str:
    """Return the names of cells, comma-separated.

    >>> cell_list((0, 9), 9)
    'r1c1,r2c1'
    """
    return ",".join(cell_name(cell, n) for cell in cells)


def cell_digit(cell: int, grid: Sequence[int], n: int) -> str:
    """Return a cell's name and the digit a grid holds there, ``r1c2=5``.

    >>> cell_digit(1, (3, 5, 0, 0), 2)
    'r1c2=5'
    """
    return f"{cell_name(cell, n)}={grid[cell]}"
