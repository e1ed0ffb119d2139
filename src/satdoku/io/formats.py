"""Text formats: the line format, the grid format, tokens, JSON, and a pretty board.

Reading is streaming: :func:`read_puzzles` yields one :class:`Entry` per puzzle, holding either
the puzzle or the :class:`InputError` that explains, with line and column, why it could not be read.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property, lru_cache
from itertools import chain

from ..core.errors import InputError
from ..core.puzzle import Grid, Puzzle
from ..core.shape import MAX_SIZE, Shape

__all__ = [
    "DEFAULT_SYMBOLS",
    "Alphabet",
    "Layout",
    "ShapeOptions",
    "Entry",
    "parse_line",
    "parse_grid",
    "parse_puzzle",
    "read_puzzles",
    "format_line",
    "format_grid",
    "format_pretty",
    "format_json",
]

DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Symbols of digits 1..35: 1-9 then A-Z (case-insensitive)."""

_IGNORED = " \t|+\"',\ufeff"
_SEPARATOR_CHARS = set("-+|= \t")


@dataclass(frozen=True)
class Alphabet:
    """The symbols of digits 1..k (symbol i stands for digit i+1) and the blank symbols.

    >>> a = Alphabet("ABCD")
    >>> a.digit("c"), a.digit("."), a.symbol(4)
    (3, 0, 'D')
    >>> Alphabet("0123456789ABCDEF").digit("0")
    1
    """

    symbols: str = DEFAULT_SYMBOLS

    def __post_init__(self) -> None:
        upper = self.symbols.upper()
        if len(set(upper)) != len(upper):
            raise InputError(f"alphabet {self.symbols!r} repeats a symbol")
        clash = set(upper) & set(".?_ \t")
        if clash:
            raise InputError(f"alphabet {self.symbols!r} uses a blank symbol {sorted(clash)[0]!r}")

    @cached_property
    def table(self) -> dict[str, int]:
        """Return the map from every accepted symbol (both cases) to its digit, 0 for blanks."""
        table = {b: 0 for b in ".?_"}
        if "0" not in self.symbols:
            table["0"] = 0
        for i, s in enumerate(self.symbols):
            table[s.upper()] = i + 1
            table[s.lower()] = i + 1
        return table

    @cached_property
    def reader(self) -> bytes | None:
        """Return a ``bytes.translate`` table: ASCII symbol -> digit, blank -> 0, other -> 255.

        None when a symbol is not ASCII or digits do not fit a byte (then only the slow path).
        """
        table = self.table
        if len(self.symbols) > 254 or not all(ch.isascii() for ch in table):
            return None
        out = bytearray([255] * 256)
        for ch, d in table.items():
            out[ord(ch)] = d
        return bytes(out)

    @cached_property
    def writer(self) -> bytes | None:
        """Return a ``bytes.translate`` table digit -> symbol ('.' for 0), None if not ASCII."""
        if len(self.symbols) > 255 or not self.symbols.isascii():
            return None
        return ("." + self.symbols).encode("ascii").ljust(256, b"?")

    def digit(self, symbol: str) -> int:
        """Return the digit of a symbol (0 for a blank); raise InputError when unknown."""
        try:
            return self.table[symbol]
        except KeyError:
            raise InputError(f"unknown symbol {symbol!r}") from None

    def symbol(self, digit: int) -> str:
        """Return the symbol of a digit, '.' for 0."""
        return "." if digit == 0 else self.symbols[digit - 1]


class Layout(Enum):
    """How a text holds puzzles: decided from the text, or forced."""

    AUTO = "auto"
    LINES = "lines"
    GRID = "grid"


@dataclass(frozen=True)
class ShapeOptions:
    """Which shape to give a puzzle of side n read from text (box, Latin, diagonals, regions).

    >>> ShapeOptions().shape_for(6).box, ShapeOptions(latin=True).shape_for(9).box
    ((2, 3), None)
    """

    box: tuple[int, int] | None = None
    latin: bool = False
    diagonals: bool = False
    regions: tuple[int, ...] | None = None

    def shape_for(self, n: int) -> Shape:
        """Return the shape of a puzzle of side n under these options (one object per shape)."""
        return _shape_for(self, n)

    def _make_shape(self, n: int) -> Shape:
        if self.regions is not None:
            shape = Shape.jigsaw(self.regions, diagonals=self.diagonals)
            if shape.n != n:
                raise InputError(
                    f"the region map is for {shape.n}x{shape.n}, the puzzle is {n}x{n}"
                )
            return shape
        if self.latin:
            return Shape.latin(n, diagonals=self.diagonals)
        if self.box is not None and self.box[0] * self.box[1] != n:
            raise InputError(
                f"box {self.box[0]}x{self.box[1]} does not tile a {n}x{n} grid (needs r*c = {n})"
            )
        return Shape.sudoku(n, self.box, diagonals=self.diagonals)


