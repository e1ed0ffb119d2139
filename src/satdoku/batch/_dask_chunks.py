"""A file's chunks of lines solved on a Dask cluster, the outputs coming back in input order.

The client cuts the input (:mod:`satdoku.batch._chunk_cut`) and sends each chunk to a worker,
which solves it with the library's engine (:func:`satdoku.batch._chunk_solve.solve_chunk`): no
command line, no output parsed again. Workers on the client's machine (``shared``) read their
chunk's bytes from the file and leave their output in a file, so nothing big travels through
Dask.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Generator
from itertools import chain
from typing import Any

from ..api._dask_pool import Ready, result_of, worker_count
from ..io._line_chunks import LineChunk
from ._chunk_cut import Cut, chunks_behind
from ._chunk_solve import ChunkJob, ChunkOutput, Shared, solve_chunk, worker_batch
from ._cluster_start import ClusterStart
from ._line_reading import LineReading
from ._line_run import Batch
from ._text_input import empty_input

__all__ = [
    "PROBE_SECONDS",
    "WORTH_SECONDS",
    "ChunkCall",
    "chunk_outputs",
    "SolveHere",
    "solve_here",
    "solve_calls",
]

ChunkCall = Callable[[LineChunk, str], tuple[Any, ...]]
"""What makes the cluster's call of a chunk, given the text it is read behind."""

SolveHere = Callable[[LineChunk, str, "Callable[[int], None] | None"], ChunkOutput]
"""What solves a chunk in this process (the text it is read behind, a counter of its puzzles)."""


def solve_calls(batch: Batch, shared: Shared | None = None) -> ChunkCall:
    """Return what makes the call that solves a chunk on a worker (one process, one solver).

    >>> call = solve_calls(Batch())(LineChunk(b"1...\\n", 1, 0, 1), "")
    >>> call[0].__name__, call[1].chunk.first_line
    ('solve_chunk', 1)
    """
    batch = worker_batch(batch)
    lean = shared is not None and shared.source is not None  # workers read their chunks' bytes

    def call(chunk: LineChunk, behind: str) -> tuple[Any, ...]:
        shipped = chunk._replace(data=b"") if lean and chunk.offset is not None else chunk
        return (solve_chunk, ChunkJob(batch, shipped, behind, shared, chunk.length))

    return call


WORTH_SECONDS = 3.0
"""Work left (estimated) above which a local cluster is worth starting: its workers take one to
two seconds to start (each imports Dask), and this process solves chunks meanwhile."""

PROBE_SECONDS = 0.1
"""Work done here before the work left is estimated from it."""


class _Estimate:
    """The work left, estimated from the pace of this process's solving (measured from its
    first solved puzzles on, past its start-up): the cluster's start is asked for once it is
    over :data:`WORTH_SECONDS` (at once when the input's size is unknown)."""

    def __init__(self, start: ClusterStart, total: int | None) -> None:
        self.start = start
        self.total = total
        self.done = 0  # bytes of the chunks solved here, whole
        self.first: tuple[float, float] | None = None  # when, and bytes done, at the first tick
        if total is None:
            start.begin()

    def tick_of(self, chunk: LineChunk) -> Callable[[int], None]:
        """Return what counts a chunk's puzzles as this process solves them."""
        solved = 0
        total = self.total

        def tick(count: int) -> None:
            nonlocal solved
            solved += count
            if self.start.begun or total is None:
                return
            now = time.perf_counter()
            done = self.done + chunk.length * solved / max(1, chunk.puzzles)
            if self.first is None:
                self.first = (now, done)
                return
            elapsed, progress = now - self.first[0], done - self.first[1]
            left = (total - done) * elapsed / progress if progress > 0 else 0.0
            if elapsed >= PROBE_SECONDS and left > WORTH_SECONDS:
                self.start.begin()

        return tick


def chunk_outputs(
    cluster: ClusterStart | Any,
    cut: Cut,
    reading: LineReading,
    call_of: ChunkCall,
    here: SolveHere | None = None,
    total: int | None = None,
) -> Generator[tuple[LineChunk, ChunkOutput], None, None]:
    """Yield each chunk of the input and its output, in input order, until one says an error
    of the whole input stopped it; an input without puzzles raises InputError.

    ``cluster`` is a client, or a :class:`ClusterStart`. With ``here``, this process solves
    chunks itself until the cluster is up: its start is asked for once the work left (of
    ``total`` bytes; None: unknown, at once) is worth it, and it takes every chunk after.

    >>> with connect(Address(None, 1)) as client:  # doctest: +SKIP
    ...     outputs = list(chunk_outputs(client, cut, LineReading(), solve_calls(Batch())))
    """
    start = cluster if isinstance(cluster, ClusterStart) else ClusterStart.running(cluster)
    estimate = None if here is None else _Estimate(start, total)
    pending: deque[tuple[LineChunk, Any]] = deque()  # chunks and their futures or outputs
    window = 0
    puzzles = 0

    def send(chunk: LineChunk, behind: str) -> Any:
        """Send a chunk to the cluster, or solve it here while the cluster is not up."""
        nonlocal window
        if chunk.puzzles == 0:
            return Ready(ChunkOutput("", "", 0, False))
        if here is None or estimate is None or start.ready():
            client = start.wait()
            window = window or 3 * worker_count(client)
            return client.submit(*call_of(chunk, behind), pure=False)
        output = here(chunk, behind, estimate.tick_of(chunk))
        estimate.done += chunk.length
        return Ready(output)

    try:
        for chunk, behind in chain(chunks_behind(cut, reading), [(None, "")]):  # None: the end
            if chunk is not None:
                pending.append((chunk, send(chunk, behind)))
            while pending and (
                chunk is None or isinstance(pending[0][1], Ready) or len(pending) >= window
            ):
                done, output = _next(pending)
                puzzles += done.puzzles
                yield done, output
                if output.stopped:
                    return
    finally:
        futures = [item for _, item in pending if not isinstance(item, Ready)]
        if futures:
            start.client.cancel(futures)
    if not puzzles:
        raise empty_input(reading.source)


def solve_here(batch: Batch) -> SolveHere:
    """Return what solves a chunk in this process, as a worker would (one solver).

    >>> solve_here(Batch())(LineChunk(b"1" + b"." * 15 + b"\\n", 1, 0, 1), "", None).out
    '1234341221434321\\n'
    """
    here = worker_batch(batch)

    def solve(chunk: LineChunk, behind: str, tick: Callable[[int], None] | None) -> ChunkOutput:
        return solve_chunk(ChunkJob(here, chunk, behind), tick)

    return solve


def _next(pending: deque[tuple[LineChunk, Any]]) -> tuple[LineChunk, ChunkOutput]:
    chunk, item = pending.popleft()
    return chunk, result_of(item)
