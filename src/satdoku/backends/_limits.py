"""Limits that hold: stop a PySAT solve after a wall-clock time or a conflict budget.

PySAT can interrupt most solvers from another thread (``interrupt``): a watcher thread does so when
the time is up, or at once on Ctrl-C (it listens on Python's signal wakeup fd, since Python's own
handler cannot run while the solver holds the main thread). PySAT cannot interrupt CaDiCaL (the
default solver) or Lingeling. For CaDiCaL a fresh solver (big grids) runs in a forked child
process that is killed at the timeout (:func:`solve_in_children`), so it solves at full speed; a
persistent solver (small grids, givens as assumptions), or any solver where fork is not to be
had, keeps the time limit by *slices*: repeated ``solve_limited`` calls with a conflict budget,
checking the clock between them (learnt clauses are kept; a slice adapts to a quarter of the time
spent so far, at least 50 ms, but CaDiCaL's inprocessing can stretch one). Lingeling has neither
budgets nor interrupts, so asking it for a limit is refused with a clear message naming solvers
that have them. Ctrl-C never jumps out of a solver (:mod:`satdoku.backends._interrupts`): it
stops an interruptible solver through the watcher, and lands between the slices of CaDiCaL, which
is sliced without a timeout too; :func:`solve_within` raises KeyboardInterrupt.
"""

from __future__ import annotations

import math
import os
import select
import signal
import sys
import threading
import time
from array import array
from collections.abc import Callable, Sequence
from typing import Any

from ..core._errors import InputError
from ..core._limits import Limits
from . import _stop_flag as stop_flag
from ._interrupts import fork_answering, shielded, write_all

__all__ = [
    "UNINTERRUPTIBLE",
    "UNLIMITED",
    "check_limitable",
    "how_limited",
    "is_keyboard_interrupt",
    "solve_within",
    "can_fork",
    "solve_in_children",
    "default_jobs",
]

UNINTERRUPTIBLE = frozenset({"cadical103", "cadical153", "cadical195", "lingeling"})
"""PySAT solvers whose ``interrupt`` is not implemented: a timeout is kept by conflict slices."""

UNLIMITED = frozenset({"lingeling"})
"""PySAT solvers with neither conflict budgets nor interrupts: limits are refused."""

QUICK_CONFLICTS = 200
"""Conflicts tried before a timer is set up (cheap for the many puzzles that need fewer)."""

SLICE_SECONDS = 0.05
"""Shortest target wall-clock length of a conflict slice when a solver cannot be interrupted."""

SLICE_GROWTH = 0.25
"""A slice aims at this fraction of the time a solve has taken so far (when that is longer).

Every call restarts CaDiCaL's search schedule, so many short slices cost a lot on big grids: a
Latin square of order 50 (42 % given) took 0.8 s unlimited, 5-14 s in fixed 50 ms slices and
0.7 s in slices of 0.2 s or more. Growing slices keep the number of calls logarithmic in the
solve's length while the overrun past the timeout stays a fraction of it.
"""


def how_limited(name: str) -> str:
    """Say how a timeout is enforced for a solver.

    >>> how_limited("minisat22"), how_limited("cadical153"), how_limited("lingeling")
    ('interrupt', 'conflict slices', 'none')
    """
    if name in UNLIMITED:
        return "none"
    return "conflict slices" if name in UNINTERRUPTIBLE else "interrupt"


def check_limitable(name: str, limits: Limits) -> None:
    """Raise InputError when limits are asked of a solver that cannot keep them.

    >>> from satdoku.core._limits import Limits
    >>> check_limitable("cadical153", Limits(timeout=1.0))
    >>> check_limitable("lingeling", Limits(conflicts=10))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: solver lingeling cannot be stopped (PySAT has no conflict
    budget...
    """
    if limits.limited and name in UNLIMITED:
        raise InputError(
            f"solver {name} cannot be stopped (PySAT has no conflict budget or interrupt for it): "
            "drop --timeout/--conflicts or choose another solver, e.g. cadical153 or minisat22"
        )


def solve_within(solver: Any, name: str, assumptions: Sequence[int], limits: Limits) -> bool | None:
    """Solve under limits: True (satisfiable), False (unsatisfiable) or None (a limit was hit).

    >>> from pysat.solvers import Solver
    >>> from satdoku.core._limits import Limits
    >>> with Solver(name="cadical153", bootstrap_with=[[1, 2], [-1]]) as s:
    ...     solve_within(s, "cadical153", [], Limits(timeout=5.0))
    True
    """
    try:
        check_limitable(name, limits)
        if name in UNLIMITED:
            return bool(shielded(solver.solve, list(assumptions)))
        if name in UNINTERRUPTIBLE:
            return _sliced(solver, assumptions, limits)
        answer = _interrupted(solver, assumptions, limits)
        stop_flag.check()  # the watcher stopped the solve for a stop signal: not a timeout
        return answer
    except Exception as err:
        if is_keyboard_interrupt(err):
            raise KeyboardInterrupt from err
        raise


