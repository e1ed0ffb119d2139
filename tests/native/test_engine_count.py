"""Counting through the compiled engine in bounded calls: the same counts as the Python counting
search, limits and deadlines kept, progress a lower bound."""

from __future__ import annotations

import io
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.api._explorer import Count, Explorer
from satdoku.backends import _engine_count as engine_count
from satdoku.backends._compiled import engine_for
from satdoku.backends._engine_count import EngineCount, count_by_engine
from satdoku.cli._count import CountShown
from satdoku.core._limits import Limits
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle
from satdoku.rules._counting import count_completions

pytestmark = pytest.mark.skipif(engine_for(Shape.sudoku(4)) is None, reason="no compiled engine")

SHAPES = [Shape.sudoku(4), Shape.latin(4), Shape.latin(5), Shape.sudoku(6), Shape.sudoku(9)]


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    givens=st.sampled_from([0.0, 0.2, 0.35, 0.5]),
    seed=st.integers(0, 10_000),
    small=st.booleans(),
)
def test_the_engine_counts_what_the_python_search_counts(
    shape: Shape, givens: float, seed: int, small: bool
) -> None:
    if shape.n == 9 and givens < 0.35:
        givens = 0.35  # an exact count of a sparse 9x9 is out of reach of either
    puzzle, _ = random_puzzle(shape, givens, seed)
    expected, complete = count_completions(puzzle, 50_000)
    if not complete:
        return  # too many to compare exactly
    with pytest.MonkeyPatch.context() as patched:
        if small:  # tiny calls: the splitting into parts is exercised on every puzzle
            patched.setattr(engine_count, "FIRST", 1)
            patched.setattr(engine_count, "SLICE", 4)
        engine = engine_for(shape)
        assert engine is not None
        counted = count_by_engine(engine, puzzle.cells)
    assert counted is None or counted == EngineCount(expected, True, False)


@pytest.mark.parametrize("limit", [0, 1, 2, 575, 576, 577, 10_000])
def test_a_limit_is_kept_exactly(limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_count, "FIRST", 2)
    monkeypatch.setattr(engine_count, "SLICE", 16)
    engine = engine_for(Shape.latin(4))
    assert engine is not None
    counted = count_by_engine(engine, (0,) * 16, limit)
    if limit >= 576:
        assert counted == EngineCount(576, True, False)
    else:
        assert counted == EngineCount(limit, False, False)


def test_a_deadline_is_kept_and_the_count_is_a_lower_bound() -> None:
    seen: list[int] = []
    began = time.monotonic()
    found = Explorer(limits=Limits(timeout=0.5)).count(
        Puzzle.empty(Shape.sudoku(9)), progress=seen.append
    )
    assert time.monotonic() - began < 2.5
    assert found.timed_out and not found.complete
    assert found.count > 0  # the empty 9x9 has about 6.7e21: any count below is a true bound
    assert seen == sorted(seen) and (not seen or seen[-1] <= found.count)


def test_a_count_the_python_search_took_half_a_minute_for() -> None:
    """768,765 Latin completions of the bundled example's givens (35 s by the Python search)."""
    text = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
    puzzle = Puzzle(Shape.latin(9), tuple(0 if c == "." else int(c) for c in text))
    began = time.process_time()
    assert Explorer().count(puzzle) == Count(768_765, True)
    assert time.process_time() - began < 15


def test_a_long_count_on_a_terminal_says_how_to_bound_it() -> None:
    out = io.StringIO()
    shown = CountShown(out, 2, bounded=False, delay=0)
    shown(1_048_577)
    shown.close()
    text = out.getvalue()
    assert "puzzle 3: 1,048,577+ solutions" in text and "--limit N or --timeout S" in text
    assert text.endswith("\r")  # the line is cleared for the answer