@lru_cache(maxsize=64)
def _shape_for(options: ShapeOptions, n: int) -> Shape:
    # one Shape object per shape, so its houses and peers are computed once per batch
    return options._make_shape(n)


def _fast_digits(body: str, alphabet: Alphabet) -> bytes | None:
    """Return the digits of a line made of symbols and blanks only (None: use the full parser)."""
    table = alphabet.reader
    if table is None or not body.isascii():
        return None
    digits = body.encode("ascii").translate(table)
    return None if 255 in digits else digits


_BYTES = bytes(range(256))
"""The bytes 0..255: deleting the first n + 1 from digits leaves those over n."""


@dataclass(frozen=True)
class Entry:
    """One puzzle read from a text: where it was, its text, and the puzzle or the error."""

    index: int
    line: int
    text: str
    puzzle: Puzzle | None
    error: InputError | None = None

    @classmethod
    def read(cls, index: int, line: int, text: str, puzzle: Puzzle) -> Entry:
        """Return the entry of a puzzle read without error, without field-by-field setting.

        For the line reader, which makes one entry per line of a batch.

        >>> Entry.read(0, 1, "1...", parse_line("1...")) == Entry(0, 1, "1...", parse_line("1..."))
        True
        """
        entry = object.__new__(cls)
        entry.__dict__.update(index=index, line=line, text=text, puzzle=puzzle, error=None)
        return entry


def _is_tokens(text: str) -> bool:
    parts = text.split()
    return len(parts) > 1 and any(len(p) > 1 for p in parts)


def _tokens(text: str, line: int | None, source: str | None) -> list[int]:
    digits = []
    column = 0
    for part in text.split():
        column = text.index(part, column) + 1
        if part in (".", "_", "?"):
            digits.append(0)
        elif part.isdigit():
            digits.append(int(part))
        else:
            raise InputError(
                f"expected an integer or '.' in token format, got {part!r}",
                source=source,
                line=line,
                column=column,
            )
        column += len(part) - 1
    return digits


def _symbols(
    text: str, alphabet: Alphabet, line: int | None, source: str | None
) -> tuple[list[int], list[int]]:
    """Return the digits of a symbol string and the 1-based column of each."""
    table = alphabet.table
    digits: list[int] = []
    columns: list[int] = []
    for col, ch in enumerate(text, 1):
        if ch in _IGNORED:
            continue
        d = table.get(ch)
        if d is None and ch == "\ufffd":
            raise InputError(
                "bytes that are not UTF-8 text: expected a text file of puzzles",
                source=source,
                line=line,
                column=col,
            )
        if d is None:
            raise InputError(
                f"unknown symbol {ch!r}: expected one of {alphabet.symbols[:12]}"
                f"{'...' if len(alphabet.symbols) > 12 else ''} or a blank (. 0 ? _)",
                source=source,
                line=line,
                column=col,
            )
        digits.append(d)
        columns.append(col)
    return digits, columns


def _check_digits(
    digits: Sequence[int],
    columns: Sequence[int] | None,
    n: int,
    line: int | None,
    source: str | None,
    text: str | None = None,
) -> None:
    for i, d in enumerate(digits):
        if d > n:
            symbol = text[columns[i] - 1] if text is not None and columns else str(d)
            what = "" if symbol == str(d) else f" (the symbol {symbol!r})"
            raise InputError(
                f"digit {d} is more than {n}, the largest in a {n}x{n} grid{what}",
                source=source,
                line=line,
                column=columns[i] if columns else None,
            )


