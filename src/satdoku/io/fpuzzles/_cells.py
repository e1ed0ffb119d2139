"""f-puzzles' cell names: ``R1C1`` (1-based row and column) for cell index ``row*n + col``."""

from __future__ import annotations

import re

from .._json_path import JsonAt

__all__ = ["cell_at", "fpuzzles_name", "orthogonal_pairs"]

_NAME = re.compile(r"R([0-9]+)C([0-9]+)", re.IGNORECASE)


def cell_at(at: JsonAt, n: int) -> int:
    """Return the cell index a name ``R{row}C{col}`` inside the n×n grid names, or refuse it.

    >>> cell_at(JsonAt("R2C3"), 9)
    11
    >>> cell_at(JsonAt("R0C3", "killercage[0].cells[1]"), 9)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: killercage[0].cells[1]: expected a cell R1C1..R9C9, got "R0C3"
    """
    expected = f"a cell R1C1..R{n}C{n}"
    match = _NAME.fullmatch(at.text(expected))
    if match is None:
        at.fail(expected)
    row, col = int(match.group(1)), int(match.group(2))
    if not (1 <= row <= n and 1 <= col <= n):
        at.fail(expected)
    return (row - 1) * n + col - 1


def fpuzzles_name(cell: int, n: int) -> str:
    """Return f-puzzles' name of a cell index.

    >>> fpuzzles_name(11, 9)
    'R2C3'
    """
    return f"R{cell // n + 1}C{cell % n + 1}"


def orthogonal_pairs(n: int) -> list[tuple[int, int]]:
    """Return every pair of orthogonal neighbours (row-major, the right one then the one below).

    >>> orthogonal_pairs(2)
    [(0, 1), (0, 2), (1, 3), (2, 3)]
    """
    pairs = []
    for cell in range(n * n):
        if cell % n + 1 < n:
            pairs.append((cell, cell + 1))
        if cell + n < n * n:
            pairs.append((cell, cell + n))
    return pairs
