"""The JSON format: a grid as a list of rows (integers, 0 or null blank; or strings of symbols),
or a list of grids; Racket lists of strings are read as the same JSON."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Sequence

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ._alphabet import Alphabet
from ._entries import Entry
from ._shape_options import ShapeOptions
from ._symbols import check_digits
from ._zeros import meant_puzzle

__all__ = ["format_json", "racket_to_json", "read_json"]


def read_json(
    text: str,
    alphabet: Alphabet = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    source: str | None = None,
) -> Iterator[Entry]:
    """Yield one entry per grid of a JSON text (a list of rows, or a list of such lists).

    >>> [e.puzzle.cells for e in read_json("[[1, 0], [0, null]]")]
    [(1, 0, 0, 0)]
    >>> ragged, good = read_json("[[[1, 0], [0]], [[0, 0], [0, 0]]]")
    >>> ragged.error.message, good.puzzle.n
    ('ragged grid: rows of lengths [1, 2], expected 2', 2)
    """
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
    except ValueError as err:  # an integer of more digits than Python converts (4,300)
        yield Entry(
            0,
            1,
            text[:80],
            None,
            InputError(f"invalid JSON: {str(err).split(':')[0]}", source=source, line=1),
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
    several = (
        isinstance(data, list)
        and data
        and isinstance(data[0], list)
        and data[0]
        and (isinstance(data[0][0], list) or (isinstance(data[0][0], str) and len(data[0][0]) > 1))
    )
    grids = data if several else [data]
    for index, grid in enumerate(grids):
        try:
            if isinstance(grid, list) and grid and all(isinstance(r, str) for r in grid):
                puzzle = _puzzle_of_strings(grid, alphabet, options, source)
                grid = [list(r) for r in grid]  # rows written as strings of symbols
            else:
                puzzle = _puzzle_of_rows(grid, alphabet, options, source)
            yield Entry(index, 1, json.dumps(grid), puzzle)
        except InputError as err:
            yield Entry(index, 1, json.dumps(grid), None, err.at(source=source))


def _puzzle_of_strings(
    rows: list[str], alphabet: Alphabet, options: ShapeOptions, source: str | None
) -> Puzzle:
    """Return the puzzle of rows written as strings of symbols, its ``0`` read as lines' are."""
    cells = [list(r) for r in rows]
    puzzle = _puzzle_of_rows(cells, alphabet, options, source)
    if puzzle.n < 10:
        return puzzle
    return meant_puzzle(
        puzzle,
        "\n".join(rows),
        alphabet,
        lambda other: _puzzle_of_rows(cells, other, options, source),
        source=source,
    )


def _puzzle_of_rows(
    grid: object, alphabet: Alphabet, options: ShapeOptions, source: str | None
) -> Puzzle:
    """Return the puzzle of a JSON list of rows (lists of integers, null or symbols)."""
    if not isinstance(grid, list) or not all(isinstance(r, list) for r in grid):
        raise InputError(
            "expected a JSON list of rows (lists of integers, 0 blank, or strings of symbols)"
        )
    digits = [_json_cell(v, alphabet) for row in grid for v in row]
    rows = [len(r) for r in grid]
    n = len(grid)
    if any(r != n for r in rows):
        raise InputError(f"ragged grid: rows of lengths {sorted(set(rows))}, expected {n}")
    check_digits(digits, None, n, None, source)
    return Puzzle(options.shape_for(n), tuple(digits))


_RACKET_TOKEN = re.compile(r"""\s+|'|\(|\)|"(?:[^"\\]|\\.)*"|[^\s()"']+""")


def racket_to_json(text: str) -> str:
    """Rewrite a Racket (Lisp) list of strings as the same JSON list.

    >>> racket_to_json(''''("??3?" "?3??")''')
    '["??3?", "?3??"]'
    >>> racket_to_json("'((\\"1.\\" \\"..\\") (\\"..\\" \\".1\\"))")
    '[["1.", ".."], ["..", ".1"]]'
    """
    parts: list[str] = []
    for match in _RACKET_TOKEN.finditer(text):
        token = match.group()
        if token.isspace() or token == "'":
            continue
        if parts and parts[-1] not in ("[",) and token != ")":
            parts.append(", ")
        if token == "(":
            parts.append("[")
        elif token == ")":
            parts.append("]")
        elif token.startswith('"'):
            parts.append(token)
        else:  # a symbol or number of Racket's own: left as it is, for JSON to refuse
            parts.append(token)
    return "".join(parts)


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


def format_json(cells: Sequence[int]) -> list[list[int]]:
    """Return a grid as a JSON-able list of rows.

    >>> format_json((1, 0, 0, 2))
    [[1, 0], [0, 2]]
    """
    n = math.isqrt(len(cells))
    return [list(cells[r * n : (r + 1) * n]) for r in range(n)]
