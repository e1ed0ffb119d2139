"""Batches lose nothing: one record per line, in order; exit statuses; checked answers.

Ctrl-C: tests/stress/test_interrupts.py.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from pysat.solvers import Cadical153

from hard_instances import HARD_ORDER, HARD_SYMBOLS, pigeonhole_latin
from satdoku.backends._sat import SatBackend
from satdoku.backends._stepper import StepperBackend
from satdoku.backends._strategy import Strategy
from satdoku.cli import INTERNAL_ERROR, main
from satdoku.core._checker import is_solution
from satdoku.core._errors import InternalError
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import format_line, parse_line
from satdoku.io._shape_options import ShapeOptions

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
    monkeypatch.setattr("satdoku.backends._sat.is_solution", lambda solution, puzzle: False)
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
    monkeypatch.setattr("satdoku.rules._search.is_solution", lambda solution, puzzle: False)
    with pytest.raises(InternalError):
        StepperBackend().solve(parse_line("1..............."))


def test_unsolvable_verdicts_are_cross_checked_by_explain(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A backend that wrongly says 'unsolvable' is caught when --explain re-asks the solver."""
    from satdoku.core._results import Result

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
    monkeypatch.setattr("satdoku.backends._sat.is_solution", lambda solution, puzzle: False)
    path = tmp_path / "p.txt"
    path.write_text("1...............\n" * 600)
    assert main(["solve", str(path), "--jobs", "2"]) == INTERNAL_ERROR  # workers are forked
    out, err = capsys.readouterr()
    assert out == "" and "returned a grid that is not a solution" in err
