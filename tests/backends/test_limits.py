"""Limits hold: --timeout and --conflicts stop a hard unsatisfiable Latin-square completion."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from hard_instances import HARD_ORDER, HARD_SIDE, HARD_SYMBOLS, pigeonhole_latin
from satdoku.backends._limits import (
    UNINTERRUPTIBLE,
    can_fork,
    check_limitable,
    how_limited,
    solve_in_children,
    solve_within,
)
from satdoku.backends._sat import SatBackend
from satdoku.backends._solvers import SOLVER_NAMES
from satdoku.backends._strategy import Strategy
from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._errors import InputError
from satdoku.core._limits import Limits
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_grid, random_puzzle
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import format_line, parse_line
from satdoku.io._shape_options import ShapeOptions

HARD = pigeonhole_latin(HARD_ORDER)
"""26x26, unsatisfiable (at order 24 CaDiCaL needs 20,000-80,000 conflicts, 1.6-3.6 s, to refute
it, MiniSat more than 80,000 and 100 s; order 26 takes CaDiCaL 3.5-6.5 s)."""

SLACK = {"interrupt": 1.0, "conflict slices": 3.0}
"""How far past its timeout a solve may run: an interrupt is prompt; a CaDiCaL conflict slice
is usually under 0.1 s, but its inprocessing phases cannot be cut and sometimes take a second."""


def test_the_instance_is_hard() -> None:
    """5,000 conflicts are not enough to refute it, for CaDiCaL or MiniSat (so limits matter)."""
    for name in ("cadical153", "minisat22"):
        with SatBackend(name, limits=Limits(conflicts=5000)) as backend:
            assert backend.solve(HARD).status is Status.TIMEOUT


@pytest.mark.parametrize("strategy", [Strategy.PERSISTENT, Strategy.FRESH])
@pytest.mark.parametrize("solver", ["cadical153", "minisat22", "glucose4"])
def test_timeout_stops_a_hard_instance(solver: str, strategy: Strategy) -> None:
    with SatBackend(solver, strategy=strategy, limits=Limits(timeout=0.4)) as backend:
        if strategy is Strategy.PERSISTENT:
            backend.persistent_solver(HARD.shape)  # load the clauses outside the timed part
        start = time.monotonic()
        result = backend.solve(HARD)
        spent = time.monotonic() - start
    assert result.status is Status.TIMEOUT and result.solution is None
    load = 1.5 if strategy is Strategy.FRESH else 0.0  # fresh: encoding is not timed
    assert spent < 0.4 + SLACK[how_limited(solver)] + load


@pytest.mark.parametrize("solver", ["cadical153", "minisat22"])
def test_conflict_budget_stops_a_hard_instance(solver: str) -> None:
    with SatBackend(solver, strategy=Strategy.PERSISTENT, limits=Limits(conflicts=300)) as b:
        b.persistent_solver(HARD.shape)
        start = time.monotonic()
        assert b.solve(HARD).status is Status.TIMEOUT
        assert time.monotonic() - start < 2.0
        # the solver is usable afterwards: an easy puzzle of the same shape is still solved
        grid = random_grid(HARD.shape, 3)
        assert grid is not None
        easy = HARD.with_cells(tuple(0 if i % 7 == 0 else d for i, d in enumerate(grid)))
        assert b.solve(easy).status is Status.SOLVED


def test_both_limits_together_on_cadical() -> None:
    with SatBackend("cadical153", limits=Limits(timeout=30.0, conflicts=400)) as backend:
        start = time.monotonic()
        assert backend.solve(HARD).status is Status.TIMEOUT
        assert time.monotonic() - start < 10.0  # the conflict budget ended it, not the clock


@pytest.mark.parametrize("solver", ["cadical153", "minisat22"])
def test_limits_do_not_stop_easy_puzzles(solver: str) -> None:
    """A generous limit changes nothing: sliced CaDiCaL still solves big satisfiable grids."""
    puzzle = parse_line(
        ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
    )
    with SatBackend(solver, limits=Limits(timeout=20.0)) as backend:
        result = backend.solve(puzzle)
        assert result.status is Status.SOLVED
        big = backend.solve(HARD.with_cells((0,) * (HARD_SIDE * HARD_SIDE)))
        assert big.status is Status.SOLVED


def test_how_each_solver_is_limited() -> None:
    for name in SOLVER_NAMES:
        expected = (
            "none"
            if name == "lingeling"
            else ("conflict slices" if name in UNINTERRUPTIBLE else "interrupt")
        )
        assert how_limited(name) == expected


def test_a_solver_that_cannot_be_stopped_is_refused() -> None:
    check_limitable("lingeling", Limits())  # no limit asked: fine
    with pytest.raises(InputError, match="lingeling cannot be stopped"):
        SatBackend("lingeling", limits=Limits(timeout=1.0))


def test_cli_timeout_status_in_a_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    alphabet = Alphabet(HARD_SYMBOLS)
    path = tmp_path / "hard.txt"
    easy = "1" + "." * (HARD_SIDE**2 - 1)
    path.write_text(format_line(HARD.cells, alphabet) + "\n" + easy + "\n")
    start = time.monotonic()
    code = main(
        [
            "solve",
            str(path),
            "--latin",
            "--alphabet",
            alphabet.symbols,
            "--json",
            "--timeout",
            "0.5",
        ]
    )
    assert time.monotonic() - start < 12.0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0  # a timeout is a verdict: the input could be read
    assert [r["status"] for r in records] == ["timeout", "solved"]


def test_cli_conflicts_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    alphabet = Alphabet(HARD_SYMBOLS)
    path = tmp_path / "hard.txt"
    path.write_text(format_line(HARD.cells, alphabet) + "\n")
    assert (
        main(
            [
                "solve",
                str(path),
                "--latin",
                "--alphabet",
                alphabet.symbols,
                "--conflicts",
                "200",
                "--strategy",
                "fresh",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out == f"# shape: latin alphabet {alphabet.symbols}\ntimeout\n"


def test_cli_refuses_limits_for_lingeling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("1" + "." * 15 + "\n")
    assert main(["solve", str(path), "--solver", "lingeling", "--timeout", "1"]) == 2
    err = capsys.readouterr().err
    assert "lingeling cannot be stopped" in err and "Traceback" not in err
    assert main(["solve", str(path), "--solver", "lingeling"]) == 0


# --- a timeout on CaDiCaL: a child process for big grids, growing slices otherwise -----------


def _children() -> list[str]:
    """States of this process's live children (Linux /proc), to see that none is left behind."""
    states = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and not _resource_tracker(entry):
                states.append(fields[0])
    return states


