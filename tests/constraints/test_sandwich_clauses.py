"""Sandwich clues on the SAT path by the digits between their crusts: the compact CNF and the
solver allow exactly the grids the checker accepts; a sum no digits make has no solution; a clue
past the sets the clauses take keeps its automaton."""

from __future__ import annotations

from collections import OrderedDict
from itertools import combinations, permutations

import pytest
from hypothesis import given
from pysat.solvers import Solver

from formula_support import formula_grids
from satdoku.backends._constraint_sat import constrained_solutions
from satdoku.cnf import _rule_templates as rule_templates
from satdoku.cnf import _sandwich_clauses as sandwich_clauses
from satdoku.cnf._encodings import AuxiliaryVariables, Encoding
from satdoku.cnf._rule_templates import rule_template
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import Sandwich, Side
from test_variant_rules import SETTINGS, accepted, puzzles_of


def line_orders(clue: Sandwich, n: int) -> set[tuple[int, ...]]:
    """Every order of the digits 1..n along the clue's line that its clauses allow (the line
    holding each digit once), read straight from the solver."""
    cells = clue.cells(n)
    claims = [[cell * n + d for d in range(1, n + 1)] for cell in cells]
    digits = [[cell * n + d for cell in cells] for d in range(1, n + 1)]
    ones = claims + digits
    clauses = [*ones, *([-a, -b] for group in ones for a, b in combinations(group, 2))]
    clauses += sandwich_clauses.sandwich_clauses(clue, n, AuxiliaryVariables(n**3))
    on_line = {claim for group in claims for claim in group}
    found = set()
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while solver.solve():
            true = [lit for lit in solver.get_model() if 0 < lit <= n**3 and lit in on_line]
            found.add(tuple((lit - 1) % n + 1 for lit in sorted(true)))
            solver.add_clause([-lit for lit in true])
    return found


@pytest.mark.parametrize(("n", "total"), [(6, t) for t in range(0, 16)] + [(7, 9), (7, 20)])
def test_a_lines_orders_are_those_the_checker_accepts(n: int, total: int) -> None:
    clue = Sandwich(Side.LEFT, 0, total)
    accepted_orders = {
        order
        for order in permutations(range(1, n + 1))
        if clue.broken(order + (0,) * (n * n - n), n) is None
    }
    assert line_orders(clue, n) == accepted_orders


@pytest.fixture(autouse=True)
def no_templates_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_templates, "_KEPT", OrderedDict())


@SETTINGS
@given(puzzles_of("sandwich"))
def test_sandwich_clauses_allow_the_grids_the_checker_accepts(puzzle: Puzzle) -> None:
    expected = accepted(puzzle)
    assert formula_grids(puzzle, compact=True) == expected
    assert set(constrained_solutions(puzzle)) == expected


def test_a_sandwichs_template_is_its_clauses_not_its_automaton() -> None:
    puzzle = Puzzle.empty(Shape.sudoku(9))
    clue = Sandwich(Side.TOP, 4, 15)
    aux = AuxiliaryVariables(9**3)
    clauses = sandwich_clauses.sandwich_clauses(clue, 9, aux)
    template = rule_template(clue, puzzle, Encoding())
    assert (template.extra, len(template.local)) == (aux.top - 9**3, len(clauses))


def test_a_sum_no_digits_between_the_crusts_make_has_no_solution() -> None:
    puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=(Sandwich(Side.LEFT, 1, 1),))
    assert list(constrained_solutions(puzzle)) == [] == sorted(formula_grids(puzzle, True))


def test_a_clue_past_the_sets_keeps_its_automaton(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandwich_clauses, "SANDWICH_SETS", 0)
    clue = Sandwich(Side.BOTTOM, 2, 5)
    puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=(clue,))
    assert not sandwich_clauses.sandwich_fits(clue, 4)
    with pytest.raises(ValueError, match="past the sets"):
        sandwich_clauses.sandwich_clauses(clue, 4, AuxiliaryVariables(64))
    assert set(constrained_solutions(puzzle)) == accepted(puzzle) != set()
