"""Rules beyond houses as axioms: per kind, the encoding's solutions are exactly the Latin squares
that the kind's independent checker accepts; hand-made cases; the DIMACS round trip."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import prod
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from formula_support import formula_grids
from satdoku.backends._constraint_sat import constrained_solutions
from satdoku.cli import main
from satdoku.cnf._constraint_formula import constrained_formula
from satdoku.cnf._dimacs_read import read_dimacs, read_header
from satdoku.cnf._dimacs_write import CnfOptions, cnf_formula, write_dimacs
from satdoku.cnf._solver_answers import decode
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms import constraint_axioms, puzzle_axioms
from satdoku.core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    Operation,
    Side,
    Skyscraper,
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def latin_squares(n: int) -> tuple[Grid, ...]:
    """Every Latin square of side n, by backtracking over the cells in reading order."""
    found: list[Grid] = []
    cells = [0] * (n * n)

    def fill(i: int) -> None:
        if i == n * n:
            found.append(tuple(cells))
            return
        row, col = divmod(i, n)
        used = {cells[row * n + c] for c in range(col)} | {cells[r * n + col] for r in range(row)}
        for digit in range(1, n + 1):
            if digit not in used:
                cells[i] = digit
                fill(i + 1)
        cells[i] = 0

    fill(0)
    return tuple(found)


def test_latin_squares_are_counted_right() -> None:
    assert (len(latin_squares(3)), len(latin_squares(4))) == (12, 576)


def accepted(puzzle: Puzzle) -> set[Grid]:
    """The Latin squares keeping the givens that every rule's own checker accepts."""
    n = puzzle.n
    return {
        square
        for square in latin_squares(n)
        if all(g in (0, s) for g, s in zip(puzzle.cells, square, strict=True))
        and all(rule.broken(square, n) is None for rule in puzzle.constraints)
    }


def pair_of_cells(n: int) -> st.SearchStrategy[tuple[int, int]]:
    cells = st.integers(0, n * n - 1)
    return st.tuples(cells, cells).filter(lambda pair: pair[0] != pair[1])


@st.composite
def keen_cages(draw: st.DrawFn, n: int) -> ArithmeticCage:
    operation = draw(st.sampled_from(list(Operation)))
    size = 2 if operation in (Operation.SUBTRACT, Operation.DIVIDE) else draw(st.integers(1, 4))
    members = tuple(
        draw(st.lists(st.integers(0, n * n - 1), min_size=size, max_size=size, unique=True))
    )
    square = draw(st.sampled_from(latin_squares(n)))
    target = keen_target(operation, [square[cell] for cell in members])
    target = max(target + draw(st.sampled_from((0, 0, 0, 1, -1))), 1)
    return ArithmeticCage(members, operation, target)


def keen_target(operation: Operation, digits: list[int]) -> int:
    """The target a cage of these digits shows (a one-cell cage: its digit)."""
    if len(digits) == 1 or operation is Operation.ADD:
        return sum(digits)
    if operation is Operation.MULTIPLY:
        return prod(digits)
    if operation is Operation.SUBTRACT:
        return max(digits) - min(digits)
    return max(digits) // min(digits)


@st.composite
def comparisons(draw: st.DrawFn, n: int) -> Comparison:
    return Comparison(*draw(pair_of_cells(n)))


@st.composite
def marks(draw: st.DrawFn, n: int) -> Consecutive:
    return Consecutive(*draw(pair_of_cells(n)), draw(st.booleans()))


@st.composite
def clues(draw: st.DrawFn, n: int) -> Skyscraper:
    side = draw(st.sampled_from(list(Side)))
    return Skyscraper(side, draw(st.integers(0, n - 1)), draw(st.integers(1, n)))


KINDS = {
    "keen cage": keen_cages,
    "comparison": comparisons,
    "consecutive": marks,
    "skyscraper": clues,
}


@st.composite
def puzzles_of(draw: st.DrawFn, kind: str) -> Puzzle:
    """A 3x3 or 4x4 Latin puzzle with one to three rules of a kind and up to two givens."""
    n = draw(st.sampled_from((3, 4)))
    rules = draw(st.lists(KINDS[kind](n), min_size=1, max_size=3))
    square = draw(st.sampled_from(latin_squares(n)))
    shown = draw(st.lists(st.integers(0, n * n - 1), max_size=2, unique=True))
    cells = tuple(square[i] if i in shown else 0 for i in range(n * n))
    return Puzzle(Shape.latin(n), cells, constraints=tuple(rules))


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_solutions_are_the_squares_the_checker_accepts(kind: str) -> None:
    @SETTINGS
    @given(puzzles_of(kind))
    def check(puzzle: Puzzle) -> None:
        assert set(constrained_solutions(puzzle)) == accepted(puzzle)

    check()


