"""``satdoku step`` streams its trace, caps --search on big grids, stays small, shows progress."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from satdoku.cli import _step_stream as step_stream
from satdoku.cli import main
from satdoku.cli._step_stream import DEFAULT_SEARCH_STEPS, CappedRun, write_html, write_json
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import GuessOrder, trace
from satdoku.views._html_player import render_trace_html
from satdoku.views._plain_board import format_board
from satdoku.views._trace_json import trace_record

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "satdoku" / "examples"
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


@pytest.mark.parametrize(
    ("name", "alphabet", "capped"),
    [("sudoku25.txt", LETTERS, True), ("sudoku16.txt", None, True), ("sudoku9.txt", None, False)],
)
def test_search_on_big_grids_is_capped_by_default(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    alphabet: str | None,
    capped: bool,
) -> None:
    """The cap is a status in the record and a message on stderr, never a quiet cut."""
    monkeypatch.setattr(step_stream, "DEFAULT_SEARCH_STEPS", 200)  # the real one takes seconds
    argv = ["step", str(EXAMPLES / name), "--search", "--json"]
    assert main(argv + (["--alphabet", alphabet] if alphabet else [])) == 0
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    if capped:
        assert len(record["steps"]) == 200 and record["truncated"] is True
        assert record["status"] == "stalled" and "solution" not in record
        assert "stops after 200 steps by default (give --max-steps N to go further)" in captured.err
    else:
        assert record["status"] == "solved" and "truncated" not in record
        assert captured.err == ""


def test_the_default_cap_lets_a_typical_16x16_finish() -> None:
    """The bundled 16x16 (946 steps) and the measured ones (up to 68,471 of 6) fit in it."""
    assert DEFAULT_SEARCH_STEPS >= 70_000
    run = CappedRun(parse_line((EXAMPLES / "sudoku16.txt").read_text().split()[-1]), search=True)
    assert sum(1 for _ in run) < DEFAULT_SEARCH_STEPS and not run.truncated


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


@pytest.mark.parametrize(
    ("line", "search", "cap", "title"),
    [
        ("1...", False, None, "t"),
        (HARD9, True, None, "satdoku step: hard.txt"),
        (HARD9, True, 300, "%%JS%% </script> é"),
        ("11..............", True, None, ""),
    ],
    ids=["2x2", "hard-search", "hard-cut-odd-title", "unsolvable"],
)
def test_the_streamed_page_is_the_whole_page_byte_for_byte(
    line: str, search: bool, cap: int | None, title: str
) -> None:
    puzzle = parse_line(line)
    out = io.StringIO()
    write_html(CappedRun(puzzle, search=search, cap=cap), Alphabet(), out.write, title)
    whole = trace(puzzle, search=search, order=GuessOrder.FIRST, max_steps=cap)
    assert out.getvalue() == render_trace_html(trace_record(whole), title)


def test_the_html_command_writes_the_same_page_as_before(tmp_path: Path) -> None:
    """``--html`` streams the page that the record of the whole trace makes."""
    path = tmp_path / "hard.txt"
    path.write_text(HARD9 + "\n")
    page = tmp_path / "t.html"
    assert main(["step", str(path), "--search", "--max-steps", "500", "--html", str(page)]) == 0
    whole = trace(parse_line(HARD9), search=True, max_steps=500)
    expected = render_trace_html(trace_record(whole), title="satdoku step: hard.txt")
    assert page.read_text(encoding="utf-8") == expected


@pytest.mark.parametrize("cap", [1, 37, 300])
def test_a_cut_run_ends_on_the_board_of_its_last_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cap: int
) -> None:
    """The end board is the state after step K, not after the step past the cap."""
    path = tmp_path / "hard.txt"
    path.write_text(HARD9 + "\n")
    argv = ["step", str(path), "--search", "--max-steps", str(cap), "--boards", "end"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    puzzle = parse_line(HARD9)
    state = trace(puzzle, search=True, max_steps=cap).state(cap)
    board = format_board(state, puzzle.shape, Alphabet(), puzzle.cells, labels=True)
    head, _, tail = out.rpartition("status: ")
    assert head.endswith(f"{board}\n")
    assert tail.startswith(f"stalled (cut after {cap} steps: --max-steps)")


MEASURE_PEAK = (  # a fresh parent, so the peak is that of its one child
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def test_memory_stays_bounded_on_a_long_page(tmp_path: Path) -> None:
    """A 20,000-step 25x25 page (11 MB): the peak is that of the program, not of the trace."""
    page = tmp_path / "trace.html"
    argv = [sys.executable, "-m", "satdoku", "step", str(EXAMPLES / "sudoku25.txt"),
            "--alphabet", LETTERS, "--search", "--max-steps", "20000"]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", MEASURE_PEAK, *argv, "--html", str(page)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    peak_kb = int(done.stdout)
    assert page.stat().st_size > 5_000_000
    assert peak_kb < 80_000, peak_kb  # 36 MB measured; 151 MB when the page was made whole


def default_sigint() -> None:
    """SIGINT back to its default in the child (pytest may run with it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("view", ["--json", "--html", "text"])
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_stopped_run_closes_its_record(tmp_path: Path, view: str, stop: int) -> None:
    """Ctrl-C (or SIGTERM) mid-trace: the record or page written so far is whole and says so."""
    target = tmp_path / "out"
    argv = [sys.executable, "-m", "satdoku", "step", str(EXAMPLES / "sudoku25.txt"), "--search",
            "--alphabet", LETTERS, "--max-steps", "9999999", "--boards", "none"]  # fmt: skip
    argv += {"--json": ["--json"], "--html": ["--html", str(tmp_path / "t.html")], "text": []}[view]
    with target.open("wb") as out:
        child = subprocess.Popen(
            argv, stdout=out, stderr=subprocess.PIPE, preexec_fn=default_sigint
        )
        written = tmp_path / "t.html" if view == "--html" else target
        deadline = time.monotonic() + 60
        while not (written.exists() and written.stat().st_size > 200_000):
            assert time.monotonic() < deadline and child.poll() is None
            time.sleep(0.05)
        child.send_signal(stop)
        _, err = child.communicate(timeout=60)
    assert child.returncode == (130 if stop == signal.SIGINT else 128 + stop), err
    if view == "text":
        text = target.read_text()
        assert text.endswith(" steps)\n") and "status: stalled (interrupted after " in text
        return
    if view == "--html":
        record = embedded_json(written.read_text(encoding="utf-8"))
        assert written.read_text(encoding="utf-8").rstrip().endswith("</html>")
    else:
        record = json.loads(target.read_text())
    assert record["interrupted"] is True and record["truncated"] is True
    assert record["status"] == "stalled" and len(record["steps"]) > 100


def embedded_json(page: str) -> Any:
    """Return the trace a player page embeds."""
    found = re.search(r'<script type="application/json" id="trace-data">(.*?)</script>', page, re.S)
    assert found
    return json.loads(found.group(1))


def read_pty(leader: int) -> str:
    """Return what was written to a pseudo-terminal so far."""
    os.set_blocking(leader, False)
    try:
        return os.read(leader, 1 << 20).decode()
    except BlockingIOError:
        return ""


def test_a_page_being_written_shows_progress_on_a_terminal(tmp_path: Path) -> None:
    """``--html`` from a terminal (the command of the report): a bar counts towards the cap."""
    out_leader, out_follower = pty.openpty()
    err_leader, err_follower = pty.openpty()
    try:
        subprocess.run(
            [sys.executable, "-m", "satdoku", "step", str(EXAMPLES / "sudoku25.txt"),
             "--alphabet", LETTERS, "--search", "--max-steps", "3000",
             "--html", str(tmp_path / "t.html")],
            stdout=out_follower,
            stderr=err_follower,
            check=True,
            timeout=120,
        )  # fmt: skip
        said, printed = read_pty(err_leader), read_pty(out_leader)
    finally:
        for fd in (out_leader, out_follower, err_leader, err_follower):
            os.close(fd)
    assert "3,000/3,000 steps" in said and "/s" in said
    assert "wrote" in printed and "3000 steps" in printed


@pytest.mark.parametrize("view", [[], ["--json"], ["--html", "t.html"]])
def test_no_progress_when_standard_error_is_not_a_terminal(tmp_path: Path, view: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "satdoku", "step", str(EXAMPLES / "sudoku16.txt"), "--search",
         "--max-steps", "5000", *view],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        cwd=tmp_path,
    )  # fmt: skip
    assert done.stderr == ""


def test_play_off_a_terminal_draws_the_last_frame_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--play`` into a file or pipe builds two frames and never sleeps (100,000 steps: 2 s)."""
    terminal_player = pytest.importorskip("satdoku.views._terminal_player")
    rich_console = pytest.importorskip("rich.console")
    calls: list[int] = []  # the frames built (their positions) and the sleeps (-1)
    frame = terminal_player.frame

    def counted(t: Any, k: int, *args: Any, **options: Any) -> Any:
        calls.append(k)
        return frame(t, k, *args, **options)

    monkeypatch.setattr(terminal_player, "frame", counted)
    monkeypatch.setattr(terminal_player.time, "sleep", lambda seconds: calls.append(-1))
    t = trace(parse_line(HARD9), search=True)
    console = rich_console.Console(file=io.StringIO(), width=100, height=50)
    played = terminal_player.play(t, console, delay=0.5)
    assert played.position == len(t.steps) > 1000 and not played.interrupted
    assert calls == [0, -1, len(t.steps)]  # the start, its sleep (no pause) and the end
