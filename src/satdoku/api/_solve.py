"""The short path: solve one puzzle with the default backend."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..backends._sat import SatBackend
from ..backends._strategy import Strategy
from ..cnf._encodings import Encoding
from ..core._limits import Limits
from ..core._puzzle import Puzzle
from ..core._results import Result
from ..core._solution import Solution
from ._arguments import options_of, predicate_of, puzzle_of
from ._explorer import Order, order_of
from ._per_thread import PerThread
from ._predicates import Predicate
from ._space import first

__all__ = ["solve", "solve_result", "shared_backend", "SHARED_BACKENDS"]


def solve_result(
    puzzle: Puzzle,
    *,
    solver: str | None = None,
    encoding: Encoding = Encoding(),
    strategy: Strategy = Strategy.AUTO,
    limits: Limits = Limits(),
    native: bool | None = None,
) -> Result:
    """Solve one puzzle and return the full result (status, solution).

    ``native=False`` leaves the compiled engine out (see :class:`satdoku.backends._sat.SatBackend`).

    >>> from satdoku.io._line import parse_line
    >>> solve_result(parse_line("12..............")).status.value
    'solved'
    >>> solve_result(parse_line("12.............."), native=False).status.value
    'solved'
    """
    with _BACKENDS.using(*_keyed(solver, encoding, strategy, limits, native)) as backend:
        return backend.solve(puzzle)


SHARED_BACKENDS = 4
"""Backends (sets of options) kept per thread for :func:`solve`; the oldest goes first."""

_BACKENDS = PerThread[SatBackend](SHARED_BACKENDS)


def shared_backend(
    solver: str | None = None,
    encoding: Encoding = Encoding(),
    strategy: Strategy = Strategy.AUTO,
    limits: Limits = Limits(),
    native: bool | None = None,
) -> SatBackend:
    """Return this thread's backend for these options, made on first use and then kept.

    :func:`solve` and :func:`solve_result` go through it, so a loop of calls loads a shape's
    clauses into a solver once instead of once a call (about 10 ms for 9x9).

    >>> shared_backend() is shared_backend()
    True
    """
    return _BACKENDS.get(*_keyed(solver, encoding, strategy, limits, native))


def _keyed(
    solver: str | None, encoding: Encoding, strategy: Strategy, limits: Limits, native: bool | None
) -> tuple[tuple[object, ...], Callable[[], SatBackend]]:
    """Return the key a set of options is kept under and the maker of its backend."""
    key = (solver, encoding, strategy, limits, native)
    return key, partial(SatBackend, solver, encoding, strategy, limits, native=native)


def solve(
    puzzle: Puzzle | object,
    *,
    where: Predicate | str | None = None,
    order: Order | str | None = None,
    **options: object,
) -> Solution | None:
    """Return a solution of the puzzle, or None when it has none.

    ``where`` keeps only solutions a predicate accepts (see :mod:`satdoku.api._predicates`) and
    ``order="reading"`` returns the first solution in reading order (see :mod:`satdoku.api._space`);
    in any order and with no predicate, the one backend answers (:func:`solve_result`). The
    puzzle may be a string, rows or an array, ``where`` a predicate's name (``"diagonal-has-2"``),
    and ``timeout=`` / ``conflicts=`` set limits (see :mod:`satdoku.api._arguments`).

    The solution is a :class:`~satdoku.core._solution.Solution`: a tuple of digits (as before)
    that knows its puzzle and prints as a board, the value a ``where`` predicate judges too.

    >>> from satdoku.io._line import parse_line
    >>> solve(parse_line("11.............."))  # two 1s in row 1
    >>> solve(parse_line("................"), order="reading")[:8]
    (1, 2, 3, 4, 3, 4, 1, 2)
    """
    puzzle = puzzle_of(puzzle)
    options = options_of(options)
    if where is not None or order_of(order) is not Order.ANY:
        return first(puzzle, predicate_of(where), order, **options)
    found = solve_result(puzzle, **options).solution  # type: ignore[arg-type]
    return None if found is None else Solution(found, puzzle)
