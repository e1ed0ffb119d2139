"""Batch commands on a Dask cluster: the input cut into chunks, each run on a worker by the
command's own code, the output written whole and in input order.

``solve`` and ``rate`` cut their FILE into chunks of whole lines (:mod:`satdoku.io.line_chunks`;
the client reads it in bounded pieces, a window of chunks in flight) and a worker runs the
command on each (:func:`satdoku.cli.chunk_run.run_chunk`), so output and messages are those of
the run without ``--dask``. ``generate`` cuts ``--count`` into runs of puzzle numbers, each
puzzle made from its own seed. Only files of one puzzle per line are cut: one grid or a JSON
document is refused (solve it without ``--dask``).
"""

from __future__ import annotations

import argparse
import codecs
import os
import shutil
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import ExitStack, contextmanager
from itertools import chain
from typing import IO, Any, NamedTuple

from ..api.dask_pool import Address, connect, dask_installed, in_order, parse_address
from ..api.generate_batch import Request
from ..backends import stop_flag
from ..core.errors import InputError
from ..io.header import split_header
from ..io.line_chunks import LineChunk, line_chunks
from ..io.reading import FileLayout, read_puzzles
from .chunk_run import (
    ChunkOutput,
    Run,
    Shared,
    generate_chunk,
    run_chunk,
    take_output,
    worker_args,
)
from .common import MAX_LINE_BYTES, alphabet_of, shape_options, source_of
from .dask_options import CHUNK_PUZZLES, chunk_bytes
from .progress import Progress, count_puzzle_lines, wants_progress

__all__ = [
    "Cut",
    "chunk_outputs",
    "cut_input",
    "generate_on_dask",
    "run_lines_on_dask",
    "shares_files",
]

_JSON_START = ("[", "{", "'(", '("')
_SPACE_OPTIONS = ("order", "all", "where", "unique")


def _address(args: argparse.Namespace) -> Address:
    """Return the cluster ``--dask`` names; refuse what does not go with it."""
    if not dask_installed():
        raise InputError(
            "--dask needs Dask and its distributed scheduler: pip install 'satdoku[dask]'"
        )
    if getattr(args, "jobs", 1) != 1:
        raise InputError("--dask runs on the cluster's worker processes: drop --jobs")
    try:
        return parse_address(args.dask)
    except ValueError as err:
        raise InputError(f"--dask: {err}") from None


@contextmanager
def _client(args: argparse.Namespace, address: Address) -> Iterator[Any]:
    stack = ExitStack()
    try:
        client = stack.enter_context(connect(address))
    except OSError as err:  # no scheduler there, or it did not answer in time
        raise InputError(f"--dask {args.dask}: cannot reach the scheduler: {err}") from None
    with stack:
        yield client


class _Writer:
    """Standard output, or one part file per chunk in ``--output-dir`` (names in output order)."""

    def __init__(self, folder: str | None, suffix: str) -> None:
        self.folder = folder
        self.suffix = suffix
        if folder is None:
            return
        try:
            os.makedirs(folder, exist_ok=True)
            taken = [name for name in os.listdir(folder) if name.startswith("part-")]
        except OSError as err:
            raise InputError(f"--output-dir: {err.strerror}", source=folder) from None
        if taken:
            raise InputError(
                "--output-dir holds part files already: give a new or empty directory",
                source=folder,
            )

    def write(self, number: int, output: ChunkOutput) -> None:
        if self.folder is None:
            buffer = _utf8_bytes(sys.stdout) if output.out_file is not None else None
            if output.out_file is not None and buffer is not None:
                _copy_bytes(output.out_file, buffer)
            else:
                sys.stdout.write(take_output(output))
            return
        path = os.path.join(self.folder, f"part-{number:08d}{self.suffix}")
        if output.out_file is not None:  # left by a worker on this machine: moved, not copied
            shutil.move(output.out_file, path)
            return
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(output.out)


def _utf8_bytes(stream: IO[str]) -> IO[bytes] | None:
    """Return the bytes under a text stream that writes UTF-8 (None: write it as text)."""
    buffer = getattr(stream, "buffer", None)
    encoding = getattr(stream, "encoding", None)
    if buffer is None or not isinstance(encoding, str):
        return None
    try:
        return buffer if codecs.lookup(encoding).name == "utf-8" else None
    except LookupError:
        return None


def _copy_bytes(path: str, buffer: IO[bytes]) -> None:
    """Copy a worker's output file to the bytes under standard output as it is (UTF-8 both),
    then remove it."""
    sys.stdout.flush()
    with open(path, "rb") as stream:
        shutil.copyfileobj(stream, buffer, 2**20)
    buffer.flush()
    os.unlink(path)


def _json_output(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "json", False)) or getattr(args, "format", None) == "json"


