"""Boards and lists as other tools write them are read as the puzzle they show, or refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku import is_solution, parse_puzzle
from satdoku.cli import main

SIMPLE_SUDOKU = """\
*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*
"""
HODOKU = """\
.-------.-------.-------.
| 4 . . | . . . | 8 . 5 |
| . 3 . | . . . | . . . |
| . . . | 7 . . | . . . |
:-------+-------+-------:
| . 2 . | . . . | . 6 . |
| . . . | . 8 . | 4 . . |
| . . . | . 1 . | . . . |
:-------+-------+-------:
| . . . | 6 . 3 | . 7 . |
| 5 . . | 2 . . | . . . |
| 1 . 4 | . . . | . . . |
'-------'-------'-------'
"""
LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def solve_json(tmp_path: Path, text: str, *options: str) -> tuple[int, list[dict[str, object]]]:
    path = tmp_path / "input.txt"
    path.write_bytes(text.encode("utf-8"))
    status = main(["solve", str(path), "--json", *options])
    return status, []


@pytest.mark.parametrize(
    "text",
    [
        SIMPLE_SUDOKU,
        "\n".join(SIMPLE_SUDOKU.splitlines()[1:-1]) + "\n",  # no frame
        "\n".join(t for t in SIMPLE_SUDOKU.splitlines() if "-" not in t) + "\n",  # rows only
        HODOKU,
    ],
    ids=["simple-sudoku", "no-frame", "rows-only", "hodoku"],
)
def test_boxed_boards_are_one_grid(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.ss"
    path.write_text(text)
    assert main(["solve", str(path), "--json"]) == 0
    (record,) = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    solution = tuple(int(ch) for ch in str(record["solution"]))
    assert is_solution(solution, parse_puzzle(LINE))


def test_a_grid_row_is_never_solved_as_a_3x3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.txt"
    path.write_text("|4..|...|8.5|\n|.3.|...|...|\n")
    assert main(["solve", str(path), "--json"]) == 2
    records = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["invalid", "invalid"]
    assert "row of a grid" in str(records[1]["error"])


def test_a_small_line_among_big_puzzles_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(f"{LINE}\n1.2.3....\n{LINE}\n")
    assert main(["solve", str(path), "--json"]) == 2
    records = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["solved", "invalid", "solved"]
    assert "--lines" in str(records[1]["error"])
    assert main(["solve", str(path), "--json", "--lines"]) == 0  # a 3x3 asked for


def test_a_byte_order_mark_before_integer_tokens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeff10 ".encode() + b". " * 254 + b".\n")  # 16x16 in tokens
    assert main(["solve", str(path), "--json"]) == 0
    (record,) = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert str(record["solution"])[0] == "A"


@pytest.mark.parametrize(
    "text",
    ['\'("??3?" "?3??" "????" "???1")', '["??3?", "?3??", "????", "???1"]'],
    ids=["racket", "json-strings"],
)
def test_lists_of_strings_are_one_grid(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "list.txt"
    path.write_text(text + "\n")
    assert main(["solve", str(path), "--json"]) == 0
    (record,) = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    solution = tuple(int(ch) for ch in str(record["solution"]))
    assert is_solution(solution, parse_puzzle("..3..3.........1"))


def test_several_racket_grids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lists.rkt"
    first, second = '("1..." "...." "...." "....")', '("...." "...." "...." "...2")'
    path.write_text(f"'({first}\n  {second})\n")
    assert main(["solve", str(path), "--json"]) == 0
    records = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert [r["index"] for r in records] == [0, 1]


HEX_ROW = "0123456789ABCDEF"


def hex_puzzle() -> str:
    """A 16x16 written 0-F (hexadoku): row r is the first row shifted, every fourth cell blank."""
    shifts = [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]
    cells = [HEX_ROW[(c + s) % 16] for s in shifts for c in range(16)]
    return "".join("." if i % 4 == 3 else ch for i, ch in enumerate(cells))


def test_a_0_to_f_puzzle_is_refused_until_its_alphabet_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hex.txt"
    path.write_text(hex_puzzle() + "\n")
    assert main(["solve", str(path), "--json"]) == 2
    (record,) = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert "--alphabet 0123456789ABCDEF" in str(record["error"])
    assert main(["solve", str(path), "--json", "--alphabet", HEX_ROW]) == 0
    (record,) = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    solution = str(record["solution"])
    assert all(g in (".", s) for g, s in zip(hex_puzzle(), solution, strict=True))
    assert main(["solve", str(path), "--json", "--blank", ".0"]) == 0  # '0' a blank, said so


def test_an_alphabet_takes_over_a_blank_symbol(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    omega = "123456789:;<=>?@"
    path = tmp_path / "omega.txt"
    path.write_text("?" + "." * 255 + "\n")
    assert main(["solve", str(path), "--json", "--alphabet", omega]) == 0
    (record,) = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert str(record["solution"])[0] == "?"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--alphabet", "12#4"], "uses '#'"),
        (["--alphabet", "1|34"], "uses '|'"),
        (["--blank", "x", "--alphabet", "wxyz"], "'X' is both a blank and a symbol"),
    ],
)
def test_alphabets_that_collide_with_the_syntax_are_refused(
    options: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("1...\n")
    assert main(["solve", str(path), *options]) == 2
    assert said in capsys.readouterr().err
