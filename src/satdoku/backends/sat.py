"""The PySAT backend: solve puzzles by loading their clauses into a SAT solver.

Two strategies share the one encoding. *Persistent*: one solver per shape holds the shape's
clauses and each puzzle's givens go in as assumptions (fast for batches of small grids).
*Fresh*: per puzzle a new solver gets the formula simplified by the givens (Kwon & Jain), which
wins on big grids where assumptions slow the solver down; there, two configurations of the solver
may race in child processes (a portfolio), the first answer winning.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from enum import Enum
from functools import partial
from itertools import compress
from operator import add, sub

from pysat.solvers import Solver as PySatSolver

from ..cnf.encodings import AtMostOne, Encoding, encode, shape_clauses
from ..core.checker import is_solution
from ..core.claims import TRUE, UNKNOWN, decode_model
from ..core.errors import InputError, InternalError
from ..core.limits import Limits
from ..core.puzzle import Grid, Puzzle
from ..core.results import Result, Status
from ..core.shape import Shape
from ..rules.singles import singles
from .limits import (
    QUICK_CONFLICTS,
    UNINTERRUPTIBLE,
    can_fork,
    check_limitable,
    default_jobs,
    solve_in_children,
    solve_within,
)
from .native import GUESS_BUDGET, Engine, engine_for

__all__ = [
    "Strategy",
    "SOLVER_NAMES",
    "DEFAULT_SOLVER",
    "Limits",
    "SatBackend",
    "new_solver",
    "SOLVER_OPTIONS",
    "FRESH_SOLVER_OPTIONS",
    "SLICED_SOLVER_OPTIONS",
    "PORTFOLIO_OPTIONS",
    "REFRESH_CONFLICTS",
    "PERSISTENT_SHAPES",
]

DEFAULT_SOLVER = "cadical153"
"""The PySAT solver used unless another is named (chosen by measurement; see the README)."""

SOLVER_NAMES = (
    "cadical103",
    "cadical153",
    "cadical195",
    "glucose3",
    "glucose4",
    "glucose42",
    "lingeling",
    "maplechrono",
    "maplecm",
    "maplesat",
    "mergesat3",
    "minicard",
    "minisat22",
    "minisat-gh",
)
"""PySAT solver names satdoku accepts."""


class Strategy(Enum):
    """How givens reach the solver: assumptions on a persistent solver, or a fresh solver."""

    PERSISTENT = "persistent"
    FRESH = "fresh"
    AUTO = "auto"

    def resolve(self, n: int) -> Strategy:
        """Return the concrete strategy for side n (AUTO: persistent up to 16, then fresh).

        >>> Strategy.AUTO.resolve(9), Strategy.AUTO.resolve(25)
        (<Strategy.PERSISTENT: 'persistent'>, <Strategy.FRESH: 'fresh'>)
        """
        if self is not Strategy.AUTO:
            return self
        return Strategy.PERSISTENT if n <= 16 else Strategy.FRESH


def check_solver_name(name: str) -> str:
    """Return the name when PySAT knows it, else raise InputError listing the names.

    >>> check_solver_name("minisat22")
    'minisat22'
    """
    if name not in SOLVER_NAMES:
        raise InputError(f"unknown solver {name!r}: expected one of {', '.join(SOLVER_NAMES)}")
    return name


SOLVER_OPTIONS: dict[str, dict[str, int]] = {"cadical153": {"chrono": 0}}
"""Options set on new solvers (chosen by measurement: benchmarks/RESULTS.md).

CaDiCaL 1.5.3 without chronological backtracking solved the 17-clue set about 12% faster with
givens as assumptions (fewer conflicts on the hardest set too).
"""

FRESH_SOLVER_OPTIONS: dict[str, dict[str, int]] = {
    "cadical153": {"chrono": 0, "elim": 0, "stabilizeonly": 1},
}
"""Options set on the fresh solvers of big grids instead (chosen by measurement).