def _resource_tracker(entry: Path) -> bool:
    """multiprocessing's resource tracker: one helper per interpreter (started by a process pool
    or a Dask cluster of an earlier test), living until the interpreter exits."""
    try:
        return b"multiprocessing.resource_tracker" in (entry / "cmdline").read_bytes()
    except OSError:
        return False


pytestmark_fork = pytest.mark.skipif(not can_fork(), reason="no fork() on this platform")


@pytestmark_fork
def test_a_child_solve_answers_as_the_solver_does() -> None:
    from pysat.solvers import Solver

    from satdoku.cnf._encodings import shape_clauses

    clauses = shape_clauses(Shape.sudoku(4)).clauses
    given = [[1], [6]]  # r1c1=1 and r1c2=2
    ok, model = solve_in_children(
        [lambda: Solver("cadical153", clauses + given)], Limits(timeout=30)
    )
    assert ok is True and model is not None and 1 in model and 6 in model
    grid = tuple(v - 4 * i for i, v in enumerate(v for v in model if 0 < v <= 64))
    assert is_solution(grid, parse_line("12.............."))
    clash = [[1], [5]]  # r1c1=1 and r1c2=1
    assert solve_in_children(
        [lambda: Solver("cadical153", clauses + clash)], Limits(timeout=30)
    ) == (
        False,
        None,
    )


@pytestmark_fork
def test_a_child_solve_is_killed_at_the_timeout() -> None:
    with SatBackend("cadical153", strategy=Strategy.FRESH, limits=Limits(timeout=0.5)) as b:
        start = time.monotonic()
        assert b.solve(HARD).status is Status.TIMEOUT
        spent = time.monotonic() - start
    assert spent < 0.5 + 1.5 + 0.5  # encoding and loading are not timed; the kill is prompt
    assert "S" not in _children() and "R" not in _children() and "Z" not in _children()


