"""Generation (satdoku.generation._generate): every puzzle unique, minimal when asked, symmetric,
of the
wanted level, reproducible, for every shape; checked without the generator's own code.

The checks (``generate_support``) trust PySAT through an Explorer with the compiled engine
switched off (the generator asks the engine), the independent checker ``is_solution``, the
rating of ``satdoku.rules._rating`` and symmetry maps written out there.
"""

from __future__ import annotations

import collections
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generate_support import check_generated
from satdoku.backends._compiled import engine_for
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._random_regions import random_region_map
from satdoku.core._shape import Shape
from satdoku.generation._generate import generate, random_grid, random_puzzle
from satdoku.generation._random_grid import complete, random_jigsaw
from satdoku.rules._rating import Level, rate

JIGSAW_6 = (
    0, 0, 0, 1, 1, 1,
    0, 0, 2, 2, 1, 1,
    0, 3, 2, 2, 2, 1,
    3, 3, 3, 4, 2, 5,
    3, 4, 4, 4, 5, 5,
    3, 4, 4, 5, 5, 5,
)  # fmt: skip
"""A 6x6 jigsaw map with connected regions (written out, not drawn by the code under test)."""

SHAPES = {
    "4x4": Shape.sudoku(4),
    "6x6-2x3": Shape.sudoku(6, (2, 3)),
    "9x9": Shape.sudoku(9),
    "latin5": Shape.latin(5),
    "x9": Shape.sudoku(9, diagonals=True),
    "jigsaw6-file": Shape.jigsaw(JIGSAW_6),
}


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize("symmetry", ["none", "rot180", "rot90", "diagonal", "mirror"])
def test_every_shape_and_symmetry_gives_unique_puzzles(name: str, symmetry: str) -> None:
    for seed in range(3):
        made = generate(SHAPES[name], symmetry=symmetry, seed=seed)
        check_generated(made)
        assert made.matched and made.seed == seed


@pytest.mark.parametrize("name", SHAPES)
def test_minimal_puzzles_are_minimal(name: str) -> None:
    for seed in range(4):
        made = generate(SHAPES[name], minimal=True, seed=seed)
        assert made.matched and made.minimal
        check_generated(made, minimal=True)


@pytest.mark.parametrize("symmetry", ["rot180", "diagonal", "mirror"])
def test_minimal_and_symmetric_together(symmetry: str) -> None:
    made = generate(Shape.sudoku(9), minimal=True, symmetry=symmetry, seed=2, attempts=1000)
    assert made.matched and made.minimal
    check_generated(made, minimal=True)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "guessing"])
@pytest.mark.parametrize("minimal", [False, True])
def test_the_rating_is_the_level_asked_for(level: str, minimal: bool) -> None:
    for seed in range(3):
        made = generate(Shape.sudoku(9), level=level, minimal=minimal, seed=seed)
        assert made.matched, (level, seed)
        assert made.wanted is Level(level) and made.level is Level(level)
        assert rate(made.puzzle).level is Level(level)  # rated again, from the puzzle alone
        check_generated(made, minimal=minimal)


def test_a_missed_level_is_said_not_hidden() -> None:
    made = generate(Shape.sudoku(4), level="extreme", seed=1, attempts=3)
    assert not made.matched and made.attempts == 3
    assert made.level is rate(made.puzzle).level is not Level.EXTREME
    check_generated(made)


def test_givens_are_aimed_at() -> None:
    for seed in range(5):
        made = generate(Shape.sudoku(9), givens=30, seed=seed)
        assert made.matched and 29 <= made.givens <= 30
        check_generated(made)
    made = generate(Shape.sudoku(9), givens=12, seed=1, attempts=2)  # no 9x9 has 12 givens
    assert not made.matched and made.givens > 12
    check_generated(made)


def test_a_seed_gives_the_same_puzzle_again() -> None:
    for options in [{}, {"symmetry": "rot180", "minimal": True}, {"level": "hard"}]:
        first = generate(Shape.sudoku(9), seed=11, **options)  # type: ignore[arg-type]
        assert generate(Shape.sudoku(9), seed=11, **options) == first  # type: ignore[arg-type]
    assert generate(Shape.sudoku(9), seed=1).puzzle != generate(Shape.sudoku(9), seed=2).puzzle
    drawn = generate(Shape.sudoku(9), rng=random.Random(3))
    assert generate(Shape.sudoku(9), seed=drawn.seed) == drawn