@st.composite
def mixed_puzzles(draw: st.DrawFn) -> Puzzle:
    """A 3x3 or 4x4 Latin puzzle with two to four rules of any kinds and up to two givens."""
    n = draw(st.sampled_from((3, 4)))
    rules = draw(st.lists(st.one_of([make(n) for make in KINDS.values()]), min_size=2, max_size=4))
    square = draw(st.sampled_from(latin_squares(n)))
    shown = draw(st.lists(st.integers(0, n * n - 1), max_size=2, unique=True))
    cells = tuple(square[i] if i in shown else 0 for i in range(n * n))
    return Puzzle(Shape.latin(n), cells, constraints=tuple(rules))


@pytest.mark.parametrize("kind", [*sorted(KINDS), "mixed"])
def test_the_full_and_the_compact_formula_allow_the_squares_the_checker_accepts(kind: str) -> None:
    @SETTINGS
    @given(mixed_puzzles() if kind == "mixed" else puzzles_of(kind))
    def check(puzzle: Puzzle) -> None:
        expected = accepted(puzzle)
        assert formula_grids(puzzle, compact=False) == expected
        assert formula_grids(puzzle, compact=True) == expected

    check()


def test_the_compact_formula_states_two_cell_rules_without_helpers() -> None:
    pairs = (Comparison(0, 1), Consecutive(2, 6, True), ArithmeticCage((4, 8), Operation.ADD, 5))
    larger = ArithmeticCage((12, 13, 14), Operation.ADD, 6)
    puzzle = latin(4, *pairs, larger)
    full, compact = constrained_formula(puzzle), constrained_formula(puzzle, compact=True)
    assert compact.helpers.names == constraint_axioms(latin(4, larger)).helpers.names
    assert len(compact.formula.clauses) < len(full.formula.clauses)
    titles = {name for name, _, _ in compact.formula.origins}
    assert {rule.title(4) for rule in pairs} <= titles


def solutions(puzzle: Puzzle) -> set[Grid]:
    return set(constrained_solutions(puzzle))


def latin(n: int, *rules: Constraint) -> Puzzle:
    return Puzzle(Shape.latin(n), (0,) * (n * n), constraints=rules)


def test_a_two_cell_division_cage() -> None:
    found = solutions(latin(4, ArithmeticCage((0, 1), Operation.DIVIDE, 2)))
    assert {grid[:2] for grid in found} == {(1, 2), (2, 1), (2, 4), (4, 2)}
    assert found == accepted(latin(4, ArithmeticCage((0, 1), Operation.DIVIDE, 2)))


def test_a_one_cell_cage_holds_its_target() -> None:
    found = solutions(latin(4, ArithmeticCage((5,), Operation.MULTIPLY, 3)))
    assert len(found) == 576 // 4 and {grid[5] for grid in found} == {3}


def test_a_cage_in_one_row_repeats_no_digit_but_one_across_rows_may() -> None:
    helpers = constraint_axioms(latin(4, ArithmeticCage((0, 1), Operation.ADD, 4))).helpers
    assert helpers.names == (
        "cage 4+ over r1c1,r1c2 is filled 1,3",
        "cage 4+ over r1c1,r1c2 is filled 3,1",
    )
    in_row = solutions(latin(4, ArithmeticCage((0, 1), Operation.ADD, 4)))
    assert {grid[:2] for grid in in_row} == {(1, 3), (3, 1)}
    across = solutions(latin(4, ArithmeticCage((0, 5), Operation.ADD, 4)))
    assert {(grid[0], grid[5]) for grid in across} == {(1, 3), (3, 1), (2, 2)}


def test_a_clue_of_n_sees_the_line_rise_and_a_clue_of_1_sees_n_first() -> None:
    rising = solutions(latin(4, Skyscraper(Side.RIGHT, 1, 4)))
    assert len(rising) == 24 and {grid[4:8] for grid in rising} == {(4, 3, 2, 1)}
    tallest_first = solutions(latin(4, Skyscraper(Side.BOTTOM, 2, 1)))
    assert len(tallest_first) == 144 and {grid[14] for grid in tallest_first} == {4}


def test_a_clue_no_line_can_show_has_no_solution() -> None:
    assert solutions(latin(3, Skyscraper(Side.LEFT, 0, 4))) == set()


@dataclass(frozen=True)
class Fog:
    """A kind of rule satdoku does not know."""

    kind: ClassVar[str] = "fog"
    bulb: int

    def cells(self, n: int) -> tuple[int, ...]:
        return (self.bulb,)

    def title(self, n: int) -> str:
        return "fog over r2c2"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        return None


def test_a_kind_without_an_encoder_is_refused_by_name() -> None:
    with pytest.raises(InputError, match="satdoku cannot encode fog rules"):
        constraint_axioms(latin(3, Comparison(0, 1), Fog(4)))