@pytestmark_fork
def test_a_child_solve_keeps_a_conflict_budget() -> None:
    with SatBackend(
        "cadical153", strategy=Strategy.FRESH, limits=Limits(timeout=60, conflicts=300)
    ) as b:
        start = time.monotonic()
        assert b.solve(HARD).status is Status.TIMEOUT
        assert time.monotonic() - start < 10.0  # the budget ended it, not the clock


def test_big_grids_under_a_timeout_use_a_child_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh solve under --timeout runs whole (formula and solver) in a child where fork
    exists, with the deadline counted from the start of the puzzle."""
    import satdoku.backends._sat as sat

    deadlines: list[float] = []
    real = sat.within_deadline

    def spy(work: Any, deadline: float) -> Any:
        deadlines.append(deadline)
        return real(work, deadline)

    monkeypatch.setattr(sat, "within_deadline", spy)
    puzzle, _ = random_puzzle(Shape.sudoku(25), 0.6, seed=1)
    with SatBackend(limits=Limits(timeout=60), portfolio=1, native=False) as backend:
        before = time.monotonic()
        result = backend.solve(puzzle)
    assert result.solution is not None and is_solution(result.solution, puzzle)
    if can_fork():
        assert len(deadlines) == 1 and before + 59 < deadlines[0] <= time.monotonic() + 60
    else:
        assert deadlines == []


class _SlowSolver:
    """A stand-in for CaDiCaL in slices: each conflict takes 20 us; done after ``needed``."""

    def __init__(self, needed: int | None) -> None:
        self.needed = needed
        self.done = 0
        self.calls = 0
        self.budget = 0

    def conf_budget(self, budget: int) -> None:
        self.budget = budget

    def solve_limited(self, assumptions: Any = ()) -> bool | None:
        self.calls += 1
        take = self.budget if self.needed is None else min(self.budget, self.needed - self.done)
        time.sleep(take * 20e-6)
        self.done += take
        return None if self.needed is None or self.done < self.needed else True


def test_slices_grow_with_the_time_spent() -> None:
    """A 2-second solve takes a few growing slices (fixed 50 ms slices would take 40)."""
    solver = _SlowSolver(needed=100_000)  # 2 s of conflicts
    assert solve_within(solver, "cadical153", [], Limits(timeout=60)) is True
    assert solver.calls <= 30


def test_slices_still_stop_at_the_timeout() -> None:
    solver = _SlowSolver(needed=None)
    start = time.monotonic()
    assert solve_within(solver, "cadical153", [], Limits(timeout=1.0)) is None
    assert time.monotonic() - start < 1.0 + 0.5


@pytest.mark.parametrize("solver", ["cadical153", "minisat22"])
def test_small_grids_under_limits_go_on_past_the_first_conflicts(
    solver: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The persistent hot path under limits: a first slice of conflicts, then the rest within
    the limits (forced here by a first slice of one conflict)."""
    import satdoku.backends._sat as sat

    monkeypatch.setattr(sat, "QUICK_CONFLICTS", 1)
    went_on: list[Any] = []
    limited = SatBackend._limited

    def spy(self: SatBackend, *args: Any) -> Any:
        went_on.append(args)
        return limited(self, *args)

    monkeypatch.setattr(SatBackend, "_limited", spy)
    hardest = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ]
    puzzles = [parse_line(line) for line in hardest] + [parse_line("11" + "." * 79)]
    with SatBackend(solver, limits=Limits(timeout=30), native=False) as backend:
        results = [backend.solve(p) for p in puzzles]
    for puzzle, result in zip(puzzles[:2], results, strict=False):
        assert result.solution is not None and is_solution(result.solution, puzzle)
    assert results[2].status is Status.UNSOLVABLE
    assert len(went_on) >= 2  # the hard ones went on past their first slice
    with SatBackend(solver, limits=Limits(conflicts=1), native=False) as backend:
        assert backend.solve(puzzles[0]).status is Status.TIMEOUT  # the budget is spent


# --- a portfolio: configurations raced in child processes on big grids -----------------------


class _Sleeper:
    """A stand-in solver that answers after ``seconds`` (a model, UNSAT or out of conflicts)."""

    def __init__(self, seconds: float, answer: bool | None) -> None:
        self.seconds, self.answer = seconds, answer

    def solve(self) -> bool:
        time.sleep(self.seconds)
        assert self.answer is not None
        return self.answer

    def conf_budget(self, budget: int) -> None:
        pass

    def solve_limited(self) -> bool | None:
        time.sleep(self.seconds)
        return self.answer

    def get_model(self) -> list[int]:
        return [1, -2, int(self.seconds * 1000)]


