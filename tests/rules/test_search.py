"""Tests of search on the stepper: PySAT's answers, justified guesses and backtracks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.backends._sat import SatBackend
from satdoku.backends._stepper import StepperBackend
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules._search import GuessOrder, SearchRun, TraceStatus, solve_steps, trace
from satdoku.rules._seed_solver import diagonal_has_2, solve_latin, strings_to_puzzle, yes
from satdoku.rules._steps import Rule
from satdoku.rules._strategies import RULES_1, RULES_ALL
from satdoku.views._trace_json import trace_record
from stepper_support import check_trace, random_puzzle, seventeen_sample

SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.latin(5),
    Shape.latin(6, diagonals=True),
    Shape.sudoku(9, diagonals=True),
]


def _check(t) -> None:  # type: ignore[no-untyped-def]
    rec = trace_record(t)
    check_trace(t.puzzle, rec["steps"], rec["status"], t.solution)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
@pytest.mark.parametrize("order", list(GuessOrder), ids=lambda o: o.value)
def test_stepper_backend_agrees_with_pysat(shape: Shape, order: GuessOrder) -> None:
    rng = random.Random(11)
    sat, stepper = SatBackend(), StepperBackend(order=order)
    verdicts = set()
    with sat:
        for i in range(16):
            puzzle = random_puzzle(shape, rng, rng.choice([0.1, 0.3, 0.5]), corrupt=i % 3 == 2)
            mine, theirs = stepper.solve(puzzle), sat.solve(puzzle)
            assert mine.status is theirs.status, puzzle.cells
            verdicts.add(mine.status)
            if mine.solution is not None:
                assert is_solution(mine.solution, puzzle)
    assert Status.SOLVED in verdicts


def test_same_solutions_as_pysat_on_unique_puzzles() -> None:
    sat, stepper = SatBackend(), StepperBackend()
    with sat:
        for puzzle in seventeen_sample(12, seed=3):
            assert stepper.solve(puzzle).solution == sat.solve(puzzle).solution


@pytest.mark.parametrize("shape", SHAPES[:4], ids=lambda s: s.describe())
@pytest.mark.parametrize("order", list(GuessOrder), ids=lambda o: o.value)
def test_search_traces_are_justified(shape: Shape, order: GuessOrder) -> None:
    rng = random.Random(12)
    for i in range(8):
        puzzle = random_puzzle(shape, rng, rng.choice([0.15, 0.3]), corrupt=i % 4 == 3)
        t = trace(puzzle, search=True, order=order)
        _check(t)
        assert t.status in (TraceStatus.SOLVED, TraceStatus.UNSOLVABLE)


def test_hard_puzzle_trace_with_backtracks_is_justified() -> None:
    # A 17-clue puzzle that needs guessing, with the first-cell order: many backtracks.
    for puzzle in seventeen_sample(30, seed=4):
        t = trace(puzzle, search=True)
        if sum(s.rule is Rule.BACKTRACK for s in t.steps) >= 2:
            _check(t)
            assert t.status is TraceStatus.SOLVED
            return
    pytest.fail("no sampled puzzle needed two backtracks")


def test_live_state_equals_trace_state() -> None:
    puzzle = random_puzzle(Shape.sudoku(6), random.Random(13), 0.2)
    run = SearchRun(puzzle, search=True)
    live = []
    for _step in run:
        live.append(run.state())
    t = trace(puzzle, search=True)
    assert list(t.states()) == live
    assert t.state(0).candidates(0, 0) == (1, 2, 3, 4, 5, 6)
    # Random access, forward and backward, rebuilds the same states.
    for k in (len(live), 7, 3, 3, len(live) // 2):
        assert t.state(k) == live[k - 1]
    with pytest.raises(IndexError):
        t.state(len(live) + 1)


def test_rules_1_only_with_search_still_solves() -> None:
    puzzle = parse_line(
        "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
    )
    t = trace(puzzle, RULES_1, search=True, order=GuessOrder.FEWEST)
    assert t.status is TraceStatus.SOLVED
    rec = trace_record(t)
    check_trace(
        puzzle, rec["steps"], rec["status"], t.solution, rule2_cells=False, rule2_houses=False
    )


def test_twins_with_search_is_justified() -> None:
    puzzle = seventeen_sample(1, seed=9)[0]
    t = trace(puzzle, RULES_ALL, search=True)
    assert t.status is TraceStatus.SOLVED
    _check(t)


LATIN_324 = ["??3?", "??2?", "?4??", "????"]


@pytest.mark.parametrize("pred", [yes, diagonal_has_2], ids=["yes", "diagonal_has_2"])
def test_search_with_a_predicate_matches_seed_000_order(pred) -> None:  # type: ignore[no-untyped-def]
    expected = solve_latin(pred, strings_to_puzzle(LATIN_324))
    puzzle = Puzzle(Shape.latin(4), tuple(0 if ch == "?" else int(ch) for ch in "".join(LATIN_324)))

    def accept(grid: tuple[int, ...]) -> bool:
        return bool(pred([list(grid[r * 4 : r * 4 + 4]) for r in range(4)]))

    t = trace(puzzle, search=True, accept=accept)
    assert t.solution is not None and expected is not None
    assert [list(t.solution[r * 4 : r * 4 + 4]) for r in range(4)] == expected
    _check(t)


def test_predicate_rejecting_everything_is_unsolvable() -> None:
    puzzle = parse_line("..2....1.1..4...")  # seed 004: two solutions
    assert StepperBackend().solve(puzzle, accept=lambda grid: False).status is Status.UNSOLVABLE
    t = trace(puzzle, search=True, accept=lambda grid: False)
    assert t.status is TraceStatus.UNSOLVABLE
    assert sum(1 for s in t.steps if s.rule is Rule.CONTRADICTION and s.axiom is None) == 2
    _check(t)


@pytest.mark.parametrize(
    ("line", "status"),
    [
        ("1423324121344312", Status.SOLVED),
        ("142332412134.412", Status.UNSOLVABLE),  # seed 004: impossibleSudoku
        ("..2....1.1..4...", Status.SOLVED),
        ("1....2....3....4", Status.SOLVED),
        ("................", Status.SOLVED),
    ],
)
def test_seed_004_boards(line: str, status: Status) -> None:
    puzzle = parse_line(line)
    result = StepperBackend().solve(puzzle)
    assert result.status is status
    if status is Status.SOLVED:
        assert result.solution is not None and is_solution(result.solution, puzzle)


def test_solve_steps_is_a_generator() -> None:
    steps = solve_steps(parse_line("................"))
    first = next(steps)
    assert first.rule is Rule.GUESS  # no givens: the first step is a guess
    assert sum(1 for _ in steps) > 0


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    shape = draw(
        st.sampled_from(
            [
                Shape.sudoku(4),
                Shape.latin(4),
                Shape.latin(3),
                Shape.sudoku(6),
                Shape.latin(4, diagonals=True),
            ]
        )
    )
    n = shape.n
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    # Mostly blanks, so that many puzzles are consistent.
    mask = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    kept = [d if m and draw(st.booleans()) else 0 for d, m in zip(cells, mask, strict=True)]
    return Puzzle(shape, tuple(kept))


@settings(max_examples=120, deadline=None)
@given(small_puzzles(), st.sampled_from(list(GuessOrder)))
def test_property_stepper_agrees_with_pysat_and_every_step_is_justified(
    puzzle: Puzzle, order: GuessOrder
) -> None:
    t = trace(puzzle, search=True, order=order)
    _check(t)
    with SatBackend() as sat:
        assert sat.solve(puzzle).status.value == t.status.value


def test_stepper_backend_limits() -> None:
    from satdoku.core._limits import Limits

    def backtracks(p: Puzzle) -> int:
        return sum(s.rule is Rule.BACKTRACK for s in trace(p, search=True).steps)

    puzzle = next(p for p in seventeen_sample(30, seed=4) if backtracks(p) > 0)
    limited = StepperBackend(order=GuessOrder.FIRST, limits=Limits(conflicts=0))
    assert limited.solve(puzzle).status is Status.TIMEOUT
    assert StepperBackend(limits=Limits(timeout=60)).solve(puzzle).status is Status.SOLVED
