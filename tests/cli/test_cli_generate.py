"""``satdoku generate``: lines solve reads back, JSON records (exact contract), seeds, --jobs,
jigsaw maps, and bad options as usage errors (exit 2), never tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku.api._explorer import Explorer
from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.io._shape_options import ShapeOptions
from satdoku.rules._rating import Level, rate
from test_generate import JIGSAW_6

FIELDS = {
    "index", "puzzle", "solution", "givens", "level", "rung", "minimal", "symmetry", "seed",
    "shape", "attempts", "matched", "wanted",
}  # fmt: skip

_PYSAT = Explorer(native=False)


def unique(puzzle: Puzzle) -> bool:
    counted = _PYSAT.count(puzzle, 1)
    return counted.complete and counted.count == 1


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def records(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_lines_are_unique_puzzles_solve_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["generate", "--count", "4", "--seed", "1"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 4 and len(set(lines)) == 4
    for line in lines:
        assert unique(parse_line(line))
    path = tmp_path / "p.txt"
    path.write_text(out)
    status, solved, _ = run(["solve", str(path), "--json"], capsys)
    assert status == 0
    for line, rec in zip(lines, records(solved), strict=True):
        assert rec["status"] == "solved"
        grid = parse_line(str(rec["solution"])).cells
        assert is_solution(grid, parse_line(line))


def test_json_records_keep_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--count", "3", "--seed", "7", "--json", "--symmetry", "rot180"]
    status, out, _ = run([*argv, "--minimal", "--level", "easy"], capsys)
    assert status == 0
    for index, rec in enumerate(records(out)):
        assert set(rec) == FIELDS
        assert rec["index"] == index and rec["matched"] is True
        assert rec["symmetry"] == "rot180" and rec["minimal"] is True
        assert rec["level"] == rec["wanted"] == "easy" and rec["rung"] == 0
        puzzle = parse_line(str(rec["puzzle"]))
        assert rec["givens"] == 81 - puzzle.blanks()
        assert is_solution(parse_line(str(rec["solution"])).cells, puzzle)
        assert unique(puzzle) and rate(puzzle).level is Level.EASY


def test_a_seed_makes_a_run_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--count", "3", "--seed", "5", "--json"]
    first = run(argv, capsys)[1]
    assert run(argv, capsys)[1] == first
    assert run(["generate", "--count", "3", "--seed", "6", "--json"], capsys)[1] != first
    unseeded = records(run(["generate", "--json"], capsys)[1])[0]
    assert isinstance(unseeded["seed"], int)


def test_jobs_give_the_same_output_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--count", "12", "--seed", "3", "--json", "--size", "6"]
    one = run([*argv, "--jobs", "1"], capsys)
    two = run([*argv, "--jobs", "2"], capsys)
    assert one[0] == two[0] == 0 and one[1] == two[1] and len(one[1].splitlines()) == 12


@pytest.mark.parametrize(
    ("options", "shape"),
    [
        (["--size", "4"], Shape.sudoku(4)),
        (["--size", "6", "--box", "3x2"], Shape.sudoku(6, (3, 2))),
        (["--latin", "--size", "5"], Shape.latin(5)),
        (["--diagonals"], Shape.sudoku(9, diagonals=True)),
        (["--size", "16", "--level", "easy"], Shape.sudoku(16)),
    ],
    ids=["4x4", "6x6-3x2", "latin5", "x9", "16x16-easy"],
)
def test_every_shape(options: list[str], shape: Shape, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["generate", "--seed", "2", "--json", *options], capsys)
    assert status == 0
    (rec,) = records(out)
    assert rec["shape"] == shape.describe()
    puzzle = Puzzle(shape, parse_line(str(rec["puzzle"])).cells)
    assert unique(puzzle)
    assert is_solution(Puzzle(shape, parse_line(str(rec["solution"])).cells).cells, puzzle)


def test_jigsaw_from_a_file_and_random(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    regions = tmp_path / "map.txt"
    regions.write_text("aaabbb\naaccbb\nadcccb\ndddecf\ndeeeff\ndeefff\n")
    status, out, _ = run(["generate", "--regions", str(regions), "--seed", "1"], capsys)
    assert status == 0
    options = ShapeOptions(regions=JIGSAW_6)  # the same map, written out
    header, line = out.strip().splitlines()
    assert header.startswith("# shape: jigsaw 6 regions ")  # the output says its shape
    assert unique(parse_line(line, options=options))
    saved = tmp_path / "random.txt"
    argv = ["generate", "--regions", "random", "--size", "7", "--seed", "4", "--count", "2"]
    status, out, _ = run([*argv, "--save-regions", str(saved)], capsys)
    assert status == 0
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(out)
    status, solved, _ = run(["solve", str(puzzles), "--regions", str(saved), "--json"], capsys)
    assert status == 0 and [r["status"] for r in records(solved)] == ["solved", "solved"]
    status, out, _ = run([*argv, "--json"], capsys)
    rec = records(out)[0]
    shape = Shape.jigsaw([int(x) for x in str(rec["regions"]).split()])
    assert unique(Puzzle(shape, parse_line(str(rec["puzzle"])).cells))


def test_a_missed_wish_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--size", "4", "--level", "extreme", "--attempts", "2", "--json"]
    status, out, err = run([*argv, "--seed", "1"], capsys)
    assert status == 1
    (rec,) = records(out)
    assert rec["matched"] is False and rec["wanted"] == "extreme" and rec["level"] != "extreme"
    assert "not met in 2 tries" in err and "level extreme" in err
    assert "0 of 1 puzzles met the wish" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_wish_never_met_prints_no_puzzle_and_fails(
    jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "--size", "4", "--level", "extreme", "--attempts", "5", "--count", "6"]
    status, out, err = run([*argv, "--seed", "1", "--jobs", jobs], capsys)
    assert (status, out) == (1, "")  # 4x4 puzzles are all easy: none is printed as extreme
    last = err.splitlines()[-1]
    assert last.startswith("satdoku: 0 of 6 puzzles met the wish") and "held back" in last
    assert "--attempts" in last and "--minimal" in last  # how to get more
    assert err.count("not met in 5 tries") == 6


def test_only_the_puzzles_that_met_the_wish_are_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["generate", "--level", "hard", "--attempts", "2", "--count", "4", "--seed", "4"]
    status, marked, _ = run([*argv, "--json"], capsys)
    assert status == 1
    met = [str(rec["puzzle"]) for rec in records(marked) if rec["matched"]]
    assert 0 < len(met) < 4  # some of the four met the wish, some did not
    status, out, err = run(argv, capsys)
    assert status == 1 and out.splitlines() == met
    for line in met:
        assert rate(parse_line(line)).level is Level.HARD
    assert f"satdoku: {len(met)} of 4 puzzles met the wish" in err
    assert "--minimal" not in err.splitlines()[-1]  # hard puzzles are not walked to
    status, out, err = run([*argv[:-4], "--count", "1", "--seed", "4"], capsys)
    assert (status, out.splitlines(), err) == (0, met[:1], "")  # the first one met it


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--count", "0"], "--count"),
        (["--size", "0"], "--size"),
        (["--size", "300"], "--size"),
        (["--givens", "82"], "--givens"),
        (["--box", "2x2", "--size", "9"], "does not tile"),
        (["--level", "impossible"], "invalid choice"),
        (["--symmetry", "spiral"], "invalid choice"),
        (["--seed", "-1"], "--seed"),
        (["--seed", "x"], "--seed"),
        (["--attempts", "0"], "--attempts"),
        (["--jobs", "-1"], "--jobs"),
        (["--regions", "/no/such/map"], "cannot read region map"),
        (["--regions", "random", "--latin"], "--regions replaces boxes"),
        (["--regions", "random", "--size", "17"], "--size must be 1 to 16"),
        (["--save-regions", "/tmp/x.txt"], "--save-regions needs --regions"),
        (["--size", "2", "--diagonals"], "no complete grid"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(["generate", *argv])
    except SystemExit as stop:  # argparse's own usage errors
        status = int(stop.code or 0)
    err = capsys.readouterr().err
    assert status == 2
    assert message in err and "Traceback" not in err


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["generate", "--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert "examples:" in text and "satdoku generate --count 10 --seed 1" in text
