"""Reading texts of puzzles: one puzzle per line, one grid, or JSON, streamed as entries.

Reading is streaming: :func:`read_puzzles` yields one :class:`~satdoku.io.entries.Entry` per puzzle,
holding either the puzzle or the :class:`~satdoku.core.errors.InputError` that explains, with line
and column, why it could not be read. The layout (lines or one grid) is decided from the text unless
it is forced with a :class:`FileLayout`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from enum import Enum
from functools import partial
from itertools import chain

from ..core.errors import InputError
from ..core.puzzle import Puzzle, array_values, digits_of
from ..core.shape import Shape
from .alphabet import DEFAULT_SYMBOLS, Alphabet
from .entries import Entry
from .grid import drop_table_headers, is_separator, parse_grid, row_width
from .header import split_header
from .json_rows import racket_to_json, read_json
from .killer_text import killer_form_of
from .line import parse_line
from .shape_options import ShapeOptions
from .tatham import checked_game, looks_like_game_id
from .zeros import meant_puzzle

__all__ = ["FileLayout", "parse_puzzle", "read_puzzles"]


class FileLayout(Enum):
    """How a text holds its puzzles: decided from the text, one per line, or one grid.

    >>> FileLayout("grid")
    <FileLayout.GRID: 'grid'>
    """

    AUTO = "auto"
    LINES = "lines"
    GRID = "grid"


def _content(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    for number, text in lines:
        if number == 1:
            text = text.lstrip("\ufeff")  # a UTF-8 byte-order mark, whatever the format
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            yield number, text.rstrip("\r\n")


def read_puzzles(
    lines: Iterable[str],
    *,
    alphabet: Alphabet = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    layout: FileLayout = FileLayout.AUTO,
    source: str | None = None,
    game: str | None = None,
    first_line: int = 1,
) -> Iterator[Entry]:
    """Yield one entry per puzzle of a text, streaming; bad puzzles come as entries with errors.

    A text whose content lines number exactly n, each of n symbols, is one grid; otherwise each
    line is a puzzle. Lines starting with ``#`` are comments; a shape line among those above the
    first puzzle (``# shape: sudoku 6 box 3x2``, see :mod:`satdoku.io.header`) gives the puzzles
    its shape and alphabet (``options`` and ``alphabet`` may only agree with it).

    A line ``GAME:PARAMS:DESCRIPTION`` is a game ID of Simon Tatham's Keen, Towers, Unequal or
    Solo (see :mod:`satdoku.io.tatham`): its puzzle comes with its constraints. With ``game``
    given, every line is an ID of that game, bare (``PARAMS:DESCRIPTION``) or named.
    ``first_line``: the number of the text's first line (a part of a file, read on its own).

    >>> [e.puzzle.n if e.puzzle else e.error.message for e in read_puzzles(["# c", "1...", "12"])]
    [2, 'expected n*n symbols for a grid of side n (16 for 4x4, 81 for 9x9), got 2']
    >>> [e.line for e in read_puzzles(["1...", "....", "2...", "...."], layout=FileLayout.LINES)]
    [1, 2, 3, 4]
    """
    if game is not None:
        game = checked_game(game)
        if layout is FileLayout.GRID:
            raise InputError("game IDs are read one per line, not as one grid", source=source)
    lines, header = split_header(lines, source)
    side = None
    if header is not None:
        options, alphabet = header.applied(options, alphabet, source)
        side = header.side
    entries = _read(lines, alphabet, options, layout, source, game, first_line)
    if alphabet.symbols == DEFAULT_SYMBOLS and side is None:
        return entries
    return (_covered(entry, alphabet, side, source) for entry in entries)


def _covered(entry: Entry, alphabet: Alphabet, side: int | None, source: str | None) -> Entry:
    """Refuse a puzzle bigger than the alphabet it was read with (its digits could not be named)
    or of another side than the shape line's; remember the alphabet of the others."""
    puzzle = entry.puzzle
    if puzzle is None:
        return entry
    n = puzzle.n
    if side is not None and n != side:
        message = (
            f"this puzzle is {n}x{n}, but the file's shape line is for {side}x{side} puzzles: "
            "give each shape its own file"
        )
    elif n > len(alphabet.symbols):
        message = (
            f"the alphabet {alphabet.symbols!r} has {len(alphabet.symbols)} symbols, but this is a "
            f"{n}x{n} puzzle: give --alphabet the {n} symbols of its digits"
        )
    else:
        return Entry(entry.index, entry.line, entry.text, _with_symbols(puzzle, alphabet))
    error = InputError(message, source=source, line=entry.line)
    return Entry(entry.index, entry.line, entry.text, None, error)


def _read(
    lines: Iterable[str],
    alphabet: Alphabet,
    options: ShapeOptions,
    layout: FileLayout,
    source: str | None,
    game: str | None = None,
    first_line: int = 1,
) -> Iterator[Entry]:
    content = drop_table_headers(_content(enumerate(lines, first_line)))
    first = next(content, None)
    if first is None:
        return
    if game is not None or looks_like_game_id(first[1]):
        layout = FileLayout.LINES  # game IDs: one per line
    if layout is not FileLayout.GRID and first[1].lstrip().startswith(("[", "'(", '("')):
        text = first[1] + "\n" + "\n".join(t for _, t in content)
        if not text.lstrip().startswith("["):
            text = racket_to_json(text)
        yield from read_json(text, alphabet, options, source)
        return
    if layout is FileLayout.AUTO:
        head = [first]
        while is_separator(head[-1][1]):
            item = next(content, None)
            if item is None:
                break
            head.append(item)
        first_width = row_width(head[-1][1], alphabet) or 0
        # enough rows to see a grid of that width, or of the most common width of its rows
        # (the first row may be the one that is broken)
        wanted = max(first_width, GRID_SIDE_GUESS) + 1
        rows_seen = sum(1 for _, t in head if not is_separator(t))
        for item in content:
            head.append(item)
            if not is_separator(item[1]):
                rows_seen += 1
                if rows_seen >= wanted:
                    break
        rows = [t for _, t in head if not is_separator(t)]
        width = _grid_width(rows, first_width, alphabet)
        if (
            width > 1
            and len(rows) == width
            and _looks_like_grid(rows, width, alphabet)
            and not any(looks_like_game_id(row) or killer_form_of(row) for row in rows)
        ):
            yield _grid_entry(0, head, alphabet, options, source)
            return
        content = chain(head[1:], content)
    if layout is FileLayout.GRID:
        yield _grid_entry(0, [first, *content], alphabet, options, source)
        return
    side = None  # the side of the file's puzzles: a line of another side is a misreading
    for index, (number, text) in enumerate(chain([first], content)):
        try:
            puzzle = parse_line(text, alphabet, options, line=number, source=source, game=game)
            if game is not None or looks_like_game_id(text):
                yield Entry(index, number, text.strip(), puzzle)  # an ID says its own size
                continue
            if puzzle.n >= 10:
                reread = partial(_line_with, text, options, number, source)
                puzzle = meant_puzzle(puzzle, text, alphabet, reread, number, source)
            if layout is FileLayout.AUTO:
                _check_line_side(puzzle.shape, text, side, number, source)
                side = side or puzzle.n
            yield Entry(index, number, text.strip(), puzzle)
        except InputError as err:
            yield Entry(index, number, text.strip(), None, err)


def _check_line_side(
    shape: Shape, text: str, side: int | None, line: int, source: str | None
) -> None:
    """Refuse a line that is a puzzle only by accident: a grid's row, or 2x2/3x3 among big ones.

    >>> _check_line_side(Shape.sudoku(4), "1...|....|....|....", None, 1, None)
    >>> _check_line_side(Shape.latin(3), "|4..|...|8.5|", None, 1, None)
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: 1: this line has box borders ('|') but its 9 cells make a 3x3 \
puzzle, which has no boxes: it looks like a row of a grid (give --grid to read the file as one \
grid, or --lines to read it as 3x3 puzzles)
    """
    if "|" in text.strip().strip("|") and shape.box is None and shape.regions is None:
        raise InputError(
            f"this line has box borders ('|') but its {shape.n**2} cells make a "
            f"{shape.n}x{shape.n} puzzle, which has no boxes: it looks like a row of a grid "
            f"(give --grid to read the file as one grid, or --lines to read it as "
            f"{shape.n}x{shape.n} puzzles)",
            source=source,
            line=line,
        )
    if side is not None and shape.n <= 3 < side:
        raise InputError(
            f"this line holds {shape.n**2} cells, a {shape.n}x{shape.n} puzzle, but the "
            f"file's puzzles are {side}x{side} ({side**2} cells): a row of a grid, or symbols "
            f"missing? (give --lines to read it as a {shape.n}x{shape.n} puzzle)",
            source=source,
            line=line,
        )


GRID_SIDE_GUESS = 65
"""Rows read ahead to tell one grid from lines of puzzles, beyond the first row's width."""


def _grid_width(rows: list[str], first_width: int, alphabet: Alphabet) -> int:
    """Return the side the rows would have as one grid: the first row's, or their usual width.

    >>> _grid_width(["1x34", "1234", "1234", "1234"], 0, Alphabet())
    4
    """
    if len(rows) == first_width:
        return first_width
    widths = Counter(w for w in map(lambda t: row_width(t, alphabet), rows[:66]) if w)
    if not widths:
        return first_width
    width, count = widths.most_common(1)[0]
    return width if count > width // 2 else first_width


def _looks_like_grid(rows: list[str], width: int, alphabet: Alphabet) -> bool:
    """Tell whether n rows, the first of n cells, are one grid (ragged ones are read as grids).

    Beyond 3x3, n rows most of which hold n cells and none far off are a grid with a bad row, so
    the error names that row rather than every line.

    >>> _looks_like_grid(["1234", "123", "1234", "1234"], 4, Alphabet())
    True
    >>> _looks_like_grid(["1234", "1", "12", "1234"], 4, Alphabet())
    False
    """
    widths = [row_width(t, alphabet) for t in rows]
    exact = sum(1 for w in widths if w == width)
    if exact == width:
        return True
    return (
        width > 3 and exact > width // 2 and all(w is None or abs(w - width) <= 2 for w in widths)
    )


def _grid_entry(
    index: int,
    rows: list[tuple[int, str]],
    alphabet: Alphabet,
    options: ShapeOptions,
    source: str | None,
) -> Entry:
    text = "\n".join(t for _, t in rows)
    try:
        puzzle = parse_grid(rows, alphabet, options, source=source)
        if puzzle.n >= 10:
            reread = partial(_grid_with, rows, options, source)
            puzzle = meant_puzzle(puzzle, text, alphabet, reread, rows[0][0], source)
        return Entry(index, rows[0][0], text, puzzle)
    except InputError as err:
        return Entry(index, rows[0][0], text, None, err)


def _line_with(
    text: str, options: ShapeOptions, line: int, source: str | None, alphabet: Alphabet
) -> Puzzle:
    return parse_line(text, alphabet, options, line=line, source=source)


def _grid_with(
    rows: list[tuple[int, str]], options: ShapeOptions, source: str | None, alphabet: Alphabet
) -> Puzzle:
    return parse_grid(rows, alphabet, options, source=source)


def parse_puzzle(
    text: object,
    alphabet: Alphabet = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    game: str | None = None,
) -> Puzzle:
    """Parse one puzzle: a string in any format (line, grid, tokens, JSON), rows, or an array.

    Besides text it takes what a notebook holds: a list of rows of integers (0 blank), a list
    of row strings, n*n integers, a NumPy array (n x n or flat), or a Puzzle (returned as is).
    A game ID of Simon Tatham's collection (``keen:4:...``; bare with ``game`` given) is read
    with its constraints.

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
    satdoku.core.errors.InputError: expected a puzzle: a string, rows (lists of integers or \
strings), n*n integers or a NumPy array, got dict
    """
    if isinstance(text, Puzzle):
        return text
    if not isinstance(text, str):
        if game is not None:
            raise InputError(f"a {game} game ID is a string, got {type(text).__name__}")
        return _with_symbols(_puzzle_of_rows(text, alphabet, options), alphabet)
    entries = list(read_puzzles(text.splitlines(), alphabet=alphabet, options=options, game=game))
    if len(entries) != 1:
        raise InputError(f"expected one puzzle, found {len(entries)}")
    entry = entries[0]
    if entry.error is not None:
        if len(text.strip().splitlines()) == 1:  # one line: its number says nothing
            raise InputError(entry.error.message, column=entry.error.column)
        raise entry.error
    assert entry.puzzle is not None
    return _with_symbols(entry.puzzle, alphabet)


def _with_symbols(puzzle: Puzzle, alphabet: Alphabet) -> Puzzle:
    """The puzzle remembering the alphabet it was read with, when that is not the default."""
    if alphabet.symbols != Alphabet().symbols and puzzle.shape.n <= len(alphabet.symbols):
        object.__setattr__(puzzle, "symbols", alphabet.symbols)
    return puzzle


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
