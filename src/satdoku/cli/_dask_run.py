"""Batch commands on a Dask cluster: the input cut into chunks, each run on a worker by the
command's own code, the output written whole and in input order.

``solve`` and ``rate`` cut their FILE into chunks of whole lines (:mod:`satdoku.io._line_chunks`;
the client reads it in bounded pieces, a window of chunks in flight) and a worker solves each
with the library's batch engine (:mod:`satdoku.batch._dask_chunks`; ``rate``: the command's own
``run``, :func:`satdoku.cli._chunk_run.run_chunk`), so output and messages are those of the run
without ``--dask``. With ``local:N``, ``solve`` solves chunks in this process while the cluster
starts, and alone when the input takes less time than the start. ``generate`` cuts ``--count``
into runs of puzzle numbers, each puzzle made from its own seed. Only files of one puzzle per
line are cut: one grid or a JSON document is refused (solve it without ``--dask``).
"""

from __future__ import annotations

import argparse
import codecs
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from typing import IO, Any

from ..api._dask_pool import Address, connect, dask_installed, in_order, parse_address
from ..backends import _stop_flag as stop_flag
from ..batch._chunk_cut import Cut, cut_input
from ..batch._chunk_solve import ChunkOutput, Shared, take_output
from ..batch._cluster_start import ClusterStart
from ..batch._dask_chunks import ChunkCall, chunk_outputs, solve_calls, solve_here
from ..core._errors import InputError
from ..generation._generate_batch import Request
from ..io._line_chunks import LineChunk
from ._batch_options import batch_of
from ._chunk_run import Run, generate_chunk, run_chunk, worker_args
from ._common import line_reading_of, source_of
from ._dask_options import CHUNK_PUZZLES, chunk_bytes
from ._progress import Progress, count_puzzle_lines, wants_progress

__all__ = [
    "cut_of",
    "generate_on_dask",
    "run_lines_on_dask",
    "shares_files",
]

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


def cut_of(args: argparse.Namespace, stream: IO[bytes]) -> Cut:
    """Read and check the first chunk of the command's input (see :func:`cut_input`).

    >>> import io
    >>> from satdoku.cli import build_parser
    >>> args = build_parser().parse_args(["solve", "p.txt"])
    >>> cut_of(args, io.BytesIO(b"# two\\n1...\\n2...\\n")).first.puzzles
    2
    """
    size = args.chunk_size or chunk_bytes(getattr(args, "command", "solve"))
    return cut_input(line_reading_of(args), stream, size)


def _command_calls(args: argparse.Namespace, run: Run, shared: Shared | None) -> ChunkCall:
    """Return what makes the call of a chunk: the batch engine for ``solve``, else the
    command's own ``run`` on the chunk (``rate``)."""
    if getattr(args, "command", None) == "solve":
        return solve_calls(batch_of(args), shared)
    options = worker_args(args)
    lean = shared is not None and shared.source is not None  # workers read their chunks' bytes

    def call(chunk: LineChunk, behind: str) -> tuple[Any, ...]:
        shipped = chunk._replace(data=b"") if lean and chunk.offset is not None else chunk
        anchor = behind.removesuffix("\n") or None
        return (run_chunk, run, options, shipped, anchor, shared, chunk.length)

    return call


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
        cut = cut_of(args, stream)
        shared = None
        if shares_files(address):  # removed once the cluster is closed: no chunk writes there
            folder = stack.enter_context(  # (a chunk cut short by a stop runs on to its end)
                tempfile.TemporaryDirectory(
                    prefix="satdoku-dask-", dir=args.output_dir, ignore_cleanup_errors=True
                )
            )
            path = None if args.file == "-" else os.path.abspath(args.file)
            shared = Shared(folder, path if path and os.path.isfile(path) else None)
        reading, call_of = line_reading_of(args), _command_calls(args, run, shared)
        if address.scheduler is None and getattr(args, "command", None) == "solve":
            # a local cluster: this process solves chunks while its workers start (and alone
            # when the work is done before they would be up)
            start = stack.enter_context(ClusterStart(partial(connect, address)))
            total = os.path.getsize(args.file) if shared and shared.source else None
            here = solve_here(batch_of(args))
            outputs = chunk_outputs(start, cut, reading, call_of, here, total)
        else:
            client = stack.enter_context(_client(args, address))
            outputs = chunk_outputs(client, cut, reading, call_of)
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
