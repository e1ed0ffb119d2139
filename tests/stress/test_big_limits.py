"""Limits on big grids: --timeout covers rules 1 and 2, building and loading the formula, and
solving; empty grids of any size are answered by formula; no child process outlives a solve."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from satdoku.backends._deadline_child import within_deadline
from satdoku.backends._interrupts import die_with_parent
from satdoku.backends._limits import can_fork
from satdoku.backends._sat import SatBackend
from satdoku.cli import main
from satdoku.cnf._encodings import AtMostOne, Encoding, encode
from satdoku.cnf._formula_size import estimated_clauses, too_big
from satdoku.core._checker import is_solution
from satdoku.core._limits import Limits
from satdoku.core._pattern_grid import pattern_grid
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.io._line import format_line
from satdoku.rules._singles import eliminate as singles_of
from test_processes import children_of

needs_fork = pytest.mark.skipif(not can_fork(), reason="needs fork")


def sparse(shape: Shape, share: float, seed: int) -> Puzzle:
    """Keep a share of the formula grid's cells, rows and columns shuffled (still solvable)."""
    grid = pattern_grid(shape)
    assert grid is not None
    rng, n = random.Random(seed), shape.n
    rows, cols = list(range(n)), list(range(n))
    if shape.box is None:
        rng.shuffle(rows)
        rng.shuffle(cols)
    cells = [
        grid[rows[r] * n + cols[c]] if rng.random() < share else 0
        for r in range(n)
        for c in range(n)
    ]
    return Puzzle(shape, tuple(cells))


@pytest.mark.parametrize(
    "shape",
    [
        Shape.latin(7),
        Shape.latin(100),
        Shape.sudoku(6, (2, 3)),
        Shape.sudoku(64),
        Shape.sudoku(12, (3, 4)),
    ],
)
def test_the_formula_grid_is_a_solution_of_the_empty_grid(shape: Shape) -> None:
    grid = pattern_grid(shape)
    assert grid is not None and is_solution(grid, Puzzle.empty(shape))


def test_shapes_with_diagonals_or_regions_have_no_formula_grid() -> None:
    assert pattern_grid(Shape.latin(5, diagonals=True)) is None


@pytest.mark.parametrize("shape", [Shape.latin(100), Shape.latin(256), Shape.sudoku(64)])
def test_an_empty_big_grid_is_solved_at_once(shape: Shape) -> None:
    began = time.process_time()
    result = SatBackend().solve(Puzzle.empty(shape))
    assert result.status is Status.SOLVED and is_solution(result.solution, Puzzle.empty(shape))
    assert time.process_time() - began < 5


