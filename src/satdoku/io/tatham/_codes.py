"""Codes Tatham's games share: run-length cells (letters for blanks) and block edges.

Cells: a number is a cell's value, a letter a..z that many blank cells, and ``_`` separates two
numbers. Block structures (Keen's cages, Solo's jigsaw blocks and killer cages) name the grid
lines that divide blocks: first the vertical lines inside the grid in reading order, then the
horizontal ones column by column; a letter counts the lines that divide nothing before the next
one that does (``_`` none), and one letter, ``special``, counts that many and no dividing line.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core._errors import InputError
from ._reader import IdReader

__all__ = [
    "block_members",
    "checked_side",
    "blocks_of",
    "covering_blocks",
    "read_blocks",
    "read_cells",
    "write_blocks",
    "write_cells",
]

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def read_cells(reader: IdReader, area: int, largest: int, what: str) -> list[int]:
    """Read ``area`` run-length coded cells (numbers 1..largest), up to a ',' or the end.

    >>> read_cells(IdReader("b3_1c", "towers"), 7, 4, "a digit")
    [0, 0, 3, 1, 0, 0, 0]
    """
    cells: list[int] = []
    expected = f"{what} 1..{largest}, a letter a-z (that many blanks) or '_'"
    while not reader.at_end() and reader.peek() != ",":
        start, char = reader.pos, reader.peek()
        if char in _LETTERS:
            cells += [0] * (ord(char) - ord("a") + 1)
            reader.pos += 1
        elif char == "_":
            reader.pos += 1
        elif char in "123456789":
            cells.append(reader.number_in(1, largest, what))
        else:
            reader.fail(expected)
        if len(cells) > area:
            reader.problem(f"{len(cells)} cells, but the grid has {area}", start)
    if len(cells) < area:
        reader.fail(f"{expected}: {area - len(cells)} more cells of {area}")
    return cells


def _run_letters(run: int) -> str:
    """Return the letters of ``run`` blank cells (``z`` is 26)."""
    return "z" * (run // 26) + (_LETTERS[run % 26 - 1] if run % 26 else "")


def write_cells(cells: Sequence[int]) -> str:
    """Write cells run-length coded, as the games do.

    >>> write_cells([0, 0, 3, 1, 0, 0, 0])
    'b3_1c'
    """
    parts: list[str] = []
    run = 0
    for value in cells:
        if value == 0:
            run += 1
            continue
        if run:
            parts.append(_run_letters(run))
            run = 0
        elif parts:
            parts.append("_")
        parts.append(str(value))
    if run:
        parts.append(_run_letters(run))
    return "".join(parts)


def _line_cells(position: int, w: int) -> tuple[int, int]:
    """Return the two cells on either side of grid line ``position``."""
    if position < w * (w - 1):
        y, x = divmod(position, w - 1)
        return y * w + x, y * w + x + 1
    x, y = divmod(position - w * (w - 1), w - 1)
    return y * w + x, (y + 1) * w + x


def _find(parents: list[int], cell: int) -> int:
    while parents[cell] != cell:
        parents[cell] = parents[parents[cell]]
        cell = parents[cell]
    return cell


def blocks_of(joined: Sequence[bool], w: int) -> list[int]:
    """Return each cell's block (its first cell) when the grid lines ``joined`` divide nothing.

    >>> blocks_of([True, False, False, False], 2)
    [0, 0, 2, 3]
    """
    parents = list(range(w * w))
    for position, join in enumerate(joined):
        if join:
            a, b = (_find(parents, cell) for cell in _line_cells(position, w))
            parents[max(a, b)] = min(a, b)
    return [_find(parents, cell) for cell in range(w * w)]


def read_blocks(reader: IdReader, w: int, special: int, repeats: bool) -> list[int]:
    """Read a block structure up to a ',' or the end; return each cell's block (its first cell).

    ``special``: the count whose letter has no dividing line after it (Keen 25, Solo 26);
    ``repeats``: a number after a letter repeats it (Keen).

    >>> read_blocks(IdReader("b__", "keen"), 2, 25, True)
    [0, 0, 2, 2]
    """
    lines = 2 * w * (w - 1)
    joined: list[bool] = []
    while not reader.at_end() and reader.peek() != ",":
        start = reader.pos
        char = reader.letter("_" + _LETTERS, "a letter a-z or '_' of the block structure")
        count = 0 if char == "_" else ord(char) - ord("a") + 1
        times = 1
        if repeats and reader.peek().isdigit():
            times = reader.number_in(1, 2 * lines, "a repeat count")
        for _ in range(times):
            joined += [True] * count
            if count != special:
                joined.append(False)
            if len(joined) > lines + 1 or len(joined) == lines + 1 and joined[-1]:
                reader.problem(f"the block structure goes past the grid's {lines} lines", start)
    if len(joined) != lines + 1:
        reader.fail(f"more of the block structure ({len(joined)} of {lines} lines read)")
    return blocks_of(joined[:lines], w)


def write_blocks(blocks: Sequence[int], w: int, special: int, repeats: bool) -> str:
    """Write a block structure (each cell's block label); the blocks must be connected.

    >>> write_blocks([0, 0, 2, 2], 2, 25, True)
    'b__'
    """
    lines = 2 * w * (w - 1)
    joined = [blocks[a] == blocks[b] for a, b in map(lambda p: _line_cells(p, w), range(lines))]
    found = blocks_of(joined, w)
    if len(set(found)) != len(set(blocks)):
        raise InputError("a block (cage or region) is not connected: its cells do not touch")
    letters: list[str] = []
    run = 0
    for join in [*joined, False]:
        if join:
            run += 1
            continue
        while run >= special:
            letters.append(_LETTERS[special - 1])
            run -= special
        letters.append(_LETTERS[run - 1] if run else "_")
        run = 0
    if not repeats:
        return "".join(letters)
    return _repeated(letters)


def _repeated(letters: list[str]) -> str:
    """Write runs of one letter as the letter and its count when that is shorter (Keen)."""
    parts: list[str] = []
    i = 0
    while i < len(letters):
        j = i
        while j < len(letters) and letters[j] == letters[i]:
            j += 1
        count = j - i
        parts.append(letters[i] * count if count <= 2 else f"{letters[i]}{count}")
        i = j
    return "".join(parts)


def block_members(blocks: Sequence[int]) -> list[tuple[int, ...]]:
    """Return the cells of each block, blocks in the order of their first cells.

    >>> block_members([0, 0, 2, 0])
    [(0, 1, 3), (2,)]
    """
    members: dict[int, list[int]] = {}
    for cell, block in enumerate(blocks):
        members.setdefault(block, []).append(cell)
    return [tuple(cells) for _, cells in sorted(members.items(), key=lambda item: item[1][0])]


def covering_blocks(groups: Sequence[Sequence[int]], n: int, what: str) -> list[int]:
    """Return each cell's block (its group's first cell), when the groups cover every cell once.

    >>> covering_blocks([(0, 1), (3, 2)], 2, "cages")
    [0, 0, 2, 2]
    """
    blocks = [-1] * (n * n)
    for group in groups:
        for cell in group:
            if blocks[cell] >= 0:
                raise InputError(f"two {what} hold cell {cell}: they cover each cell once")
            blocks[cell] = min(group)
    if -1 in blocks:
        raise InputError(f"the {what} cover every cell, but {blocks.count(-1)} are in none")
    return blocks


def checked_side(n: int, largest: int, game: str) -> int:
    """Return a grid's side when the game has grids of that side (3 to ``largest``).

    >>> checked_side(10, 9, "keen")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: keen grids are 3x3 to 9x9, not 10x10
    """
    if not 3 <= n <= largest:
        raise InputError(f"{game} grids are 3x3 to {largest}x{largest}, not {n}x{n}")
    return n
