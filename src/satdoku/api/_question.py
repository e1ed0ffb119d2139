"""One question about one puzzle's solutions, asked of a SAT solver: solve, block, decode.

A question either leases the shape's pooled solver (:mod:`satdoku.backends._pool`; givens as
assumptions, its blocking clauses guarded by the lease's activation literal and retired when it
ends) or, for the fresh strategy, loads the formula simplified by the givens into a solver of its
own. Excluding a solution is a *blocking clause* over claim variables only (never auxiliary
ones, so counts are of grids).

>>> from satdoku.backends._pool import SolverPool
>>> from satdoku.io._line import parse_line
>>> with SolverPool() as pool, Question(parse_line("1..............."), pool) as q:
...     grid = q.solve()
...     q.block(grid)
...     q.solve() != grid
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..backends._interrupts import shielded
from ..backends._limits import solve_within
from ..backends._pool import Lease, SolverKey, SolverPool
from ..backends._solvers import DEFAULT_SOLVER, fresh_options, new_solver
from ..backends._strategy import Strategy, fresh_encoding
from ..cnf._encodings import ClauseStream, Encoding
from ..cnf._formula_size import FormulaTooBig, build_seconds, too_big
from ..core._checker import is_solution
from ..core._claims import decode_model
from ..core._errors import InternalError
from ..core._limits import Limits
from ..core._puzzle import Grid, Puzzle
from ..rules._singles import eliminate
from ._predicates import Reject

if TYPE_CHECKING:  # PySAT loads when a solver is made, not at start-up
    from pysat.solvers import Solver as PySatSolver

__all__ = ["SearchTimeout", "Question"]


class SearchTimeout(TimeoutError):
    """A question ran out of its time or conflict budget (see
    :class:`~satdoku.core._limits.Limits`)."""


def _no_tally() -> None:
    """Count nothing."""


class Question:
    """One question about one puzzle on a loaded solver: assumptions, blocking, decoding.

    ``tally`` is called once per SAT call (an explorer counts them).
    """

    def __init__(
        self,
        puzzle: Puzzle,
        pool: SolverPool,
        *,
        solver: str = DEFAULT_SOLVER,
        encoding: Encoding = Encoding(),
        strategy: Strategy = Strategy.AUTO,
        limits: Limits = Limits(),
        tally: Callable[[], None] = _no_tally,
    ) -> None:
        self.puzzle = puzzle
        self.solver_name = solver
        self.limits = limits
        self.tally = tally
        self.n = n = puzzle.shape.n
        self.open_cells = [c for c, d in enumerate(puzzle.cells) if not d]
        self.empty = False
        self.deadline = None if limits.timeout is None else time.monotonic() + limits.timeout
        self.known: list[int] | None = None
        self.lease: Lease | None = None
        self.pool = pool
        self.solver: PySatSolver | None
        if strategy.resolve(n) is Strategy.PERSISTENT:
            self.lease = pool.lend(SolverKey(solver, puzzle.shape, encoding))
            self.solver = self.lease.solver
            act = self.lease.guard
            self.base = puzzle.assumptions() + [act]
        else:
            refusal = too_big(puzzle)  # before anything of the size of the formula is made
            if refusal is not None:
                raise FormulaTooBig(refusal)
            if (
                self.deadline is not None
                and time.monotonic() + build_seconds(puzzle) > self.deadline
            ):
                raise SearchTimeout("the formula could not be built in the time left")
            self.known = known = eliminate(puzzle)
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise SearchTimeout("time limit reached while rules 1 and 2 ran")
            if known is None:
                self.empty = True
                self.solver = None
                self.base = []
                self.act = 0
                return
            simplified = fresh_encoding(puzzle.shape, encoding, known)
            formula = ClauseStream(puzzle.shape, simplified, known)  # read as it is loaded
            self.solver = new_solver(solver, formula, fresh_options(limits))
            if self.deadline is not None and time.monotonic() > self.deadline:
                self.close()  # building and loading the formula took the time there was
                raise SearchTimeout("time limit reached while the formula was built")
            act = formula.top + 1
            self.base = [act]
        self.act = act

    def close(self) -> None:
        """Retire this question's blocking clauses (or free its fresh solver)."""
        if self.solver is None:
            return
        if self.lease is not None:
            self.pool.retire(self.lease)
        else:
            self.solver.delete()
        self.solver = None

    def __enter__(self) -> Question:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def var(self, cell: int, digit: int) -> int:
        """Return the claim variable of a digit in a cell (cell = row*n + col; see
        :func:`satdoku.core._claims.variable`)."""
        return cell * self.n + digit

    def solve(self, extra: Sequence[int] = ()) -> Grid | None:
        """Return a solution under the extra assumptions, or None; raise SearchTimeout."""
        if self.empty or self.solver is None:
            return None
        self.tally()
        solver = self.solver
        assumptions = self.base + list(extra)
        limits = self.limits
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise SearchTimeout("time limit reached")
            limits = Limits(left, limits.conflicts)
        ok = solve_within(solver, self.solver_name, assumptions, limits)
        if ok is None:
            raise SearchTimeout("time or conflict limit reached")
        if not ok:
            return None
        grid = decode_model(solver.get_model(), self.n, self.known)
        if not is_solution(grid, self.puzzle):
            raise InternalError(f"solver returned a grid that is not a solution: {grid}")
        return grid

    def block(self, grid: Grid, reject: Reject | None = None) -> None:
        """Exclude the grid (reject None) or every grid sharing the reason, under this question."""
        assert self.solver is not None
        n = self.n
        given = self.puzzle.cells
        if reject is None:
            clause = [-self.var(c, grid[c]) for c in self.open_cells]
        else:
            # Givens are true in every solution: their claims add nothing to a reason.
            clause = [-self.var(r * n + c, d) for r, c, d in reject.claims if not given[r * n + c]]
            clause += [
                self.var(r * n + c, d)
                for r, c, d in reject.absent
                if not given[r * n + c] and self._possible(r * n + c, d)
            ]
        self.solver.add_clause(clause + [-self.act])

    def _possible(self, cell: int, digit: int) -> bool:
        return self.known is None or self.known[self.var(cell, digit)] != -1

    def propagated(self) -> list[int]:
        """Return the literals unit propagation gives from the givens (empty when it clashes)."""
        if self.empty or self.solver is None:
            return []
        ok, lits = shielded(self.solver.propagate, self.base)  # no SIGINT jump out of it
        return list(lits) if ok else []
