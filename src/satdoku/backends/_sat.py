"""The PySAT backend: solve puzzles by loading their clauses into a SAT solver.

Two strategies (:mod:`satdoku.backends._strategy`) share the one encoding. *Persistent*: a solver
from the pool (:mod:`satdoku.backends._pool`) holds the shape's clauses and each puzzle's givens go
in as assumptions (fast for batches of small grids). *Fresh*: per puzzle a new solver gets the
formula simplified by the givens, which wins on big grids; there, two configurations of the
solver may race in child processes (a portfolio), the first answer winning, and the first of them
takes turns with the compiled engine's local search (:mod:`satdoku.backends._walking`). Small grids
go to the compiled engine (:mod:`satdoku.backends._compiled`) first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from itertools import compress
from operator import add, sub
from typing import TYPE_CHECKING, Any

from ..cnf._encodings import ClauseStream, Encoding
from ..cnf._formula_size import too_big
from ..core._checker import is_solution
from ..core._claims import decode_model
from ..core._errors import InputError, InternalError
from ..core._limits import Limits
from ..core._pattern_grid import pattern_grid
from ..core._puzzle import Grid, Puzzle
from ..core._results import Result, Status
from ..core._shape import Shape
from ..rules._singles import singles
from ._compiled import GUESS_BUDGET, Engine, engine_for
from ._deadline_child import Answer, within_deadline
from ._interrupts import shielded
from ._limits import (
    QUICK_CONFLICTS,
    UNINTERRUPTIBLE,
    UNLIMITED,
    can_fork,
    check_limitable,
    default_jobs,
    solve_in_children,
    solve_within,
)
from ._pool import REFRESH_CHECK, SolverKey, SolverPool
from ._solvers import (
    CONSTRAINED_SOLVER,
    DEFAULT_SOLVER,
    FRESH_SOLVER_OPTIONS,
    PORTFOLIO_OPTIONS,
    check_solver_name,
    fresh_options,
    new_solver,
)
from ._strategy import Strategy, fresh_encoding
from ._walking import TakingTurns, Walk

if TYPE_CHECKING:  # PySAT loads when a solver is made, not at start-up
    from pysat.solvers import Solver as PySatSolver

__all__ = ["SatBackend", "TAKES_TURNS"]

TAKES_TURNS = UNINTERRUPTIBLE - UNLIMITED
"""Solvers whose fresh solves on big grids take turns with the engine's walks
(:mod:`satdoku.backends._walking`): CaDiCaL, kept to its limits by conflict slices."""


def _taking_turns(make_solver: Callable[[], Any], walk: Walk, n: int) -> TakingTurns:
    """Make a solver that takes turns with the walks (in a portfolio's child)."""
    return TakingTurns(make_solver(), walk, n)


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
                self.solve = partial(shielded, inner.solve)  # Ctrl-C lands after the call
            else:
                budget, limited = inner.conf_budget, inner.solve_limited

                def first_slice(assumptions: list[int]) -> bool | None:
                    self.started = time.monotonic()
                    budget(quick)
                    return shielded(limited, assumptions)

                self.solve = first_slice


class SatBackend:
    """Solve puzzles of any shape with PySAT (the persistent strategy: one pooled solver a shape).

    Big grids (the fresh strategy) race the :data:`PORTFOLIO_OPTIONS` of the solver in
    ``portfolio`` child processes where fork is to be had (default: one per CPU this process
    may use, at most two; 1 solves in process, unless a timeout needs a child to kill).

    ``native``: first try the compiled engine of :mod:`satdoku.backends._compiled` (the stepper's
    rules
    and guessing, in C) on grids up to its side limit, with a budget of guesses; PySAT solves what
    it gives up on. None (the default) uses it with the AUTO strategy when it is built.

    ``solver``: the PySAT solver's name; None (the default) lets satdoku choose the measured best
    for each puzzle: :data:`~satdoku.backends._solvers.DEFAULT_SOLVER` for houses alone,
    :data:`~satdoku.backends._solvers.CONSTRAINED_SOLVER` for puzzles with rules (Keen,
    Towers, Unequal...). A name given is used for every puzzle.

    >>> from satdoku.core._shape import Shape
    >>> backend = SatBackend()
    >>> backend.solve(Puzzle(Shape.latin(2), (1, 0, 0, 0))).solution
    (1, 2, 2, 1)
    """

    def __init__(
        self,
        solver: str | None = None,
        encoding: Encoding = Encoding(),
        strategy: Strategy = Strategy.AUTO,
        limits: Limits = Limits(),
        portfolio: int | None = None,
        native: bool | None = None,
    ) -> None:
        self.solver_name = check_solver_name(solver or DEFAULT_SOLVER)
        self.rule_solver_name = check_solver_name(solver or CONSTRAINED_SOLVER)
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
        check_limitable(self.rule_solver_name, limits)
        self._persistent = SolverPool(on_drop=self._forget)
        self._plans: dict[Shape, _Plan] = {}

    def close(self) -> None:
        """Free every solver held."""
        self._persistent.close()
        self._plans.clear()

    def __enter__(self) -> SatBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _key(self, shape: Shape) -> SolverKey:
        return SolverKey(self.solver_name, shape, self.encoding)

    def persistent_solver(self, shape: Shape) -> PySatSolver:
        """Return the pool's solver that holds this shape's clauses, made on first use."""
        return self._persistent.solver(self._key(shape))

    def _refresh(self, shape: Shape, plan: _Plan) -> _Plan:
        """Return the plan to use, the pool having replaced the shape's solver if its conflicts
        passed :data:`~satdoku.backends._pool.REFRESH_CONFLICTS` (checked every
        :data:`~satdoku.backends._pool.REFRESH_CHECK` solves)."""
        plan.countdown = REFRESH_CHECK
        if self._persistent.refresh(self._key(shape)):
            return self._plan(shape)
        return plan

    def _forget(self, key: SolverKey) -> None:
        """Forget the plan built on a solver the pool freed."""
        self._plans.pop(key.shape, None)

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
        if puzzle.constraints:  # rules beyond houses: their own formula, helpers and checkers
            from ._constraint_sat import constrained_result  # lazy: start-up (rule sessions)

            return constrained_result(puzzle, self.rule_solver_name, self.limits)
        shape, started = puzzle.shape, time.monotonic()
        plan = self._plans.get(shape) or self._plan(shape)
        plan.countdown -= 1
        if not plan.countdown:
            plan = self._refresh(shape, plan)
        if plan.engine is not None:  # rules 1 and 2 and guessing, compiled; PySAT past budget
            digits = plan.engine.solve(puzzle.cells, GUESS_BUDGET)
            if digits:
                return self._checked(puzzle, tuple(digits), "the compiled engine")  # type: ignore[arg-type]
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
        if not any(puzzle.cells):  # an empty grid: by formula where there is one (no clauses)
            pattern = pattern_grid(shape)
            if pattern is not None:
                return self._checked(puzzle, pattern, "the pattern grid")
        refusal = too_big(puzzle)  # a formula past the memory bound is not built at all
        if refusal is not None:
            return Result(Status.INVALID, puzzle=puzzle, error=refusal)
        # the fresh strategy (a persistent solver always has a plan); under a timeout, all of
        # it (rules 1 and 2, building and loading the formula, solving) in a child killed in time
        if self.limits.timeout is not None and can_fork():
            deadline = started + self.limits.timeout
            ok, grid = within_deadline(partial(self._fresh, puzzle, True), deadline)
        else:
            ok, grid = self._fresh(puzzle, False)
        if ok is None:
            return Result(Status.TIMEOUT, puzzle=puzzle)
        if not ok:
            return Result(Status.UNSOLVABLE, puzzle=puzzle)
        assert grid is not None
        return self._checked(puzzle, grid)

    def _fresh(self, puzzle: Puzzle, in_child: bool) -> Answer:
        """Solve with a new solver loaded with the formula that rules 1 and 2 simplified.

        In a child under a deadline (``in_child``) the time is not watched here: the parent
        kills the child when it is up.
        """
        known = singles(puzzle)  # rules 1 and 2 to a fixpoint shrink the formula most
        if known is None:
            return False, None
        # made as each solver reads it: no list of the clauses, in this process or a child
        formula = ClauseStream(
            puzzle.shape, fresh_encoding(puzzle.shape, self.encoding, known), known
        )
        limits = Limits(None, self.limits.conflicts) if in_child else self.limits
        name = self.solver_name
        configs = PORTFOLIO_OPTIONS.get(name, ())[: self.portfolio]
        sliced = limits.timeout is not None and name in UNINTERRUPTIBLE
        walk = self._walk(puzzle)  # the first configuration takes turns with the engine's walks
        if (len(configs) > 1 or sliced) and can_fork():
            # child processes: a race of configurations, or no slices under a timeout
            makers: list[Callable[[], Any]] = [
                partial(new_solver, name, formula, {name: options})
                for options in configs or (FRESH_SOLVER_OPTIONS.get(name, {}),)
            ]
            if walk is not None:
                makers[0] = partial(_taking_turns, makers[0], walk, puzzle.shape.n)
            ok, model = solve_in_children(makers, limits)
        else:
            solver: Any = new_solver(name, formula, fresh_options(limits))
            if walk is not None:
                solver = TakingTurns(solver, walk, puzzle.shape.n)
            with solver:
                ok = solve_within(solver, name, [], limits)
                model = solver.get_model() if ok else None
        if not ok:
            return ok, None
        assert model is not None
        # variables the simplified formula left out are decided by ``known`` alone
        return True, decode_model(model, puzzle.shape.n, known)

    def _walk(self, puzzle: Puzzle) -> Walk | None:
        """Return the engine's walks on the puzzle, None without the engine or for a solver
        that has no conflict budget to take turns with."""
        engine = engine_for(puzzle.shape) if self.native else None
        if engine is None or self.solver_name not in TAKES_TURNS:
            return None
        cells = bytes(puzzle.cells)
        return lambda flips, seed: engine.walk(cells, flips, seed)

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

    def _checked(self, puzzle: Puzzle, solution: Grid, source: str = "") -> Result:
        if not is_solution(solution, puzzle):
            source = source or f"solver {self.solver_name}"
            raise InternalError(f"{source} returned a grid that is not a solution: {solution}")
        return Result(Status.SOLVED, solution, puzzle)
