"""A batch run: a stream of puzzle lines read, solved and written in order, blocks of lines in C.

The reader of :mod:`satdoku.io._reading` reads the head of the input as it always does and decides
how the input holds its puzzles. Once it reads one puzzle per line and has used every line it
read, the rest of the input goes in blocks of whole lines to ``Engine.solve_lines``
(:mod:`satdoku.backends._line_batch`), which writes the output of the lines it is sure of. Each
line it hands back goes to that same reader, whose line numbers the lines C took keep as blank
lines, so a message, a record and an exit status are those of the reader's path, byte for byte.
``SATDOKU_LINE_BATCH=0`` turns the C path off.

A run may be a part of a bigger input (a chunk of a file on a Dask worker): its :class:`Start`
says the number of its first line and puzzle, and the lines read *behind* it (the file's shape
line and first puzzle), which put the reader in the state the whole input had put it in and are
neither solved nor written.
"""

from __future__ import annotations

import io
import os
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import partial
from itertools import chain, repeat
from typing import IO, TextIO, cast

from ..api._batch import Outcome, solve_entries
from ..api._line_batch import solved_blocks
from ..backends import _compiled as native
from ..backends import _stop_flag as stop_flag
from ..backends._compiled import engine_for
from ..backends._line_batch import (
    Back,
    LineEngine,
    LineSpec,
    Refused,
    Segment,
    Taken,
    line_spec,
    run_block,
)
from ..backends._registry import Backend
from ..core._errors import InternalError
from ..core._results import Result, Status
from ..core._shape import Shape
from ..io._entries import Entry
from ..io._line_blocks import line_blocks
from ..io._reading import FileLayout
from ._line_reading import LineReading
from ._outcome_text import read_with, shape_header, write_outcome
from ._solve_options import SolveOptions
from ._text_input import MAX_LINE_BYTES, nonempty_entries, read_bytes, text_lines

__all__ = ["SWITCH", "Batch", "Start", "solve_stream"]

SWITCH = "SATDOKU_LINE_BATCH"
"""Environment variable: ``0`` turns the C path off (every line read and solved in Python)."""

LONGEST = MAX_LINE_BYTES + 1
"""Bytes of a line read before it is cut (as many as the line reader reads)."""

_BLANKS = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
"""ASCII bytes that ``str.strip`` takes for whitespace."""


@dataclass(frozen=True)
class Batch:
    """What a batch does: how it reads and solves, its output format (line, grid, json or
    pretty), whether it explains unsolvable puzzles, its worker processes, and whether the
    input is the bundled example (shown above its solution as a pretty board).

    >>> Batch().lines_in_c == native.AVAILABLE and os.environ.get(SWITCH, "1") != "0"
    True
    >>> Batch(fmt="pretty").lines_in_c
    False
    """

    reading: LineReading = LineReading()
    options: SolveOptions = SolveOptions()
    fmt: str = "line"
    explain: bool = False
    jobs: int = 1
    example: bool = False

    @property
    def lines_in_c(self) -> bool:
        """Tell whether blocks of lines may go to the compiled engine (plain line or JSON output
        of Sudoku lines, the engine built and wanted)."""
        shape = self.reading.shape
        return (
            os.environ.get(SWITCH, "1") != "0"
            and self.fmt in ("line", "json")
            and not self.explain
            and self.options.compiled_first
            and self.reading.layout is not FileLayout.GRID
            and self.reading.input_format is None
            and not shape.diagonals
            and not shape.regions
            and native.AVAILABLE
        )


@dataclass(frozen=True)
class Start:
    """Where a run's input starts in the whole input: its first line's and first puzzle's
    numbers, and the text read before it (lines the reader learns from, not solved: the whole
    input's shape line and first puzzle line, each ending its line).

    >>> Start(501, 500, "1...\\n").reader_line
    500
    """

    first_line: int = 1
    first_index: int = 0
    behind: str = ""

    @property
    def reader_line(self) -> int:
        """The number the reader gives the first line it reads (a line behind, if any)."""
        return self.first_line - self.behind.count("\n")


