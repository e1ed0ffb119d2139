"""Batches lose nothing: one record per line, in order; exit statuses; Ctrl-C; checked answers."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pysat.solvers import Cadical153

from hard_instances import HARD_ORDER, HARD_SIDE, HARD_SYMBOLS, pigeonhole_latin
from satdoku.api.generate import random_puzzle
from satdoku.backends.sat import SatBackend
from satdoku.backends.stepper import StepperBackend
from satdoku.backends.strategy import Strategy
from satdoku.cli import INTERNAL_ERROR, main
from satdoku.core.checker import is_solution
from satdoku.core.errors import InternalError
from satdoku.core.puzzle import Puzzle
from satdoku.core.results import Status
from satdoku.core.shape import Shape
from satdoku.io.alphabet import Alphabet
from satdoku.io.line import format_line, parse_line
from satdoku.io.shape_options import ShapeOptions

HARD_ALPHABET = Alphabet(HARD_SYMBOLS)
LATIN = ShapeOptions(latin=True)


def mixed_batch(count: int, seed: int) -> tuple[list[str], list[str]]:
    """Return lines of a batch and the status each must get: valid, unsolvable, malformed,
    oversized and (one) too hard for the time limit, in random order."""
    rng = random.Random(seed)
    lines: list[str] = []
    expected: list[str] = []
    kinds = ["valid"] * 45 + ["unsolvable"] * 25 + ["malformed"] * 27 + ["oversized"] * 3
    for i in range(count - 1):
        kind = rng.choice(kinds)
        shape = Shape.sudoku(rng.choice([4, 9]))
        puzzle, grid = random_puzzle(shape, rng.uniform(0.3, 0.7), rng)
        cells = list(puzzle.cells)
        if kind == "valid":
            lines.append(format_line(cells))
            expected.append("solved")
        elif kind == "unsolvable":  # a blank gets a digit one of its peers already holds
            n = shape.n
            pairs = [
                (c, p)
                for c in range(n * n)
                if not cells[c]
                for p in shape.peers[c]
                if cells[p] and (p // n == c // n or p % n == c % n)
            ]  # same row or column
            blank, peer = rng.choice(pairs)
            cells[blank] = cells[peer]
            lines.append(format_line(cells))
            expected.append("unsolvable")
        elif kind == "malformed":
            text = format_line(cells)
            how = i % 4
            if how == 0:
                text = text[:-1]  # wrong length
            elif how == 1:
                text = text[:5] + "@" + text[6:]  # unknown symbol
            elif how == 2:
                text = "5" + text[1:] if shape.n == 4 else text[:-1] + "Z"  # digit > n
            else:
                text = text + text  # 2n^2 symbols: not a square
            lines.append(text)
            expected.append("invalid")
        else:
            lines.append("." * (257 * 257))  # over MAX_SIZE
            expected.append("invalid")
    hard = rng.randrange(len(lines) + 1)
    lines.insert(hard, format_line(pigeonhole_latin(HARD_ORDER).cells, HARD_ALPHABET))
    expected.insert(hard, "timeout")
    return lines, expected


def test_a_batch_of_1000_mixed_lines_gives_1000_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, expected = mixed_batch(1000, seed=11)
    assert len(lines) == 1000 and {"solved", "unsolvable", "invalid", "timeout"} == set(expected)
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    # read as Latin squares (the hard line is one; Sudoku lines keep their verdicts, as
    # their clashes are in rows or columns); the 26-symbol alphabet reads 4x4 and 9x9 lines too
    code = main(
        [
            "solve",
            str(path),
            "--json",
            "--explain",
            "--timeout",
            "0.5",
            "--latin",
            "--alphabet",
            HARD_ALPHABET.symbols,
        ]
    )
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 1000
    assert [r["index"] for r in records] == list(range(1000))
    assert [r["line"] for r in records] == list(range(1, 1001))
    assert [r["status"] for r in records] == expected
    assert code == 2  # some lines could not be read; all the others were still solved
    bad = expected.count("invalid")
    assert len(err.splitlines()) == bad and "Traceback" not in err
    for line, rec in zip(lines, records, strict=True):
        if rec["status"] == "solved":
            puzzle = parse_line(line, HARD_ALPHABET, LATIN)
            assert is_solution(parse_line(rec["solution"], HARD_ALPHABET, LATIN).cells, puzzle)
        elif rec["status"] == "unsolvable":
            puzzle = parse_line(line, HARD_ALPHABET, LATIN)
            givens = {tuple(c) for c in puzzle.givens()}
            assert rec["conflict"] and {tuple(c) for c in rec["conflict"]} <= givens
        elif rec["status"] == "invalid":
            assert rec["error"].startswith(f"{path}:{rec['line']}:")


def test_exit_status_is_0_when_every_line_was_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ok.txt"
    path.write_text("1...............\n11..............\n")
    assert main(["solve", str(path)]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert is_solution(parse_line(first).cells, parse_line("1..............."))
    assert second == "unsolvable"


def test_empty_input_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# a comment and blank lines only\n\n")
    assert main(["solve", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"satdoku: {path}: empty input: no puzzle found\n"


def default_sigint() -> None:
    """In a child before exec: SIGINT back to its default, which Python turns into Ctrl-C.

    A process started with SIGINT ignored (``pytest &``, some CI runners) passes that on, and
    Python then installs no handler: the child could not be interrupted at all.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt_when_started(argv: list[str], out_path: Path, after: float) -> tuple[int, str]:
    """Run satdoku (unbuffered) until its first output line, wait ``after`` s, send SIGINT."""
    with out_path.open("w") as out:
        child = subprocess.Popen(
            [sys.executable, "-u", "-m", "satdoku", *argv],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=default_sigint,  # pytest may run with SIGINT ignored (pytest &)
        )
        deadline = time.monotonic() + 60
        while not out_path.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(after)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    assert time.monotonic() - sent < 5.0, "the interrupt took effect promptly"
    return child.returncode, err


