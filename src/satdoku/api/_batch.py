"""Batches: solve a stream of read entries in order, one result per entry, losing none.

Streaming: entries are read, solved and handed on one at a time (or a few chunks at a time with
``jobs`` > 1), so memory stays constant whatever the length of the input. With ``jobs`` > 1,
worker processes (PySAT holds the GIL during a solve) solve chunks of puzzles while this process
reads and writes; outcomes still come back in input order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ..backends._registry import Backend
from ..core._puzzle import Grid, Puzzle
from ..core._results import Result, Status
from ..core._shape import Shape
from ..io._entries import Entry

if TYPE_CHECKING:
    from ._workers import Chunk, Workers

__all__ = ["Outcome", "solve_entries", "chunk_size"]


class Outcome(NamedTuple):
    """One entry of a batch and its result (INVALID with the message when it could not be read).

    A named tuple: one is made per puzzle of a batch, four times faster than a dataclass.
    """

    entry: Entry
    result: Result


def chunk_size(n: int) -> int:
    """Return how many puzzles of side n a worker gets at a time (about 10-50 ms of work).

    >>> chunk_size(9), chunk_size(16), chunk_size(25)
    (256, 32, 1)
    """
    if n <= 9:
        return 256
    return 32 if n <= 16 else 1


def _invalid(entry: Entry) -> Outcome:
    message = entry.error.located() if entry.error else "unreadable puzzle"
    return Outcome(entry, Result(Status.INVALID, error=message))


def solve_entries(
    entries: Iterable[Entry],
    backend: Backend,
    *,
    jobs: int = 1,
    factory: Callable[[], Backend] | None = None,
) -> Iterator[Outcome]:
    """Yield one outcome per entry, in input order; unreadable entries come back INVALID.

    With ``jobs`` > 1, ``factory`` (picklable, e.g. a ``functools.partial`` of a backend class)
    makes one backend in each of ``jobs`` worker processes; ``backend`` is then not used.

    >>> from satdoku.backends._sat import SatBackend
    >>> from satdoku.io._reading import read_puzzles
    >>> [o.result.status.value for o in solve_entries(read_puzzles(["1...", "12"]), SatBackend())]
    ['solved', 'invalid']
    """
    if jobs > 1 and factory is not None:
        yield from _parallel(entries, factory, jobs)
        return
    solve = backend.solve
    for entry in entries:
        puzzle = entry.puzzle
        if puzzle is None:
            yield _invalid(entry)
        else:
            yield Outcome(entry, solve(puzzle))


# --- worker processes -------------------------------------------------------------------------

ShapeKey = tuple[int, "tuple[int, int] | None", bool, "tuple[int, ...] | None"]
Answer = tuple[str, "Grid | bytes | None", "str | None", "dict[str, Any]"]

_STATUS = {status.value: status for status in Status}

_worker_backend: Backend | None = None
_worker_shapes: dict[ShapeKey, Shape] = {}


def _shape_key(shape: Shape) -> ShapeKey:
    return (shape.n, shape.box, shape.diagonals, shape.regions)


def _start_worker(factory: Callable[[], Backend]) -> None:
    global _worker_backend
    _worker_backend = factory()


def _packed(cells: Grid, n: int) -> Grid | bytes:
    """Digits on their way to or from a worker: bytes when they fit (n < 256), which pickle
    about ten times faster than a tuple of ints."""
    return bytes(cells) if n < 256 else cells


def _solve_chunk(key: ShapeKey, grids: list[Grid | bytes]) -> list[Answer]:
    """Solve puzzles of one shape in a worker; return light answers (no shape objects).

    The grids were read and checked in the parent (n*n digits 0..n), so they are not checked
    again here.
    """
    backend = _worker_backend
    assert backend is not None
    shape = _worker_shapes.get(key)
    if shape is None:
        shape = _worker_shapes[key] = Shape(*key)
    n = shape.n
    solve, make = backend.solve, Puzzle.checked_already
    answers: list[Answer] = []
    for cells in grids:
        result = solve(make(shape, tuple(cells)))
        solution = result.solution
        answers.append(
            (
                result.status.value,
                None if solution is None else _packed(solution, n),
                result.error,
                result.extra,
            )
        )
    return answers


def _chunks(entries: Iterable[Entry]) -> Iterator[list[Entry]]:
    """Group entries into runs of one shape, each at most :func:`chunk_size` long."""
    chunk: list[Entry] = []
    shape: Shape | None = None  # the shape of the chunk's puzzles
    limit = chunk_size(9)
    for entry in entries:
        puzzle = entry.puzzle
        if puzzle is not None and puzzle.shape is not shape:
            if shape is not None and puzzle.shape != shape:
                yield chunk
                chunk = []
            if not chunk or shape is None:
                shape = puzzle.shape
                limit = chunk_size(shape.n)
        chunk.append(entry)
        if len(chunk) >= limit:
            yield chunk
            chunk = []
            shape = None
    if chunk:
        yield chunk


def _parallel(
    entries: Iterable[Entry], factory: Callable[[], Backend], jobs: int
) -> Iterator[Outcome]:
    from ._workers import Workers  # lazy: start-up (a one-process run needs no pool)

    window = 3 * jobs  # chunks in flight: enough to keep every worker busy, memory bounded
    with Workers(jobs, _start_worker, (factory,)) as workers:
        pending: deque[tuple[list[Entry], Chunk | None]] = deque()
        for chunk in _chunks(entries):
            solvable = [e.puzzle for e in chunk if e.puzzle is not None]
            job = None
            if solvable:
                key = _shape_key(solvable[0].shape)
                n = solvable[0].shape.n
                grids = [_packed(p.cells, n) for p in solvable]
                job = workers.submit(_solve_chunk, key, grids)
            pending.append((chunk, job))
            while len(pending) > window:
                yield from _finish(workers, *pending.popleft())
        while pending:
            yield from _finish(workers, *pending.popleft())


def _finish(workers: Workers, chunk: list[Entry], job: Chunk | None) -> Iterator[Outcome]:
    from ._workers import WorkerDied  # lazy: start-up

    try:
        answers = iter(workers.result(job) if job is not None else ())
    except WorkerDied as died:  # its puzzles get error records; the batch goes on
        for entry in chunk:
            yield (
                _invalid(entry)
                if entry.puzzle is None
                else Outcome(entry, Result(Status.INVALID, puzzle=entry.puzzle, error=str(died)))
            )
        return
    for entry in chunk:
        if entry.puzzle is None:
            yield _invalid(entry)
            continue
        status, solution, error, extra = next(answers)
        if solution is not None:
            solution = tuple(solution)
        yield Outcome(entry, Result(_STATUS[status], solution, entry.puzzle, error, extra))
