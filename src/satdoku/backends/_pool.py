"""The solver pool: persistent PySAT solvers loaded with a shape's clauses, made once and kept.

Every PySAT consumer that takes givens as assumptions (:class:`~satdoku.backends._sat.SatBackend`,
:class:`~satdoku.api._explorer.Explorer`, :class:`~satdoku.api._explain.Explainer`) gets its solvers
here, so they are made with the same measured options
(:data:`~satdoku.backends._solvers.SOLVER_OPTIONS`), replaced by the same rule once their learnt
clauses pile up (:data:`REFRESH_CONFLICTS`) and bounded in number (:data:`PERSISTENT_SHAPES`). A
solver only ever holds its shape's clauses and clauses *guarded* by an activation literal of a
:class:`Lease`: the literal is assumed while the lease is out and made false for good when it is
retired, so what one question added is gone for the next. Each consumer holds its own pool: a solver
in use (a plan bound to its methods, an open question) is never freed by another consumer's needs.

>>> from satdoku.core._shape import Shape
>>> with SolverPool() as pool:
...     key = SolverKey("cadical153", Shape.sudoku(4), Encoding())
...     pool.solver(key) is pool.solver(key), len(pool)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..cnf._encodings import Encoding, shape_clauses
from ..core._shape import Shape
from ._solvers import new_solver

if TYPE_CHECKING:  # PySAT loads when a solver is made, not at start-up
    from pysat.solvers import Solver as PySatSolver

__all__ = [
    "REFRESH_CONFLICTS",
    "REFRESH_CHECK",
    "PERSISTENT_SHAPES",
    "SolverKey",
    "Lease",
    "SolverPool",
]

REFRESH_CONFLICTS = 50_000
"""Conflicts after which a persistent solver is replaced by a new one (learnt clauses dropped).

Learnt clauses are implied by the shape's clauses alone, so they stay valid from puzzle to puzzle,
but the ones CaDiCaL keeps pile up and slow every later propagation: on the 10,000 puzzles of
forum_hardest_1905_11+ (about 40 conflicts each) one solver for all took 18.3 s of CPU, a new
solver after every 50,000 conflicts 15.0 s (20,000: 15.6 s; 100,000: 15.6 s); on the 49,158
17-clue puzzles (few conflicts, so few refreshes) 5.4 s against 5.8 s.
"""

REFRESH_CHECK = 128
"""Uses of a persistent solver between two looks at its conflict count."""

PERSISTENT_SHAPES = 16
"""Most persistent solvers a pool holds at once (the one used first goes first)."""


class SolverKey(NamedTuple):
    """What a pooled solver is: a PySAT solver by name, loaded with a shape's clauses.

    >>> from satdoku.core._shape import Shape
    >>> SolverKey("minisat22", Shape.sudoku(4), Encoding()).name
    'minisat22'
    """

    name: str
    shape: Shape
    encoding: Encoding


class Lease(NamedTuple):
    """A pooled solver lent for one question, and the activation literal its clauses carry.

    Clauses added during the lease are ``clause + [-guard]``, and ``guard`` is assumed in every
    solve of the question; :meth:`SolverPool.retire` makes it false for good.
    """

    key: SolverKey
    solver: PySatSolver
    guard: int


class _Held:
    """A solver in the pool: its highest variable, its open leases, uses till its next check."""

    __slots__ = ("solver", "top", "busy", "countdown")

    def __init__(self, solver: PySatSolver, top: int) -> None:
        self.solver = solver
        self.top = top
        self.busy = 0
        self.countdown = REFRESH_CHECK


class SolverPool:
    """Keep persistent solvers by :class:`SolverKey`, at most ``size`` of them.

    ``on_drop`` is called with the key of every solver the pool frees (evicted, refreshed or
    dropped), for a consumer to forget what it built on that solver.

    >>> from satdoku.core._shape import Shape
    >>> pool = SolverPool()
    >>> lease = pool.lend(SolverKey("cadical153", Shape.latin(2), Encoding()))
    >>> lease.solver.add_clause([-1, -lease.guard])  # not 1 in r1c1, for this question only
    >>> lease.solver.solve([lease.guard]), lease.solver.get_model()[:2]
    (True, [-1, 2])
    >>> pool.retire(lease)
    >>> pool.solver(lease.key).solve([1])
    True
    >>> pool.close()
    """

    def __init__(
        self,
        size: int = PERSISTENT_SHAPES,
        on_drop: Callable[[SolverKey], None] | None = None,
    ) -> None:
        self.size = size
        self.on_drop = on_drop
        self._held: dict[SolverKey, _Held] = {}

    def __len__(self) -> int:
        return len(self._held)

    def __contains__(self, key: object) -> bool:
        return key in self._held

    def held(self) -> list[SolverKey]:
        """Return the keys of the solvers held, the oldest first."""
        return list(self._held)

    def get(self, key: SolverKey) -> PySatSolver | None:
        """Return the key's solver if one is held (not counted as a use), else None."""
        held = self._held.get(key)
        return None if held is None else held.solver

    def solver(self, key: SolverKey) -> PySatSolver:
        """Return the key's solver, loading the shape's clauses on first use.

        Every :data:`REFRESH_CHECK` uses the solver's conflicts are looked at, and a solver past
        :data:`REFRESH_CONFLICTS` with no lease out is replaced by a new one.
        """
        return self._get(key).solver

    def _get(self, key: SolverKey) -> _Held:
        held = self._held.get(key)
        if held is not None:
            held.countdown -= 1
            if held.countdown > 0 or not self.refresh(key):
                return held
        held = self._load(key)
        return held

    def _load(self, key: SolverKey) -> _Held:
        """Load a new solver for the key, freeing the oldest idle one when the pool is full."""
        while len(self._held) >= self.size:
            idle = next((k for k, h in self._held.items() if not h.busy), None)
            if idle is None:  # every one is lent out: hold one more for now
                break
            self.drop(idle)
        formula = shape_clauses(key.shape, key.encoding)
        held = self._held[key] = _Held(new_solver(key.name, formula.clauses), formula.top)
        return held

    def refresh(self, key: SolverKey) -> bool:
        """Free the key's solver when it has passed :data:`REFRESH_CONFLICTS` conflicts and no
        lease is out (its next use loads a new one); tell whether it did."""
        held = self._held.get(key)
        if held is None:
            return False
        held.countdown = REFRESH_CHECK
        if held.busy:
            return False
        stats = held.solver.accum_stats() or {}
        if stats.get("conflicts", 0) < REFRESH_CONFLICTS:
            return False
        self.drop(key)
        return True

    def lend(self, key: SolverKey) -> Lease:
        """Lend the key's solver for one question, with a new activation literal."""
        held = self._get(key)
        held.top += 1
        held.busy += 1
        return Lease(key, held.solver, held.top)

    def retire(self, lease: Lease) -> None:
        """End a lease: its activation literal is made false, so its clauses hold no more."""
        held = self._held.get(lease.key)
        if held is None or held.solver is not lease.solver:
            return  # already freed (the pool was closed)
        held.solver.add_clause([-lease.guard])
        held.busy -= 1

    def drop(self, key: SolverKey) -> None:
        """Free the key's solver (if held) and tell ``on_drop``."""
        held = self._held.pop(key, None)
        if held is None:
            return
        held.solver.delete()
        if self.on_drop is not None:
            self.on_drop(key)

    def close(self) -> None:
        """Free every solver held."""
        for key in list(self._held):
            self.drop(key)

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