def is_keyboard_interrupt(err: BaseException) -> bool:
    """Tell whether an exception is PySAT's report of Ctrl-C during a solve (its own ``error``).

    >>> is_keyboard_interrupt(RuntimeError("Caught keyboard interrupt")), is_keyboard_interrupt(
    ...     RuntimeError("other"))
    (True, False)
    """
    return "keyboard interrupt" in str(err).lower()


def _interrupted(solver: Any, assumptions: Sequence[int], limits: Limits) -> bool | None:
    """One limited call in the calling thread: a conflict budget and/or a watcher that interrupts.

    Every call says ``expect_interrupt=True``, so PySAT installs no SIGINT handler of its own.
    The watcher thread interrupts the solver when the time is up, or at once on Ctrl-C: while
    the solver runs (GIL released) Python's handler cannot run, but its wakeup fd still receives
    the signal, so the solve stops and KeyboardInterrupt is raised as soon as it returns.
    """
    conflicts = limits.conflicts
    # most puzzles take a few conflicts: try them without the watcher thread's cost first
    start = time.monotonic()
    first = QUICK_CONFLICTS if conflicts is None else min(QUICK_CONFLICTS, conflicts)
    solver.conf_budget(first)
    ok = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
    left = None if limits.timeout is None else limits.timeout - (time.monotonic() - start)
    if ok is None and (left is None or left > 0) and (conflicts is None or conflicts > first):
        solver.conf_budget(-1 if conflicts is None else conflicts - first)
        if os.name == "posix":
            with _Watcher(solver, left):
                ok = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        else:  # no select() on pipes: a plain timer (Ctrl-C then waits for the time limit)
            timer = threading.Timer(math.inf if left is None else left, solver.interrupt)
            timer.start()
            try:
                ok = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
            finally:
                timer.cancel()
                solver.clear_interrupt()
    return None if ok is None else bool(ok)


class _Watcher:
    """Interrupt a solver after a timeout or on SIGINT, from a thread (a context manager)."""

    def __init__(self, solver: Any, timeout: float | None) -> None:
        self.solver = solver
        self.timeout = timeout
        self.signal_r, self.signal_w = os.pipe()
        self.cancel_r, self.cancel_w = os.pipe()
        os.set_blocking(self.signal_w, False)
        self.previous: int | None = None
        self.thread = threading.Thread(target=self._watch, name="satdoku-limit", daemon=True)

    def __enter__(self) -> _Watcher:
        if threading.current_thread() is threading.main_thread():
            try:
                self.previous = signal.set_wakeup_fd(self.signal_w, warn_on_full_buffer=False)
            except ValueError:  # pragma: no cover - not the main interpreter
                self.previous = None
        self.thread.start()
        return self

    def _watch(self) -> None:
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if (left is not None and left <= 0) or stop_flag.arrived() is not None:
                break  # (a stop signal noted before the solve began wrote no wakeup byte)
            wait = stop_flag.POLL_SECONDS if left is None else min(left, stop_flag.POLL_SECONDS)
            ready, _, _ = select.select([self.signal_r, self.cancel_r], [], [], wait)
            if self.cancel_r in ready:
                return
            if self.signal_r in ready:
                signals = os.read(self.signal_r, 64)
                if any(number in signals for number in stop_flag.STOP_SIGNALS):
                    break
        self.solver.interrupt()

    def __exit__(self, *exc: object) -> None:
        os.write(self.cancel_w, b"x")
        self.thread.join()
        if self.previous is not None:
            signal.set_wakeup_fd(self.previous)
        for fd in (self.signal_r, self.signal_w, self.cancel_r, self.cancel_w):
            os.close(fd)
        self.solver.clear_interrupt()


def can_fork() -> bool:
    """Tell whether a solve can run in a forked child process here (Linux and the BSDs).

    >>> isinstance(can_fork(), bool)
    True
    """
    return hasattr(os, "fork") and sys.platform != "darwin"


