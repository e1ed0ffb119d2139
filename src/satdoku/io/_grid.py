"""The grid format: one row per line, as plain rows, Markdown tables or printed boards.

Rows are symbol strings or tokens; borders ('|', '-', '+') and separator lines are ignored, so a
board printed by :func:`format_pretty` reads back as the same puzzle.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._shape import MAX_SIZE, Shape
from ._alphabet import Alphabet, alphabet_of
from ._line import format_line
from ._shape_options import ShapeOptions
from ._symbols import check_digits, read_symbols
from ._tokens import looks_like_tokens, parse_tokens

__all__ = [
    "drop_table_headers",
    "format_grid",
    "format_pretty",
    "is_separator",
    "parse_grid",
    "row_width",
]

_SEPARATOR_CHARS = set("-+|= \t*.:'")


def is_separator(text: str) -> bool:
    """Tell whether a line only draws borders (``---+---``, ``|---|---|``, ``*-----*``).

    Simple Sudoku frames its boards with ``*-----------*``, HoDoKu with ``.-------.`` and
    ``:-------+``: lines of border characters with a dash, '=' or '+' in them.

    >>> is_separator("----+----"), is_separator("|---|---|"), is_separator("1 2 | 3 4")
    (True, True, False)
    >>> is_separator("*-----------*"), is_separator(".-------.-------."), is_separator("....")
    (True, True, False)
    """
    stripped = text.strip()
    return bool(stripped) and set(stripped) <= _SEPARATOR_CHARS and bool(set(stripped) & set("-=+"))


def _table_cells(body: str) -> list[str] | None:
    """Return the cells of a Markdown table row (``| 2 | | 7 |``), or None when it is not one."""
    if len(body) < 3 or not (body.startswith("|") and body.endswith("|")):
        return None
    cells = [c.strip() for c in body[1:-1].split("|")]
    if len(cells) < 2 or any(len(c) > 1 and not (c.isascii() and c.isdigit()) for c in cells):
        return None
    if " " not in body and any(len(c) > 1 for c in cells):
        return None  # '|179|005|842|': a board's row of boxes (Simple Sudoku), not a table
    return cells


def _table_row(cells: list[str], alphabet: Alphabet, line: int, source: str | None) -> list[int]:
    digits = []
    for i, cell in enumerate(cells, 1):
        if not cell:
            digits.append(0)
        elif cell.isascii() and cell.isdigit() and 1 < len(cell) <= 9:
            digits.append(int(cell))
        else:
            try:
                digits.append(alphabet.digit(cell))
            except InputError as err:
                raise err.at(source=source, line=line, column=i) from None
    return digits


def _row(
    text: str, alphabet: Alphabet, line: int, source: str | None
) -> tuple[list[int], list[int] | None]:
    """Return the digits of a grid row and, for symbol strings, the column of each."""
    body = text.strip()
    cells = _table_cells(body)
    if cells is not None:
        return _table_row(cells, alphabet, line, source), None
    whole = text.rstrip()  # columns count from the start of the line
    unboxed = body.replace("|", " ")
    boxes = [b.strip() for b in body.split("|")]
    if looks_like_tokens(unboxed) and ("|" not in body or any(" " in b for b in boxes)):
        # '|4..|...|8.5|' and '|179|005|842|' (Simple Sudoku, HoDoKu) are symbols in boxes
        return parse_tokens(whole.replace("|", " "), line, source), None
    cleaned = whole.replace("-", " ")
    return read_symbols(cleaned, alphabet, line, source)


def row_width(text: str, alphabet: Alphabet) -> int | None:
    """Return how many cells a row text holds, or None when it is not a row.

    >>> row_width("1 2 | . 4", Alphabet()), row_width("| 10 | | 3 |", Alphabet())
    (4, 3)
    >>> row_width("|4..|...|8.5|", Alphabet())
    9
    >>> row_width("----+----", Alphabet()), row_width("1!", Alphabet())
    (None, None)
    """
    if is_separator(text):
        return None
    try:
        digits, _ = _row(text, alphabet, 0, None)
    except InputError:
        return None
    return len(digits)


def drop_table_headers(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Leave out the empty header row of a Markdown table (a blank row before ``|---|``).

    >>> list(drop_table_headers(iter([(1, "| | |"), (2, "|---|---|"), (3, "| 1 | 2 |")])))
    [(2, '|---|---|'), (3, '| 1 | 2 |')]
    """
    pending: tuple[int, str] | None = None
    for item in lines:
        if pending is None and "|" not in item[1]:  # the common case: not a table row
            yield item
            continue
        if pending is not None:
            if not is_separator(item[1]):
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
    alphabet: Alphabet | str = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    *,
    source: str | None = None,
) -> Puzzle:
    """Parse a grid: one row per (line number, text); '|', '-', '+' and spaces are ignored.

    >>> rows = ["1 2 | . .", ". . | . .", "----+----", ". . | . .", ". . | . 4"]
    >>> parse_grid(list(enumerate(rows, 1))).cells[-1]
    4
    """
    alphabet = alphabet_of(alphabet)
    parsed: list[tuple[int, list[int], list[int] | None]] = []
    for number, text in rows:
        if not text.strip() or is_separator(text):
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
        check_digits(digits, columns, n, number, source, texts.get(number))
    try:
        return Puzzle(options.shape_for(n), tuple(d for _, ds, _ in parsed for d in ds))
    except InputError as err:
        raise err.at(source=source) from None


def format_grid(cells: Sequence[int], alphabet: Alphabet | str = Alphabet()) -> str:
    """Write a grid with one row per line.

    >>> print(format_grid((1, 0, 0, 2)))
    1.
    .2
    """
    alphabet = alphabet_of(alphabet)
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
    alphabet: Alphabet | str = Alphabet(),
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
    alphabet = alphabet_of(alphabet)
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
