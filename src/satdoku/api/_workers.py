"""Worker processes for batches: chunks solved elsewhere, and a worker's death survived.

``multiprocessing.Pool`` loses the task of a worker that dies (killed by the OOM killer, say) and
its ``get()`` then waits forever. :class:`Workers` runs on ``concurrent.futures``, which tells a
dead worker (``BrokenProcessPool``): the pool is started again and the chunks that were in
flight are sent again; a chunk that was in flight at :data:`RETRIES` deaths is given up (its
puzzles get error records) and the batch goes on. Workers ignore Ctrl-C (the parent stops them)
and, on Linux, die with their parent (``PR_SET_PDEATHSIG``), so none is left behind.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as NotYet
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..backends import _stop_flag as stop_flag
from ..backends._interrupts import die_with_parent

__all__ = ["RETRIES", "Chunk", "WorkerDied", "Workers"]

RETRIES = 2
"""Deaths of the pool a chunk may be in flight at before it is given up."""


def _start(initializer: Callable[..., None], args: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    die_with_parent()
    initializer(*args)


class Chunk:
    """A chunk of work in flight: the call, its future, and how many deaths it has seen."""

    def __init__(self, call: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.call = call
        self.args = args
        self.future: Future[Any] | None = None
        self.deaths = 0


class Workers:
    """A pool of worker processes whose chunks survive a worker's death (a context manager).

    >>> with Workers(2, int, ()) as workers:
    ...     chunk = workers.submit(sum, [1, 2, 3])
    ...     workers.result(chunk)
    6
    """

    def __init__(self, jobs: int, initializer: Callable[..., None], args: tuple[Any, ...]):
        methods = multiprocessing.get_all_start_methods()
        self.context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.jobs = jobs
        self.initializer = initializer
        self.args = args
        self.in_flight: list[Chunk] = []
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.jobs,
            mp_context=self.context,
            initializer=_start,
            initargs=(self.initializer, self.args),
        )

    def submit(self, call: Callable[..., Any], *args: Any) -> Chunk:
        """Send a call to the workers; its answer comes from :meth:`result`."""
        chunk = Chunk(call, args)
        self.in_flight.append(chunk)
        try:
            chunk.future = self.executor.submit(call, *args)
        except BrokenProcessPool:  # a worker died since the last answer: start again
            self._restart()
        return chunk

    def result(self, chunk: Chunk) -> Any:
        """Return the chunk's answer; raise :class:`WorkerDied` when it was given up."""
        while True:
            if chunk.deaths >= RETRIES:
                self.in_flight.remove(chunk)
                raise WorkerDied(
                    f"a worker process died {chunk.deaths} times while this chunk was being "
                    "solved (killed? out of memory?)"
                )
            assert chunk.future is not None
            try:
                answer = chunk.future.result(timeout=stop_flag.POLL_SECONDS)
            except NotYet:  # a stop signal meanwhile stops the wait (the workers ignore Ctrl-C)
                stop_flag.check()
                continue
            except BrokenProcessPool:
                self._restart()
                continue
            self.in_flight.remove(chunk)
            return answer

    def _restart(self) -> None:
        """Start a new pool and send it every chunk in flight (each saw one more death)."""
        self._stop(self.executor)
        self.executor = self._start()
        for chunk in self.in_flight:
            future = chunk.future
            if future is None:  # not sent yet
                chunk.future = self.executor.submit(chunk.call, *chunk.args)
                continue
            if future.done() and not future.cancelled() and future.exception() is None:
                continue  # answered before the death
            chunk.deaths += 1
            if chunk.deaths < RETRIES:
                chunk.future = self.executor.submit(chunk.call, *chunk.args)

    @staticmethod
    def _stop(executor: ProcessPoolExecutor) -> None:
        """Stop a pool at once: queued calls cancelled, running workers killed."""
        processes = dict(getattr(executor, "_processes", None) or {})
        answers = getattr(executor, "_result_queue", None)
        manager = getattr(executor, "_executor_manager_thread", None)
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            if process.is_alive():
                process.kill()
        for process in processes.values():
            process.join(timeout=5)
        # A worker killed while writing an answer leaves half of it in the pipe, and the pool's
        # manager thread would wait for the rest for ever (the interpreter's exit waiting on it:
        # a run hung after Ctrl-C). With the last writer closed it reads the pipe's end instead.
        writer = getattr(answers, "_writer", None)
        if writer is not None and not any(p.is_alive() for p in processes.values()):
            writer.close()
        if manager is not None:  # done before the interpreter's exit wakes it (a closed pipe)
            manager.join(timeout=5)

    def close(self) -> None:
        """Stop the workers (at once: any work still in flight is dropped)."""
        self._stop(self.executor)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class WorkerDied(RuntimeError):
    """A chunk was in flight at every death of the pool it was allowed (:data:`RETRIES`)."""
