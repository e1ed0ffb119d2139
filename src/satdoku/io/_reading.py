"""Reading texts of puzzles: one per line, one grid, or JSON (:mod:`._json_objects`), streamed.

Reading is streaming: :func:`read_puzzles` yields one :class:`~satdoku.io._entries.Entry` per
puzzle,
holding either the puzzle or the :class:`~satdoku.core._errors.InputError` that explains, with line
and column, why it could not be read. The layout (lines or one grid) is decided from the text unless
it is forced with a :class:`FileLayout`.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from enum import Enum
from functools import partial
from itertools import chain

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ._alphabet import DEFAULT_SYMBOLS, Alphabet, alphabet_of
from ._entries import Entry
from ._grid import drop_table_headers, is_separator, parse_grid, row_width
from ._header import split_header
from ._json_rows import racket_to_json, read_json
from ._line import parse_line
from ._puzzle_source import source_lines
from ._shape_options import ShapeOptions
from ._zeros import meant_puzzle
from .fpuzzles._links import looks_like_fpuzzles
from .killer_text import killer_form_of
from .sudokupad._links import looks_like_sudokupad
from .tatham import checked_game, looks_like_game_id

__all__ = ["FileLayout", "content_lines", "fixes_side", "read_puzzles", "with_symbols"]


class FileLayout(Enum):
    """How a text holds its puzzles: decided from the text, one per line, or one grid.

    >>> FileLayout("grid")
    <FileLayout.GRID: 'grid'>
    """

    AUTO = "auto"
    LINES = "lines"
    GRID = "grid"


def content_lines(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Yield the numbered lines that hold something: no blank line, no ``#`` comment, no
    byte-order mark on line 1, no line end.

    >>> list(content_lines(enumerate(["\\ufeff# shape: latin", "", "12\\r\\n"], 1)))
    [(3, '12')]
    """
    for number, text in lines:
        if number == 1:
            text = text.lstrip("\ufeff")  # a UTF-8 byte-order mark, whatever the format
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            yield number, text.rstrip("\r\n")


def read_puzzles(
    lines: Iterable[str] | str | os.PathLike[str],
    *,
    alphabet: Alphabet | str = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    layout: FileLayout = FileLayout.AUTO,
    source: str | None = None,
    game: str | None = None,
    first_line: int = 1,
) -> Iterator[Entry]:
    """Yield one entry per puzzle of a text, streaming; bad puzzles come as entries with errors.

    ``lines`` are lines, a text, or a file: a ``Path`` (or a string of one line that names a file
    and is no puzzle; see :mod:`satdoku.io._puzzle_source`). ``alphabet`` is an Alphabet or its
    symbols.

    A text whose content lines number exactly n, each of n symbols, is one grid; otherwise each
    line is a puzzle. Lines starting with ``#`` are comments; a shape line among those above the
    first puzzle (``# shape: sudoku 6 box 3x2``, see :mod:`satdoku.io._header`) gives the puzzles
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
    alphabet = alphabet_of(alphabet)
    if game is not None:
        game = checked_game(game)
        if layout is FileLayout.GRID:
            raise InputError("game IDs are read one per line, not as one grid", source=source)
    if isinstance(lines, (str, os.PathLike)):
        read = partial(_is_puzzle_line, alphabet=alphabet, options=options, game=game)
        lines, named = source_lines(lines, read)
        source = source if source is not None else named
    lines, header = split_header(lines, source)
    side = None
    if header is not None:
        options, alphabet = header.applied(options, alphabet, source)
        side = header.side
    entries = _read(lines, alphabet, options, layout, source, game, first_line)
    if alphabet.symbols == DEFAULT_SYMBOLS and side is None:
        return entries
    return (_covered(entry, alphabet, side, source) for entry in entries)


def _is_puzzle_line(
    text: str, *, alphabet: Alphabet, options: ShapeOptions, game: str | None
) -> bool:
    """Tell whether one line of text reads as a puzzle."""
    entries = list(_read([text], alphabet, options, FileLayout.LINES, None, game))
    return len(entries) == 1 and entries[0].error is None


_REFUSED_AFTER_READING = ("this puzzle is ", "the alphabet ")
"""How messages of :func:`_covered` start: the line was read (its side taken), then refused."""


def fixes_side(entry: Entry) -> bool:
    """Tell whether a file's reader takes the side of its puzzle lines from this entry (the first
    that does fixes it): a line read as a puzzle, even if its alphabet or the file's shape line
    refuses it after, that is not a game ID or an f-puzzles link (those say their own size).

    >>> [fixes_side(e) for e in read_puzzles(["12", "keen:3:a3_ac,a3m6a9", "1..."])]
    [False, False, True]
    """
    if entry.puzzle is None:
        return entry.error is not None and entry.error.message.startswith(_REFUSED_AFTER_READING)
    return not (looks_like_game_id(entry.text) or looks_like_fpuzzles(entry.text))


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
        return Entry(entry.index, entry.line, entry.text, with_symbols(puzzle, alphabet))
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
    content = drop_table_headers(content_lines(enumerate(lines, first_line)))
    first = next(content, None)
    if first is None:
        return
    if layout is not FileLayout.GRID and first[1].lstrip()[:1] == "{":
        from ._json_objects import read_objects  # lazy: start-up (f-puzzles, variant files)

        yield from read_objects([first, *content], source, options)
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
            if (
                game is not None
                or looks_like_game_id(text)
                or looks_like_fpuzzles(text)
                or looks_like_sudokupad(text)
            ):
                yield Entry(index, number, text.strip(), puzzle)  # it says its own size
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
    satdoku.core._errors.InputError: 1: this line has box borders ('|') but its 9 cells make a 3x3 \
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


def with_symbols(puzzle: Puzzle, alphabet: Alphabet) -> Puzzle:
    """Return the puzzle remembering the alphabet it was read with, when that is not the default.

    >>> with_symbols(Puzzle.from_rows([[1, 0], [0, 1]]), Alphabet("AB")).symbols
    'AB'
    """
    if alphabet.symbols != Alphabet().symbols and puzzle.shape.n <= len(alphabet.symbols):
        object.__setattr__(puzzle, "symbols", alphabet.symbols)
    return puzzle