Big puzzles simplified by their singles are satisfiable search problems: CaDiCaL 1.5.3 kept in
its stable mode (target phases, as with ``--sat``) and without bounded variable elimination
took 75 s in all against 124 s with
:data:`SOLVER_OPTIONS` on 47 puzzles (random 25x25 and 36x36 Sudoku with 36-48% given, Latin
squares of order 40 and 50 with 42% given, and ``data/large``): median 0.53 s against 1.27 s,
faster on 31 of them, slowest 12.8 s against 26 s. Times vary widely from puzzle to puzzle
with either; CaDiCaL 1.9.5 took 160 s on one 50x50 Latin square.
"""


PORTFOLIO_OPTIONS: dict[str, tuple[dict[str, int], ...]] = {
    "cadical153": (FRESH_SOLVER_OPTIONS["cadical153"], {"chrono": 0}),
}
"""Configurations raced on a big grid, one child process each, when two CPUs are free.

Run times of one big puzzle swing widely from one configuration to another. On 28 puzzles
(random Sudoku 25x25 at 40-45 % given, 36x36 at 55 %, 49x49 at 60 %, Latin squares of order
40, 50 and 60 at 42 %, and ``data/large``), 10 s each at most: the stable-only configuration of
:data:`FRESH_SOLVER_OPTIONS` ran out of time on 4 (two Latin squares of order 50, two of 60),
CaDiCaL's own mode switching (``chrono=0`` alone) on 1, and the two raced on 1 (the other Latin
square of order 60 went from over 10 s to 5.0 s, those of order 50 to 2.1-2.5 s), while the
medians stayed those of the faster one.
"""

SLICED_SOLVER_OPTIONS: dict[str, dict[str, int]] = {
    "cadical153": {**FRESH_SOLVER_OPTIONS["cadical153"], "lucky": 0},
    "cadical195": {"lucky": 0},
}
"""Options of the fresh solvers of big grids under ``--timeout`` (run in conflict slices).

CaDiCaL tries its *lucky phases* (a few full passes over the formula) at the start of every call
without assumptions, and under a timeout every slice is a call: two Latin squares of order 50
(42 % given) took 19.3 s and 2.4 s in slices with them, 1.6 s and 1.0 s without (1.0 s and
0.9 s unlimited).
"""


def new_solver(
    name: str,
    clauses: Sequence[Sequence[int]] = (),
    table: dict[str, dict[str, int]] = SOLVER_OPTIONS,
) -> PySatSolver:
    """Return a PySAT solver with satdoku's options for it (from ``table``), loaded with clauses.

    >>> with new_solver("cadical153", [[1, 2], [-1]]) as s:
    ...     s.solve(), s.get_model()
    (True, [-1, 2])
    """
    solver = PySatSolver(name=name)
    options = table.get(name)
    if options:
        solver.configure(options)  # only before the first clause
    solver.append_formula(clauses)
    return solver


REFRESH_CONFLICTS = 50_000
"""Conflicts after which a persistent solver is replaced by a new one (learnt clauses dropped).

Learnt clauses are implied by the shape's clauses alone, so they stay valid from puzzle to puzzle,
but the ones CaDiCaL keeps pile up and slow every later propagation: on the 10,000 puzzles of
forum_hardest_1905_11+ (about 40 conflicts each) one solver for all took 18.3 s of CPU, a new
solver after every 50,000 conflicts 15.0 s (20,000: 15.6 s; 100,000: 15.6 s); on the 49,158
17-clue puzzles (few conflicts, so few refreshes) 5.4 s against 5.8 s.
"""

PERSISTENT_SHAPES = 16
"""Most persistent solvers (one per shape) a backend holds at once."""

REFRESH_CHECK = 128
"""Puzzles solved between two looks at a persistent solver's conflict count."""

PAIRWISE_BUDGET = 2_000_000
"""Most pairwise at-most-one clauses a simplified formula may have under ``--amo auto``."""


