"""The memory bounds the README states: ``solve --all`` streams its solutions, keeps them at a
timeout and closes its record on Ctrl-C; big solution-space questions stay under 1 GB."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from tree_memory import HAS_PROC, run_sampled

needs_proc = pytest.mark.skipif(not HAS_PROC, reason="samples memory from /proc (Linux)")

EMPTY9 = "." * 81


def _valid_distinct(solutions: list[str]) -> bool:
    grids = {parse_line(s).cells for s in solutions}
    shape = Shape.sudoku(9)
    empty = Puzzle.empty(shape)
    return len(grids) == len(solutions) and all(is_solution(g, empty) for g in list(grids)[:50])


def test_a_timed_out_enumeration_keeps_the_solutions_it_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(EMPTY9 + "\n")
    assert main(["solve", str(path), "--all", "--timeout", "2", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["status"] == "timeout" and rec["complete"] is False
    assert len(rec["solutions"]) == rec["count"] > 1000
    assert _valid_distinct(rec["solutions"])


def test_a_timed_out_enumeration_says_how_many_in_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(EMPTY9 + "\n")
    assert main(["solve", str(path), "--all", "--timeout", "1"]) == 0
    first, *grids, last = capsys.readouterr().out.splitlines()
    assert first == "# puzzle 1" and len(grids) > 100
    assert last == f"# puzzle 1: {len(grids)} solutions (timeout; there may be more)"


@needs_proc
def test_every_solution_of_an_empty_9x9_in_flat_memory(tmp_path: Path) -> None:
    """Millions of solutions go to the output, none stays in memory: the tree's RSS in the
    last seconds is that of the first (before: 684 MB after 20 s, growing)."""
    path = tmp_path / "empty.txt"
    path.write_text(EMPTY9 + "\n")
    argv = [sys.executable, "-m", "satdoku", "solve", str(path), "--all", "--timeout", "5"]
    argv.append("--json")
    run = run_sampled(argv, tmp_path / "out.jsonl")
    rec = json.loads(run.out)
    assert run.code == 0 and rec["status"] == "timeout" and rec["count"] > 10_000
    assert len(rec["solutions"]) == rec["count"]
    assert run.peak_mb < 300, run.peak_mb
    assert run.peak_mb_after(4.0) < run.peak_mb_before(2.0) + 20, run.samples


@needs_proc
def test_ctrl_c_closes_a_streamed_record_whole(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(EMPTY9 + "\n" + EMPTY9 + "\n")
    argv = [sys.executable, "-m", "satdoku", "solve", str(path), "--all", "--json"]
    run = run_sampled(argv, tmp_path / "out.jsonl", interrupt_after=2.0)
    assert run.code == 130, run.err
    (line,) = run.out.splitlines()  # the second puzzle was never begun: no record
    rec = json.loads(line)
    assert rec["interrupted"] is True and rec["status"] == "timeout"
    assert rec["complete"] is False and rec["count"] == len(rec["solutions"]) > 0


@needs_proc
@pytest.mark.parametrize(
    "argv",
    [["count", "--limit", "2"], ["solve", "--unique", "--json"]],
    ids=["count-limit-2", "unique"],
)
def test_an_empty_latin_square_of_order_100_is_told_apart_under_1_gb(
    argv: list[str], tmp_path: Path
) -> None:
    """Two solutions of an empty Latin 100 (before: its 8.9-million-clause formula, 2.7 GB):
    one solution, its digits permuted, is more than 2."""
    path = tmp_path / "latin100.txt"
    path.write_text("." * 10_000 + "\n")
    command = [sys.executable, "-m", "satdoku", argv[0], str(path), "--latin", *argv[1:]]
    run = run_sampled(command, tmp_path / "out.txt", timeout=60)
    assert run.code == 0, run.err
    assert run.peak_mb < 1024, run.peak_mb
    if argv[0] == "count":
        assert run.out == "2+\n"
    else:
        rec = json.loads(run.out)
        assert rec["status"] == "solved" and rec["unique"] is False


@pytest.mark.parametrize("native", [True, False])
def test_counts_past_a_limit_by_relabeling_agree_with_the_search(native: bool) -> None:
    """Puzzles with digits no given holds: the count the relabeling shortcut gives is the one
    the cover search finds, for every limit around the true count."""
    from satdoku.api._explorer import Explorer
    from satdoku.rules._counting import count_completions

    lines = ["1...............", "12..............", "1..2..3.........", "12..21.........."]
    lines += ["1" + "." * 15, "...." * 4, "..3." + "." * 12, "11.............."]
    with Explorer(native=native) as explorer:
        for line in lines:
            puzzle = parse_line(line)
            for limit in (0, 1, 2, 3, 5, 6, 24, 25):
                expected = count_completions(puzzle, limit)
                got = explorer.count(puzzle, limit)
                assert (got.count, got.complete) == expected, (line, limit)


def _latin_with_givens(n: int) -> Puzzle:
    """A Latin square of order n with one given per row, all from the formula grid."""
    from satdoku.core._pattern_grid import pattern_grid

    grid = pattern_grid(Shape.latin(n))
    assert grid is not None
    cells = [0] * (n * n)
    for r in range(n):
        cells[r * n + (7 * r) % n] = grid[r * n + (7 * r) % n]
    return Puzzle(Shape.latin(n), tuple(cells))


@needs_proc
def test_a_big_question_loads_its_clauses_without_listing_them(tmp_path: Path) -> None:
    """A fresh question's 1.9 million clauses (Latin 60) go into the solver as they are made:
    the process peaks at about 340 MB (before: 600 MB, the list beside the solver)."""
    path = tmp_path / "latin60.txt"
    path.write_text(" ".join(map(str, _latin_with_givens(60).cells)) + "\n")
    build = (
        "from satdoku.api._question import Question\n"
        "from satdoku.backends._pool import SolverPool\n"
        "from satdoku.backends._strategy import Strategy\n"
        "from satdoku.core._puzzle import Puzzle\n"
        "from satdoku.core._shape import Shape\n"
        f"cells = tuple(map(int, open({str(path)!r}).read().split()))\n"
        "q = Question(Puzzle(Shape.latin(60), cells), SolverPool(), strategy=Strategy.FRESH)\n"
        "print(q.solver.nof_clauses())\n"
    )
    run = run_sampled([sys.executable, "-c", build], tmp_path / "out.txt")
    clauses = int(run.out)
    assert clauses > 1_500_000 and run.peak_mb < 450, (clauses, run.peak_mb)


def test_a_fresh_solve_hands_its_solvers_a_stream_not_a_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fresh path (big grids, a portfolio's children) loads clauses as they are made, so
    neither the parent nor a forked child holds the list beside its solver."""
    from satdoku.backends import _sat as sat
    from satdoku.backends._sat import SatBackend
    from satdoku.backends._strategy import Strategy

    handed: list[str] = []
    real = sat.new_solver

    def spy(name: str, clauses: Any = (), *rest: Any) -> Any:
        handed.append(type(clauses).__name__)
        return real(name, clauses, *rest)

    monkeypatch.setattr(sat, "new_solver", spy)
    puzzle = _latin_with_givens(12)
    with SatBackend(strategy=Strategy.FRESH, portfolio=1, native=False) as backend:
        result = backend.solve(puzzle)
    assert result.solution is not None and is_solution(result.solution, puzzle)
    assert handed and "list" not in handed, handed
