"""The stepper on puzzles with constraints beyond houses: steps, a solve by steps, a rating.

A puzzle's cell, house and constraint axioms are exactly-one axioms of literals (claims and
helper claims); the stepper over them (:mod:`satdoku.rules._literal_search`) applies rules 1 and
2, set logic when asked, and guesses. Givens are the first steps.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core._checker import is_solution
from ..core._claims import decode_model
from ..core._errors import InternalError
from ..core._puzzle import Grid, Puzzle
from ..core.constraints import broken_constraints
from ..rules._literal_formula import Formula, formula
from ..rules._literal_rating import LiteralRating, rate_literals
from ..rules._literal_search import LiteralRun
from ..rules._literal_steps import LiteralStep

__all__ = ["Formula", "formula", "constraint_steps", "solve_by_steps", "rate_constrained"]


def constraint_steps(
    puzzle: Puzzle, guess: bool = True, set_logic: int = 0
) -> Iterator[LiteralStep]:
    """Yield the steps of solving a puzzle: givens, rules 1 and 2, set logic up to k, guesses.

    ``set_logic`` is the largest k of set logic tried when rules 1 and 2 stall (0: none);
    without ``guess`` the steps end where the rules stall.

    >>> from satdoku.io._line import parse_line
    >>> [s.rule.value for s in constraint_steps(parse_line("1..."))][:3]
    ['given', 1, 1]
    """
    f = formula(puzzle)
    return iter(LiteralRun(f.axioms, f.variables, f.givens, guess=guess, set_logic=set_logic))


def solve_by_steps(puzzle: Puzzle) -> Grid | None:
    """Return the solution the stepper finds (checked independently), or None when there is none.

    >>> from satdoku.io._line import parse_line
    >>> solve_by_steps(parse_line("1..."))
    (1, 2, 2, 1)
    """
    f = formula(puzzle)
    run = LiteralRun(f.axioms, f.variables, f.givens)
    for _ in run:
        pass
    if not run.solutions:
        return None
    grid = decode_model(run.solutions[0], puzzle.shape.n)
    if not is_solution(grid, puzzle) or broken_constraints(grid, puzzle.n, puzzle.constraints):
        raise InternalError(f"the stepper reached a non-solution: {grid}")
    return grid


def rate_constrained(puzzle: Puzzle) -> LiteralRating:
    """Rate a puzzle by the weakest rung that solves it: rules 1-2, set logic or guessing.

    >>> from satdoku.io._line import parse_line
    >>> rate_constrained(parse_line("1.3..4..2...4..1")).label()
    'easy: rules 1-2, unique'
    """
    f = formula(puzzle)
    return rate_literals(f.axioms, f.variables, f.givens)