def solve_in_children(
    makers: Sequence[Callable[[], Any]], limits: Limits
) -> tuple[bool | None, list[int] | None]:
    """Race solvers of one formula in forked children (a portfolio): the first answer wins.

    Each child loads its solver, says so, solves (within the conflict budget) and writes its
    answer; the parent takes the first satisfiable or unsatisfiable verdict and kills the
    others, or gives None when every child ran out of conflicts or the timeout (counted from
    the first child's loaded formula) passed. A child that dies without an answer (killed for
    memory, say) leaves the race to the others; RuntimeError when none answers. Solvers of one
    formula with different options have very different run times on big grids; racing two cuts
    the long tails. One child alone is how a solver that cannot be interrupted (CaDiCaL) keeps
    a timeout on a big grid at full speed: it solves without slices, and is killed at the
    timeout or on Ctrl-C; as in process, the timeout counts from when the formula is loaded.

    >>> from pysat.solvers import Solver
    >>> from satdoku.core._limits import Limits
    >>> make = lambda: Solver("cadical153", [[1, 2], [-1], [-2]])
    >>> solve_in_children([make, make], Limits()) if can_fork() else (False, None)
    (False, None)
    >>> one = lambda: Solver("cadical153", [[1, 2], [-1]])
    >>> solve_in_children([one], Limits(timeout=9)) if can_fork() else (True, [-1, 2])
    (True, [-1, 2])
    """
    children: dict[int, tuple[int, bytearray]] = {}  # read end -> (pid, what it wrote)
    try:
        for make_solver in makers:

            def solve_and_say(out: int, make_solver: Callable[[], Any] = make_solver) -> None:
                solver = make_solver()
                os.write(out, b"L")  # loaded: the clock starts (as in process)
                write_all(out, _child_answer(solver, limits.conflicts))

            # the pipes of the children before it are closed in it
            pid, read_end = fork_answering(solve_and_say, close=list(children))
            children[read_end] = (pid, bytearray())
        deadline = None
        failed: list[int] = []  # wait statuses of children that gave no answer
        while children:
            loaded = any(data for _, data in children.values())
            if deadline is None and limits.timeout is not None and loaded:
                deadline = time.monotonic() + limits.timeout
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None, None
            wait = stop_flag.POLL_SECONDS if left is None else min(left, stop_flag.POLL_SECONDS)
            ready, _, _ = select.select(list(children), [], [], wait)
            stop_flag.check()  # Ctrl-C meanwhile: the children are killed below
            for read_end in ready:
                pid, data = children[read_end]
                chunk = os.read(read_end, 1 << 20)
                if chunk:
                    data += chunk
                    continue
                del children[read_end]  # this child is done: reap it, read its answer
                os.close(read_end)
                _, status = os.waitpid(pid, 0)
                answer = bytes(data[1:])
                if status != 0 or not answer:  # killed (out of memory?) or failed: the others
                    failed.append(status)  # may still answer
                elif answer[:1] == b"S":
                    return True, array("i", answer[1:]).tolist()
                elif answer[:1] == b"U":
                    return False, None
        if failed:
            raise RuntimeError(f"a solver's child process failed (wait status {failed[0]})")
        return None, None  # every child ran out of conflicts
    finally:
        for read_end, (pid, _) in children.items():
            os.close(read_end)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


def _child_answer(solver: Any, conflicts: int | None) -> bytes:
    """Solve (within the conflict budget) and return b'S' and the model, b'U' or b'T'."""
    if conflicts is None:
        ok = solver.solve()
    else:
        solver.conf_budget(conflicts)
        ok = solver.solve_limited()
    if ok is None:
        return b"T"
    if not ok:
        return b"U"
    return b"S" + array("i", solver.get_model()).tobytes()


def _sliced(solver: Any, assumptions: Sequence[int], limits: Limits) -> bool | None:
    """Solve with a solver that cannot be interrupted: conflict budgets in a loop.

    Between slices the clock is read (a timeout holds) and a Ctrl-C raises KeyboardInterrupt.

    A slice aims at :data:`SLICE_GROWTH` of the time spent so far (at least
    :data:`SLICE_SECONDS`, at most the time left), so a long solve takes few slices.
    """
    begin = time.monotonic()
    deadline = None if limits.timeout is None else begin + limits.timeout
    left = limits.conflicts
    size = 100
    while True:
        start = time.monotonic()
        if deadline is not None and start >= deadline:
            return None
        target = max(SLICE_SECONDS, SLICE_GROWTH * (start - begin))
        if deadline is not None:
            target = min(target, deadline - start)
        budget = size if left is None else min(size, left)
        if budget <= 0:
            return None
        solver.conf_budget(budget)
        if getattr(solver, "shields_itself", False):  # it shields its own PySAT calls
            ok = solver.solve_limited(list(assumptions))
        else:
            ok = shielded(solver.solve_limited, list(assumptions))  # Ctrl-C lands between slices
        if ok is not None:
            return bool(ok)
        if left is not None:
            left -= budget
        spent = time.monotonic() - start
        if spent < target / 2:
            size *= 2
        elif spent > target * 2:
            size = max(10, size // 2)


def default_jobs() -> int:
    """Return the number of CPUs this process may use (at least 1).

    >>> default_jobs() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
