"""The short path: solve one puzzle with the default backend."""

from __future__ import annotations

import threading

from .encodings import Encoding
from .predicates import Predicate
from .puzzle import Grid, Puzzle
from .results import Result
from .sat import DEFAULT_SOLVER, Limits, SatBackend, Strategy
from .space import Order, first

__all__ = ["solve", "solve_result", "shared_backend", "SHARED_BACKENDS"]


def solve_result(
    puzzle: Puzzle,
    *,
    solver: str = DEFAULT_SOLVER,
    encoding: Encoding = Encoding(),
    strategy: Strategy = Strategy.AUTO,
    limits: Limits = Limits(),
) -> Result:
    """Solve one puzzle and return the full result (status, solution).

    >>> from satdoku.formats import parse_line
    >>> solve_result(parse_line("12..............")).status.value
    'solved'
    """
    backend = shared_backend(solver, encoding, strategy, limits)
    try:
        return backend.solve(puzzle)
    except BaseException:  # Ctrl-C inside a solve may leave a solver half-way: start afresh
        _forget(backend)
        raise


SHARED_BACKENDS = 4
"""Backends (sets of options) :func:`shared_backend` keeps per thread; the oldest goes first."""

_LOCAL = threading.local()


def shared_backend(
    solver: str = DEFAULT_SOLVER,
    encoding: Encoding = Encoding(),
    strategy: Strategy = Strategy.AUTO,
    limits: Limits = Limits(),
) -> SatBackend:
    """Return this thread's backend for these options, made on first use and then kept.

    :func:`solve` and :func:`solve_result` go through it, so a loop of calls loads a shape's
    clauses into a solver once instead of once a call (about 10 ms for 9x9).

    >>> shared_backend() is shared_backend()
    True
    """
    backends: dict[tuple[str, Encoding, Strategy, Limits], SatBackend] | None = getattr(
        _LOCAL, "backends", None
    )
    if backends is None:
        backends = _LOCAL.backends = {}
    key = (solver, encoding, strategy, limits)
    backend = backends.get(key)
    if backend is None:
        if len(backends) >= SHARED_BACKENDS:
            backends.pop(next(iter(backends))).close()
        backend = backends[key] = SatBackend(solver, encoding, strategy, limits)
    return backend


def solve(
    puzzle: Puzzle,
    *,
    where: Predicate | None = None,
    order: Order | str | None = None,
    **options: object,
) -> Grid | None:
    """Return a solution of the puzzle, or None when it has none.

    ``where`` keeps only solutions a predicate accepts (see :mod:`satdoku.predicates`) and
    ``order="reading"`` returns the first solution in reading order (see :mod:`satdoku.space`).

    >>> from satdoku.formats import parse_line
    >>> solve(parse_line("11.............."))  # two 1s in row 1
    >>> solve(parse_line("................"), order="reading")[:8]
    (1, 2, 3, 4, 3, 4, 1, 2)
    """
    if where is not None or order is not None:
        return first(puzzle, where, order, **options)
    return solve_result(puzzle, **options).solution  # type: ignore[arg-type]


def _forget(backend: SatBackend) -> None:
    """Close a shared backend and drop it from this thread's cache."""
    backends = getattr(_LOCAL, "backends", {})
    for key, kept in list(backends.items()):
        if kept is backend:
            del backends[key]
    backend.close()
