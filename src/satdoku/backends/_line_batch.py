"""The batch path in C: a block of whole lines of a puzzle file solved and written in one call.

``Engine.solve_lines`` (``_engine/batch.c``) reads the lines of a block as ``satdoku solve``
does, solves each puzzle line with the compiled engine, checks every solution with its own
independent checker (``_engine/check.c``) and writes the output lines; it stops at the first line
it is not sure of and hands it back. :func:`run_block` goes through a block that way and returns
its :data:`Segment` s in order: the output of the lines C took (:class:`Taken`), each line handed
back (:class:`Back`, for the Python reader), and a solution the checker refused
(:class:`Refused`, a bug). It stops before a *hard* line (a ``|``, a NUL byte, an overlong line:
the reader's look-ahead or its errors), which the caller reads in Python.

>>> from satdoku.io._alphabet import Alphabet
>>> from satdoku.core._shape import Shape
>>> from satdoku.backends._compiled import engine_for
>>> engine, spec = engine_for(Shape.sudoku(4)), line_spec(Shape.sudoku(4), Alphabet())
>>> engine is None or run_block(engine, spec, b"12..............\\n1x\\n", 0, 1, 0)[0] == [
...     Taken(b"1234341221434321\\n", 1, 1), Back(b"1x\\n", 1)]
True
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from ..core._shape import Shape
from ..io._alphabet import Alphabet
from ._compiled import GUESS_BUDGET

__all__ = [
    "JSON",
    "ZERO_BACK",
    "TAMPER",
    "CHECK_PAIRS",
    "LineEngine",
    "LineSpec",
    "Taken",
    "Back",
    "Refused",
    "Segment",
    "line_spec",
    "run_block",
    "is_hard",
    "makes_entry",
]

JSON = 1
"""Flag: write the JSON records of ``satdoku solve --json``, not solution lines."""
ZERO_BACK = 2
"""Flag: hand back every line holding ``0`` (the reader asks whether 0 is a blank, n >= 10)."""
TAMPER = 4
"""Test hook: change one digit of every solution before the check (the checker must refuse)."""
CHECK_PAIRS = 8
"""Test hook: lines come in pairs (givens, grid) and C writes its checker's verdict, 1 or 0."""

STOP_END, STOP_BACK, STOP_REFUSED = 0, 1, 2


class LineEngine(Protocol):
    """The compiled engine's batch entry point (``_native.Engine.solve_lines``)."""

    def solve_lines(
        self,
        data: bytes,
        start: int,
        reader: bytes,
        writer: bytes,
        box_rows: int,
        box_cols: int,
        limit: int,
        flags: int,
        line: int,
        index: int,
    ) -> tuple[bytes, int, int, int, int, bytes | None]:
        """Solve lines from ``start``; return (output, stop offset, lines, puzzles, stop, refused
        digits)."""
        ...


class LineSpec(NamedTuple):
    """How C reads and writes the lines of one shape: symbol tables, boxes, flags.

    >>> line_spec(Shape.sudoku(6), Alphabet())[2:4], line_spec(Shape.latin(5), Alphabet())[2:4]
    ((2, 3), (0, 0))
    """

    reader: bytes
    writer: bytes
    box_rows: int
    box_cols: int
    flags: int
    limit: int = GUESS_BUDGET


class Taken(NamedTuple):
    """The output of lines C took: ``lines`` lines read, ``puzzles`` of them puzzles."""

    output: bytes
    lines: int
    puzzles: int


class Back(NamedTuple):
    """One line handed back to the Python reader; ``entries`` is 1 when it reads it as a puzzle
    (valid or not), 0 for a blank line or a comment."""

    raw: bytes
    entries: int


class Refused(NamedTuple):
    """A solution the independent checker refused (its digits): a bug, never printed."""

    digits: bytes


Segment = Taken | Back | Refused


def line_spec(
    shape: Shape, alphabet: Alphabet, json: bool = False, *, flags: int = 0
) -> LineSpec | None:
    """Return the C reading of one shape's lines, or None when C cannot read them exactly.

    >>> line_spec(Shape.sudoku(9, diagonals=True), Alphabet()) is None
    True
    """
    reader, writer = alphabet.reader, alphabet.writer
    n = shape.n
    if shape.diagonals or shape.regions is not None or reader is None or writer is None:
        return None
    if not 4 <= n <= min(64, len(alphabet.symbols)):
        return None
    if json and any(c in '"\\' or not c.isprintable() for c in alphabet.symbols[:n]):
        return None  # json.dumps would escape them
    box_rows, box_cols = shape.box if shape.box is not None else (0, 0)
    if n >= 10 and alphabet.zero_is_guessed:
        flags |= ZERO_BACK
    return LineSpec(reader, writer[: n + 1], box_rows, box_cols, flags | (JSON if json else 0))


def is_hard(raw: bytes, longest: int) -> bool:
    """Tell whether a line must be read in Python with what follows it (a ``|`` row the reader
    looks ahead from, NUL bytes, or a line over ``longest`` bytes).

    >>> is_hard(b"| | |\\n", 100), is_hard(b"12\\n", 100)
    (True, False)
    """
    return b"|" in raw or b"\0" in raw or len(raw) > longest


def makes_entry(raw: bytes) -> int:
    """Return 1 when the reader makes an entry of a line (not line 1), 0 for blanks and comments.

    >>> makes_entry(b"  # x\\n"), makes_entry(b"\\xc2\\xa0\\n"), makes_entry(b"1x\\n")
    (0, 0, 1)
    """
    stripped = raw.decode("utf-8", errors="replace").strip()
    return int(bool(stripped) and not stripped.startswith("#"))


def run_block(
    engine: LineEngine,
    spec: LineSpec,
    block: bytes,
    start: int,
    line: int,
    index: int,
    longest: int = 2 * 2**20,
) -> tuple[list[Segment], int]:
    """Go through a block from ``start`` (line number ``line``, puzzle number ``index``); return
    its segments and where it stopped: the end, a hard line, or a refused solution's line."""
    segments: list[Segment] = []
    solve_lines, size = engine.solve_lines, len(block)
    reader, writer, rows, cols, flags, limit = spec
    pos = start
    while pos < size:
        output, pos, lines, puzzles, stop, refused = solve_lines(
            block, pos, reader, writer, rows, cols, limit, flags, line, index
        )
        if lines:
            segments.append(Taken(output, lines, puzzles))
            line += lines
            index += puzzles
        if stop == STOP_END:
            break
        if stop == STOP_REFUSED:
            assert refused is not None
            segments.append(Refused(refused))
            break
        end = block.find(b"\n", pos) + 1 or size
        raw = block[pos:end]
        if is_hard(raw, longest):
            break
        entries = makes_entry(raw)
        segments.append(Back(raw, entries))
        line += 1
        index += entries
        pos = end
    return segments, pos
