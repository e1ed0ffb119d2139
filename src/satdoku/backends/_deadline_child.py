"""Whole solves under a deadline: the work runs in a forked child the parent kills in time.

On a big grid most of a fresh solve is not the SAT search: rules 1 and 2, building the formula
(10 s for an empty Latin square of order 100) and loading it into the solver (28 s) cannot be
interrupted. :func:`within_deadline` forks a child that does all of it and writes back the grid
it found; the parent waits until the deadline and kills the child (and, through
``die_with_parent``, any solver children it raced) when the time is up or on Ctrl-C. So
``--timeout`` covers a puzzle from its first step to its answer.
"""

from __future__ import annotations

import os
import select
import signal
import time
from array import array
from collections.abc import Callable

from ..core._puzzle import Grid
from . import _stop_flag as stop_flag
from ._interrupts import fork_answering, write_all

__all__ = ["Answer", "within_deadline"]

Answer = tuple[bool | None, Grid | None]
"""What a solve found: (True, the grid), (False, None) for none, (None, None) for no answer."""


def _encoded(answer: Answer) -> bytes:
    ok, grid = answer
    if ok is None:
        return b"T"
    if not ok or grid is None:
        return b"U"
    return b"S" + array("I", grid).tobytes()


def within_deadline(work: Callable[[], Answer], deadline: float) -> Answer:
    """Run ``work`` in a forked child; return its answer, or (None, None) past ``deadline``.

    ``deadline`` is a ``time.monotonic()`` value. A child that dies without an answer (killed
    for memory, say) raises RuntimeError with its wait status.

    >>> from satdoku.backends._limits import can_fork
    >>> within_deadline(lambda: (True, (1, 2, 2, 1)), time.monotonic() + 9) if can_fork() else 0
    (True, (1, 2, 2, 1))
    >>> slow = lambda: (time.sleep(5), (True, None))[1]
    >>> within_deadline(slow, time.monotonic() + 0.1) if can_fork() else (None, None)
    (None, None)
    """
    pid, read_end = fork_answering(lambda out: write_all(out, _encoded(work())))
    data = bytearray()
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None, None
            ready, _, _ = select.select([read_end], [], [], min(left, stop_flag.POLL_SECONDS))
            stop_flag.check()  # Ctrl-C meanwhile: the child is killed below
            if not ready:
                continue
            chunk = os.read(read_end, 1 << 20)
            if not chunk:
                break
            data += chunk
        _, status = os.waitpid(pid, 0)
        pid = 0
        if status != 0 or not data:
            raise RuntimeError(f"a solve's child process failed (wait status {status})")
        if data[:1] == b"S":
            return True, tuple(array("I", bytes(data[1:])))
        return (False, None) if data[:1] == b"U" else (None, None)
    finally:
        os.close(read_end)
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
