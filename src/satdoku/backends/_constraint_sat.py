"""Solve and count puzzles with rules beyond houses (Keen, Towers, Unequal...) with PySAT.

The solver holds the clauses of :func:`satdoku.cnf._constraint_formula.constrained_formula`
(``compact``): the shape's solver of :mod:`satdoku.backends._rule_sessions` has the house clauses
and takes the rules' clauses for the puzzle; the givens go in as assumptions; solutions are
told apart by their claims only (each found one is blocked by a clause over the claims of its
blank cells). Every grid is checked by the independent
checkers of the houses and of each rule before it is returned.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core._checker import is_solution
from ..core._claims import decode_model
from ..core._errors import InternalError
from ..core._limits import Limits
from ..core._puzzle import Grid, Puzzle
from ..core._results import Result, Status
from ..core.constraints import broken_constraints
from . import _stop_flag as stop_flag
from ._interrupts import shielded
from ._limits import solve_within
from ._rule_sessions import rule_session
from ._solvers import CONSTRAINED_SOLVER, check_solver_name

__all__ = [
    "CONSTRAINED_SOLVER",
    "OutOfLimits",
    "checked_grid",
    "constrained_solutions",
    "solve_constrained",
    "count_constrained",
    "constrained_result",
]


class OutOfLimits(Exception):
    """The solver reached the time or conflict limit before it answered."""


def checked_grid(puzzle: Puzzle, grid: Grid) -> Grid:
    """Return the grid when the independent checkers accept it; else raise InternalError.

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> puzzle = Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),))
    >>> checked_grid(puzzle, (1, 2, 2, 1))
    (1, 2, 2, 1)
    """
    broken = broken_constraints(grid, puzzle.n, puzzle.constraints)
    if not is_solution(grid, puzzle) or broken:
        why = "; ".join(broken) or "a house, a cell or a given is broken"
        raise InternalError(f"the SAT solver's grid {grid} fails the checker: {why}")
    return grid


def constrained_solutions(
    puzzle: Puzzle, solver_name: str = CONSTRAINED_SOLVER, limits: Limits = Limits()
) -> Iterator[Grid]:
    """Yield every solution of a puzzle with rules, each checked; raise OutOfLimits at a limit.

    The limits hold for each solve call (one per solution, and one to find there is no more).

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> puzzle = Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),))
    >>> list(constrained_solutions(puzzle))
    [(1, 2, 2, 1)]
    """
    name = check_solver_name(solver_name)
    n = puzzle.n
    claims = n**3
    blanks = [cell for cell, digit in enumerate(puzzle.cells) if not digit]
    with rule_session(puzzle, name) as session:
        solver = session.solver
        assumptions = [*puzzle.assumptions(), *session.assumptions]
        while True:
            stop_flag.check()
            if limits.limited:  # in slices or watched: a timeout and a stop signal land
                found = solve_within(solver, name, assumptions, limits)
            else:  # a stop signal lands after the call
                found = shielded(solver.solve, assumptions)
            if found is None:
                raise OutOfLimits(f"no answer within the limits ({limits})")
            if not found:
                return
            grid = decode_model(solver.get_model()[:claims], n)
            if session.pending and session.load_broken(grid):  # the grid breaks them
                continue
            grid = checked_grid(puzzle, grid)
            yield grid
            if not blanks:
                return
            session.block([-(cell * n + grid[cell]) for cell in blanks])


def solve_constrained(
    puzzle: Puzzle, solver_name: str = CONSTRAINED_SOLVER, limits: Limits = Limits()
) -> Grid | None:
    """Return a solution of a puzzle with rules (checked), or None when it has none.

    >>> from satdoku.core.constraints import Side, Skyscraper
    >>> from satdoku.core._shape import Shape
    >>> clue = Skyscraper(Side.LEFT, 0, 2)
    >>> solve_constrained(Puzzle(Shape.latin(2), (0,) * 4, constraints=(clue,)))
    (1, 2, 2, 1)
    """
    return next(constrained_solutions(puzzle, solver_name, limits), None)


def count_constrained(
    puzzle: Puzzle, limit: int, solver_name: str = CONSTRAINED_SOLVER, limits: Limits = Limits()
) -> int:
    """Return how many solutions a puzzle with rules has, counting no further than ``limit``.

    >>> from satdoku.core._shape import Shape
    >>> count_constrained(Puzzle.empty(Shape.latin(3)), 100)
    12
    """
    count = 0
    if limit <= 0:
        return 0
    for _ in constrained_solutions(puzzle, solver_name, limits):
        count += 1
        if count >= limit:
            break
    return count


def constrained_result(
    puzzle: Puzzle, solver_name: str = CONSTRAINED_SOLVER, limits: Limits = Limits()
) -> Result:
    """Solve a puzzle with rules to a result: solved (checked), unsolvable, or timed out.

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> constrained_result(Puzzle(Shape.latin(2), (2, 0, 0, 0), constraints=(Comparison(0, 1),)))
    Result(status=<Status.UNSOLVABLE: 'unsolvable'>, ...)
    """
    try:
        grid = solve_constrained(puzzle, solver_name, limits)
    except OutOfLimits:
        return Result(Status.TIMEOUT, puzzle=puzzle)
    if grid is None:
        return Result(Status.UNSOLVABLE, puzzle=puzzle)
    return Result(Status.SOLVED, grid, puzzle)
