"""Minimal puzzles of a rare level by a walk (satdoku.generation._vicinity, through generate).

The checks (``generate_support``) trust PySAT through an Explorer with the compiled engine
switched off (the walk asks the engine), the independent checker ``is_solution``,
``satdoku.rules._rating.rate`` read again from the puzzle alone, and symmetry maps written out
there.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generate_support import check_generated, removable_given, solutions_up_to_two, symmetric
from satdoku.api._uniqueness import Uniqueness
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core._symmetry import Symmetry, orbits
from satdoku.generation._generate import Generated, generate
from satdoku.generation._vicinity import SOLVED_SHORT, closeness, move, walk
from satdoku.rules._rating import Level, rate

SUDOKU = Shape.sudoku(9)


def check_met(made: Generated, level: Level) -> None:
    """A met record: its solution, unique, minimal, of the level, all checked independently."""
    assert made.matched and made.minimal
    assert made.level is level and made.wanted is level
    check_generated(made, minimal=True)


def test_minimal_expert_puzzles_are_still_checked() -> None:
    for seed in [3, 6]:  # expert draws grids: these seeds meet it within the default budget
        check_met(generate(SUDOKU, level="expert", minimal=True, seed=seed), Level.EXPERT)


def test_a_minimal_extreme_puzzle_is_checked() -> None:
    made = generate(SUDOKU, level="extreme", minimal=True, seed=3)
    assert made.attempts > 1  # no grid gave one: the walk did
    check_met(made, Level.EXTREME)


@pytest.mark.parametrize("seed", [4, 5])
def test_a_seed_gives_the_same_puzzle_again(seed: int) -> None:
    first = generate(SUDOKU, level="extreme", minimal=True, seed=seed, attempts=60)
    assert first.attempts > 1  # it walked
    again = generate(SUDOKU, level="extreme", minimal=True, seed=seed, attempts=60)
    assert again == first
    other = generate(SUDOKU, level="extreme", minimal=True, seed=seed + 100, attempts=60)
    assert other.puzzle != first.puzzle


@pytest.mark.parametrize("attempts", [1, 2, 7])
def test_a_spent_budget_is_said_with_the_true_rating(attempts: int) -> None:
    made = generate(SUDOKU, level="extreme", minimal=True, seed=6, attempts=attempts)
    assert not made.matched and made.attempts == attempts
    assert made.level is rate(made.puzzle).level
    assert made.rung == rate(made.puzzle).rung
    assert is_solution(made.solution, made.puzzle) and solutions_up_to_two(made.puzzle) == 1
    assert made.minimal is (removable_given(made.puzzle) is None)


def test_a_symmetric_walk_keeps_its_symmetry() -> None:
    start = generate(SUDOKU, symmetry="rot180", minimal=True, seed=0, rated=False)
    with Uniqueness(SUDOKU) as check:
        found = walk(
            SUDOKU,
            (start.puzzle.cells, start.solution),
            Level.HARD,
            orbits(Symmetry.ROT180, 9),
            check,
            random.Random(0),
            300,
        )
    puzzle = Puzzle(SUDOKU, found.cells)
    assert symmetric(found.cells, 9, "rot180") and found.moves <= 300
    assert is_solution(found.solution, puzzle) and solutions_up_to_two(puzzle) == 1
    assert found.minimal is (removable_given(puzzle) is None)
    assert found.met is (found.minimal and rate(puzzle).level is Level.HARD)
    assert found.closeness.met  # the pool reached the level (minimal with rot180 is rarer)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(list(Level)))
def test_closeness_agrees_with_the_rating(seed: int, level: Level) -> None:
    made = generate(SUDOKU, minimal=True, seed=seed, rated=False)
    rated = rate(made.puzzle)
    score = closeness(SUDOKU, made.puzzle.cells, level)
    assert score.met is (rated.level is level)
    assert (score.gap == SOLVED_SHORT) is (rated.rung < level.rung)  # the ladder solved it
    if rated.rung < level.rung:
        assert score.short == level.rung - rated.rung
    if rated.rung > level.rung:  # stalled or went past the level: candidates were left
        assert 0 < score.gap < SOLVED_SHORT


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([Symmetry.NONE, Symmetry.ROT180]))
def test_a_move_keeps_uniqueness_and_symmetry(seed: int, symmetry: Symmetry) -> None:
    start = generate(SUDOKU, symmetry=symmetry, seed=seed, rated=False)
    with Uniqueness(SUDOKU) as check:
        moved = move(SUDOKU, start.puzzle.cells, orbits(symmetry, 9), check, random.Random(seed))
    assert moved is not None
    cells, solution = moved
    puzzle = Puzzle(SUDOKU, cells)
    assert is_solution(solution, puzzle) and solutions_up_to_two(puzzle) == 1
    assert symmetry is Symmetry.NONE or symmetric(cells, 9, "rot180")
    if symmetry is Symmetry.NONE:
        assert removable_given(puzzle) is None