def test_helpers_are_numbered_from_n_cubed_in_order_and_axioms_name_their_rule() -> None:
    puzzle = latin(3, Comparison(0, 1), ArithmeticCage((3, 4), Operation.SUBTRACT, 2))
    made = constraint_axioms(puzzle)
    assert made == constraint_axioms(puzzle)
    assert made.helpers.first == 28 and made.helpers.names == (
        "r1c1 < r1c2 is filled 1,2",
        "r1c1 < r1c2 is filled 1,3",
        "r1c1 < r1c2 is filled 2,3",
        "cage 2− over r2c1,r2c2 is filled 1,3",
        "cage 2− over r2c1,r2c2 is filled 3,1",
    )
    assert {a.source for a in made.axioms if a.kind == "comparison"} == {0}
    assert {a.source for a in made.axioms if a.kind == "keen cage"} == {1}
    every = puzzle_axioms(puzzle)
    assert [a.source for a in every.axioms[:27]] == [None] * 27  # 9 cells, 18 row/column digits
    assert every.axioms[27:] == made.axioms


def test_sequential_house_counters_move_above_the_helpers() -> None:
    puzzle = Puzzle(Shape.latin(17), (0,) * 289, constraints=(Comparison(0, 1),))
    made = constrained_formula(puzzle)
    helpers = made.helpers
    used = {abs(lit) for clause in made.formula.clauses for lit in clause}
    counters = {v for v in used if v > helpers.last}
    assert helpers.first == 17**3 + 1 and counters and min(counters) == helpers.last + 1
    assert max(used) == made.formula.top


def test_dimacs_round_trip_names_helpers_and_rules_and_decodes_the_model() -> None:
    rules = (Skyscraper(Side.LEFT, 0, 3), ArithmeticCage((4, 8), Operation.MULTIPLY, 3))
    puzzle = Puzzle(Shape.latin(4), (0,) * 4 + (0, 0, 4, 0) + (0,) * 8, constraints=rules)
    text = write_dimacs(puzzle, names=True)
    helpers = constraint_axioms(puzzle).helpers
    assert f"c helper {helpers.first}: {helpers.names[0]}" in text.splitlines()
    assert "c rule 1: keen cage multiply 3 over 4 8 (cage 3× over r2c1,r3c1)" in text
    header = read_header(text)
    assert header is not None and header.puzzle == puzzle
    with Solver(name="minisat22", bootstrap_with=read_dimacs(text).clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    decoded = decode(header.puzzle, model)
    assert decoded.problems == () and decoded.grid in accepted(puzzle)


def test_decode_names_a_rule_the_model_breaks() -> None:
    puzzle = latin(3, Comparison(1, 0))
    square = (1, 2, 3, 2, 3, 1, 3, 1, 2)
    model = [
        cell * 3 + d if d == square[cell] else -(cell * 3 + d)
        for cell in range(9)
        for d in (1, 2, 3)
    ]
    assert decode(puzzle, model).problems == ("r1c2 < r1c1 holds 2 > 1",)


def test_a_simplified_cnf_of_a_puzzle_with_rules_is_refused() -> None:
    with pytest.raises(InputError, match="leave out --simplify"):
        cnf_formula(latin(3, Comparison(0, 1)), CnfOptions(simplify=True))


def test_satdoku_decode_checks_the_rules_a_cnf_header_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = latin(4, Skyscraper(Side.LEFT, 0, 4), Comparison(4, 5))
    (tmp_path / "p.cnf").write_text(write_dimacs(puzzle))
    verdicts = []
    for rows in ("1234 3412 2143 4321", "1234 4321 2143 3412"):  # the second breaks r2c1 < r2c2
        square = [int(d) for d in rows if d != " "]
        model = [
            c * 4 + d if square[c] == d else -(c * 4 + d) for c in range(16) for d in (1, 2, 3, 4)
        ]
        (tmp_path / "m.out").write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
        assert main(["decode", str(tmp_path / "p.cnf"), str(tmp_path / "m.out"), "--json"]) == 0
        verdicts.append(json.loads(capsys.readouterr().out))
    assert verdicts[0]["status"] == "solved"
    assert verdicts[1]["status"] == "invalid"
    assert verdicts[1]["broken"] == ["r2c1 < r2c2 holds 4 > 3"]


def test_satdoku_dimacs_of_a_game_id_solves_to_its_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "keen.txt").write_text("keen:4:a_4aaca3_a__,m24m3m4m8m6m24\n")
    assert main(["dimacs", str(tmp_path / "keen.txt"), "-o", str(tmp_path / "k.cnf")]) == 0
    text = (tmp_path / "k.cnf").read_text()
    assert "c rule 0: keen cage multiply 24 over 0 1 4 (cage 24× over r1c1,r1c2,r2c1)" in text
    with Solver(name="minisat22", bootstrap_with=read_dimacs(text).clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    header = read_header(text)
    assert header is not None and len(header.puzzle.constraints) == 6
    assert decode(header.puzzle, model).grid == tuple(map(int, "2431321441231342"))
