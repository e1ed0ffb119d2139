"""Limits that hold: stop a PySAT solve after a wall-clock time or a conflict budget.

PySAT can interrupt most solvers from a timer thread (``interrupt``), but not CaDiCaL (the default
solver) and Lingeling. For CaDiCaL the time limit is kept by *slices*: repeated ``solve_limited``
calls with a small conflict budget, checking the clock between them (learnt clauses are kept, so
no work is lost; the slice adapts to about 50 ms). Lingeling has neither budgets nor interrupts,
so asking it for a limit is refused with a clear message naming solvers that have them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .errors import InputError

if TYPE_CHECKING:
    from .sat import Limits

__all__ = ["UNINTERRUPTIBLE", "UNLIMITED", "check_limitable", "how_limited", "solve_within"]

UNINTERRUPTIBLE = frozenset({"cadical103", "cadical153", "cadical195", "lingeling"})
"""PySAT solvers whose ``interrupt`` is not implemented: a timeout is kept by conflict slices."""

UNLIMITED = frozenset({"lingeling"})
"""PySAT solvers with neither conflict budgets nor interrupts: limits are refused."""

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


def solve_within(
    solver: Any, name: str, assumptions: Sequence[int], limits: Limits
) -> bool | None:
    """Solve under limits: True (satisfiable), False (unsatisfiable) or None (a limit was hit).

    >>> from pysat.solvers import Solver
    >>> from satdoku.sat import Limits
    >>> with Solver(name="cadical153", bootstrap_with=[[1, 2], [-1]]) as s:
    ...     solve_within(s, "cadical153", [], Limits(timeout=5.0))
    True
    """
    if not limits.limited:
        return bool(solver.solve(assumptions=list(assumptions)))
    check_limitable(name, limits)
    if limits.timeout is not None and name in UNINTERRUPTIBLE:
        return _sliced(solver, assumptions, limits)
    return _interrupted(solver, assumptions, limits)


def _interrupted(solver: Any, assumptions: Sequence[int], limits: Limits) -> bool | None:
    """One limited call: a conflict budget and/or a timer thread that interrupts the solver."""
    if limits.conflicts is not None:
        solver.conf_budget(limits.conflicts)
    timer = None
    if limits.timeout is not None:
        timer = threading.Timer(limits.timeout, solver.interrupt)
        timer.daemon = True
        timer.start()
    try:
        ok = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=timer is not None)
    finally:
        if timer is not None:
            timer.cancel()
            timer.join()
            solver.clear_interrupt()
    return None if ok is None else bool(ok)


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
