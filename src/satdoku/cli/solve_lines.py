"""``satdoku solve FILE`` on puzzle lines: whole blocks of lines solved and written in C.

The reader of :mod:`satdoku.io.reading` reads the head of the input as it always does and decides
how the file holds its puzzles. Once it reads one puzzle per line and has used every line it
read, the rest of the input goes in blocks of whole lines to ``Engine.solve_lines``
(:mod:`satdoku.backends.line_batch`), which writes the output of the lines it is sure of. Each
line it hands back goes to that same reader, whose line numbers the lines C took keep as blank
lines, so a message, a record and an exit status are what the plain path gives, byte for byte.
``SATDOKU_LINE_BATCH=0`` turns the C path off.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from itertools import repeat
from typing import IO, cast

from ..api.batch import Outcome, solve_entries
from ..api.line_batch import solved_blocks
from ..backends import native, stop_flag
from ..backends.line_batch import (
    Back,
    LineEngine,
    LineSpec,
    Refused,
    Segment,
    Taken,
    line_spec,
    run_block,
)
from ..backends.native import engine_for
from ..backends.registry import Backend, BackendKind
from ..core.errors import InputError, InternalError
from ..core.shape import Shape
from ..io.alphabet import Alphabet
from ..io.entries import Entry
from ..io.line_blocks import line_blocks
from ..io.reading import FileLayout, read_puzzles
from .batch_options import backend_maker_of, jobs_of
from .common import (
    MAX_LINE_BYTES,
    alphabet_of,
    nonempty_entries,
    shape_options,
    source_of,
    standard_input,
    text_lines,
)
from .progress import Progress, count_puzzle_lines, wants_progress
from .solve_output import read_with, shape_header, write_outcome
from .space_options import wants_space

__all__ = ["SWITCH", "lines_apply", "run_lines"]

SWITCH = "SATDOKU_LINE_BATCH"
"""Environment variable: ``0`` turns the C path off (every line read and solved in Python)."""

LONGEST = MAX_LINE_BYTES + 1
"""Bytes of a line read before it is cut (the reader of :mod:`satdoku.cli.common` reads as many)."""

_BLANKS = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
"""ASCII bytes that ``str.strip`` takes for whitespace."""


def lines_apply(args: argparse.Namespace) -> bool:
    """Tell whether a solve may take the C path: a FILE, plain options, the engine built.

    >>> args = argparse.Namespace(file="p.txt", format=None, explain=False, backend="sat",
    ...     native=False, strategy="auto", layout=None, diagonals=False, regions=None,
    ...     order=None, all=False, where=None, unique=False, limit=None)
    >>> lines_apply(args)  # --no-native
    False
    """
    if os.environ.get(SWITCH, "1") == "0" or args.file is None or wants_space(args):
        return False
    engine_used = args.native if args.native is not None else args.strategy == "auto"
    return (
        (args.format or "line") in ("line", "json")
        and not args.explain
        and not getattr(args, "dask", None)
        and args.backend == BackendKind.SAT.value
        and bool(engine_used)
        and args.layout is not FileLayout.GRID
        and not getattr(args, "input_format", None)
        and not args.diagonals
        and not args.regions
        and native.AVAILABLE
    )


def run_lines(args: argparse.Namespace) -> int:
    """Solve every puzzle of a FILE as :func:`satdoku.cli.solve.run` does, blocks in C."""
    alphabet = alphabet_of(args)
    fmt = args.format or "line"
    jobs = jobs_of(args)
    factory = backend_maker_of(args, jobs)
    backend = factory()
    bar = None
    if wants_progress(sys.stderr, fmt == "json", args.progress):
        bar = Progress(sys.stderr, count_puzzle_lines(args.file))
    with backend, stop_flag.held():  # a stop signal is acted on between two records
        batch = _LineBatch(args, alphabet, fmt == "json", jobs, backend, bar)
        status = batch.run()
    if bar is not None:
        bar.close()
    return status


class _LineBatch:
    """One run: the reader over the input's head and handed-back lines, C over the rest."""

    def __init__(
        self,
        args: argparse.Namespace,
        alphabet: Alphabet,
        json_out: bool,
        jobs: int,
        backend: Backend,
        bar: Progress | None,
    ) -> None:
        self.args = args
        self.alphabet = alphabet
        self.json = json_out
        self.jobs = 1 if json_out else jobs  # workers write lines, not numbered records
        self.backend = backend
        self.bar = bar
        self.source = source_of(args)
        self.out = sys.stdout
        self.status = 0
        self.index = 0  # the number of the next puzzle (entry)
        self.line = 0  # lines given to the reader, the lines C took counted as blank ones
        self.blanks = 0  # lines C took that the reader has not been given yet
        self.engaged: tuple[Shape, LineSpec] | None = None
        self.shape: Shape | None = None  # the shape of the first puzzle read
        self.queue: deque[Taken] = deque()

    def run(self) -> int:
        """Read, solve and write everything; return the exit status (0, or 2 when a puzzle
        could not be read)."""
        args = self.args
        options = shape_options(args)
        layout = args.layout or FileLayout.AUTO
        try:
            stream: IO[bytes] = (
                standard_input() if args.file == "-" else open(args.file, "rb")  # noqa: SIM115
            )
        except OSError as err:
            raise InputError(f"cannot open: {err.strerror}", source=self.source) from None
        try:
            entries = read_puzzles(
                self._lines(stream),
                alphabet=self.alphabet,
                options=options,
                layout=layout,
                source=self.source,
                game=getattr(args, "game", None),
            )
            outcomes = solve_entries(
                self._numbered(nonempty_entries(entries, self.source)), self.backend
            )
            try:
                for outcome in outcomes:
                    if self.bar is not None:
                        self.bar.tick()
                    self._write(outcome)
                    stop_flag.check()
            finally:
                self._flush()  # what C solved before the stop, each record once
        finally:
            if args.file != "-":
                stream.close()
        return self.status

    # --- the reader's side ---------------------------------------------------------------------

    def _numbered(self, entries: Iterator[Entry]) -> Iterator[Entry]:
        """The reader's entries, numbered among the puzzles C took, after C's output before them."""
        for entry in entries:
            self._flush()
            if entry.index != self.index:
                entry = Entry(self.index, entry.line, entry.text, entry.puzzle, entry.error)
            self.index += 1
            yield entry
            if self.engaged is None:
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
        for text in text_lines(stream, self.source):
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
        read = partial(_read, stream.read, self.source)
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
        yield from text_lines(io.BytesIO(raw), self.source)

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
            if self.bar is not None and taken.puzzles:
                self.bar.tick(taken.puzzles)

    def _write(self, outcome: Outcome) -> None:
        """Write one outcome of the reader's entries as ``satdoku solve`` writes it."""
        fmt = "json" if self.json else "line"
        if outcome.entry.index == 0 and not self.json:  # the first answer: a shape line above
            line = shape_header(outcome.entry, shape_options(self.args), self.alphabet)
            self.out.write("" if line is None else line + "\n")
        self.status = max(
            self.status, write_outcome(self.out, outcome, fmt, self.alphabet, self.source)
        )


def _read(read: Callable[[int], bytes], source: str, size: int) -> bytes:
    """Read up to ``size`` bytes; a failing read is an input error, as in the line reader."""
    try:
        return stop_flag.interruptible(read, size)  # input may be slow to come
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror or err}", source=source) from None


def _content_without_bar(raw: bytes) -> bool:
    """Tell whether the reader surely takes a line for a puzzle line with no '|' (which ends
    any look-ahead of its table reading).

    >>> [_content_without_bar(raw) for raw in (b" 1.3\\n", b"# c\\n", b"\\n", b"1|2\\n")]
    [True, False, False, False]
    """
    stripped = raw.strip(_BLANKS)
    return raw.isascii() and bool(stripped) and not stripped.startswith(b"#") and b"|" not in raw
