"""The independent checker: its fast byte path agrees with a plain reading of the axioms."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.core._checker import broken_axioms, is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_grid

SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.latin(5),
    Shape.sudoku(9, diagonals=True),
    Shape.sudoku(16),
    Shape.latin(7),
    Shape.jigsaw([0, 0, 0, 1, 1, 0, 0, 2, 1, 1, 3, 2, 2, 2, 1, 3, 3, 2, 4, 4, 3, 3, 4, 4, 4]),
    Shape.sudoku(25),  # past SUMS_UP_TO: the distinct-keys path
]


def plain_is_solution(solution: list[int], puzzle: Puzzle) -> bool:
    """Every axiom holds (read house by house) and every given is kept."""
    if broken_axioms(solution, puzzle.shape):
        return False
    return all(g in (0, s) for g, s in zip(puzzle.cells, solution, strict=True))


@st.composite
def grids_and_puzzles(draw: st.DrawFn) -> tuple[list[int], Puzzle]:
    """A valid grid, a few cells changed (maybe to 0, n+1, 255 or 300), givens from either."""
    shape = draw(st.sampled_from(SHAPES))
    n = shape.n
    grid = random_grid(shape, draw(st.integers(0, 10**6)))
    assert grid is not None
    cells = list(grid)
    givens = [d if draw(st.booleans()) else 0 for d in cells]
    if draw(st.booleans()):  # swap two cells: digits stay in range, houses may break
        i, j = draw(st.integers(0, n * n - 1)), draw(st.integers(0, n * n - 1))
        cells[i], cells[j] = cells[j], cells[i]
    for _ in range(draw(st.integers(0, 3))):
        cell = draw(st.integers(0, n * n - 1))
        cells[cell] = draw(st.sampled_from([0, 1, n, n + 1, 255, 300, cells[(cell + 1) % (n * n)]]))
    if draw(st.booleans()):
        givens[draw(st.integers(0, n * n - 1))] = draw(st.integers(1, n))
    return cells, Puzzle(shape, tuple(givens))


@settings(max_examples=300, deadline=None)
@given(grids_and_puzzles())
def test_checker_agrees_with_the_axioms_read_one_by_one(case: tuple[list[int], Puzzle]) -> None:
    cells, puzzle = case
    assert is_solution(cells, puzzle) == plain_is_solution(cells, puzzle)


def test_checker_rejects_what_is_not_a_grid_of_digits() -> None:
    shape = Shape.latin(2)
    puzzle = Puzzle(shape, (1, 0, 0, 0))
    assert is_solution((1, 2, 2, 1), puzzle)
    for bad in [
        (1, 2, 2),
        (1, 2, 2, 1, 1),
        (1.0, 2, 2, 1),
        ("1", 2, 2, 1),
        (1, 2, 2, -1),
        (1, 2, 2, 257),
        (1, 2, 2, None),
        (),
    ]:
        assert not is_solution(bad, puzzle), bad  # type: ignore[arg-type]


def test_checker_on_a_grid_too_big_for_bytes() -> None:
    shape = Shape.latin(256)
    n = shape.n
    grid = tuple((r + c) % n + 1 for r in range(n) for c in range(n))
    assert is_solution(grid, Puzzle(shape, (0,) * (n * n)))
    broken = (grid[1],) + grid[1:]
    assert not is_solution(broken, Puzzle(shape, (0,) * (n * n)))


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
@pytest.mark.parametrize("value", [0, -1, "n+1", 255, 256])
def test_one_cell_out_of_range_is_caught_anywhere(shape: Shape, value: int | str) -> None:
    grid = random_grid(shape, 7)
    assert grid is not None
    n = shape.n
    empty = Puzzle(shape, (0,) * (n * n))
    assert is_solution(grid, empty)
    for cell in range(0, n * n, max(1, n // 3)):
        broken = list(grid)
        broken[cell] = n + 1 if value == "n+1" else int(value)
        assert not is_solution(broken, empty), (cell, value)