def _content(lines: list[str]) -> Iterator[str]:
    for number, line in enumerate(lines):
        text = (line.lstrip("\ufeff") if number == 0 else line).strip()
        if text and not text.startswith("#"):
            yield text


def _anchor(chunk: LineChunk, args: argparse.Namespace) -> str | None:
    """Return the chunk's first puzzle line the reader learns the file's side from, if any."""
    lines = chunk.data.decode("utf-8", errors="replace").split("\n")
    entries = read_puzzles(
        lines,
        alphabet=alphabet_of(args),
        options=shape_options(args),
        layout=args.layout or FileLayout.AUTO,
        source=source_of(args),
        game=getattr(args, "game", None),
    )
    for entry in entries:
        if "\n" in entry.text and chunk.first_line == 1:
            raise InputError(
                "--dask cuts files of one puzzle per line, and this is one grid: solve it "
                "without --dask",
                source=source_of(args),
            )
        if entry.puzzle is not None or (
            entry.error is not None and entry.error.message.startswith("the alphabet ")
        ):
            return entry.text
    return None


def _check_head(stream: IO[bytes], source: str) -> None:
    """Refuse a file whose first bytes hold a NUL, as the file reader does before any line."""
    peek = getattr(stream, "peek", None)
    if peek is not None and b"\0" in peek(4096):
        raise InputError("not a text file (it holds NUL bytes)", source=source)


class Cut(NamedTuple):
    """An input being cut into chunks: its first chunk, read and checked, and the rest to come."""

    first: LineChunk
    rest: Iterator[LineChunk]
    anchor: str | None
    head: str | None
    shape_line: str | None = None  # the file's '# shape' line: every chunk is read under it


def cut_input(args: argparse.Namespace, stream: IO[bytes]) -> Cut:
    """Read and check the first chunk of the input: refuse one grid or JSON (InputError).

    >>> import io
    >>> from satdoku.cli import build_parser
    >>> args = build_parser().parse_args(["solve", "p.txt"])
    >>> cut_input(args, io.BytesIO(b"# two\\n1...\\n2...\\n")).first.puzzles
    2
    """
    source = source_of(args)
    if args.layout is FileLayout.GRID:
        raise InputError("--dask cuts files of one puzzle per line: drop --grid, or --dask")
    if getattr(args, "input_format", None):
        raise InputError("--dask reads each line in its evident form: drop --input-format")
    _check_head(stream, source)
    chunks = line_chunks(
        stream, args.chunk_size or chunk_bytes(getattr(args, "command", "solve")), MAX_LINE_BYTES
    )
    first = next(chunks, None)
    if first is None:
        _raise_empty(source)
    assert first is not None
    lines = first.data.decode("utf-8", errors="replace").split("\n")
    head = next(_content(lines), None)
    if head is not None and head.startswith(_JSON_START):
        raise InputError(
            "--dask cuts files of one puzzle per line, and this is JSON: solve it without --dask",
            source=source,
        )
    header = split_header(lines, source)[1]
    return Cut(first, chunks, _anchor(first, args), head, None if header is None else header.text)


def chunk_outputs(
    client: Any, args: argparse.Namespace, run: Run, cut: Cut, shared: Shared | None = None
) -> Generator[tuple[LineChunk, ChunkOutput], None, None]:
    """Yield each chunk of the input and what the command printed on it, in input order.

    ``shared``: the workers run on this machine (a local cluster), so they read the chunks'
    bytes from the input file and leave their output in files (nothing big travels through
    Dask); the outputs then name their files (see :func:`~satdoku.cli.chunk_run.take_output`).

    >>> with connect(Address(None, 1)) as client, open("p.txt", "rb") as stream:  # doctest: +SKIP
    ...     outputs = list(chunk_outputs(client, args, run, cut_input(args, stream)))
    """
    sent: deque[LineChunk] = deque()
    options = worker_args(args)
    first, anchor = cut.first, cut.anchor
    lean = shared is not None and shared.source is not None  # workers read their chunks' bytes

    def calls() -> Iterator[tuple[Any, ...]]:
        nonlocal anchor
        for chunk in chain([first], cut.rest):
            sent.append(chunk)
            if chunk.puzzles == 0:
                yield (ChunkOutput, "", "", 0, False)
            else:
                behind = None if chunk is first else anchor or cut.head
                if behind is not None and cut.shape_line is not None:
                    behind = cut.shape_line + "\n" + behind  # read under the file's shape line
                shipped = chunk._replace(data=b"") if lean and chunk.offset is not None else chunk
                yield (run_chunk, run, options, shipped, behind, shared, chunk.length)
            if anchor is None:  # no puzzle read yet: the next chunk's reader knows no side
                anchor = _anchor(chunk, args)

    puzzles = 0
    for output in in_order(client, calls()):
        chunk = sent.popleft()
        puzzles += chunk.puzzles
        yield chunk, output
        if output.stopped:
            return
    if not puzzles:
        _raise_empty(source_of(args))


