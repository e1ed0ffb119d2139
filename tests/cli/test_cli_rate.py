"""``satdoku rate``: one record per puzzle in input order, levels and rungs, jobs, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku.cli import main
from satdoku.io._line import parse_line
from satdoku.rules._rating import rate

EASY = "1.3..4..2...4..1"
HARD = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
EXPERT = "...21....7.8........4.89.3.4......8.1....4.26....3.1..2..6.3.7...37..5..........."
GUESSING = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
# no solution, but set logic up to size 4 does not find the contradiction: search does
REFUTED = "4..317.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
FIELDS = {"index", "line", "status", "level", "rung", "counts", "guesses", "unique"}
ADDED = {"tier", "tier_name", "se", "hardest"}  # the tiers beyond set logic, SE scale


def write(tmp_path: Path, lines: list[str], name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_rate_json_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [HARD, "# a comment", EXPERT, "." * 81, "11" + "." * 14]
    assert main(["rate", write(tmp_path, lines), "--json"]) == 0
    got = records(capsys.readouterr().out)
    assert all(set(r) == FIELDS | ADDED for r in got)
    assert [(r["index"], r["line"]) for r in got] == [(0, 1), (1, 3), (2, 4), (3, 5)]
    assert [(r["level"], r["rung"], r["status"]) for r in got] == [
        ("hard", 2, "solved"),
        ("expert", 3, "solved"),
        ("guessing", 5, "solved"),
        (None, None, "unsolvable"),
    ]
    assert [r["unique"] for r in got] == [True, True, False, False]
    assert got[0]["counts"] == rate(parse_line(HARD)).counts and got[0]["guesses"] == 0
    assert got[2]["guesses"] > 0
    assert [(r["tier"], r["tier_name"]) for r in got] == [
        (2, "hard"),
        (3, "expert"),
        (11, "guessing"),  # two solutions: no technique finishes it
        (None, None),
    ]
    assert [r["se"] for r in got[2:]] == [None, None] and 3.0 <= got[0]["se"] <= 3.4


def test_rate_json_tier_beyond_set_logic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chains = "...6.37...51...........2.......1..846..7............5.14.58....3.....2..........."
    assert main(["rate", write(tmp_path, [chains]), "--json"]) == 0
    (rec,) = records(capsys.readouterr().out)
    assert (rec["level"], rec["rung"], rec["unique"]) == ("guessing", 5, True)  # as before
    assert (rec["tier"], rec["tier_name"]) == (8, "chains") and rec["guesses"] > 0
    assert rec["se"] == rate(parse_line(chains)).se and rec["hardest"] in rec["counts"]
    assert main(["rate", write(tmp_path, [chains])]) == 0
    assert capsys.readouterr().out.startswith("chains    tier 8  ")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_rate_says_unsolvable_invalid_and_not_unique_as_solve_does(
    jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_ones = "11" + "." * 79  # two 1s in a row: no solution, no level
    lines = [two_ones, REFUTED, "1" + "." * 80, GUESSING, "12x", HARD]
    path = write(tmp_path, lines)
    assert main(["rate", path, "--jobs", jobs]) == 2
    plain = capsys.readouterr().out.splitlines()
    assert plain[:2] == ["unsolvable", "unsolvable"] and plain[4] == "invalid"
    assert plain[2].startswith("guessing  rung 5  not unique  ")
    assert plain[3].startswith("nested    tier 10  ") and "not unique" not in plain[3]
    assert plain[5].startswith("hard      rung 2  ")
    assert main(["solve", path]) == 2
    solved = capsys.readouterr().out.splitlines()
    assert [solved[i] for i in (0, 1, 4)] == ["unsolvable", "unsolvable", "invalid"]
    assert main(["rate", path, "--json", "--jobs", jobs]) == 2
    got = records(capsys.readouterr().out)
    assert [r["status"] for r in got] == ["unsolvable", "unsolvable", "solved", "solved",
                                          "invalid", "solved"]  # fmt: skip
    assert [(r["level"], r["rung"]) for r in got[:2]] == [(None, None), (None, None)]
    assert [r.get("unique") for r in got] == [False, False, False, True, None, True]


def test_rate_plain_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", write(tmp_path, [EASY, HARD])]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("easy      rung 0  elimination ")
    assert out[1].startswith("hard      rung 2  locked-candidates ") and "naked-pair 1" in out[1]


def test_rate_jobs_keeps_input_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [EASY, HARD, EXPERT] * 4 + ["." * 16]
    path = write(tmp_path, lines)
    assert main(["rate", path, "--json"]) == 0
    one = records(capsys.readouterr().out)
    assert main(["rate", path, "--json", "--jobs", "2"]) == 0
    two = records(capsys.readouterr().out)
    assert one == two and [r["index"] for r in two] == list(range(13))


def test_rate_bad_input_is_a_record_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rate", write(tmp_path, [EASY, "12x", HARD]), "--json"]) == 2
    captured = capsys.readouterr()
    got = records(captured.out)
    assert [r["status"] for r in got] == ["solved", "invalid", "solved"]
    assert got[1]["level"] is None and got[1]["line"] == 2 and "error" in got[1]
    assert "p.txt:2" in captured.err and "Traceback" not in captured.err
    assert main(["rate", write(tmp_path, ["12x"])]) == 2
    assert capsys.readouterr().out == "invalid\n"


def test_rate_missing_file_and_bad_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", str(tmp_path / "none.txt")]) == 2
    assert "cannot open" in capsys.readouterr().err
    assert main(["rate", write(tmp_path, [EASY]), "--jobs", "300"]) == 2
    assert "--jobs must be" in capsys.readouterr().err


def test_rate_example_and_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rate", "--example", "--json"]) == 0
    (rec,) = records(capsys.readouterr().out)
    assert rec["status"] == "solved" and rec["level"] == "easy"
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((HARD + "\n").encode())))
    assert main(["rate", "-"]) == 0
    assert capsys.readouterr().out.startswith("hard")


def test_rate_other_shapes_and_alphabets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rate", write(tmp_path, ["AB..", "...."]), "--alphabet", "ABCD", "--latin"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("easy      rung 0")
    assert out[1] == "guessing  rung 5  not unique  1 guess"  # two Latin squares fill it


def test_rate_progress_bar(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", write(tmp_path, [EASY, HARD]), "--progress"]) == 0
    assert "2/2 puzzles" in capsys.readouterr().err
