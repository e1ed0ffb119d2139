"""The engine's walk (local search after rules 1 and 2) and the solver taking turns with it."""

from __future__ import annotations

import os
import random
import signal
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hard_instances import pigeonhole_latin
from satdoku.backends import _compiled as native
from satdoku.backends import _sat as sat
from satdoku.backends import _walking as walking
from satdoku.backends._limits import solve_within
from satdoku.backends._sat import SatBackend
from satdoku.backends._solvers import new_solver
from satdoku.backends._strategy import Strategy
from satdoku.backends._walking import TakingTurns
from satdoku.cnf._encodings import encode
from satdoku.core._checker import is_solution
from satdoku.core._claims import decode_model
from satdoku.core._limits import Limits
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._random_grid import random_grid
from test_fuzz import puzzles
from test_native import needs_engine


def holed(shape: Shape, given: float, seed: int) -> Puzzle:
    """A puzzle kept from a random full grid: each cell given with probability ``given``."""
    rng = random.Random(seed)
    grid = random_grid(shape, rng)
    assert grid is not None
    return Puzzle(shape, tuple(d if rng.random() < given else 0 for d in grid))


@needs_engine
@settings(deadline=None)  # a PySAT solve per example, on a shared machine
@given(puzzles(), st.integers(1, 2**64 - 1), st.sampled_from([0, 1, 50, 5_000]))
def test_a_walk_answers_only_what_holds(puzzle: Puzzle, seed: int, flips: int) -> None:
    engine = native.engine_for(puzzle.shape)
    assert engine is not None
    found = engine.walk(puzzle.cells, flips, seed)
    verdict = SatBackend(strategy=Strategy.FRESH, native=False).solve(puzzle).status
    if found is False:  # rules 1 and 2 found a contradiction: there is no solution
        assert verdict is Status.UNSOLVABLE
    elif found is not None:
        assert is_solution(tuple(found), puzzle)
        assert verdict is Status.SOLVED


@needs_engine
@pytest.mark.parametrize(
    ("shape", "given"), [(Shape.latin(40), 0.5), (Shape.sudoku(25), 0.3), (Shape.sudoku(25), 0.6)]
)
def test_a_walk_solves_big_grids_and_repeats_itself(shape: Shape, given: float) -> None:
    puzzle = holed(shape, given, 7)
    engine = native.engine_for(shape)
    assert engine is not None
    first = engine.walk(puzzle.cells, 10**8, 5)
    assert isinstance(first, bytes) and is_solution(tuple(first), puzzle)
    assert engine.walk(puzzle.cells, 10**8, 5) == first  # the same seed, the same walk


@needs_engine
def test_a_walk_never_claims_a_solution_that_is_not() -> None:
    puzzle = pigeonhole_latin(4)  # no solution, and rules 1 and 2 do not see it
    engine = native.engine_for(puzzle.shape)
    assert engine is not None
    assert engine.walk(puzzle.cells, 200_000, 3) is None


@needs_engine
def test_walk_refuses_bad_arguments() -> None:
    engine = native.engine_for(Shape.sudoku(4))
    assert engine is not None
    for flips, seed, base in ((-1, 1, 20.0), (10, 0, 20.0), (10, 1, 0.5), (10, 1, float("nan"))):
        with pytest.raises(ValueError, match="walk needs"):
            engine.walk([0] * 16, flips, seed, base)
    with pytest.raises(ValueError, match="16 cells"):
        engine.walk([0] * 15, 10)


class _Stalled:
    """A PySAT-like solver that never finishes a slice (the walk must answer)."""

    def __init__(self) -> None:
        self.slices = 0

    def conf_budget(self, budget: int) -> None:
        pass

    def solve_limited(self, assumptions: list[int], expect_interrupt: bool = False) -> None:
        self.slices += 1

    def delete(self) -> None:
        pass


@needs_engine
def test_the_walk_answers_when_the_solver_stalls() -> None:
    puzzle = holed(Shape.latin(30), 0.5, 3)
    engine = native.engine_for(puzzle.shape)
    assert engine is not None
    stalled = _Stalled()
    turns = TakingTurns(stalled, lambda f, s: engine.walk(puzzle.cells, f, s), 30)
    assert turns.solve() is True
    assert is_solution(decode_model(turns.get_model(), 30), puzzle)


def test_the_solver_answers_what_a_walk_cannot() -> None:
    puzzle = pigeonhole_latin(3)
    engine = native.engine_for(puzzle.shape)
    walk = None if engine is None else (lambda f, s: engine.walk(puzzle.cells, f, s))
    clauses = encode(puzzle.shape).clauses + [
        [cell * 6 + d] for cell, d in enumerate(puzzle.cells) if d
    ]
    with TakingTurns(new_solver("cadical153", clauses), walk, 6) as turns:
        assert turns.solve() is False
        assert turns.walked <= turns.searched + 1.0  # the walks had no more than their share


@needs_engine
@pytest.mark.parametrize("portfolio", [1, 2])
def test_big_grids_take_turns_with_the_walk(
    portfolio: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    walks: list[int] = []
    real = SatBackend._walk

    def counted(self: SatBackend, puzzle: Puzzle) -> walking.Walk | None:
        walk = real(self, puzzle)
        assert walk is not None

        def step(flips: int, seed: int) -> bytes | bool | None:
            walks.append(seed)
            return walk(flips, seed)

        return step

    monkeypatch.setattr(SatBackend, "_walk", counted)
    monkeypatch.setattr(sat, "GUESS_BUDGET", 0)  # the engine's guessing would solve it first
    puzzle = holed(Shape.latin(30), 0.45, 11)
    result = SatBackend(portfolio=portfolio).solve(puzzle)
    assert result.status is Status.SOLVED and is_solution(result.solution, puzzle)
    if portfolio == 1 or not sat.can_fork():  # in process: the walks ran here
        assert walks and walks[0] == 1


def test_solvers_without_budgets_do_not_walk() -> None:
    puzzle = holed(Shape.latin(20), 0.4, 1)
    assert SatBackend(solver="lingeling")._walk(puzzle) is None
    assert SatBackend(native=False)._walk(puzzle) is None


@needs_engine
@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals")
def test_ctrl_c_stops_a_long_walk_at_once() -> None:
    puzzle = pigeonhole_latin(4)  # no solution: the walk would run all its flips
    engine = native.engine_for(puzzle.shape)
    assert engine is not None
    turns = TakingTurns(_Stalled(), lambda f, s: engine.walk(puzzle.cells, f, s), 8)
    turns.seed, turns.searched = 12, 1e9  # the next walk is 2**30 flips, its share long due
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solve_within(turns, "cadical153", [], Limits())
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - start < 3.0  # not the walk's tens of seconds
