"""The solution space of puzzles with rules beyond houses: every solution, and counts.

Solutions come from PySAT over the puzzle's own formula (:mod:`satdoku.backends._constraint_sat`),
each checked by the independent checkers; a predicate (``where``) is judged on each. The
questions that need the houses-only machinery (reading order, forced cells, candidates) are
refused by name, never answered for another puzzle.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..backends._constraint_sat import OutOfLimits, constrained_solutions
from ..core._limits import Limits
from ..core._puzzle import Grid, Puzzle
from ..core._solution import Solution
from ._count_result import Count
from ._predicates import Predicate, PredicateWork, judge
from ._question import SearchTimeout

__all__ = ["constrained_grids", "constrained_count"]


def constrained_grids(
    puzzle: Puzzle,
    where: Predicate | None,
    solver: str,
    limits: Limits,
    work: PredicateWork,
) -> Iterator[Grid]:
    """Yield the solutions of a puzzle with rules that pass ``where``; a limit raises SearchTimeout.

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> p = Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),))
    >>> list(constrained_grids(p, None, "cadical153", Limits(), PredicateWork()))
    [(1, 2, 2, 1)]
    """
    try:
        for grid in constrained_solutions(puzzle, solver, limits):
            reject = judge(where, Solution(grid, puzzle)) if where is not None else None
            if reject is None:
                yield grid
            else:
                work.note(reject)
    except OutOfLimits:
        raise SearchTimeout("time or conflict limit reached while enumerating") from None


def constrained_count(
    puzzle: Puzzle,
    limit: int | None,
    where: Predicate | None,
    solver: str,
    limits: Limits,
    work: PredicateWork,
) -> Count:
    """Count the solutions of a puzzle with rules (passing ``where``), stopping past ``limit``.

    >>> from satdoku.core._shape import Shape
    >>> constrained_count(Puzzle.empty(Shape.latin(3)), 5, None, "cadical153", Limits(),
    ...                   PredicateWork())
    Count(count=5, complete=False, timed_out=False)
    """
    found = 0
    try:
        for _ in constrained_grids(puzzle, where, solver, limits, work):
            found += 1
            if limit is not None and found > limit:
                return Count(limit, False)
    except SearchTimeout:
        return Count(found if limit is None else min(found, limit), False, True)
    return Count(found, True)