def fresh_encoding(shape: Shape, encoding: Encoding, known: Sequence[int]) -> Encoding:
    """Return the encoding of a formula simplified by ``known``: AUTO picks by its size.

    After the givens, each axiom keeps only its undecided claims; pairwise at-most-one on those
    solved the 25x25 and 36x36 puzzles faster than the sequential counter, so under
    ``AtMostOne.AUTO`` it is pairwise unless the estimated pairwise clause count passes
    :data:`PAIRWISE_BUDGET` (sparse givens on a big grid), then sequential.

    >>> from satdoku.rules.singles import eliminate
    >>> for n in (25, 64):
    ...     shape = Shape.sudoku(n)
    ...     print(n, fresh_encoding(shape, Encoding(), eliminate(Puzzle.empty(shape))).amo.value)
    25 pairwise
    64 sequential
    """
    if encoding.amo is not AtMostOne.AUTO:
        return encoding
    n = shape.n
    pairs = 0
    for base in range(1, n**3 + 1, n):
        m = known[base : base + n].count(UNKNOWN)
        pairs += m * (m - 1) // 2
    houses_per_cell = 1 + len(shape.houses) * n / (n * n)  # the cell axiom, then its houses
    amo = AtMostOne.PAIRWISE if pairs * houses_per_cell <= PAIRWISE_BUDGET else AtMostOne.SEQUENTIAL
    return Encoding(encoding.scheme, amo)


class _Plan:
    """What the hot path of :meth:`SatBackend.solve` needs for one shape, computed once.

    Under limits, ``solve`` first tries ``quick`` conflicts (most small puzzles need fewer) and
    answers None when they run out, for :meth:`SatBackend._limited` to go on within the limits.
    """

    __slots__ = (
        "n",
        "cells",
        "claims",
        "offsets",
        "solve",
        "get_model",
        "aux",
        "countdown",
        "started",
        "engine",
        "pending",
    )

    def __init__(
        self,
        n: int,
        solver: PySatSolver | None,
        quick: int | None = None,
        engine: Engine | None = None,
    ) -> None:
        self.n = n
        self.engine = engine  # the compiled rules-and-guessing engine, tried first
        self.pending = False  # the persistent solver waits for the engine's first give-up
        self.countdown = REFRESH_CHECK  # solves left before the solver's conflicts are looked at
        self.cells = n * n
        self.claims = n**3
        # variable of (cell, digit) = offset + digit, as core.claims.variable (cell = row*n + col)
        self.offsets = tuple(range(0, n**3, n))
        self.solve: Callable[[list[int]], bool | None] | None = None
        self.get_model: Callable[[], list[int]] = list
        self.aux = False
        self.started = 0.0  # when the last first slice began (limits only)
        if solver is not None:
            inner = getattr(solver, "solver", solver)  # skip PySAT's dispatching wrapper
            self.get_model = inner.get_model
            self.aux = solver.nof_vars() > n**3
            if quick is None:
                self.solve = inner.solve
            else:
                budget, limited = inner.conf_budget, inner.solve_limited

                def first_slice(assumptions: list[int]) -> bool | None:
                    self.started = time.monotonic()
                    budget(quick)
                    return limited(assumptions)

                self.solve = first_slice


