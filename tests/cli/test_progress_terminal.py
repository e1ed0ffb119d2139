"""A progress bar and the results on one terminal: every result line whole, never a line with
both bar text and a result (a real pseudo-terminal, standard output and error both on it)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from satdoku.cli._common import example_text

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")

SUDOKU9 = example_text("sudoku9.txt").splitlines()[-1]
BAR = re.compile(r"\d+ puzzles|puzzles  \d")
COUNT = 400


def on_a_terminal(argv: list[str], stdout_to: Path | None = None) -> tuple[str, str]:
    """Run satdoku with standard error on a new pseudo-terminal, standard output too unless
    ``stdout_to`` names a file; return the terminal's text (its \r kept) and the file's."""
    main, side = os.openpty()
    out = open(stdout_to, "wb") if stdout_to else None  # noqa: SIM115 (closed below)
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "satdoku", *argv],
            stdin=subprocess.DEVNULL,
            stdout=out or side,
            stderr=side,
        )
        os.close(side)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert child.wait(timeout=120) == 0
    finally:
        os.close(main)
        if out is not None:
            out.close()
    screen = b"".join(chunks).decode().replace("\r\n", "\n")
    return screen, stdout_to.read_text() if stdout_to else ""


def puzzles(tmp_path: Path) -> Path:
    """A file of many puzzles: the bar is drawn between their results."""
    path = tmp_path / "p.txt"
    path.write_text("\n".join([SUDOKU9] * COUNT) + "\n")
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--progress"],
        ["solve", "--progress", "--backend", "stepper"],
        ["rate", "--progress"],
    ],
    ids=["solve", "solve-stepper", "rate"],
)
def test_a_bar_asked_for_never_shares_a_line_with_a_result(argv: list[str], tmp_path: Path) -> None:
    screen, _ = on_a_terminal([argv[0], str(puzzles(tmp_path)), *argv[1:]])
    lines = [part for line in screen.split("\n") for part in line.split("\r")]
    bars = [line for line in lines if BAR.search(line)]
    results = [line for line in lines if line and not BAR.search(line)]
    assert bars and f"{COUNT}/{COUNT} puzzles" in bars[-1]  # the progress is shown
    assert len(results) == COUNT  # every result on a line of its own, whole
    assert all(not re.search(r"\]\s*\S*\d{9}", line) for line in bars)  # nothing glued to a bar
    if argv[0] == "solve":
        assert set(results) == {results[0]} and re.fullmatch(r"\d{81}", results[0])
    else:
        assert all(line.startswith("easy      rung 0") for line in results)


def test_generate_with_a_bar_on_the_terminal_of_its_puzzles() -> None:
    screen, _ = on_a_terminal(["generate", "--count", "30", "--seed", "1", "--progress"])
    lines = [part for line in screen.split("\n") for part in line.split("\r") if part]
    results = [line for line in lines if not BAR.search(line)]
    assert len(results) == 30 and all(re.fullmatch(r"[.1-9]{81}", line) for line in results)


def test_no_bar_by_default_on_the_terminal_of_the_results(tmp_path: Path) -> None:
    screen, _ = on_a_terminal(["solve", str(puzzles(tmp_path))])
    assert not BAR.search(screen) and screen.count("\n") == COUNT


def test_the_bar_stays_when_the_results_go_to_a_file(tmp_path: Path) -> None:
    written = tmp_path / "out.txt"
    screen, out = on_a_terminal(["solve", str(puzzles(tmp_path))], stdout_to=written)
    assert f"\r[{'#' * 30}] {COUNT}/{COUNT} puzzles" in screen  # drawn in place, as before
    assert len(out.splitlines()) == COUNT and not BAR.search(out)
