"""The command line: help everywhere, the bundled example, records, and exit statuses."""

import json
from pathlib import Path

import pytest

from satdoku.cli import COMMANDS, main

SEED002 = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out and f"satdoku {command}" in out


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out


def test_solve_without_file_shows_the_bundled_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--example"]) == 0
    out = capsys.readouterr().out
    assert "Puzzle (" in out and "Solution:" in out and "------+-------+------" in out


def write(tmp_path: Path, text: str, name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_solve_lines_one_output_per_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"# comment\n{SEED002}\n11{'.' * 14}\n{SEED002}\n")
    assert main(["solve", path]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "unsolvable" and lines[0] == lines[2] and len(lines[0]) == 81


def test_solve_json_records_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f"{SEED002}\n11{'.' * 14}\n123\n")
    assert main(["solve", path, "--json"]) == 2
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["index"] for r in records] == [0, 1, 2]
    assert [r["status"] for r in records] == ["solved", "unsolvable", "invalid"]
    assert records[0]["solution"].startswith("253861497")
    assert "solution" not in records[1] and "error" in records[2]
    assert captured.err.count("\n") == 1 and "p.txt:3:" in captured.err


def test_solve_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(f"{SEED002}\n".encode())))
    assert main(["solve", "-"]) == 0
    assert capsys.readouterr().out.startswith("253861497")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty input"),
        (b"# only a comment\n", "empty input"),
        (b"\x00\x01\x02binary", "not a text file"),
    ],
)
def test_bad_files_exit_2_with_one_line(
    tmp_path: Path, content: bytes, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "/nonexistent/puzzles.txt"]) == 2
    assert "cannot open" in capsys.readouterr().err


def test_box_that_does_not_divide(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", write(tmp_path, SEED002), "--box", "2x4", "--json"]) == 2
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "invalid" and "does not tile" in record["error"]


def test_alphabet_for_25x25(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(Path(__file__).parents[2] / "src/satdoku/examples/sudoku25.txt")
    assert main(["solve", path, "--alphabet", "ABCDEFGHIJKLMNOPQRSTUVWXY"]) == 0
    header, out = capsys.readouterr().out.strip().splitlines()
    assert header == "# shape: sudoku alphabet ABCDEFGHIJKLMNOPQRSTUVWXY"  # reads back alone
    assert len(out) == 625 and set(out) == set("ABCDEFGHIJKLMNOPQRSTUVWXY")


def test_latin_diagonals_and_regions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    regions = write(tmp_path, "aabb\naabb\ncddd\ncccd\n", "regions.txt")
    assert main(["solve", write(tmp_path, "1..............."), "--regions", regions]) == 0
    assert main(["solve", write(tmp_path, "1....", "five.txt"), "--latin"]) == 2  # 5 symbols
    header, line = capsys.readouterr().out.splitlines()[:2]
    assert header == "# shape: jigsaw 4 regions 0011001123332223" and len(line) == 16


def test_check_names_broken_axioms(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", write(tmp_path, "1234341221434321\n1234123412341234\n")]) == 1
    out = capsys.readouterr().out
    assert out.startswith("valid\ninvalid: breaks")
    assert "column 1 has exactly one 1 (found 4: r1c1, r2c1, r3c1, r4c1)" in out


@pytest.mark.parametrize(
    ("text", "status", "valid"),
    [
        ("1234341221434321\n", 0, [True]),
        ("1234341221434321\n1234123412341234\n", 1, [True, False]),
        ("1234341221434321\n123\n1234123412341234\n", 2, [True, False, False]),
    ],
    ids=["all valid", "one invalid", "one unreadable"],
)
def test_check_exit_status_says_whether_every_grid_is_valid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, status: int, valid: list[bool]
) -> None:
    assert main(["check", write(tmp_path, text), "--json"]) == status
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["valid"] for r in records] == valid


def test_bad_regions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    regions = write(tmp_path, "aabb\naabb\ncddd\nccce\n", "regions.txt")
    assert main(["solve", write(tmp_path, "." * 16), "--regions", regions]) == 2
    assert "regions" in capsys.readouterr().err
