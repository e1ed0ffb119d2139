"""How ``satdoku solve`` prints one outcome: its line, grid, board or record, and its message.

>>> import io
>>> from satdoku.api.batch import Outcome
>>> from satdoku.core.results import Result, Status
>>> from satdoku.io.reading import read_puzzles
>>> entry = next(read_puzzles(["1234341221434321"]))
>>> out = io.StringIO()
>>> write_outcome(out, Outcome(entry, Result(Status.UNSOLVABLE)), "line", Alphabet(), "p.txt")
0
>>> out.getvalue()
'unsolvable\\n'
"""

from __future__ import annotations

import json
from typing import TextIO

from ..api.batch import Outcome
from ..core.errors import InputError
from ..core.puzzle import Puzzle
from ..core.results import Status
from ..io.alphabet import Alphabet
from ..io.entries import Entry
from ..io.header import options_line, shape_line
from ..io.shape_options import ShapeOptions
from ..views.records import record
from .common import EXAMPLE, report_error
from .output import grid_text

__all__ = ["puzzle_alphabet", "read_with", "shape_header", "write_outcome"]


def read_with(entry: Entry, alphabet: Alphabet) -> Alphabet:
    """Return the alphabet an entry's puzzle was read with: its file's shape line may name one.

    >>> from satdoku.io.reading import read_puzzles
    >>> entry = next(read_puzzles(["# shape: latin alphabet ABCD", "AB.."]))
    >>> read_with(entry, Alphabet()).symbols
    'ABCD'
    """
    return puzzle_alphabet(entry.puzzle, alphabet)


def puzzle_alphabet(puzzle: Puzzle | None, alphabet: Alphabet) -> Alphabet:
    """Return the alphabet a puzzle was read with when it names one, else the one given.

    >>> from satdoku.io.reading import read_puzzles
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

    >>> from satdoku.io.reading import read_puzzles
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


def write_outcome(
    out: TextIO,
    outcome: Outcome,
    fmt: str,
    alphabet: Alphabet,
    source: str,
    *,
    example: bool = False,
) -> int:
    """Write one outcome in format ``fmt`` (its message, if any, on stderr); return 2 when the
    entry could not be read or was refused, else 0. ``example``: the bundled example is shown
    above its solution (pretty boards)."""
    entry, result = outcome.entry, outcome.result
    alphabet = read_with(entry, alphabet)
    status = 0
    if entry.error is not None:
        report_error(entry.error)
        status = 2
    elif result.status is Status.INVALID and result.error:  # read, but refused (size)
        report_error(InputError(result.error, source=source, line=entry.line))
        status = 2
    if fmt == "json":
        out.write(json.dumps(record(entry.index, result, alphabet, entry.line)) + "\n")
    elif result.status is not Status.SOLVED or result.solution is None:
        out.write(result.status.value + "\n")
        for text in result.extra.get("explanation", {}).get("text", []):
            out.write(f"  {text}\n")
    elif fmt in ("line", "grid"):
        assert entry.puzzle is not None
        text = grid_text(fmt, result.solution, entry.puzzle.shape, alphabet)
        out.write(("\n" if fmt == "grid" and entry.index else "") + text + "\n")
    else:
        assert entry.puzzle is not None
        shape = entry.puzzle.shape
        if entry.index:
            out.write("\n")
        if example:
            out.write(f"Puzzle ({EXAMPLE}, {shape.describe()}):\n")
            out.write(grid_text(fmt, entry.puzzle.cells, shape, alphabet))
            out.write("\n\nSolution:\n")
        out.write(grid_text(fmt, result.solution, shape, alphabet) + "\n")
    return status
