"""Limits that hold: stop a PySAT solve after a wall-clock time or a conflict budget.

PySAT can interrupt most solvers from another thread (``interrupt``): a watcher thread does so when
the time is up, or at once on Ctrl-C (it listens on Python's signal wakeup fd, since Python's own
handler cannot run while the solver holds the main thread). PySAT cannot interrupt CaDiCaL (the
default solver) or Lingeling. For CaDiCaL the time limit is kept by *slices*: repeated
``solve_limited`` calls with a small conflict budget, checking the clock between them (learnt
clauses are kept, so no work is lost; the slice adapts to about 50 ms, but CaDiCaL's inprocessing
can stretch one). Lingeling has neither budgets nor interrupts, so asking it for a limit is refused
with a clear message naming solvers that have them. PySAT reports Ctrl-C inside a solve as its own
error; :func:`solve_within` raises KeyboardInterrupt instead.
"""

from __future__ import annotations

import os
import select
import signal
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .errors import InputError

if TYPE_CHECKING:
    from .sat import Limits

__all__ = [
    "UNINTERRUPTIBLE",
    "UNLIMITED",
    "check_limitable",
    "how_limited",
    "is_keyboard_interrupt",
    "solve_within",
]

UNINTERRUPTIBLE = frozenset({"cadical103", "cadical153", "cadical195", "lingeling"})
"""PySAT solvers whose ``interrupt`` is not implemented: a timeout is kept by conflict slices."""

UNLIMITED = frozenset({"lingeling"})
"""PySAT solvers with neither conflict budgets nor interrupts: limits are refused."""

QUICK_CONFLICTS = 200
"""Conflicts tried before a timer is set up (cheap for the many puzzles that need fewer)."""

SLICE_SECONDS = 0.05
"""Target wall-clock length of one conflict slice when a solver cannot be interrupted."""


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

    >>> from satdoku.sat import Limits
    >>> check_limitable("cadical153", Limits(timeout=1.0))
    >>> check_limitable("lingeling", Limits(conflicts=10))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.errors.InputError: solver lingeling cannot be stopped (PySAT has no conflict budget...
    """
    if limits.limited and name in UNLIMITED:
        raise InputError(
            f"solver {name} cannot be stopped (PySAT has no conflict budget or interrupt for it): "
            "drop --timeout/--conflicts or choose another solver, e.g. cadical153 or minisat22"
        )


def solve_within(solver: Any, name: str, assumptions: Sequence[int], limits: Limits) -> bool | None:
    """Solve under limits: True (satisfiable), False (unsatisfiable) or None (a limit was hit).

    >>> from pysat.solvers import Solver
    >>> from satdoku.sat import Limits
    >>> with Solver(name="cadical153", bootstrap_with=[[1, 2], [-1]]) as s:
    ...     solve_within(s, "cadical153", [], Limits(timeout=5.0))
    True
    """
    try:
        if not limits.limited:
            return bool(solver.solve(assumptions=list(assumptions)))
        check_limitable(name, limits)
        if limits.timeout is not None and name in UNINTERRUPTIBLE:
            return _sliced(solver, assumptions, limits)
        return _interrupted(solver, assumptions, limits)
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

    The watcher thread interrupts the solver when the time is up, or at once on Ctrl-C: while the
    solver runs (GIL released) Python's handler cannot run, but its wakeup fd still receives the
    signal, so the solve stops and KeyboardInterrupt is raised as soon as it returns.
    """
    conflicts = limits.conflicts
    if limits.timeout is None:
        solver.conf_budget(conflicts)
        ok = solver.solve_limited(assumptions=list(assumptions))
        return None if ok is None else bool(ok)
    # most puzzles take a few conflicts: try them without the watcher thread's cost first
    start = time.monotonic()
    first = QUICK_CONFLICTS if conflicts is None else min(QUICK_CONFLICTS, conflicts)
    solver.conf_budget(first)
    ok = solver.solve_limited(assumptions=list(assumptions))
    left = limits.timeout - (time.monotonic() - start)
    if ok is None and left > 0 and (conflicts is None or conflicts > first):
        solver.conf_budget(-1 if conflicts is None else conflicts - first)
        if os.name == "posix":
            with _Watcher(solver, left):
                ok = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        else:  # no select() on pipes: a plain timer (Ctrl-C then waits for the time limit)
            timer = threading.Timer(left, solver.interrupt)
            timer.start()
            try:
                ok = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
            finally:
                timer.cancel()
                solver.clear_interrupt()
    return None if ok is None else bool(ok)


class _Watcher:
    """Interrupt a solver after a timeout or on SIGINT, from a thread (a context manager)."""

    def __init__(self, solver: Any, timeout: float) -> None:
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
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([self.signal_r, self.cancel_r], [], [], left)
            if self.cancel_r in ready:
                return
            if self.signal_r in ready:
                signals = os.read(self.signal_r, 64)
                if signal.SIGINT in signals:
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


def _sliced(solver: Any, assumptions: Sequence[int], limits: Limits) -> bool | None:
    """Keep a timeout on a solver that cannot be interrupted: short conflict budgets in a loop."""
    assert limits.timeout is not None
    deadline = time.monotonic() + limits.timeout
    left = limits.conflicts
    size = 100
    while True:
        start = time.monotonic()
        if start >= deadline:
            return None
        budget = size if left is None else min(size, left)
        if budget <= 0:
            return None
        solver.conf_budget(budget)
        ok = solver.solve_limited(assumptions=list(assumptions))
        if ok is not None:
            return bool(ok)
        if left is not None:
            left -= budget
        spent = time.monotonic() - start
        if spent < SLICE_SECONDS / 2:
            size *= 2
        elif spent > SLICE_SECONDS * 2:
            size = max(10, size // 2)
