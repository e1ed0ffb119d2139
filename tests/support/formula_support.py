"""Test support for formulas of puzzles with rules: every grid a CNF allows, straight from PySAT.

No checker stands between the formula and the grids: a formula that allowed a grid its rules
forbid (or lost one) shows as a different set of grids.
"""

from __future__ import annotations

from pysat.solvers import Solver

from satdoku.cnf._constraint_formula import constrained_formula
from satdoku.core._puzzle import Grid, Puzzle


def formula_grids(puzzle: Puzzle, compact: bool) -> set[Grid]:
    """Every grid of the puzzle's CNF (with its givens as units), told apart by claims only."""
    n = puzzle.n
    made = constrained_formula(puzzle, units=puzzle.assumptions(), compact=compact)
    found: set[Grid] = set()
    with Solver(name="minisat22", bootstrap_with=made.formula.clauses) as solver:
        while solver.solve():
            true = [lit for lit in solver.get_model() if 0 < lit <= n**3]
            found.add(tuple((lit - 1) % n + 1 for lit in true))
            solver.add_clause([-lit for lit in true])
    return found