def test_ctrl_c_flushes_what_is_done_and_exits_130(tmp_path: Path) -> None:
    puzzles = tmp_path / "long.txt"
    rng = random.Random(3)
    lines = [format_line(random_puzzle(Shape.sudoku(9), 0.3, rng)[0].cells) for _ in range(200)]
    puzzles.write_text("\n".join(lines * 200) + "\n")  # 40,000 puzzles: far more than a second
    out_path = tmp_path / "out.jsonl"
    code, err = interrupt_when_started(
        ["solve", str(puzzles), "--json", "--timeout", "5"], out_path, after=1.0
    )
    assert (code, err) == (130, "satdoku: interrupted\n")
    records = [json.loads(line) for line in out_path.read_text().splitlines()]
    assert 0 < len(records) < 40000
    assert [r["index"] for r in records] == list(range(len(records)))
    assert all(r["status"] == "solved" for r in records)


@pytest.mark.parametrize(
    "extra",
    [
        ["--solver", "minisat22"],
        ["--timeout", "60", "--solver", "minisat22"],
        ["--timeout", "60", "--strategy", "persistent"],
        ["--timeout", "60"],
    ],
    ids=["minisat", "minisat-watcher", "cadical-slices", "cadical-child"],
)
def test_ctrl_c_inside_a_long_solve(extra: list[str], tmp_path: Path) -> None:
    path = tmp_path / "hard.txt"
    easy = "1" + "." * (HARD_SIDE**2 - 1)
    hard = format_line(pigeonhole_latin(HARD_ORDER).cells, HARD_ALPHABET)
    path.write_text(easy + "\n" + hard + "\n")
    argv = ["solve", str(path), "--latin", "--alphabet", HARD_ALPHABET.symbols, *extra]
    code, err = interrupt_when_started(argv, tmp_path / "out.txt", after=1.0)
    assert (code, err) == (130, "satdoku: interrupted\n")
    assert len((tmp_path / "out.txt").read_text().splitlines()) == 1  # the easy one, flushed


# --- every solution is checked before it leaves the library ---------------------------------


@pytest.mark.parametrize("strategy", [Strategy.PERSISTENT, Strategy.FRESH])
def test_a_wrong_model_is_a_loud_internal_error(
    strategy: Strategy, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Cadical153.get_model  # the default solver's own class, under PySAT's wrapper

    def lying_get_model(self: Cadical153) -> list[int]:
        """The solver's model with the first cell's digit moved to the next digit."""
        model = list(real(self))
        t = next(v for v in model[:4] if v > 0)
        u = t % 4 + 1
        model[t - 1], model[u - 1] = -t, u
        return model

    monkeypatch.setattr(Cadical153, "get_model", lying_get_model)
    with pytest.raises(InternalError, match="not a solution"):
        SatBackend(strategy=strategy).solve(parse_line("..3............."))


def test_the_cli_never_prints_a_wrong_grid(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("satdoku.backends.sat.is_solution", lambda solution, puzzle: False)
    path = tmp_path / "p.txt"
    path.write_text("1...............\n")
    assert main(["solve", str(path)]) == INTERNAL_ERROR
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("satdoku: internal error (a bug in satdoku") and "Traceback" not in err
    assert len(err.splitlines()) == 1
    assert main(["--debug", "solve", str(path)]) == INTERNAL_ERROR
    assert "Traceback" in capsys.readouterr().err


def test_the_stepper_checks_its_grids(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("satdoku.rules.search.is_solution", lambda solution, puzzle: False)
    with pytest.raises(InternalError):
        StepperBackend().solve(parse_line("1..............."))


def test_unsolvable_verdicts_are_cross_checked_by_explain(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A backend that wrongly says 'unsolvable' is caught when --explain re-asks the solver."""
    from satdoku.core.results import Result

    def says_unsolvable(self: SatBackend, puzzle: Puzzle) -> Result:
        return Result(Status.UNSOLVABLE, puzzle=puzzle)

    monkeypatch.setattr(SatBackend, "solve", says_unsolvable)
    path = tmp_path / "p.txt"
    path.write_text("1...............\n")
    assert main(["solve", str(path), "--explain"]) == INTERNAL_ERROR
    assert "finds a solution to a puzzle found unsolvable" in capsys.readouterr().err


def test_a_predicate_error_is_reported_with_its_puzzle_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("." * 16 + "\n" + "." * 25 + "\n" + "1" + "." * 15 + "\n")
    assert main(["solve", str(path), "--latin", "--where", "sudoku", "--json"]) == 0
    out, err = capsys.readouterr()
    statuses = [json.loads(line)["status"] for line in out.splitlines()]
    assert statuses == ["solved", "invalid", "solved"]
    assert err.startswith(f"satdoku: {path}:2: puzzle 2: predicate is_sudoku raised ValueError")
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_wrong_model_in_a_worker_process_is_loud_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("satdoku.backends.sat.is_solution", lambda solution, puzzle: False)
    path = tmp_path / "p.txt"
    path.write_text("1...............\n" * 600)
    assert main(["solve", str(path), "--jobs", "2"]) == INTERNAL_ERROR  # workers are forked
    out, err = capsys.readouterr()
    assert out == "" and "returned a grid that is not a solution" in err
