"""The compiled rating ladder (``Engine.climb``) against the Python ladder, step for step.

The reference is the Python ladder, :func:`satdoku.rules._rating.climb` (the stepper with every
set-logic technique, as :func:`satdoku.rules._rating.rate` runs it), stopped at the first move
larger than a limit: both must stop at the same largest size, in the same state (solved or
not, the same candidates left).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data_files import FORUM_HARDEST, SEVENTEEN, TOP1465, puzzle_lines
from satdoku.backends import _compiled as native
from satdoku.backends._ladder import compiled_climb, families_table
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.generation._vicinity import closeness
from satdoku.io._line import parse_line
from satdoku.rules._rating import Level, climb, rate
from stepper_support import random_puzzle

needs_engine = pytest.mark.skipif(not native.AVAILABLE, reason="the C engine is not compiled")


def same_climb(puzzle: Puzzle, limit: int) -> None:
    compiled = compiled_climb(puzzle.shape, puzzle.cells, limit)
    assert compiled is not None
    expected = climb(puzzle, limit)
    if expected.contradiction or compiled.contradiction:  # found at another point, maybe
        assert limit < 4 or expected.contradiction == compiled.contradiction
        return
    assert compiled == expected, (puzzle.cells, limit)


def _data(path: Path, count: int) -> list[Puzzle]:
    return [parse_line(line[:81]) for line in puzzle_lines(path, count)]


@needs_engine
@pytest.mark.parametrize("path", [SEVENTEEN, TOP1465, FORUM_HARDEST], ids=lambda p: p.stem)
def test_compiled_ladder_is_the_python_ladder_on_the_collections(path: Path) -> None:
    for puzzle in _data(path, 25):
        for limit in range(6):
            same_climb(puzzle, limit)


@needs_engine
def test_compiled_ladder_rates_as_rate_does() -> None:
    seen = set()
    for puzzle in _data(TOP1465, 60):
        rated = rate(puzzle)
        climbed = compiled_climb(puzzle.shape, puzzle.cells)
        assert climbed is not None and not climbed.contradiction
        rung = climbed.rung if climbed.solved else 5
        assert (Level.from_rung(rung), rung) == (rated.level, rated.rung)
        seen.add(rated.level)
    assert len(seen) >= 3  # the sample spans several levels: the test can tell them apart


EXTREME = [  # minimal 9x9 puzzles that need a size-4 move (a naked quad), made by the walk
    "...5.3...7.91.8....5....28.......4..3....16....8..517...6.7...547...681.8....4...",
    ".29.5...3......6....1...8.447.38..........3...8....5.2....4.......73..913.791....",
    ".......29...7..1..43......87.4...5....96....3..6.5.......9.2.1.6..3.87...8.......",
    "2.......9..8..91.4.6.......65.3.......15.86....3.2....8.91..5...76.....3...4...8.",
    "......8.1...4.2....8..7...9...9.43......2....6728...4.5..1......6...5.3...3.....4",
    ".1...35..2.9.....6.5.......96...12.7..5....4...8.4.....3..62...6...5..1...24...8.",
]


@needs_engine
@pytest.mark.parametrize("line", EXTREME)
def test_compiled_ladder_climbs_to_size_four(line: str) -> None:
    puzzle = parse_line(line)
    assert rate(puzzle).level is Level.EXTREME  # by the Python ladder
    for limit in range(6):
        same_climb(puzzle, limit)
    climbed = compiled_climb(puzzle.shape, puzzle.cells)
    assert climbed is not None and (climbed.rung, climbed.solved) == (4, True)


SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.sudoku(9, diagonals=True),
    Shape.latin(5),
    Shape.latin(6, diagonals=True),
    Shape.jigsaw([0, 0, 0, 1, 1, 0, 0, 2, 1, 1, 3, 2, 2, 2, 1, 3, 3, 2, 4, 4, 3, 3, 4, 4, 4]),
]


@needs_engine
@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    seed=st.integers(0, 2**32),
    keep=st.floats(0.2, 0.7),
    limit=st.integers(0, 5),
)
def test_compiled_ladder_is_the_python_ladder_on_any_shape(
    shape: Shape, seed: int, keep: float, limit: int
) -> None:
    same_climb(random_puzzle(shape, random.Random(seed), keep), limit)


@needs_engine
def test_closeness_is_the_same_compiled_or_not() -> None:
    for puzzle in _data(SEVENTEEN, 15):
        for level in Level:
            fast = closeness(puzzle.shape, puzzle.cells, level)
            assert fast == closeness(puzzle.shape, puzzle.cells, level, compiled=False)


@needs_engine
def test_families_of_another_shape_are_refused() -> None:
    engine = native.engine_for(Shape.sudoku(9))
    table = families_table(Shape.sudoku(4))
    assert engine is not None and table is not None
    with pytest.raises(ValueError, match="not of this engine's shape"):
        engine.climb((0,) * 81, table, 4)


@needs_engine
def test_family_tables_that_do_not_fit_are_refused() -> None:
    from satdoku.backends import _native  # type: ignore[attr-defined]

    with pytest.raises(ValueError, match="do not fit"):  # base0 ends past the bases
        _native.Families(8, 8, [2], [0, 2], [0, 0], [0], [0], [0, 0], [], [], [0], [], [])
    with pytest.raises(ValueError, match="bc_claim"):  # a claim past the shape's claims
        _native.Families(8, 8, [2], [0, 1], [0, 0], [0], [0], [0, 1], [8], [1], [0], [], [])
    with pytest.raises(TypeError):
        _native.Families(8, 8, [2], [0, 1], [0, 0], [0], ["x"], [0, 1], [7], [1], [0], [], [])