def parse_line(
    text: str,
    alphabet: Alphabet = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    *,
    line: int | None = None,
    source: str | None = None,
) -> Puzzle:
    """Parse one puzzle in line format (n*n symbols) or token format (n*n integers).

    >>> parse_line("1.3..4.........." ).cells[:4]
    (1, 0, 3, 0)
    >>> parse_line("12345678").n
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: expected n*n symbols for a grid of side n (16 for 4x4, ...),
    got 8
    """
    body = text.strip()
    fast = _fast_digits(body, alphabet)
    if fast:
        n = math.isqrt(len(fast))
        if n * n == len(fast) and n <= MAX_SIZE and not fast.translate(None, _BYTES[: n + 1]):
            try:
                shape = options.shape_for(n)
            except InputError as err:
                raise err.at(source=source, line=line) from None
            return Puzzle.checked_already(shape, tuple(fast))
    columns: list[int] | None = None
    whole = text.rstrip()  # columns count from the start of the line
    if _is_tokens(body):
        digits = _tokens(whole, line, source)
    else:
        digits, columns = _symbols(whole, alphabet, line, source)
    n = math.isqrt(len(digits))
    if len(digits) == 0 or n * n != len(digits):
        raise InputError(
            "expected n*n symbols for a grid of side n (16 for 4x4, 81 for 9x9), "
            f"got {len(digits)}",
            source=source,
            line=line,
        )
    if n > MAX_SIZE:
        raise InputError(f"grid side {n} is over the maximum {MAX_SIZE}", source=source, line=line)
    _check_digits(digits, columns, n, line, source, whole)
    try:
        return Puzzle(options.shape_for(n), tuple(digits))
    except InputError as err:
        raise err.at(source=source, line=line) from None


def _is_separator(text: str) -> bool:
    """Tell whether a line only draws borders (``---+---``, ``|---|---|``)."""
    stripped = text.strip()
    return bool(stripped) and set(stripped) <= _SEPARATOR_CHARS and bool(set(stripped) & set("-=+"))


def _table_cells(body: str) -> list[str] | None:
    """Return the cells of a Markdown table row (``| 2 | | 7 |``), or None when it is not one."""
    if len(body) < 3 or not (body.startswith("|") and body.endswith("|")):
        return None
    cells = [c.strip() for c in body[1:-1].split("|")]
    if len(cells) < 2 or any(len(c) > 1 and not c.isdigit() for c in cells):
        return None
    return cells


def _row(
    text: str, alphabet: Alphabet, line: int, source: str | None
) -> tuple[list[int], list[int] | None]:
    body = text.strip()
    cells = _table_cells(body)
    if cells is not None:
        return _table_row(cells, alphabet, line, source), None
    whole = text.rstrip()  # columns count from the start of the line
    if _is_tokens(body.replace("|", " ")):
        return _tokens(whole.replace("|", " "), line, source), None
    cleaned = whole.replace("-", " ")
    return _symbols(cleaned, alphabet, line, source)


def _table_row(cells: list[str], alphabet: Alphabet, line: int, source: str | None) -> list[int]:
    digits = []
    for i, cell in enumerate(cells, 1):
        if not cell:
            digits.append(0)
        elif cell.isdigit() and len(cell) > 1:
            digits.append(int(cell))
        else:
            try:
                digits.append(alphabet.digit(cell))
            except InputError as err:
                raise err.at(source=source, line=line, column=i) from None
    return digits


