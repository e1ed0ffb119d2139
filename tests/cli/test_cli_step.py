"""Tests of ``satdoku step`` and ``satdoku solve --backend stepper`` through ``main(argv)``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku.cli import main
from satdoku.io._line import parse_line
from stepper_support import check_trace

FIG_1A = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
FIG_1B = "253861497149752368678349512597218634381476259462593871735984126826137945914625783"
HARD = "................12..3.45........65.4.1.......7...8.......1...7...9...8...4...2..."


def _file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "p.txt"
    path.write_text(text + "\n")
    return str(path)


def test_step_default_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", "--example"]) == 0
    out = capsys.readouterr().out
    assert "1. given: r1c1=2" in out
    assert "rule 1 (elimination): r1c1=2 is true, so in 'cell r1c1 holds exactly one digit'" in out
    assert f"solution: {FIG_1B}" in out and "status: solved" in out


def test_step_json_is_the_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", _file(tmp_path, HARD), "--search", "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["status"] == "solved" and rec["puzzle"] == HARD
    assert any(s["rule"] == "backtrack" for s in rec["steps"])
    check_trace(parse_line(HARD), rec["steps"], rec["status"], tuple(map(int, rec["solution"])))


def test_step_without_search_stalls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", _file(tmp_path, HARD), "--json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["status"] == "stalled" and "solution" not in rec


def test_step_rules_1_prints_the_candidate_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["step", _file(tmp_path, FIG_1A), "--rules", "1", "--boards", "end"]) == 0
    out = capsys.readouterr().out
    assert "rule 2" not in out and "status: stalled" in out
    assert "|  *2   |  *5   |" in out


def test_step_boards_at_guesses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "step",
                _file(tmp_path, "1..............."),
                "--search",
                "--boards",
                "guesses",
                "--order",
                "fewest",
                "--rate",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    guesses = out.count("guess (depth")
    assert guesses >= 1 and out.count("+-----+") >= guesses + 1
    assert "rating: needs guessing" in out


def test_step_unsolvable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", _file(tmp_path, "142332412134.412"), "--search"]) == 0
    out = capsys.readouterr().out
    assert "contradiction: in 'column 2 has exactly one 4' both r1c2=4 and r4c2=4 are true" in out
    assert "status: unsolvable" in out


def test_step_index_picks_a_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, "1...\n.1..")
    assert main(["step", path, "--index", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["puzzle"] == ".1.."
    assert main(["step", path, "--index", "3"]) == 2
    assert "no puzzle number 3" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rules", "7"], "unknown rule '7'"),
        (["--index", "0"], "--index must be 1 or more"),
    ],
)
def test_step_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["step", _file(tmp_path, "1..."), *argv]) == 2
    assert message in capsys.readouterr().err


def test_step_bad_input_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", _file(tmp_path, "1.x.")]) == 2
    err = capsys.readouterr().err
    assert "p.txt:1:3" in err and "Traceback" not in err


def test_step_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["step", "--help"])
    assert exit_.value.code == 0
    assert "satdoku step puzzle.txt --search --json" in capsys.readouterr().out


def test_solve_with_the_stepper_backend(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, f"{FIG_1A}\n{HARD}\n11" + "." * 79)
    assert main(["solve", path, "--backend", "stepper", "--json"]) == 0
    mine = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert main(["solve", path, "--json"]) == 0
    theirs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert mine == theirs
    assert [r["status"] for r in mine] == ["solved", "solved", "unsolvable"]
