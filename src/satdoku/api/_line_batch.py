"""The batch path's blocks in worker processes: blocks of lines in, output bytes back, in order.

With ``jobs`` > 1, each block of whole lines goes to a worker, which runs
:func:`satdoku.backends._line_batch.run_block` over it with the compiled engine and sends back
its segments (output bytes, lines handed back), never one object per puzzle. The pool is
:class:`satdoku.api._workers.Workers`: a worker that dies has its blocks sent again; a block given
up after :data:`satdoku.api._workers.RETRIES` deaths comes back unsolved, and the caller solves it
in its own process.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from ..backends._compiled import engine_for
from ..backends._line_batch import LineEngine, LineSpec, Segment, run_block
from ..core._shape import Shape

if TYPE_CHECKING:
    from ._workers import Chunk, Workers

__all__ = ["SolvedBlock", "solved_blocks"]


class SolvedBlock(NamedTuple):
    """A block of lines and, when a worker went through it, its segments and where it stopped
    (``segments`` None: not done yet, the caller does it).

    >>> SolvedBlock(b"1\\n", None, 0).segments is None
    True
    """

    block: bytes
    segments: list[Segment] | None
    stop: int


_worker_engine: LineEngine | None = None


def _start_worker(shape: Shape) -> None:
    global _worker_engine
    _worker_engine = engine_for(shape)  # type: ignore[assignment]


def _run(spec: LineSpec, block: bytes, longest: int) -> tuple[list[Segment], int]:
    assert _worker_engine is not None
    return run_block(_worker_engine, spec, block, 0, 1, 0, longest)


def solved_blocks(
    blocks: Iterable[bytes], shape: Shape, spec: LineSpec, jobs: int, longest: int
) -> Iterator[SolvedBlock]:
    """Yield each block in order, gone through by ``jobs`` worker processes (1: not at all).

    Workers write line output only: they do not know the puzzle numbers of JSON records.

    >>> [b.segments for b in solved_blocks([b"1\\n"], Shape.sudoku(4), None, 1, 10)]
    [None]
    """
    if jobs <= 1:
        for block in blocks:
            yield SolvedBlock(block, None, 0)
        return
    from ._workers import Workers  # lazy: start-up (a one-process run needs no pool)

    window = 3 * jobs  # blocks in flight: every worker busy, memory bounded
    with Workers(jobs, _start_worker, (shape,)) as workers:
        pending: deque[tuple[bytes, Chunk]] = deque()
        for block in blocks:
            pending.append((block, workers.submit(_run, spec, block, longest)))
            while len(pending) > window:
                yield _finish(workers, *pending.popleft())
        while pending:
            yield _finish(workers, *pending.popleft())


def _finish(workers: Workers, block: bytes, job: Chunk) -> SolvedBlock:
    from ._workers import WorkerDied  # lazy: start-up

    try:
        segments, stop = workers.result(job)
    except WorkerDied:  # given up: the caller goes through it in its own process
        return SolvedBlock(block, None, 0)
    return SolvedBlock(block, segments, stop)
