"""``satdoku count`` and the solution-space options of ``satdoku solve`` (exact contracts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku.cli import main

SEED004 = "1423324121344312\n142332412134.412\n..2....1.1..4...\n1....2....3....4\n" + "." * 16


def write(tmp_path: Path, text: str, name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text(text + "\n")
    return str(path)


def records(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_count_json_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", write(tmp_path, SEED004), "--json"]) == 0
    got = records(capsys.readouterr().out)
    assert [(r["index"], r["count"], r["complete"]) for r in got] == [
        (0, 1, True),
        (1, 0, True),
        (2, 2, True),
        (3, 2, True),
        (4, 288, True),
    ]
    assert all(r["status"] == "counted" for r in got)


def test_count_limit_sets_complete_false(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["count", write(tmp_path, SEED004), "--json", "--limit", "2"]) == 0
    got = records(capsys.readouterr().out)
    assert [(r["count"], r["complete"]) for r in got] == [
        (1, True),
        (0, True),
        (2, True),
        (2, True),
        (2, False),
    ]


def test_count_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", write(tmp_path, SEED004), "--limit", "10"]) == 0
    assert capsys.readouterr().out.split() == ["1", "0", "2", "2", "10+"]


def test_count_latin_5(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", write(tmp_path, "." * 25), "--latin", "--json"]) == 0
    assert records(capsys.readouterr().out)[0]["count"] == 161_280


def test_count_bad_line_is_invalid_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["count", write(tmp_path, "12x\n" + "." * 16), "--json"]) == 2
    captured = capsys.readouterr()
    first, second = records(captured.out)
    assert first["status"] == "invalid" and first["count"] is None and not first["complete"]
    assert first["line"] == 1 and "error" in first
    assert second == {"index": 1, "count": 288, "complete": True, "status": "counted", "line": 2}
    assert "p.txt:1" in captured.err


def test_count_timeout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", write(tmp_path, "." * 81), "--json", "--timeout", "0.3"]) == 0
    rec = records(capsys.readouterr().out)[0]
    assert rec["status"] == "timeout" and rec["complete"] is False


@pytest.mark.parametrize("argv", [["--limit", "-1"], ["--timeout", "0"]])
def test_count_bad_options_exit_2(
    tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["count", write(tmp_path, "." * 16), *argv]) == 2
    assert "must be" in capsys.readouterr().err


# -- solve: --order reading, --all, --where, --unique ----------------------------------------------

P324 = "..3...2..4......"


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ("yes", "1234412334122341"),
        ("diagonal-has-2", "1234432124133142"),
        ("no", None),
    ],
)
def test_solve_order_reading_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, expected: str | None
) -> None:
    path = write(tmp_path, P324)
    assert main(["solve", path, "--latin", "--order", "reading", "--where", where, "--json"]) == 0
    rec = records(capsys.readouterr().out)[0]
    assert rec.get("solution") == expected
    assert rec["status"] == ("solved" if expected else "unsolvable")
    assert rec["index"] == 0 and rec["line"] == 1


def test_solve_order_reading_line_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", write(tmp_path, "....3...2"), "--latin", "--order", "reading"]) == 0
    assert capsys.readouterr().out == "123231312\n"


def test_solve_unique_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", write(tmp_path, SEED004), "--unique", "--json"]) == 0
    got = records(capsys.readouterr().out)
    assert [r["unique"] for r in got] == [True, False, False, False, False]
    assert [r["status"] for r in got] == ["solved", "unsolvable", "solved", "solved", "solved"]


def test_solve_unique_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", write(tmp_path, "1423324121344312\n" + "." * 16), "--unique"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1423324121344312\tunique" and out[1].endswith("\tnot unique")


def test_solve_all_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, SEED004)
    assert main(["solve", path, "--all", "--order", "reading", "--json"]) == 0
    got = records(capsys.readouterr().out)
    assert got[2]["solutions"] == ["1324243131424213", "1423324121344312"]
    assert got[3]["solutions"] == ["1342421324313124", "1423324141322314"]
    assert got[1]["solutions"] == [] and got[1]["count"] == 0 and got[1]["complete"] is True
    assert got[4]["count"] == 288 and got[4]["solutions"] == sorted(got[4]["solutions"])
    assert got[4]["solution"] == "1234341221434321"


def test_solve_all_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, SEED004)
    assert main(["solve", path, "--all", "--limit", "2", "--json"]) == 0
    got = records(capsys.readouterr().out)
    assert [(r["count"], r["complete"]) for r in got] == [
        (1, True),
        (0, True),
        (2, True),
        (2, True),
        (2, False),
    ]


def test_solve_all_text_has_comment_headers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "..2....1.1..4...\n" + "." * 16)
    assert main(["solve", path, "--all", "--limit", "3", "--order", "reading"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == [
        "# puzzle 1",
        "1324243131424213",
        "1423324121344312",
        "# puzzle 1: 2 solutions",
    ]
    assert out[4:6] == ["", "# puzzle 2"]
    assert out[-1] == "# puzzle 2: 3 solutions (stopped at --limit; there are more)"


def test_a_predicate_that_raises_makes_that_puzzle_invalid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "." * 25 + "\n" + "." * 16)
    assert main(["solve", path, "--latin", "--where", "sudoku", "--json"]) == 0
    captured = capsys.readouterr()
    first, second = records(captured.out)
    assert first["status"] == "invalid" and "ValueError" in str(first["error"])
    assert "sudoku" in str(first["error"])
    assert second["status"] == "solved"
    assert "predicate is_sudoku raised ValueError" in captured.err


@pytest.mark.parametrize(
    "argv",
    [
        ["--limit", "3"],
        ["--all", "--limit", "0"],
        ["--where", "maybe"],
        ["--order", "random"],
        ["--unique", "--backend", "stepper"],
    ],
)
def test_solve_space_bad_options_exit_2(
    tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "." * 16)
    try:
        status = main(["solve", path, *argv])
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    assert status == 2
    assert capsys.readouterr().err