def _raise_empty(source: str) -> None:
    hint = (
        " (give a FILE, pipe puzzles in, or --example for the bundled example)"
        if source == "<stdin>"
        else ""
    )
    raise InputError(f"empty input: no puzzle found{hint}", source=source)


def _open(args: argparse.Namespace) -> IO[bytes]:
    if args.file == "-":
        return sys.stdin.buffer
    try:
        return open(args.file, "rb")  # noqa: SIM115 (closed by the caller's ExitStack)
    except OSError as err:
        raise InputError(f"cannot open: {err.strerror}", source=source_of(args)) from None


def shares_files(address: Address) -> bool:
    """Tell whether the cluster's workers see this machine's files: those of a local cluster do
    (a scheduler's workers may run anywhere, so chunks and outputs travel through Dask).

    >>> shares_files(Address(None, 2)), shares_files(Address("tcp://10.0.0.5:8786"))
    (True, False)
    """
    return address.scheduler is None


def run_lines_on_dask(args: argparse.Namespace, run: Run) -> int:
    """Run ``solve`` or ``rate`` (its ``run``) on the cluster ``--dask`` names; return the status.

    >>> from satdoku.cli import main
    >>> main(["rate", "p.txt", "--dask", "local:2", "--jobs", "2"])  # doctest: +SKIP
    2
    """
    address = _address(args)
    if any(getattr(args, name, None) for name in _SPACE_OPTIONS) or (
        getattr(args, "limit", None) is not None
    ):
        raise InputError(
            "--order, --all, --limit, --where and --unique run in one process: drop --dask"
        )
    if args.file is None:
        raise InputError("--dask cuts a FILE of puzzles, one per line: give one")
    json_output = _json_output(args)
    writer = _Writer(args.output_dir, ".jsonl" if json_output else ".txt")
    bar = None
    if wants_progress(sys.stderr, json_output, args.progress):
        bar = Progress(sys.stderr, count_puzzle_lines(args.file))
    status = 0
    with stop_flag.held(), ExitStack() as stack:  # a stop signal is acted on between two chunks
        stream = _open(args)
        if args.file != "-":
            stack.callback(stream.close)
        cut = cut_input(args, stream)
        shared = None
        if shares_files(address):  # removed once the cluster is closed: no chunk writes there
            folder = stack.enter_context(  # (a chunk cut short by a stop runs on to its end)
                tempfile.TemporaryDirectory(
                    prefix="satdoku-dask-", dir=args.output_dir, ignore_cleanup_errors=True
                )
            )
            path = None if args.file == "-" else os.path.abspath(args.file)
            shared = Shared(folder, path if path and os.path.isfile(path) else None)
        client = stack.enter_context(_client(args, address))
        outputs = chunk_outputs(client, args, run, cut, shared)
        stack.callback(outputs.close)  # chunks in flight cancelled while the client is open
        for number, (chunk, output) in enumerate(outputs):
            writer.write(number, output)
            sys.stderr.write(output.err)
            status = max(status, output.status)
            if bar is not None:
                bar.tick(chunk.puzzles)
            stop_flag.check()
    if bar is not None:
        bar.close()
    return status


def generate_on_dask(
    args: argparse.Namespace,
    request: Request,
    run_seed: int,
    written: Callable[[int, Any, argparse.Namespace], tuple[str | None, str | None]],
) -> int:
    """Make ``generate``'s puzzles on the cluster ``--dask`` names, in order; return how many
    met the wish.

    ``written`` is the command's writer of one puzzle; puzzle i comes from its own seed, so the
    output is that of the run without ``--dask``.

    >>> from satdoku.cli import main
    >>> main(["generate", "--count", "100", "--seed", "1", "--dask", "local:2"])  # doctest: +SKIP
    0
    """
    address = _address(args)
    size = args.chunk_size or CHUNK_PUZZLES
    writer = _Writer(args.output_dir, ".jsonl" if args.json else ".txt")
    options = worker_args(args)
    starts = range(0, args.count, size)
    calls = (
        (generate_chunk, written, options, request, run_seed, start, min(size, args.count - start))
        for start in starts
    )
    bar = None
    if wants_progress(sys.stderr, args.json, args.progress):
        bar = Progress(sys.stderr, args.count)
    met = args.count
    with stop_flag.held(), _client(args, address) as client:
        for number, output in enumerate(in_order(client, calls)):
            writer.write(number, output)
            sys.stderr.write(output.err)
            met -= output.status  # the chunk's puzzles that missed the wish
            if bar is not None:
                bar.tick(min(size, args.count - starts[number]))
            stop_flag.check()
    if bar is not None:
        bar.close()
    return met
