"""One chunk of a file's lines solved by the batch engine, as the whole file's run prints it.

A worker (of a Dask cluster, or the client itself) runs :func:`solve_chunk` on a
:class:`ChunkJob`: the chunk's lines go to :func:`satdoku.batch._line_run.solve_stream` behind
the text the reader learns from, numbered from the chunk's first line and puzzle, so its
output, messages and status are those of the run on the whole file, byte for byte.
"""

from __future__ import annotations

import io
import os
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..backends._registry import Backend
from ..core._errors import InputError
from ..io._line_chunks import LineChunk
from ._line_run import Batch, Start, solve_stream
from ._outcome_text import say_error
from ._solve_options import SolveOptions

__all__ = ["ChunkJob", "ChunkOutput", "Shared", "solve_chunk", "take_output", "worker_batch"]


class ChunkOutput(NamedTuple):
    """What a command printed on a chunk: its output, its messages, its status, and whether an
    error of the whole input (a NUL byte, say) stopped it there.

    >>> ChunkOutput("solved\\n", "", 0, False).status
    0
    """

    out: str
    err: str
    status: int
    stopped: bool
    out_file: str | None = None


class Shared(NamedTuple):
    """What a worker on the client's own machine is told: a folder to leave the chunk's output
    in (as a file, not a message), and the input file to read the chunk's bytes from (None: they
    come with the chunk).

    >>> Shared("/tmp/satdoku-dask-1", None).source is None
    True
    """

    folder: str
    source: str | None


@dataclass(frozen=True)
class ChunkJob:
    """A chunk to solve: the batch, the chunk, the text read behind it, and where its bytes and
    output go on a worker of this machine (``shared``: bytes read from the file, ``length`` of
    them, and the output left in a file).

    >>> ChunkJob(Batch(), LineChunk(b"1...\\n", 1, 0, 1)).behind
    ''
    """

    batch: Batch
    chunk: LineChunk
    behind: str = ""
    shared: Shared | None = None
    length: int = 0


def worker_batch(batch: Batch) -> Batch:
    """Return the batch a worker runs on a chunk: one process, one solver (the cores are shared).

    >>> worker_batch(Batch(jobs=4)).jobs, worker_batch(Batch(jobs=4)).options.portfolio
    (1, 1)
    """
    options = batch.options
    return replace(batch, jobs=1, options=replace(options, portfolio=options.portfolio or 1))


def take_output(output: ChunkOutput) -> str:
    """Return what the command printed on a chunk, read (and removed) from its file if it left one.

    >>> take_output(ChunkOutput("solved\\n", "", 0, False))
    'solved\\n'
    """
    if output.out_file is None:
        return output.out
    with open(output.out_file, encoding="utf-8", newline="") as stream:
        text = stream.read()
    os.unlink(output.out_file)
    return text


_LOCK = threading.Lock()
"""One chunk at a time per process: its backend is the process's own."""

_BACKENDS: dict[SolveOptions, Backend] = {}
"""The backend of each batch's options, made once per process (the chunks of a file share it)."""


def _backend(options: SolveOptions) -> Backend:
    backend = _BACKENDS.get(options)
    if backend is None:
        backend = _BACKENDS[options] = options.backend_maker()()
    return backend


def _data(job: ChunkJob) -> bytes:
    """Return the chunk's bytes: those it came with, or those of the shared file at its offset
    (a file that changed meanwhile is refused)."""
    shared, chunk = job.shared, job.chunk
    if shared is None or shared.source is None or chunk.offset is None:
        return chunk.data
    with open(shared.source, "rb") as origin:
        origin.seek(chunk.offset)
        data = origin.read(job.length)
    if len(data) != job.length:
        raise InputError("the file changed while it was being solved", source=shared.source)
    return data


def solve_chunk(job: ChunkJob, tick: Callable[[int], None] | None = None) -> ChunkOutput:
    """Solve a chunk's puzzles as the run on the whole file does: its output, its messages (an
    error of the whole input stops it, ``stopped``), its status; ``tick`` is told how many
    puzzles were solved, as they are.

    >>> chunk = LineChunk(b"12\\n" + b"." * 16 + b"\\n", 7, 5, 2)
    >>> job = ChunkJob(Batch(fmt="json"), chunk, "1...\\n")
    >>> print(solve_chunk(job).out, end="")
    {"index": 5, "status": "invalid", "error": "<stdin>:7: expected n*n ...", "line": 7}
    {"index": 6, "status": "solved", "solution": "1234341221434321", "line": 8}
    """
    chunk = job.chunk
    out, err = io.StringIO(), io.StringIO()
    stopped = False
    start = Start(chunk.first_line, chunk.first_index, job.behind)
    with _LOCK:
        try:
            stream = io.BytesIO(_data(job))
            backend = _backend(job.batch.options)
            status = solve_stream(
                job.batch, stream, out, err, start=start, tick=tick, backend=backend
            )
        except InputError as error:  # an error of the whole input: said, and the run stops
            say_error(error, err)
            status, stopped = 2, True
    output = ChunkOutput(out.getvalue(), err.getvalue(), status, stopped)
    if job.shared is None:
        return output
    handle, name = tempfile.mkstemp(prefix=f"chunk-{chunk.first_index}-", dir=job.shared.folder)
    with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream_out:
        stream_out.write(output.out)
    return output._replace(out="", out_file=name)
