"""Tests of the rating ladder: levels, the weakest rung, counts, guesses, speed."""

from __future__ import annotations

import pickle
import time

import pytest

from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules._rating import Level, Rating, rate
from satdoku.rules._search import GuessOrder, SearchRun, TraceStatus, trace
from satdoku.rules._steps import Rule
from satdoku.rules._strategies import RULES_1_2, RUNGS
from stepper_support import seventeen_sample

HARD = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
EXPERT = "...21....7.8........4.89.3.4......8.1....4.26....3.1..2..6.3.7...37..5..........."


def test_levels_are_the_contract() -> None:
    assert [level.value for level in Level] == [
        "easy",
        "medium",
        "hard",
        "expert",
        "extreme",
        "guessing",
    ]
    assert [Level.from_rung(r).rung for r in range(6)] == list(range(6))
    assert all(level.describe() for level in Level)


@pytest.mark.parametrize(
    ("grid", "level"),
    [("1.3..4..2...4..1", Level.EASY), (HARD, Level.HARD), (EXPERT, Level.EXPERT)],
)
def test_known_levels(grid: str, level: Level) -> None:
    r = rate(parse_line(grid))
    assert (r.level, r.rung, r.status, r.guesses) == (level, level.rung, "solved", 0)


def _weakest(puzzle) -> int:  # type: ignore[no-untyped-def]
    """Return the weakest rung solving a puzzle, by running each rung's rules in full."""
    for rung, rules in enumerate(RUNGS):
        if trace(puzzle, rules).status is TraceStatus.SOLVED:
            return rung
    return 5


def test_rating_is_the_weakest_rung_on_seventeen_clue_puzzles() -> None:
    seen = set()
    for puzzle in seventeen_sample(40, seed=31):
        r = rate(puzzle)
        assert r.rung == _weakest(puzzle) and r.level is Level.from_rung(r.rung)
        assert r.status == "solved"
        seen.add(r.rung)
        if r.rung < 5:
            assert r.guesses == 0 and r.rules == RUNGS[r.rung]
            t = trace(puzzle, RUNGS[-1])
            counts: dict[str, int] = {}
            for s in t.steps:
                if s.technique is not None:
                    counts[s.technique.value] = counts.get(s.technique.value, 0) + 1
            assert r.counts == counts
            assert max((s.sets.size for s in t.steps if s.sets), default=0) == r.rung
        else:
            run = SearchRun(puzzle, RULES_1_2, search=True, order=GuessOrder.FIRST)
            for _ in run:
                pass
            assert r.guesses == run.guesses > 0
    assert {0, 1, 5} <= seen


def test_unsolvable_and_several_solutions() -> None:
    assert rate(parse_line("11..............")).status == "unsolvable"
    several = rate(parse_line("1..............."))
    assert several.level is Level.GUESSING and several.status == "solved"
    assert several.label().startswith("needs guessing")


@pytest.mark.parametrize(
    "shape", [Shape.latin(4), Shape.sudoku(4), Shape.latin(4, diagonals=True)], ids=str
)
def test_rating_reads_any_shape(shape: Shape) -> None:
    r = rate(Puzzle.empty(shape))
    assert r.level is Level.GUESSING and r.status == "solved" and r.guesses > 0


def test_rating_is_a_plain_value() -> None:
    r = rate(parse_line(HARD))
    assert pickle.loads(pickle.dumps(r)) == r
    assert isinstance(r, Rating) and r.counts["naked-pair"] >= 1


def test_rating_is_fast() -> None:
    puzzles = seventeen_sample(60, seed=5)
    easy = [p for p in puzzles if rate(p).rung == 0][:20]
    start = time.perf_counter()
    for p in easy:
        rate(p)
    per = (time.perf_counter() - start) / len(easy)
    assert per < 0.02, f"{per * 1000:.1f} ms per singles puzzle"
    assert all(s.rule is not Rule.SET for s in trace(easy[0], RUNGS[-1]).steps)