def _drop_table_headers(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Leave out the empty header row of a Markdown table (a blank row before ``|---|``)."""
    pending: tuple[int, str] | None = None
    for item in lines:
        if pending is None and "|" not in item[1]:  # the common case: not a table row
            yield item
            continue
        if pending is not None:
            if not _is_separator(item[1]):
                yield pending
            pending = None
        cells = _table_cells(item[1].strip())
        if cells is not None and not any(cells):
            pending = item
            continue
        yield item
    if pending is not None:
        yield pending


def parse_grid(
    rows: Sequence[tuple[int, str]],
    alphabet: Alphabet = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    *,
    source: str | None = None,
) -> Puzzle:
    """Parse a grid: one row per (line number, text); '|', '-', '+' and spaces are ignored.

    >>> rows = ["1 2 | . .", ". . | . .", "----+----", ". . | . .", ". . | . 4"]
    >>> parse_grid(list(enumerate(rows, 1))).cells[-1]
    4
    """
    parsed: list[tuple[int, list[int], list[int] | None]] = []
    for number, text in rows:
        if not text.strip() or _is_separator(text):
            continue
        digits, columns = _row(text, alphabet, number, source)
        parsed.append((number, digits, columns))
    if not parsed:
        raise InputError("no grid rows found", source=source)
    n = len(parsed)
    for number, digits, _ in parsed:
        if len(digits) != n:
            raise InputError(
                f"ragged grid: this row has {len(digits)} cells, expected {n} "
                f"(the grid has {n} rows)",
                source=source,
                line=number,
            )
    if n > MAX_SIZE:
        raise InputError(f"grid side {n} is over the maximum {MAX_SIZE}", source=source)
    texts = dict(rows)
    for number, digits, columns in parsed:
        _check_digits(digits, columns, n, number, source, texts.get(number))
    try:
        return Puzzle(options.shape_for(n), tuple(d for _, ds, _ in parsed for d in ds))
    except InputError as err:
        raise err.at(source=source) from None


def parse_puzzle(
    text: str, alphabet: Alphabet = Alphabet(), options: ShapeOptions = ShapeOptions()
) -> Puzzle:
    """Parse one puzzle from a string in any format (line, grid, tokens, JSON).

    >>> parse_puzzle('''
    ... 1 . | . .
    ... . . | 1 .
    ... ----+----
    ... . 1 | . .
    ... . . | . 1''').cells[:4]
    (1, 0, 0, 0)
    """
    entries = list(read_puzzles(text.splitlines(), alphabet=alphabet, options=options))
    if len(entries) != 1:
        raise InputError(f"expected one puzzle, found {len(entries)}")
    entry = entries[0]
    if entry.error is not None:
        if len(text.strip().splitlines()) == 1:  # one line: its number says nothing
            raise InputError(entry.error.message, column=entry.error.column)
        raise entry.error
    assert entry.puzzle is not None
    return entry.puzzle


def _json_entries(
    text: str, alphabet: Alphabet, options: ShapeOptions, source: str | None
) -> Iterator[Entry]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        yield Entry(
            0,
            err.lineno,
            text,
            None,
            InputError(
                f"invalid JSON: {err.msg}", source=source, line=err.lineno, column=err.colno
            ),
        )
        return
    except RecursionError:
        yield Entry(
            0,
            1,
            text[:80],
            None,
            InputError(
                "invalid JSON: nested too deeply (expected a list of rows)", source=source, line=1
            ),
        )
        return
    grids = (
        data
        if data and isinstance(data[0], list) and data[0] and isinstance(data[0][0], list)
        else [data]
    )
    for index, grid in enumerate(grids):
        try:
            if not isinstance(grid, list) or not all(isinstance(r, list) for r in grid):
                raise InputError("expected a JSON list of rows (lists of integers, 0 blank)")
            digits = [_json_cell(v, alphabet) for row in grid for v in row]
            rows = [len(r) for r in grid]
            n = len(grid)
            if any(r != n for r in rows):
                raise InputError(f"ragged grid: rows of lengths {sorted(set(rows))}, expected {n}")
            _check_digits(digits, None, n, None, source)
            yield Entry(index, 1, json.dumps(grid), Puzzle(options.shape_for(n), tuple(digits)))
        except InputError as err:
            yield Entry(index, 1, json.dumps(grid), None, err.at(source=source))


def _json_cell(value: object, alphabet: Alphabet) -> int:
    if isinstance(value, bool):
        raise InputError(f"expected an integer cell, got {value!r}")
    if isinstance(value, int):
        if value < 0:
            raise InputError(f"negative cell {value}")
        return value
    if value is None:
        return 0
    if isinstance(value, str) and len(value) == 1:
        return alphabet.digit(value)
    raise InputError(f"expected an integer cell, got {value!r}")


def _content(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    for number, text in lines:
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            yield number, text.rstrip("\r\n")


def read_puzzles(
    lines: Iterable[str],
    *,
    alphabet: Alphabet = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    layout: Layout = Layout.AUTO,
    source: str | None = None,
) -> Iterator[Entry]:
    """Yield one entry per puzzle of a text, streaming; bad puzzles come as entries with errors.

    A text whose content lines number exactly n, each of n symbols, is one grid; otherwise each
    line is a puzzle. Lines starting with ``#`` are comments.

    >>> [e.puzzle.n if e.puzzle else e.error.message for e in read_puzzles(["# c", "1...", "12"])]
    [2, 'expected n*n symbols for a grid of side n (16 for 4x4, 81 for 9x9), got 2']
    """
    content = _drop_table_headers(_content(enumerate(lines, 1)))
    first = next(content, None)
    if first is None:
        return
    if layout is not Layout.GRID and first[1].lstrip().startswith("["):
        text = first[1] + "\n" + "\n".join(t for _, t in content)
        yield from _json_entries(text, alphabet, options, source)
        return
    if layout is Layout.AUTO:
        head = [first]
        while _is_separator(head[-1][1]):
            item = next(content, None)
            if item is None:
                break
            head.append(item)
        width = _width(head[-1][1], alphabet)
        if width is not None and width > 1:
            rows_seen = sum(1 for _, t in head if not _is_separator(t))
            for item in content:
                head.append(item)
                if _is_separator(item[1]):
                    continue
                rows_seen += 1
                if rows_seen > width:
                    break
            rows = [t for _, t in head if not _is_separator(t)]
            if len(rows) == width and _looks_like_grid(rows, width, alphabet):
                yield _grid_entry(0, head, alphabet, options, source)
                return
        content = chain(head[1:], content)
    if layout is Layout.GRID:
        yield _grid_entry(0, [first, *content], alphabet, options, source)
        return
    for index, (number, text) in enumerate(chain([first], content)):
        try:
            yield Entry.read(
                index,
                number,
                text.strip(),
                parse_line(text, alphabet, options, line=number, source=source),
            )
        except InputError as err:
            yield Entry(index, number, text.strip(), None, err)


def _looks_like_grid(rows: list[str], width: int, alphabet: Alphabet) -> bool:
    """Tell whether n rows, the first of n cells, are one grid (ragged ones are read as grids).

    Beyond 3x3, n rows most of which hold n cells and none far off are a grid with a bad row, so
    the error names that row rather than every line.

    >>> _looks_like_grid(["1234", "123", "1234", "1234"], 4, Alphabet())
    True
    >>> _looks_like_grid(["1234", "1", "12", "1234"], 4, Alphabet())
    False
    """
    widths = [_width(t, alphabet) for t in rows]
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
        return Entry(index, rows[0][0], text, parse_grid(rows, alphabet, options, source=source))
    except InputError as err:
        return Entry(index, rows[0][0], text, None, err)


def _width(text: str, alphabet: Alphabet) -> int | None:
    """Return how many cells a row text holds, or None when it is not a row."""
    if _is_separator(text):
        return None
    try:
        digits, _ = _row(text, alphabet, 0, None)
    except InputError:
        return None
    return len(digits)


def format_line(cells: Sequence[int], alphabet: Alphabet = Alphabet()) -> str:
    """Write a grid in line format, or in token format when its digits outgrow the alphabet.

    >>> format_line((1, 0, 0, 2))
    '1..2'
    """
    n = math.isqrt(len(cells))
    if n > len(alphabet.symbols):
        return " ".join(str(d) for d in cells)
    writer = alphabet.writer
    if writer is not None and n < 256:
        return bytes(cells).translate(writer).decode("ascii")
    symbols = "." + alphabet.symbols
    return "".join([symbols[d] for d in cells])


def format_grid(cells: Sequence[int], alphabet: Alphabet = Alphabet()) -> str:
    """Write a grid with one row per line.

    >>> print(format_grid((1, 0, 0, 2)))
    1.
    .2
    """
    n = math.isqrt(len(cells))
    if n > len(alphabet.symbols):
        width = len(str(n))
        return "\n".join(
            " ".join(str(d).rjust(width) for d in cells[r * n : (r + 1) * n]) for r in range(n)
        )
    line = format_line(cells, alphabet)
    return "\n".join(line[r * n : (r + 1) * n] for r in range(n))


def format_pretty(
    cells: Sequence[int],
    shape: Shape,
    alphabet: Alphabet = Alphabet(),
    mark: Callable[[int, str], str] | None = None,
) -> str:
    """Draw a board for terminals, with box borders ('|' and '-'); ``mark`` can decorate cells.

    >>> print(format_pretty((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1), Shape.sudoku(4)))
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    2 1 | 4 3
    4 3 | 2 1
    """
    n = shape.n
    br, bc = shape.box if shape.box is not None else (n, n)
    tokens = n > len(alphabet.symbols)
    width = len(str(n)) if tokens else 1

    def sym(d: int) -> str:
        text = (str(d) if d else ".") if tokens else alphabet.symbol(d)
        return text.rjust(width)

    lines = []
    for r in range(n):
        if r and r % br == 0:
            segment = "-" * (bc * (width + 1) - 1)
            lines.append("-+-".join([segment] * (n // bc)))
        parts = []
        for c in range(n):
            if c and c % bc == 0:
                parts.append("|")
            text = sym(cells[r * n + c])
            parts.append(mark(r * n + c, text) if mark else text)
        lines.append(" ".join(parts))
    return "\n".join(lines)


def format_json(cells: Sequence[int]) -> list[list[int]]:
    """Return a grid as a JSON-able list of rows.

    >>> format_json((1, 0, 0, 2))
    [[1, 0], [0, 2]]
    """
    n = math.isqrt(len(cells))
    return [list(cells[r * n : (r + 1) * n]) for r in range(n)]


def grid_of(text: str) -> Grid:
    """Parse a line-format string into a grid (a shortcut for tests and examples).

    >>> grid_of("1..2")
    (1, 0, 0, 2)
    """
    return parse_line(text).cells
