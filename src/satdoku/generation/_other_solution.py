"""A second solution of a puzzle with rules, besides one known: the question of uniqueness.

One PySAT call answers it: the puzzle's formula (:mod:`satdoku.cnf._constraint_formula`), the
givens as assumptions, and a clause that the blank cells do not all hold the known solution's
digits. The grid found is checked by the independent checkers before it is returned.
"""

from __future__ import annotations

from ..backends._constraint_sat import CONSTRAINED_SOLVER, checked_grid
from ..backends._interrupts import shielded
from ..backends._solvers import new_solver
from ..cnf._constraint_formula import constrained_formula
from ..core._claims import decode_model
from ..core._puzzle import Grid, Puzzle

__all__ = ["other_solution"]


def other_solution(
    puzzle: Puzzle, known: Grid, solver_name: str = CONSTRAINED_SOLVER
) -> Grid | None:
    """Return a solution of the puzzle other than ``known`` (one of its solutions), or None.

    >>> from satdoku.core.constraints import KillerCage
    >>> from satdoku.core._shape import Shape
    >>> cages = (KillerCage((0, 1), 3), KillerCage((2, 3), 3))
    >>> other_solution(Puzzle(Shape.latin(2), (0,) * 4, constraints=cages), (1, 2, 2, 1))
    (2, 1, 1, 2)
    >>> other_solution(Puzzle(Shape.latin(2), (1, 0, 0, 0), constraints=cages), (1, 2, 2, 1))
    """
    n = puzzle.n
    blanks = [cell for cell, digit in enumerate(puzzle.cells) if not digit]
    if not blanks:
        return None
    formula = constrained_formula(puzzle, compact=True).formula
    with new_solver(solver_name, formula.clauses) as solver:
        solver.add_clause([-(cell * n + known[cell]) for cell in blanks])
        if not shielded(solver.solve, puzzle.assumptions()):
            return None
        return checked_grid(puzzle, decode_model(solver.get_model()[: n**3], n))