class SatBackend:
    """Solve puzzles of any shape with PySAT, one solver per shape for the persistent strategy.

    Big grids (the fresh strategy) race the :data:`PORTFOLIO_OPTIONS` of the solver in
    ``portfolio`` child processes where fork is to be had (default: one per CPU this process
    may use, at most two; 1 solves in process, unless a timeout needs a child to kill).

    ``native``: first try the compiled engine of :mod:`satdoku.backends.native` (the stepper's rules
    and guessing, in C) on grids up to its side limit, with a budget of guesses; PySAT solves what
    it gives up on. None (the default) uses it with the AUTO strategy when it is built.

    >>> from satdoku.core.shape import Shape
    >>> backend = SatBackend()
    >>> backend.solve(Puzzle(Shape.latin(2), (1, 0, 0, 0))).solution
    (1, 2, 2, 1)
    """

    def __init__(
        self,
        solver: str = DEFAULT_SOLVER,
        encoding: Encoding = Encoding(),
        strategy: Strategy = Strategy.AUTO,
        limits: Limits = Limits(),
        portfolio: int | None = None,
        native: bool | None = None,
    ) -> None:
        self.solver_name = check_solver_name(solver)
        self.native = strategy is Strategy.AUTO if native is None else native
        self.encoding = encoding
        self.strategy = strategy
        self.limits = limits
        if portfolio is None:  # one configuration per CPU this process may use, at most two
            portfolio = min(2, default_jobs())
        if portfolio < 1:
            raise InputError(f"a portfolio needs at least one solver, got {portfolio}")
        self.portfolio = portfolio
        check_limitable(self.solver_name, limits)
        self._persistent: dict[Shape, PySatSolver] = {}
        self._plans: dict[Shape, _Plan] = {}

    def close(self) -> None:
        """Free every solver held."""
        for solver in self._persistent.values():
            solver.delete()
        self._persistent.clear()
        self._plans.clear()

    def __enter__(self) -> SatBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def persistent_solver(self, shape: Shape) -> PySatSolver:
        """Return the solver that holds this shape's clauses, making it on first use (the
        solver of the shape used first goes when :data:`PERSISTENT_SHAPES` are held)."""
        solver = self._persistent.get(shape)
        if solver is None:
            if len(self._persistent) >= PERSISTENT_SHAPES:
                self._drop(next(iter(self._persistent)))
            formula = shape_clauses(shape, self.encoding)
            solver = new_solver(self.solver_name, formula.clauses)
            self._persistent[shape] = solver
        return solver

    def _refresh(self, shape: Shape, plan: _Plan) -> _Plan:
        """Return the plan to use, replacing the shape's solver after REFRESH_CONFLICTS conflicts.

        Called every :data:`REFRESH_CHECK` solves; the learnt clauses a solver keeps pile up.
        """
        plan.countdown = REFRESH_CHECK
        solver = self._persistent.get(shape)
        if solver is None:
            return plan
        stats = solver.accum_stats() or {}
        if stats.get("conflicts", 0) < REFRESH_CONFLICTS:
            return plan
        self._drop(shape)
        return self._plan(shape)

    def _drop(self, shape: Shape) -> None:
        """Free a shape's persistent solver and forget the plan built on it."""
        self._persistent.pop(shape).delete()
        self._plans.pop(shape, None)

    def _plan(self, shape: Shape, load: bool = False) -> _Plan:
        """Return the shape's plan; its persistent solver is loaded when the compiled engine
        first gives up on a puzzle (``load``), or at once without the engine."""
        plan = self._plans.get(shape)
        if plan is None or (load and plan.pending):
            persistent = self.strategy.resolve(shape.n) is Strategy.PERSISTENT
            engine = engine_for(shape) if self.native else None
            pending = persistent and engine is not None and not load
            solver = self.persistent_solver(shape) if persistent and not pending else None
            quick = None
            if self.limits.limited:
                quick = min(QUICK_CONFLICTS, self.limits.conflicts or QUICK_CONFLICTS)
            plan = _Plan(shape.n, solver, quick, engine)
            plan.pending = pending
            self._plans[shape] = plan
        return plan

    def solve(self, puzzle: Puzzle) -> Result:
        """Solve one puzzle; the solution is checked independently before it is returned."""
        shape = puzzle.shape
        plan = self._plans.get(shape) or self._plan(shape)
        plan.countdown -= 1
        if not plan.countdown:
            plan = self._refresh(shape, plan)
        if plan.engine is not None:  # rules 1 and 2 and guessing, compiled; PySAT past budget
            digits = plan.engine.solve(puzzle.cells, GUESS_BUDGET)
            if digits:
                return self._checked(puzzle, tuple(digits))  # type: ignore[arg-type]
            if digits is False:
                return Result(Status.UNSOLVABLE, puzzle=puzzle)
            if plan.pending:
                plan = self._plan(shape, load=True)
        if plan.solve is not None:
            # the hot path (persistent solver; under limits, its first conflicts): givens as
            # assumptions, the true claims of the model read in reading order (one per cell:
            # digit = var - cell * n)
            offsets = plan.offsets
            cells = puzzle.cells  # n*n digits (a Puzzle checks them): givens -> variables
            assumptions = list(map(add, compress(offsets, cells), filter(None, cells)))
            ok = plan.solve(assumptions)
            if not ok:
                if ok is None:  # limited, and the first conflicts were not enough
                    return self._limited(puzzle, plan.started, assumptions)
                return Result(Status.UNSOLVABLE, puzzle=puzzle)
            lits = plan.get_model()
            if plan.aux:
                lits = lits[: plan.claims]
            true = [v for v in lits if v > 0]
            if len(true) == plan.cells:
                return self._checked(puzzle, tuple(map(sub, true, offsets)))
            return self._checked(puzzle, decode_model(lits, plan.n))
        n = shape.n  # the fresh strategy (a persistent solver always has a plan)
        known = singles(puzzle)  # rules 1 and 2 to a fixpoint shrink the formula most
        if known is None:
            return Result(Status.UNSOLVABLE, puzzle=puzzle)
        formula = encode(
            puzzle.shape, fresh_encoding(puzzle.shape, self.encoding, known), known=known
        )
        name = self.solver_name
        configs = PORTFOLIO_OPTIONS.get(name, ())[: self.portfolio]
        sliced = self.limits.timeout is not None and name in UNINTERRUPTIBLE
        if (len(configs) > 1 or sliced) and can_fork():
            # child processes: a race of configurations, or no slices under a timeout
            makers = [
                partial(new_solver, name, formula.clauses, {name: options})
                for options in configs or (FRESH_SOLVER_OPTIONS.get(name, {}),)
            ]
            ok, model = solve_in_children(makers, self.limits)
            status = Status.TIMEOUT if ok is None else Status.SOLVED if ok else Status.UNSOLVABLE
        else:
            table = SLICED_SOLVER_OPTIONS if self.limits.timeout else FRESH_SOLVER_OPTIONS
            with new_solver(self.solver_name, formula.clauses, table) as solver:
                status, model = self._run(solver, [])
        if model is not None:
            # variables the simplified formula left out are decided by ``known`` alone
            model = [v for v in range(1, n**3 + 1) if known[v] == TRUE] + [
                v for v in model if 0 < v <= n**3 and known[v] == UNKNOWN
            ]
        if status is not Status.SOLVED:
            return Result(status, puzzle=puzzle)
        assert model is not None
        return self._checked(puzzle, decode_model(model, n))

    def _limited(self, puzzle: Puzzle, started: float, assumptions: list[int]) -> Result:
        """Go on with a puzzle of the persistent hot path under the limits, past its first
        conflicts and the time they took (both count against the limits)."""
        conflicts, timeout = self.limits.conflicts, self.limits.timeout
        if conflicts is not None:
            conflicts -= QUICK_CONFLICTS
        if timeout is not None:
            timeout -= time.monotonic() - started
        if (conflicts is not None and conflicts <= 0) or (timeout is not None and timeout <= 0):
            return Result(Status.TIMEOUT, puzzle=puzzle)
        solver = self.persistent_solver(puzzle.shape)
        ok = solve_within(solver, self.solver_name, assumptions, Limits(timeout, conflicts))
        if ok is None:
            return Result(Status.TIMEOUT, puzzle=puzzle)
        if not ok:
            return Result(Status.UNSOLVABLE, puzzle=puzzle)
        return self._checked(puzzle, decode_model(solver.get_model(), puzzle.shape.n))

    def _checked(self, puzzle: Puzzle, solution: Grid) -> Result:
        if not is_solution(solution, puzzle):
            raise InternalError(
                f"solver {self.solver_name} returned a grid that is not a solution: {solution}"
            )
        return Result(Status.SOLVED, solution, puzzle)

    def _run(self, solver: PySatSolver, assumptions: list[int]) -> tuple[Status, list[int] | None]:
        ok = solve_within(solver, self.solver_name, assumptions, self.limits)
        if ok is None:
            return Status.TIMEOUT, None
        if not ok:
            return Status.UNSOLVABLE, None
        return Status.SOLVED, solver.get_model()