def solve_stream(
    batch: Batch,
    stream: IO[bytes],
    out: TextIO,
    err: TextIO | None = None,
    *,
    start: Start = Start(),
    tick: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> int:
    """Solve the puzzles of a byte stream and write one answer per puzzle on ``out``, in order
    (messages on ``err``, default standard error); return 2 when one could not be read, else 0.

    A whole input without any puzzle, or one that is not text, raises
    :class:`~satdoku.core._errors.InputError` (after the answers written before it). ``tick``
    is told how many puzzles were solved, as they are; ``backend`` (default: one made from
    the options, closed at the end) solves what C does not.

    >>> out = io.StringIO()
    >>> lines = io.BytesIO(b"1" + b"." * 15 + b"\\n12\\n")
    >>> solve_stream(Batch(fmt="json"), lines, out, io.StringIO())
    2
    >>> print(out.getvalue(), end="")
    {"index": 0, "status": "solved", "solution": "1234341221434321", "line": 1}
    {"index": 1, "status": "invalid", "error": "<stdin>:2: expected n*n ...", "line": 2}
    """
    if backend is not None:
        return _Run(batch, out, err, start, tick, backend).run(stream)
    factory = batch.options.backend_maker(batch.jobs)
    with factory() as made:
        return _Run(batch, out, err, start, tick, made, factory).run(stream)


class _Run:
    """One run: the reader over the input's head and handed-back lines, C over the rest."""

    def __init__(
        self,
        batch: Batch,
        out: TextIO,
        err: TextIO | None,
        start: Start,
        tick: Callable[[int], None] | None,
        backend: Backend,
        factory: Callable[[], Backend] | None = None,
    ) -> None:
        self.batch = batch
        self.reading = batch.reading
        self.alphabet = batch.reading.alphabet
        self.json = batch.fmt == "json"
        self.compiled = batch.lines_in_c
        self.jobs = 1 if self.json else batch.jobs  # C's workers write lines, not records
        self.out = out
        self.err = err
        self.start = start
        self.tick = tick
        self.backend = backend
        self.factory = factory
        self.status = 0
        self.index = start.first_index  # the number of the next puzzle (entry)
        self.line = start.reader_line - 1  # lines given to the reader, C's counted as blank ones
        self.blanks = 0  # lines C took that the reader has not been given yet
        self.engaged: tuple[Shape, LineSpec] | None = None
        self.shape: Shape | None = None  # the shape of the first puzzle read
        self.queue: deque[Taken] = deque()
        self.explained: Callable[[Result], Result] | None = None

    def run(self, stream: IO[bytes]) -> int:
        """Read, solve and write everything; return the exit status (0, or 2 when a puzzle
        could not be read)."""
        source = self.reading.source
        entries = self.reading.entries(self._lines(stream), self.start.reader_line)
        if self.start.reader_line == 1:  # the whole input: one without puzzles is refused
            entries = nonempty_entries(entries, source)
        if self.compiled:
            outcomes = solve_entries(self._numbered(entries), self.backend)
        else:
            outcomes = solve_entries(
                self._numbered(entries), self.backend, jobs=self.batch.jobs, factory=self.factory
            )
        with ExitStack() as stack:
            if self.batch.explain:
                self.explained = stack.enter_context(_explainer(self.batch))
            try:
                for outcome in outcomes:
                    if self.tick is not None:
                        self.tick(1)
                    self._write(outcome)
                    stop_flag.check()
            finally:
                self._flush()  # what C solved before a stop, each record once
        return self.status

    # --- the reader's side ---------------------------------------------------------------------

    def _numbered(self, entries: Iterator[Entry]) -> Iterator[Entry]:
        """The reader's entries, numbered among the puzzles C took, after C's output before them
        (an entry behind the run is only learnt from)."""
        first_line = self.start.first_line
        for entry in entries:
            self._flush()
            if entry.line >= first_line:
                if entry.index != self.index:
                    entry = Entry(self.index, entry.line, entry.text, entry.puzzle, entry.error)
                self.index += 1
                yield entry
            if self.engaged is None and self.compiled:
                self._engage(entry)

    def _engage(self, entry: Entry) -> None:
        """Hand the rest of the input to C once the reader reads lines and used all it read."""
        if self.shape is None and entry.puzzle is not None:
            self.shape = entry.puzzle.shape
        if self.shape is None or entry.line != self.line or "\n" in entry.text:
            return
        if read_with(entry, self.alphabet) is not self.alphabet:
            return  # read with the alphabet of the file's shape line: the reader reads it all
        spec = line_spec(self.shape, self.alphabet, self.json)
        if spec is not None and engine_for(self.shape) is not None:
            self.engaged = (self.shape, spec)

    def _lines(self, stream: IO[bytes]) -> Iterator[str]:
        """The lines the reader reads: all of them until C takes over, then those handed back
        (a blank line for each line C took before them)."""
        behind = self.start.behind.splitlines(keepends=True)
        for text in chain(behind, text_lines(stream, self.reading.source)):
            self.line += 1
            yield text
            if self.engaged is not None:
                break
        else:
            return
        yield from self._blocks(stream)

    def _blocks(self, stream: IO[bytes]) -> Iterator[str]:
        assert self.engaged is not None
        shape, spec = self.engaged
        engine = cast(LineEngine, engine_for(shape))  # the compiled Engine has solve_lines
        assert engine is not None
        read = partial(read_bytes, stream.read, self.reading.source)
        lookahead = False  # the reader may hold a '|' line back: lines go to it one by one
        for solved in solved_blocks(line_blocks(read, LONGEST), shape, spec, self.jobs, LONGEST):
            stop_flag.check()  # a stop signal is acted on between two blocks
            block, pos, size = solved.block, 0, len(solved.block)
            if solved.segments is not None and not lookahead:
                yield from self._segments(solved.segments)
                pos = solved.stop
            while pos < size:
                if not lookahead:
                    segments, pos = run_block(
                        engine, spec, block, pos, self.line + 1, self.index, LONGEST
                    )
                    yield from self._segments(segments)
                    if pos >= size:
                        break
                end = block.find(b"\n", pos) + 1 or size
                raw = block[pos:end]
                pos = end
                yield from self._back(raw)
                lookahead = b"|" in raw or (lookahead and not _content_without_bar(raw))

    def _segments(self, segments: list[Segment]) -> Iterator[str]:
        for segment in segments:
            if isinstance(segment, Taken):
                self.queue.append(segment)
                if self.tick is not None and segment.puzzles:
                    self.tick(segment.puzzles)  # counted as C solves them
                self.index += segment.puzzles
                self.line += segment.lines
                self.blanks += segment.lines
            elif isinstance(segment, Back):
                yield from self._back(segment.raw)
            else:
                raise self._refused(segment)

    def _back(self, raw: bytes) -> Iterator[str]:
        """Give the reader one line (after blank ones for the lines C took before it)."""
        if self.blanks:
            yield from repeat("", self.blanks)
            self.blanks = 0
        self.line += 1
        yield from text_lines(io.BytesIO(raw), self.reading.source)

    def _refused(self, refused: Refused) -> InternalError:
        name = getattr(self.backend, "solver_name", "native")
        return InternalError(
            f"solver {name} returned a grid that is not a solution: {tuple(refused.digits)}"
        )

    # --- the output ----------------------------------------------------------------------------

    def _flush(self) -> None:
        """Write C's output of the lines before the reader's next entry."""
        while self.queue:
            taken = self.queue.popleft()  # off the queue before it is written: written once
            self.out.write(taken.output.decode("ascii"))

    def _write(self, outcome: Outcome) -> None:
        """Write one outcome of the reader's entries (explained, when asked)."""
        batch = self.batch
        if outcome.entry.index == 0 and not self.json:  # the first answer: a shape line above
            line = shape_header(outcome.entry, self.reading.shape, self.alphabet)
            self.out.write("" if line is None else line + "\n")
        if self.explained is not None:
            outcome = Outcome(outcome.entry, self.explained(outcome.result))
        status = write_outcome(
            self.out,
            outcome,
            batch.fmt,
            self.alphabet,
            self.reading.source,
            example=batch.example,
            err=self.err,
        )
        self.status = max(self.status, status)


@contextmanager
def _explainer(batch: Batch) -> Iterator[Callable[[Result], Result]]:
    """Return what explains a result: an unsolvable one gets the givens (and rules) that clash
    and the steps of rules 1 and 2 that prove it when they do."""
    from ..api._explain import Explainer  # lazy: start-up (only --explain needs them)
    from ..api._rule_conflict import explain_rules, explained_result  # lazy: start-up
    from ..backends._solvers import DEFAULT_SOLVER  # lazy: start-up
    from ..views._explanation import annotated  # lazy: start-up

    options = batch.options
    alphabet = batch.reading.alphabet

    def explained(result: Result) -> Result:
        puzzle = result.puzzle
        if puzzle is not None and puzzle.constraints:  # rules: the givens and rules that clash
            if result.status is not Status.UNSOLVABLE:
                return result
            rules = explain_rules(puzzle, options.solver or DEFAULT_SOLVER, options.limits)
            return explained_result(result, rules)
        return annotated(result, explainer.explain_result(result), alphabet, steps=True)

    with Explainer(options.solver or DEFAULT_SOLVER, options.encoding, options.limits) as explainer:
        yield explained


def _content_without_bar(raw: bytes) -> bool:
    """Tell whether the reader surely takes a line for a puzzle line with no '|' (which ends
    any look-ahead of its table reading).

    >>> [_content_without_bar(raw) for raw in (b" 1.3\\n", b"# c\\n", b"\\n", b"1|2\\n")]
    [True, False, False, False]
    """
    stripped = raw.strip(_BLANKS)
    return raw.isascii() and bool(stripped) and not stripped.startswith(b"#") and b"|" not in raw
