"""How a batch writes one outcome: its line, grid, board or JSON record, and its message.

>>> import io
>>> from satdoku.core._results import Result, Status
>>> from satdoku.io._reading import read_puzzles
>>> entry = next(read_puzzles(["1234341221434321"]))
>>> out = io.StringIO()
>>> write_outcome(out, Outcome(entry, Result(Status.UNSOLVABLE)), "line", Alphabet(), "p.txt")
0
>>> out.getvalue()
'unsolvable\\n'
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from ..api._batch import Outcome
from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._results import Status
from ..io._alphabet import Alphabet
from ..io._entries import Entry
from ..io._grid import format_grid, format_pretty
from ..io._header import options_line, shape_line
from ..io._line import format_line
from ..io._shape_options import ShapeOptions
from ..views._records import record

__all__ = [
    "EXAMPLE",
    "puzzle_alphabet",
    "read_with",
    "say_error",
    "shape_header",
    "write_outcome",
]

EXAMPLE = "sudoku9.txt"
"""The bundled puzzle a command uses when given no FILE."""


def say_error(err: InputError, stream: TextIO | None = None) -> None:
    """Write one line for a bad input on ``stream`` (default: standard error).

    >>> say_error(InputError("bad", source="p.txt", line=3), sys.stdout)
    satdoku: p.txt:3: bad
    """
    (stream or sys.stderr).write(f"satdoku: {err.located()}\n")


def read_with(entry: Entry, alphabet: Alphabet) -> Alphabet:
    """Return the alphabet an entry's puzzle was read with: its file's shape line may name one.

    >>> from satdoku.io._reading import read_puzzles
    >>> entry = next(read_puzzles(["# shape: latin alphabet ABCD", "AB.."]))
    >>> read_with(entry, Alphabet()).symbols
    'ABCD'
    """
    return puzzle_alphabet(entry.puzzle, alphabet)


def puzzle_alphabet(puzzle: Puzzle | None, alphabet: Alphabet) -> Alphabet:
    """Return the alphabet a puzzle was read with when it names one, else the one given.

    >>> from satdoku.io._reading import read_puzzles
    >>> entry = next(read_puzzles(["# shape: latin alphabet ABCD", "AB.."]))
    >>> puzzle_alphabet(entry.puzzle, Alphabet()).symbols
    'ABCD'
    """
    symbols = None if puzzle is None else puzzle.symbols
    if symbols is None or symbols == alphabet.symbols:
        return alphabet
    return Alphabet(symbols)


def shape_header(entry: Entry, options: ShapeOptions, alphabet: Alphabet) -> str | None:
    """Return the shape line to write above line output starting with an entry's answer (None
    when the side alone tells the shape), so that the output reads back as the same puzzles.

    >>> from satdoku.io._reading import read_puzzles
    >>> entry = next(read_puzzles(["." * 36], options=ShapeOptions(box=(3, 2))))
    >>> shape_header(entry, ShapeOptions(box=(3, 2)), Alphabet())
    '# shape: sudoku 6 box 3x2'
    """
    if entry.puzzle is None:
        try:
            return options_line(options, alphabet.symbols)
        except InputError:  # options that fit no puzzle (said with the entry's error)
            return None
    return shape_line(entry.puzzle.shape, read_with(entry, alphabet).symbols)


def _grid_text(fmt: str, cells: tuple[int, ...], puzzle: Puzzle, alphabet: Alphabet) -> str:
    if fmt == "line":
        return format_line(cells, alphabet)
    if fmt == "grid":
        return format_grid(cells, alphabet)
    return format_pretty(cells, puzzle.shape, alphabet)


def write_outcome(
    out: TextIO,
    outcome: Outcome,
    fmt: str,
    alphabet: Alphabet,
    source: str,
    *,
    example: bool = False,
    err: TextIO | None = None,
) -> int:
    """Write one outcome in format ``fmt`` (its message, if any, on ``err``, default standard
    error); return 2 when the entry could not be read or was refused, else 0. ``example``: the
    bundled example is shown above its solution (pretty boards)."""
    entry, result = outcome.entry, outcome.result
    alphabet = read_with(entry, alphabet)
    status = 0
    if entry.error is not None:
        say_error(entry.error, err)
        status = 2
    elif result.status is Status.INVALID and result.error:  # read, but refused (size)
        say_error(InputError(result.error, source=source, line=entry.line), err)
        status = 2
    if fmt == "json":
        out.write(json.dumps(record(entry.index, result, alphabet, entry.line)) + "\n")
    elif result.status is not Status.SOLVED or result.solution is None:
        out.write(result.status.value + "\n")
        for text in result.extra.get("explanation", {}).get("text", []):
            out.write(f"  {text}\n")
    elif fmt in ("line", "grid"):
        assert entry.puzzle is not None
        text = _grid_text(fmt, result.solution, entry.puzzle, alphabet)
        out.write(("\n" if fmt == "grid" and entry.index else "") + text + "\n")
    else:
        puzzle = entry.puzzle
        assert puzzle is not None
        if entry.index:
            out.write("\n")
        if example:
            out.write(f"Puzzle ({EXAMPLE}, {puzzle.shape.describe()}):\n")
            out.write(_grid_text(fmt, puzzle.cells, puzzle, alphabet))
            out.write("\n\nSolution:\n")
        out.write(_grid_text(fmt, result.solution, puzzle, alphabet) + "\n")
    return status