def test_big_grids_are_unique() -> None:
    made = generate(Shape.sudoku(16), seed=1, rated=False)
    assert made.level is None
    check_generated(made)
    made = generate(Shape.sudoku(16), level="easy", seed=2)
    assert made.level is Level.EASY and made.matched
    check_generated(made)


def test_random_jigsaw_regions_are_connected_and_solvable() -> None:
    for n, seed in [(5, 1), (6, 2), (7, 3), (9, 4)]:
        shape, grid = random_jigsaw(n, random.Random(seed))
        assert shape.regions is not None
        assert is_solution(grid, Puzzle.empty(shape))
        for region in range(n):
            cells = {i for i, r in enumerate(shape.regions) if r == region}
            assert len(cells) == n
            seen, todo = set(), [min(cells)]
            while todo:  # flood fill, edge to edge
                cell = todo.pop()
                if cell in seen:
                    continue
                seen.add(cell)
                r, c = divmod(cell, n)
                todo += [
                    rr * n + cc
                    for rr, cc in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    if 0 <= rr < n and 0 <= cc < n and rr * n + cc in cells
                ]
            assert seen == cells
        check_generated(generate(shape, minimal=True, seed=seed), minimal=True)


def test_random_region_maps_differ_from_the_start() -> None:
    maps = {random_region_map(9, random.Random(seed)) for seed in range(5)}
    boxes = tuple((i // 9 // 3) * 3 + (i % 9) // 3 for i in range(81))
    assert len(maps) == 5 and boxes not in maps


def test_grids_are_drawn_from_all_solutions() -> None:
    # 4x4 Sudoku has 288 grids; a pattern shuffle reaches far fewer of them
    rng = random.Random(0)
    drawn = collections.Counter(complete(Shape.sudoku(4), (0,) * 16, rng) for _ in range(6000))
    assert all(grid is not None for grid in drawn)
    assert len(drawn) == 288
    for grid in drawn:
        assert grid is not None and is_solution(grid, Puzzle.empty(Shape.sudoku(4)))


@pytest.mark.parametrize("name", SHAPES)
def test_completions_keep_the_givens(name: str) -> None:
    shape = SHAPES[name]
    made = generate(shape, seed=5, rated=False)
    for seed in range(5):
        grid = complete(shape, made.puzzle.cells, random.Random(seed))
        assert grid is not None and is_solution(grid, made.puzzle)
    clash = (1, 1) + (0,) * (shape.n**2 - 2)  # two 1s in the first row
    assert complete(shape, clash, random.Random(0)) is None


def test_the_engine_draws_reproducibly() -> None:
    engine = engine_for(Shape.sudoku(9))
    if engine is None:
        pytest.skip("the compiled engine is not in use")
    empty = (0,) * 81
    first = engine.solve(empty, 10_000, 123)
    assert isinstance(first, bytes) and engine.solve(empty, 10_000, 123) == first
    assert is_solution(tuple(first), Puzzle.empty(Shape.sudoku(9)))
    assert engine.solve(empty, 10_000, 124) != first
    assert engine.solve(empty, 10_000) == engine.solve(empty, 10_000, 0)  # 0: the plain search


def test_the_quick_helpers_still_work() -> None:
    grid = random_grid(Shape.sudoku(9), 3)
    assert grid is not None and is_solution(grid, Puzzle.empty(Shape.sudoku(9)))
    puzzle, solution = random_puzzle(Shape.sudoku(9), 0.4, seed=3)
    assert is_solution(solution, puzzle) and 81 - puzzle.blanks() == round(0.4 * 81)


def test_bad_wishes_are_value_errors() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        generate(Shape.sudoku(4), level="impossible")
    with pytest.raises(ValueError, match="symmetry"):
        generate(Shape.sudoku(4), symmetry="spiral")
    with pytest.raises(ValueError, match="givens"):
        generate(Shape.sudoku(4), givens=17)
    with pytest.raises(ValueError, match="attempts"):
        generate(Shape.sudoku(4), attempts=0)
    with pytest.raises(ValueError, match="no complete grid"):
        generate(Shape.latin(2, diagonals=True))


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["4x4", "6x6-2x3", "latin5", "jigsaw6-file"]),
    st.sampled_from(["none", "rot180", "rot90", "diagonal", "mirror"]),
    st.booleans(),
    st.integers(0, 2**63 - 1),
)
def test_any_seed_gives_a_checked_puzzle(
    name: str, symmetry: str, minimal: bool, seed: int
) -> None:
    made = generate(SHAPES[name], symmetry=symmetry, minimal=minimal, seed=seed, attempts=50)
    check_generated(made, minimal=minimal and made.matched)
    assert made.matched or (minimal and symmetry != "none")
