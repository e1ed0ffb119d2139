"""A big puzzle's ``0``: a digit when its symbols say so, a blank when it repeats in a house.

A 36x36 written 0-9A-Z is read with that alphabet (the default one names only 35 digits); a
puzzle whose ``0`` stands twice in a row, column or box is read with ``0`` as a blank (no digit
may repeat there); a 16x16 written 0-F whose ``0`` never repeats is still refused until its
alphabet is named.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku import Puzzle, Shape, is_solution
from satdoku.cli import main
from satdoku.generation._generate import generate

DATA = Path(__file__).parents[1] / "data"
ZERO_Z = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def records(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(t) for t in capsys.readouterr().out.splitlines()]


def cells_0z(line: str) -> tuple[int, ...]:
    """The digits of a line written 0-9A-Z ('0' is 1, 'Z' is 36), '.' blank: read here, alone."""
    return tuple(0 if s == "." else ZERO_Z.index(s.upper()) + 1 for s in line)


def test_a_36x36_written_0_to_z_is_solved_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "sudoku36_0z.txt"
    lines = path.read_text().split()
    assert main(["solve", str(path), "--json"]) == 0
    solved = records(capsys)
    assert [r["status"] for r in solved] == ["solved"] * len(lines)
    for line, rec in zip(lines, solved, strict=True):
        puzzle = Puzzle(Shape.sudoku(36), cells_0z(line))
        assert is_solution(cells_0z(str(rec["solution"])), puzzle)
    assert main(["count", str(path), "--limit", "2"]) == 0
    assert capsys.readouterr().out.split() == ["1"] * len(lines)


def test_a_36x36_solution_written_0_to_z_is_checked_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(DATA / "sudoku36_0z.txt"), "--json"]) == 0
    solutions = [str(r["solution"]) for r in records(capsys)]
    path = tmp_path / "s.txt"
    path.write_text("\n".join(solutions) + "\n")  # no shape line: the symbols tell
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.split() == ["valid"] * len(solutions)
    grid = tmp_path / "grid.txt"
    grid.write_text("\n".join(solutions[0][r * 36 : (r + 1) * 36] for r in range(36)) + "\n")
    assert main(["check", str(grid)]) == 0  # one grid, 36 rows of 36 symbols


def test_a_36x36_in_letters_without_every_symbol_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = (DATA / "sudoku36_0z.txt").read_text().split()[0]
    path = tmp_path / "p.txt"
    path.write_text(line.replace("Z", ".") + "\n")  # '0' given, 'Z' never: which alphabet?
    assert main(["solve", str(path), "--json"]) == 2
    (rec,) = records(capsys)
    assert rec["status"] == "invalid"
    assert f"--alphabet {ZERO_Z}" in str(rec["error"])
    assert main(["solve", str(path), "--json", "--alphabet", ZERO_Z]) == 0
    (rec,) = records(capsys)
    assert rec["status"] == "solved"


def latin10_with_zero_blanks() -> list[str]:
    """Rows of integer tokens as quasigroup-completion suites write them, 0 blank, no '10'."""
    made = generate(Shape.latin(10), seed=5)
    cells = [0 if d == 10 else d for d in made.puzzle.cells]  # single-digit tokens only
    return [" ".join(map(str, cells[r * 10 : (r + 1) * 10])) for r in range(10)]


def test_a_10x10_latin_square_in_tokens_with_repeated_zeros_is_solved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = latin10_with_zero_blanks()
    assert any(row.split().count("0") > 1 for row in rows)
    path = tmp_path / "qwh.txt"
    path.write_text("\n".join(rows) + "\n")
    assert main(["solve", str(path), "--latin", "--json"]) == 0
    (rec,) = records(capsys)
    assert rec["status"] == "solved"
    givens = tuple(int(t) for row in rows for t in row.split())
    solution = tuple("123456789A".index(s) + 1 for s in str(rec["solution"]))
    assert is_solution(solution, Puzzle(Shape.latin(10), givens))
    line = tmp_path / "qwh-line.txt"
    line.write_text("".join(rows).replace(" ", "") + "\n")  # the same, one line of symbols
    assert main(["solve", str(line), "--latin", "--json"]) == 0
    assert records(capsys)[0]["status"] == "solved"


@pytest.mark.parametrize("n", [12, 16, 25])
def test_a_zero_repeated_in_a_house_is_a_blank_at_every_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], n: int
) -> None:
    made = generate(Shape.sudoku(n), seed=n)
    symbols = ".123456789ABCDEFGHIJKLMNOP"
    cells = [0 if d == n else d for d in made.puzzle.cells]  # its n-th symbol never written
    line = "".join(symbols[d] for d in cells).replace(".", "0")
    path = tmp_path / "p.txt"
    path.write_text(line + "\n")
    assert main(["solve", str(path), "--json"]) == 0
    (rec,) = records(capsys)
    assert rec["status"] == "solved"
    solution = [symbols.index(s) for s in str(rec["solution"])]
    assert is_solution(solution, Puzzle(Shape.sudoku(n), tuple(cells)))


def as_json_rows(line: str, n: int) -> str:
    """A puzzle line written as a JSON list of its rows, each a string of symbols."""
    return json.dumps([line[r * n : (r + 1) * n] for r in range(n)])


def test_json_rows_of_strings_read_a_big_puzzles_0_as_lines_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = generate(Shape.sudoku(12), seed=12)
    cells = [0 if d == 12 else d for d in made.puzzle.cells]  # 'C' never written
    twelve = "".join("0123456789AB"[d] for d in cells)  # repeated 0s: blanks
    big = (DATA / "sudoku36_0z.txt").read_text().split()[0]  # 0-9A-Z: 0 is a digit
    for line, n in ((twelve, 12), (big, 36)):
        as_line, as_json = tmp_path / "p.txt", tmp_path / "p.json"
        as_line.write_text(line + "\n")
        as_json.write_text(as_json_rows(line, n) + "\n")
        assert main(["solve", str(as_line), "--json"]) == 0
        (expected,) = records(capsys)
        assert main(["solve", str(as_json), "--json"]) == 0
        (rec,) = records(capsys)
        assert rec["status"] == expected["status"] == "solved"
        assert rec["solution"] == expected["solution"]
    solution = str(rec["solution"])
    assert is_solution(cells_0z(solution), Puzzle(Shape.sudoku(36), cells_0z(big)))


def test_json_rows_of_strings_whose_0_may_be_a_digit_are_refused_as_lines_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = generate(Shape.sudoku(16), seed=3)
    line = "".join("0123456789ABCDEF"[d - 1] if d else "." for d in made.puzzle.cells)
    path = tmp_path / "p.json"
    path.write_text(as_json_rows(line, 16) + "\n")  # 0-F, '0' never twice in a house
    assert main(["solve", str(path), "--json"]) == 2
    (rec,) = records(capsys)
    assert "give --alphabet 0123456789ABCDEF" in str(rec["error"])
    assert main(["solve", str(path), "--json", "--alphabet", "0123456789ABCDEF"]) == 0
    assert records(capsys)[0]["status"] == "solved"