@pytestmark_fork
def test_the_first_answer_of_a_portfolio_wins() -> None:
    start = time.monotonic()
    ok, model = solve_in_children(
        [lambda: _Sleeper(30, True), lambda: _Sleeper(0.2, True)], Limits(timeout=60)
    )
    assert (ok, model) == (True, [1, -2, 200])
    assert time.monotonic() - start < 10  # the slow one was not waited for
    assert not _children()  # the slow one was killed and reaped
    assert (
        solve_in_children([lambda: _Sleeper(30, True), lambda: _Sleeper(0.1, False)], Limits())[0]
        is False
    )


@pytestmark_fork
def test_a_portfolio_waits_for_every_child_out_of_conflicts() -> None:
    """One child out of conflicts is not the verdict while another may still answer."""
    makers = [lambda: _Sleeper(0.1, None), lambda: _Sleeper(0.5, True)]
    assert solve_in_children(makers, Limits(conflicts=10))[0] is True
    makers = [lambda: _Sleeper(0.1, None), lambda: _Sleeper(0.2, None)]
    assert solve_in_children(makers, Limits(conflicts=10)) == (None, None)


@pytestmark_fork
def test_a_portfolio_keeps_the_timeout() -> None:
    start = time.monotonic()
    makers = [lambda: _Sleeper(30, True), lambda: _Sleeper(30, True)]
    assert solve_in_children(makers, Limits(timeout=0.5)) == (None, None)
    assert time.monotonic() - start < 5
    assert "S" not in _children() and "Z" not in _children()


@pytestmark_fork
def test_a_failing_child_is_a_loud_error() -> None:
    def broken() -> Any:
        raise RuntimeError("no solver")

    with pytest.raises(RuntimeError, match="child process failed"):
        solve_in_children([broken], Limits())


@pytest.mark.parametrize("portfolio", [1, 2])
def test_big_grids_are_solved_with_or_without_a_portfolio(
    portfolio: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import satdoku.backends._sat as sat

    races: list[int] = []
    real = sat.solve_in_children

    def spy(makers: Any, limits: Limits) -> Any:
        races.append(len(makers))
        return real(makers, limits)

    monkeypatch.setattr(sat, "solve_in_children", spy)
    puzzles = [random_puzzle(Shape.latin(20), 0.42, seed=s)[0] for s in range(2)]
    puzzles.append(parse_line("11" + "." * 623))  # 25x25, unsolvable
    with SatBackend(portfolio=portfolio, native=False) as backend:
        results = [backend.solve(p) for p in puzzles]
    for puzzle, result in zip(puzzles[:2], results, strict=False):
        assert result.solution is not None and is_solution(result.solution, puzzle)
    assert results[2].status is Status.UNSOLVABLE
    expected = [2, 2] if portfolio == 2 and can_fork() else []  # the clash is found by singles
    assert races == expected


def test_a_portfolio_needs_a_solver() -> None:
    with pytest.raises(InputError, match="at least one solver"):
        SatBackend(portfolio=0)


@pytestmark_fork
def test_a_portfolio_goes_on_when_one_child_dies() -> None:
    def broken() -> Any:
        os._exit(9)  # as if killed for memory before it answered

    assert solve_in_children([broken, lambda: _Sleeper(0.3, True)], Limits())[0] is True
    with pytest.raises(RuntimeError, match="child process failed"):
        solve_in_children([broken, lambda: _Sleeper(0.1, None)], Limits(conflicts=5))


def test_cli_portfolio_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle, _ = random_puzzle(Shape.latin(20), 0.5, seed=3)
    path = tmp_path / "latin20.txt"
    path.write_text(format_line(puzzle.cells) + "\n")
    for n in ("1", "2"):
        assert main(["solve", str(path), "--latin", "--portfolio", n]) == 0
        header, line = capsys.readouterr().out.splitlines()
        assert header == "# shape: latin"
        solved = parse_line(line, options=ShapeOptions(latin=True))
        assert is_solution(solved.cells, puzzle)
    assert main(["solve", str(path), "--latin", "--portfolio", "0"]) == 2
    assert "--portfolio must be 1 or more" in capsys.readouterr().err
