"""Lean axioms of thermometers and of rules over every pair of neighbours: the same solutions as
the tables they replace (tests/test_variant_rules.py checks them against the checkers), fewer
helper claims."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.core._literal_axioms import HelperClaims
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms import constraint_axioms
from satdoku.core.constraint_axioms._line_rules import thermometer_fillings
from satdoku.core.constraint_axioms._neighbour_rules import non_consecutive_axioms
from satdoku.core.constraint_axioms._windows import Window, window_fillings
from satdoku.core.constraints import KropkiNegative, NonConsecutive, Thermometer, XVNegative

SHAPES = [Shape.sudoku(4), Shape.sudoku(6), Shape.latin(5), Shape.sudoku(4, diagonals=True)]


@st.composite
def thermometers(draw: st.DrawFn) -> tuple[Thermometer, Puzzle]:
    shape = draw(st.sampled_from(SHAPES))
    n = shape.n
    cell = draw(st.integers(0, n * n - 1))
    path = [cell]
    for _ in range(draw(st.integers(1, n + 1))):
        row, col = divmod(path[-1], n)
        steps = [
            (row + dr) * n + col + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= row + dr < n and 0 <= col + dc < n and (row + dr) * n + col + dc not in path
        ]
        if not steps:
            break
        path.append(draw(st.sampled_from(steps)))
    return Thermometer(tuple(path), draw(st.booleans())), Puzzle.empty(shape)


@settings(max_examples=150, deadline=None)
@given(thermometers())
def test_a_thermometers_table_is_the_one_its_windows_make(case: tuple[Thermometer, Puzzle]) -> None:
    rule, puzzle = case
    test = (lambda p: p[0] <= p[1]) if rule.slow else (lambda p: p[0] < p[1])
    windows = [Window((i, i + 1), test) for i in range(len(rule.path) - 1)]
    expected = window_fillings(rule.path, puzzle, windows, limit=10**6)
    assert thermometer_fillings(rule, puzzle) == expected


def test_a_thermometer_past_the_table_limit_has_no_one_table() -> None:
    puzzle = Puzzle.empty(Shape.sudoku(16))
    assert thermometer_fillings(Thermometer(tuple(range(8))), puzzle) is None  # C(16,8) > 2000
    assert len(thermometer_fillings(Thermometer(tuple(range(3))), puzzle) or ()) == 560


@pytest.mark.parametrize(
    ("rule", "per_pair"),
    [(NonConsecutive(), 8), (KropkiNegative(True), 4), (XVNegative((5, 10)), 6)],
)
def test_a_rule_over_every_pair_of_neighbours_has_a_helper_per_pair_of_digits_it_refuses(
    rule: NonConsecutive | KropkiNegative | XVNegative, per_pair: int
) -> None:
    # non-consecutive refuses {1,2}..{8,9}; ratio 2 {1,2} {2,4} {3,6} {4,8}; sums 5 and 10
    # {1,4} {2,3} {1,9} {2,8} {3,7} {4,6}: 144 pairs of neighbours in a 9x9 grid
    puzzle = Puzzle(Shape.sudoku(9), (0,) * 81, constraints=(rule,))
    assert len(constraint_axioms(puzzle).helpers.names) == 144 * per_pair


def test_a_non_consecutive_pair_forbids_both_orders_of_each_pair_of_digits() -> None:
    helpers = HelperClaims(9)
    made = non_consecutive_axioms(NonConsecutive(), 0, Puzzle.empty(Shape.sudoku(9)), helpers)
    first = made[0]  # r1c1 (claims 1..9) and r1c2 (claims 10..18)
    assert first.name == "non-consecutive: r1c1,r1c2: not 1 and 2"
    assert first.literals[:4] == (1, 2, 10, 11)
    assert helpers.names[0] == "non-consecutive: r1c1,r1c2 hold neither 1 nor 2"
    assert first.literals[4] == 9**3 + 1
