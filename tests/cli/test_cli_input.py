"""Where a command's puzzles come from: FILE, a pipe, the bundled example; asked for explicitly."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from satdoku.cli import main

REPO = Path(__file__).resolve().parents[2]
PUZZLE = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
SOLUTION = "143657982952438761867192435795863124314279658286514397438921576671385249529746813"
EXAMPLE_FIRST_ROW = "2 5 . | . . . | 4 . 7"


def satdoku(*argv: str, stdin: int | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m satdoku`` in a fresh process, standard input a pipe holding ``stdin``."""
    if isinstance(stdin, bytes) or stdin is None:
        return subprocess.run(
            [sys.executable, "-m", "satdoku", *argv],
            input=stdin or b"",
            capture_output=True,
            timeout=120,
        )
    return subprocess.run(
        [sys.executable, "-m", "satdoku", *argv], stdin=stdin, capture_output=True, timeout=120
    )


@pytest.mark.parametrize("command", ["solve", "count", "step", "show", "dimacs"])
def test_a_pipe_is_read_when_no_file_is_given(command: str) -> None:
    done = satdoku(command, stdin=(PUZZLE + "\n").encode())
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert EXAMPLE_FIRST_ROW not in out and "sudoku9.txt" not in out
    if command == "solve":
        assert out.strip() == SOLUTION
    if command == "count":
        assert out.strip() == "1"


def test_solve_json_from_a_pipe() -> None:
    done = satdoku("solve", "--json", stdin=(PUZZLE + "\n" + PUZZLE + "\n").encode())
    assert done.returncode == 0
    assert [line.count(SOLUTION) for line in done.stdout.decode().splitlines()] == [1, 1]


def test_the_readme_first_command_works_from_a_pipe() -> None:
    """The README's first command names the example, so a pipe or /dev/null cannot change it."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)\n```", readme, re.S)
    assert first is not None
    argv = first.group(1).split("bin/satdoku ", 1)[1].split()
    assert argv == ["solve", "--example"]
    done = satdoku(*argv, stdin=b"ignored text, not a puzzle\n")
    assert done.returncode == 0, done.stderr
    assert EXAMPLE_FIRST_ROW in done.stdout.decode()
    with open(os.devnull, "rb") as null:
        done = satdoku(*argv, stdin=null.fileno())
    assert done.returncode == 0 and EXAMPLE_FIRST_ROW in done.stdout.decode()


def test_a_terminal_keeps_the_bundled_example() -> None:
    leader, follower = pty.openpty()
    try:
        done = satdoku("solve", stdin=follower)
    finally:
        os.close(leader)
        os.close(follower)
    assert done.returncode == 0, done.stderr
    assert EXAMPLE_FIRST_ROW in done.stdout.decode()


def test_empty_standard_input_says_how_to_be_explicit() -> None:
    done = satdoku("solve")
    assert done.returncode == 2
    err = done.stderr.decode()
    assert "no puzzle found" in err and "--example" in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["solve", "count", "step", "show", "dimacs", "check"])
def test_a_closed_standard_input_is_a_message(command: str) -> None:
    argv = [sys.executable, "-m", "satdoku", command] + (["-"] if command == "check" else [])
    done = subprocess.run(["sh", "-c", '"$@" <&-', "sh", *argv], capture_output=True, timeout=120)
    assert done.returncode == 2, done.stderr
    err = done.stderr.decode()
    assert "standard input is closed" in err and "Traceback" not in err


def test_example_and_a_file_are_alternatives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    assert main(["solve", str(path), "--example"]) == 2
    assert "not both" in capsys.readouterr().err


def test_decode_with_the_model_on_standard_input_needs_the_puzzle_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["decode", "-"]) == 2
    assert "standard input holds the model" in capsys.readouterr().err
