"""A file's chunks of lines solved on a Dask cluster, the outputs coming back in input order.

The client cuts the input (:mod:`satdoku.batch.chunk_cut`) and sends each chunk to a worker,
which solves it with the library's engine (:func:`satdoku.batch.chunk_solve.solve_chunk`): no
command line, no output parsed again. Workers on the client's machine (``shared``) read their
chunk's bytes from the file and leave their output in a file, so nothing big travels through
Dask.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterator
from itertools import chain
from typing import Any

from ..api.dask_pool import Ready, in_order
from ..io.line_chunks import LineChunk
from .chunk_cut import Cut, anchor_of, behind_text
from .chunk_solve import ChunkJob, ChunkOutput, Shared, solve_chunk, worker_batch
from .line_reading import LineReading
from .line_run import Batch
from .text_input import empty_input

__all__ = ["ChunkCall", "chunk_outputs", "solve_calls"]

ChunkCall = Callable[[LineChunk, str], tuple[Any, ...]]
"""What makes the cluster's call of a chunk, given the text it is read behind."""


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


def chunk_outputs(
    client: Any, cut: Cut, reading: LineReading, call_of: ChunkCall
) -> Generator[tuple[LineChunk, ChunkOutput], None, None]:
    """Yield each chunk of the input and its output, in input order, until one says an error
    of the whole input stopped it; an input without puzzles raises InputError.

    >>> with connect(Address(None, 1)) as client:  # doctest: +SKIP
    ...     outputs = list(chunk_outputs(client, cut, LineReading(), solve_calls(Batch())))
    """
    sent: deque[LineChunk] = deque()
    anchor = cut.anchor

    def calls() -> Iterator[tuple[Any, ...] | Ready]:
        nonlocal anchor
        for chunk in chain([cut.first], cut.rest):
            sent.append(chunk)
            if chunk.puzzles == 0:
                yield Ready(ChunkOutput("", "", 0, False))
            else:
                yield call_of(chunk, "" if chunk is cut.first else behind_text(cut, anchor))
            if anchor is None:  # no puzzle read yet: the next chunk's reader knows no side
                anchor = anchor_of(chunk, reading)

    puzzles = 0
    for output in in_order(client, calls()):
        chunk = sent.popleft()
        puzzles += chunk.puzzles
        yield chunk, output
        if output.stopped:
            return
    if not puzzles:
        raise empty_input(reading.source)
