"""Parse one puzzle from what a user hands: text in any format, rows, arrays, Puzzles, Solutions."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..core._errors import InputError
from ..core._puzzle import Puzzle, array_values, digits_of
from ..core._solution import Solution
from ._alphabet import Alphabet, alphabet_of
from ._reading import FileLayout, read_puzzles, with_symbols
from ._shape_options import ShapeOptions

__all__ = ["parse_puzzle"]


def parse_puzzle(
    text: object,
    alphabet: Alphabet | str = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    game: str | None = None,
) -> Puzzle:
    """Parse one puzzle: a string in any format (line, grid, tokens, JSON), rows, or an array.

    Besides text it takes what a notebook holds: a list of rows of integers (0 blank), a list
    of row strings, n*n integers, a NumPy array (n x n or flat), a Puzzle (returned as is), or a
    Solution (the filled puzzle, with the shape, symbols and rules of the one it solves).
    A game ID of Simon Tatham's collection (``keen:4:...``; bare with ``game`` given) is read
    with its constraints. ``alphabet`` is an Alphabet or its symbols (``"0123456789ABCDEF"``).

    >>> parse_puzzle('''
    ... 1 . | . .
    ... . . | 1 .
    ... ----+----
    ... . 1 | . .
    ... . . | . 1''').cells[:4]
    (1, 0, 0, 0)
    >>> parse_puzzle([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]).cells[:4]
    (1, 0, 0, 0)
    >>> parse_puzzle(["1...", "..1.", ".1..", "...1"]).cells[4:8]
    (0, 0, 1, 0)
    >>> parse_puzzle({"cells": 1})
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: expected a puzzle: a string, rows (lists of integers or \
strings), n*n integers or a NumPy array, got dict
    """
    if isinstance(text, Puzzle):
        return text
    if isinstance(text, Solution):
        return text.as_puzzle()
    alphabet = alphabet_of(alphabet)
    if not isinstance(text, str):
        if game is not None:
            raise InputError(f"a {game} game ID is a string, got {type(text).__name__}")
        return with_symbols(_puzzle_of_rows(text, alphabet, options), alphabet)
    entries = list(read_puzzles(text.splitlines(), alphabet=alphabet, options=options, game=game))
    if len(entries) != 1:
        raise InputError(f"expected one puzzle, found {len(entries)}")
    entry = entries[0]
    if entry.error is not None:
        if len(text.strip().splitlines()) == 1:  # one line: its number says nothing
            raise InputError(entry.error.message, column=entry.error.column)
        raise entry.error
    assert entry.puzzle is not None
    return with_symbols(entry.puzzle, alphabet)


_EXPECTED = (
    "expected a puzzle: a string, rows (lists of integers or strings), n*n integers or "
    "a NumPy array"
)


def _puzzle_of_rows(value: object, alphabet: Alphabet, options: ShapeOptions) -> Puzzle:
    """Return the puzzle of a sequence of rows (integers or strings), of cells, or an array."""
    values = array_values(value)  # a NumPy array's Python values
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise InputError(f"{_EXPECTED}, got {type(value).__name__}")
    rows = list(values)
    if all(isinstance(r, str) for r in rows):
        if len(rows) > 1 and all(len(r) == 1 for r in rows):  # one symbol each: the cells
            return _puzzle_of_text(["".join(rows)], FileLayout.LINES, alphabet, options)
        layout = FileLayout.LINES if len(rows) == 1 else FileLayout.GRID
        return _puzzle_of_text("\n".join(rows).splitlines(), layout, alphabet, options)
    if all(_is_row_of_symbols(r) for r in rows):  # a NumPy array of strings, say
        gap = " " if any(len(s) > 1 for r in rows for s in r) else ""
        lines = [gap.join(r) for r in rows]
        return _puzzle_of_text(lines, FileLayout.GRID, alphabet, options)
    nested = [r for r in rows if isinstance(r, (list, tuple))]
    if nested and any(len(r) != len(rows) for r in nested):
        lengths = sorted({len(r) for r in nested})
        raise InputError(f"ragged grid: rows of lengths {lengths}, expected {len(rows)}")
    digits = digits_of(rows)
    n = math.isqrt(len(digits))
    if n * n != len(digits):
        raise InputError(f"expected n*n cells for a grid of side n, got {len(digits)}")
    return Puzzle(options.shape_for(n), digits)


def _is_row_of_symbols(row: object) -> bool:
    """Tell whether a row is a list or tuple of symbol strings (``["5", "3", "."]``)."""
    return (
        isinstance(row, (list, tuple))
        and bool(row)
        and all(isinstance(s, str) and s.strip() for s in row)
    )


def _puzzle_of_text(
    lines: list[str], layout: FileLayout, alphabet: Alphabet, options: ShapeOptions
) -> Puzzle:
    """Return the one puzzle that lines of text hold, read in that layout, or raise InputError."""
    entries = list(read_puzzles(lines, alphabet=alphabet, options=options, layout=layout))
    if len(entries) != 1:
        raise InputError(f"expected one puzzle, found {len(entries)}")
    if entries[0].error is not None:
        raise entries[0].error
    assert entries[0].puzzle is not None
    return entries[0].puzzle