@needs_fork
@pytest.mark.parametrize(
    ("shape", "share", "flag"),
    [(Shape.sudoku(64), 0.05, []), (Shape.latin(100), 0.3, ["--latin"])],
    ids=["sudoku64-5%", "latin100-30%"],
)
def test_a_timeout_covers_building_and_loading_the_formula(
    shape: Shape, share: float, flag: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "big.txt"
    path.write_text(format_line(sparse(shape, share, 1).cells) + "\n")
    earlier = children_of(os.getpid())  # processes earlier tests of this run left (not ours)
    out = io.StringIO()
    began = time.monotonic()
    with redirect_stdout(out):
        status = main(["solve", str(path), *flag, "--timeout", "1", "--json"])
    took = time.monotonic() - began
    record = json.loads(out.getvalue())
    assert status == 0
    if record["status"] == "solved":  # a fast machine may finish it: then it is checked
        assert took < 2.0
    else:
        assert record["status"] == "timeout" and took < 2.0, took
    assert not children_of(os.getpid()) - earlier


@needs_fork
def test_a_solve_past_its_deadline_is_killed_with_its_children() -> None:
    def forever() -> tuple[bool | None, None]:
        if os.fork() == 0:  # a grandchild, as a portfolio's solver would be
            die_with_parent(signal.SIGKILL)
            time.sleep(60)
            os._exit(0)
        time.sleep(60)
        return None, None

    earlier = children_of(os.getpid())  # processes earlier tests of this run left (not ours)
    began = time.monotonic()
    assert within_deadline(forever, time.monotonic() + 0.3) == (None, None)
    assert time.monotonic() - began < 1.5
    time.sleep(0.2)
    assert not children_of(os.getpid()) - earlier


@needs_fork
def test_a_backend_timeout_on_a_big_grid_is_a_timeout_result() -> None:
    puzzle = sparse(Shape.latin(100), 0.3, 2)
    began = time.monotonic()
    result = SatBackend(limits=Limits(timeout=0.5)).solve(puzzle)
    assert time.monotonic() - began < 1.5
    assert result.status is Status.TIMEOUT or is_solution(result.solution, puzzle)


@pytest.mark.parametrize(
    ("shape", "share"), [(Shape.latin(30), 0.3), (Shape.sudoku(25), 0.1), (Shape.sudoku(36), 0.4)]
)
def test_the_formula_size_is_known_before_it_is_built(shape: Shape, share: float) -> None:
    puzzle = sparse(shape, share, 3)
    known = singles_of(puzzle)
    built = len(encode(shape, Encoding(amo=AtMostOne.SEQUENTIAL), known=known).clauses)
    assert 0.7 * built <= estimated_clauses(puzzle) <= 1.5 * built


def test_a_formula_past_the_memory_bound_is_refused_with_its_size(tmp_path: Path) -> None:
    path = tmp_path / "latin256.txt"
    path.write_text(format_line(sparse(Shape.latin(256), 0.42, 4).cells) + "\n")
    out, err = io.StringIO(), io.StringIO()
    began = time.monotonic()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["solve", str(path), "--latin", "--json"])
    assert time.monotonic() - began < 10  # not minutes of building, then a MemoryError
    assert status == 2
    record = json.loads(out.getvalue())
    assert record["status"] == "invalid" and "million clauses" in record["error"]
    assert "latin256.txt:1:" in err.getvalue() and "SATDOKU_MEMORY_GB" in err.getvalue()
    assert too_big(sparse(Shape.latin(100), 0.3, 4)) is None  # the README's sizes still fit


@pytest.mark.parametrize(
    "argv", [["count", "--json"], ["solve", "--unique", "--json"], ["solve", "--all", "--json"]]
)
def test_the_solution_space_refuses_a_formula_past_the_bound_too(
    argv: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "latin256.txt"
    path.write_text(format_line(sparse(Shape.latin(256), 0.42, 5).cells) + "\n")
    out, err = io.StringIO(), io.StringIO()
    began = time.monotonic()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([argv[0], str(path), "--latin", *argv[1:]])
    assert time.monotonic() - began < 10 and status == 2
    assert "million clauses" in err.getvalue()
    assert '"invalid"' in out.getvalue()


@pytest.mark.parametrize(
    "argv",
    [["count", "--json"], ["solve", "--all", "--json"], ["solve", "--unique", "--json"]],
    ids=["count", "all", "unique"],
)
def test_the_solution_space_keeps_a_timeout_on_a_big_grid(argv: list[str], tmp_path: Path) -> None:
    """A formula that cannot be built in the time left is not started (Latin 100 at 30 %: 3
    million clauses, about 7 s to build and load): the answer is a timeout, in time."""
    path = tmp_path / "latin100.txt"
    path.write_text(format_line(sparse(Shape.latin(100), 0.3, 6).cells) + "\n")
    out = io.StringIO()
    began = time.monotonic()
    with redirect_stdout(out):
        status = main([argv[0], str(path), "--latin", "--timeout", "1", *argv[1:]])
    assert time.monotonic() - began < 2.0 and status == 0
    assert '"timeout"' in out.getvalue() or '"unique": true' in out.getvalue()
