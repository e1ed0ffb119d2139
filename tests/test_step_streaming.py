"""``satdoku step`` streams its trace, caps --search on big grids, stays small, shows progress."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

from satdoku.cli import main
from satdoku.cli.step_stream import DEFAULT_SEARCH_STEPS, CappedRun, write_json
from satdoku.io.alphabet import Alphabet
from satdoku.io.line import parse_line
from satdoku.rules.search import GuessOrder, trace
from satdoku.views.trace_json import trace_record

EXAMPLES = Path(__file__).resolve().parent.parent / "src" / "satdoku" / "examples"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"
SEVENTEEN = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
HARD9 = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


@pytest.mark.parametrize(
    ("line", "search", "cap"),
    [
        ("1...", False, None),
        (
            ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
            False,
            None,
        ),
        (HARD9, True, None),
        (HARD9, True, 300),
        ("11..............", True, None),
    ],
    ids=["2x2", "17-clue", "hard-search", "hard-cut", "unsolvable"],
)
def test_the_streamed_record_is_the_whole_record_byte_for_byte(
    line: str, search: bool, cap: int | None
) -> None:
    puzzle = parse_line(line)
    out = io.StringIO()
    write_json(CappedRun(puzzle, search=search, cap=cap), Alphabet(), out.write)
    whole = trace(puzzle, search=search, order=GuessOrder.FIRST, max_steps=cap)
    assert out.getvalue() == json.dumps(trace_record(whole)) + "\n"


def test_output_starts_at_once_and_a_killed_run_keeps_it(tmp_path: Path) -> None:
    """The first steps are on standard output long before the (capped) run ends."""
    argv = [sys.executable, "-m", "satdoku", "step", str(EXAMPLES / "sudoku25.txt")]
    child = subprocess.Popen(
        [*argv, "--alphabet", LETTERS, "--search", "--max-steps", "10000000", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert child.stdout is not None
        start = time.monotonic()
        head = child.stdout.read(20000)
        assert head.startswith(b'{"steps": [{') and time.monotonic() - start < 20
        assert child.poll() is None  # still stepping
    finally:
        child.kill()
        child.wait()


def test_search_on_big_grids_is_capped_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "sudoku25.txt")
    assert main(["step", path, "--alphabet", LETTERS, "--search", "--json"]) == 0
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    if record.get("truncated"):  # the bundled 25x25 may need fewer steps than the cap
        assert len(record["steps"]) == DEFAULT_SEARCH_STEPS
        assert record["status"] == "stalled"
    assert "--max-steps N" in captured.err and f"{DEFAULT_SEARCH_STEPS:,}" in captured.err


def test_memory_stays_bounded_on_a_long_json_trace(tmp_path: Path) -> None:
    """A 20,000-step 25x25 trace to a file: the peak is that of the program, not of the trace."""
    out = tmp_path / "trace.json"
    argv = [sys.executable, "-m", "satdoku", "step", str(EXAMPLES / "sudoku25.txt"),
            "--alphabet", LETTERS, "--search", "--max-steps", "20000", "--json"]  # fmt: skip
    measure = (  # a fresh parent, so the peak is that of this one child
        "import resource, subprocess, sys\n"
        f"subprocess.run({argv!r}, stdout=open({str(out)!r}, 'wb'), check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", measure], capture_output=True, text=True, check=True, timeout=120
    )
    peak_kb = int(done.stdout)
    assert out.stat().st_size > 5_000_000  # about 13 MB of steps were written ...
    assert peak_kb < 120_000, peak_kb  # ... in far less memory (35 MB measured; 120 MB before)


def test_a_long_trace_shows_progress_on_a_terminal(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    try:
        with (tmp_path / "trace.txt").open("wb") as out:
            subprocess.run(
                [sys.executable, "-m", "satdoku", "step", str(EXAMPLES / "sudoku16.txt"),
                 "--search", "--boards", "none"],
                stdout=out,
                stderr=follower,
                check=True,
                timeout=120,
            )  # fmt: skip
        os.set_blocking(leader, False)
        said = os.read(leader, 65536).decode()
    finally:
        os.close(leader)
        os.close(follower)
    assert "steps" in said and "/s" in said
    assert "status: solved" in (tmp_path / "trace.txt").read_text()
