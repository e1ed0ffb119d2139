"""Singles (rules 1 and 2 to a fixpoint, no trace) against the stepper, and the fresh path on it."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.backends._sat import SatBackend
from satdoku.backends._strategy import Strategy
from satdoku.core._checker import is_solution
from satdoku.core._claims import FALSE, TRUE
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle
from satdoku.io._line import parse_line
from satdoku.rules._propagator import fixpoint
from satdoku.rules._singles import candidate_masks, eliminate, singles

SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.sudoku(16),
    Shape.latin(5),
    Shape.sudoku(9, diagonals=True),
    Shape.sudoku(8),
]


def same_as_stepper(puzzle: Puzzle) -> None:
    """Singles and the stepper's fixpoint agree claim by claim, and on contradictions."""
    state, conflict = fixpoint(puzzle)
    known = singles(puzzle)
    if conflict is not None:
        assert known is None
    else:
        assert known is not None
        assert tuple(known) == state.values


def scrambled(puzzle: Puzzle, rng: random.Random, changes: int) -> Puzzle:
    """The puzzle with a few cells set to random digits (often clashing givens)."""
    cells = list(puzzle.cells)
    n = puzzle.shape.n
    for cell in rng.sample(range(len(cells)), changes):
        cells[cell] = rng.randint(0, n)
    return Puzzle(puzzle.shape, tuple(cells))


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
@pytest.mark.parametrize("fraction", [0.0, 0.2, 0.35, 0.5, 0.8])
def test_singles_reach_the_steppers_fixpoint(shape: Shape, fraction: float) -> None:
    for seed in range(4):
        puzzle, _ = random_puzzle(shape, fraction, seed)
        same_as_stepper(puzzle)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
def test_contradictions_are_found_as_the_stepper_finds_them(shape: Shape) -> None:
    rng = random.Random(shape.n)
    conflicts = 0
    for seed in range(12):
        puzzle, _ = random_puzzle(shape, 0.4, seed)
        bad = scrambled(puzzle, rng, 3)
        same_as_stepper(bad)
        conflicts += fixpoint(bad)[1] is not None
    assert conflicts > 0  # the scrambling did make unsolvable puzzles


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 10**6), st.floats(0.0, 0.9), st.integers(0, 4))
def test_singles_match_the_stepper_hypothesis(
    shape: Shape, seed: int, fraction: float, changes: int
) -> None:
    puzzle, _ = random_puzzle(shape, fraction, seed)
    same_as_stepper(scrambled(puzzle, random.Random(seed), changes))


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
def test_singles_keep_every_solution_and_extend_eliminate(shape: Shape) -> None:
    """A claim singles decides agrees with the grid the puzzle came from; it decides at least
    what rule 1 from the givens (eliminate) decides."""
    for seed in range(4):
        puzzle, grid = random_puzzle(shape, 0.35, seed)
        known, first = singles(puzzle), eliminate(puzzle)
        assert known is not None and first is not None
        n = shape.n
        for cell, d in enumerate(grid):
            assert known[cell * n + d] != FALSE
        assert all(a == b for a, b in zip(known, first, strict=True) if b)


def test_candidate_masks_and_placed_digits() -> None:
    found = candidate_masks(parse_line("1.3..4..2...4..1"))
    assert found is not None
    masks, placed = found
    assert placed == [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    assert masks == [1 << (d - 1) for d in placed]


@pytest.mark.parametrize(
    "line",
    [
        "11" + "." * 14,  # two givens in a row
        "1...1" + "." * 11,  # two givens in a column
        "1....1" + "." * 10,  # two givens in a box
        "123." + "...." + "...4" + "....",  # r1c4 must be 4 and r3c4 holds 4: rule 2 then a clash
    ],
)
def test_unsolvable_by_rules_is_none_and_fresh_says_unsolvable(line: str) -> None:
    puzzle = parse_line(line)
    assert singles(puzzle) is None
    assert fixpoint(puzzle)[1] is not None
    with SatBackend(strategy=Strategy.FRESH) as backend:
        assert backend.solve(puzzle).status is Status.UNSOLVABLE


def test_fresh_path_solves_when_singles_decide_everything() -> None:
    puzzle, grid = random_puzzle(Shape.sudoku(16), 0.8, seed=2)
    known = singles(puzzle)
    assert known is not None and known.count(TRUE) == 16 * 16
    with SatBackend(strategy=Strategy.FRESH) as backend:
        result = backend.solve(puzzle)
    assert result.solution == grid and is_solution(grid, puzzle)


@pytest.mark.parametrize(
    "shape", [Shape.sudoku(25), Shape.sudoku(36), Shape.latin(20)], ids=lambda s: s.describe()
)
def test_fresh_path_on_big_grids(shape: Shape) -> None:
    with SatBackend(strategy=Strategy.FRESH) as backend:
        for seed in range(2):
            puzzle, _ = random_puzzle(shape, 0.55, seed)
            result = backend.solve(puzzle)
            assert result.status is Status.SOLVED
            assert result.solution is not None and is_solution(result.solution, puzzle)
