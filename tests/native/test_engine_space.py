"""Candidates through the compiled engine agree with PySAT's answers (and the backbone)."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.api._explorer import Explorer
from satdoku.backends._compiled import engine_for
from satdoku.backends._engine_space import candidates_by_engine, engine_candidates
from satdoku.core._shape import Shape
from satdoku.generation._quick_puzzles import random_puzzle

pytestmark = pytest.mark.skipif(engine_for(Shape.sudoku(4)) is None, reason="no compiled engine")

SHAPES = [Shape.sudoku(4), Shape.sudoku(6), Shape.sudoku(9), Shape.latin(5), Shape(9, None, True)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SHAPES), st.floats(0.2, 0.8), st.integers(0, 10**6), st.booleans())
def test_the_engine_and_pysat_give_the_same_candidates_and_backbone(
    shape: Shape, fraction: float, seed: int, clash: bool
) -> None:
    puzzle, _ = random_puzzle(shape, fraction, seed=seed)
    if clash:  # a second copy of a given digit in its row: no solution at all
        cells = list(puzzle.cells)
        row = [c for c in range(shape.n) if cells[c]]
        blank = [c for c in range(shape.n) if not cells[c]]
        if row and blank:
            cells[blank[0]] = cells[row[0]]
            puzzle = type(puzzle)(shape, tuple(cells))
    with Explorer(native=True) as engine, Explorer(native=False) as sat:
        assert engine.candidates(puzzle) == sat.candidates(puzzle)
        assert engine.backbone(puzzle) == sat.backbone(puzzle)


def test_a_spent_budget_or_deadline_hands_over_to_pysat() -> None:
    shape = Shape.sudoku(9)
    engine = engine_for(shape)
    assert engine is not None
    empty = (0,) * 81
    assert candidates_by_engine(engine, empty, 9, budget=0) is None
    hard = candidates_by_engine(engine, (1,) + (0,) * 80, 9, budget=0)
    assert hard is None or hard.doubtful
    assert candidates_by_engine(engine, empty, 9, deadline=time.monotonic() - 1) is None
    assert engine_candidates(shape, empty, native=False) is None
    found = engine_candidates(shape, empty)
    assert found is not None and all(s == set(range(1, 10)) for s in found.seen)


def test_a_sparse_9x9_needs_no_sat_call() -> None:
    puzzle, _ = random_puzzle(Shape.sudoku(9), 0.25, seed=random.Random(5))
    with Explorer() as explorer:
        explorer.candidates(puzzle)
        assert explorer.sat_calls == 0
