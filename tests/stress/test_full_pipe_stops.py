"""A stop signal while satdoku waits on a full pipe: every record written once, whole, in order.

A reader that falls behind (``satdoku solve big.txt --json | slow-tool``) leaves satdoku blocked
in a write. A SIGTERM or Ctrl-C then interrupts ``write(2)`` part way; the records already
written and those still in satdoku's hands must all come out whole, none twice, none lost, once
the reader drains the pipe. Each trial waits until the pipe is full (an event, not a sleep), then
a random little longer, then signals.
"""

from __future__ import annotations

import fcntl
import json
import random
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from data_files import SEVENTEEN, puzzle_lines

TRIALS = 16
CONTRADICTION = "11" + "." * 79
UNREADABLE = "not a puzzle"


@pytest.fixture(scope="module")
def mixed_batch(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """300,000 lines: 17-clue puzzles, a contradiction every 97 lines, an unreadable every 211."""
    puzzles = puzzle_lines(SEVENTEEN)
    lines = [
        UNREADABLE if i % 211 == 210 else CONTRADICTION if i % 97 == 96 else puzzles[i % 2000]
        for i in range(300_000)
    ]
    path = tmp_path_factory.mktemp("full_pipe") / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, lines


def _queued(pipe: int) -> int:
    """Return the bytes waiting in a pipe."""
    buffer = bytearray(4)
    fcntl.ioctl(pipe, termios.FIONREAD, buffer)
    return int.from_bytes(buffer, sys.byteorder)


def _wait_until_blocked(child: subprocess.Popen[bytes]) -> None:
    """Return once the child's output pipe is full: its bytes stop growing, half of it or more."""
    assert child.stdout is not None
    pipe = child.stdout.fileno()
    capacity = fcntl.fcntl(pipe, 1032)  # F_GETPIPE_SZ
    deadline = time.monotonic() + 120
    seen, still = -1, 0
    while still < 5:
        assert child.poll() is None, "the run ended before the pipe was full"
        assert time.monotonic() < deadline, "the pipe never filled"
        time.sleep(0.01)
        queued = _queued(pipe)
        still = still + 1 if queued == seen and queued >= capacity // 2 else 0
        seen = queued


def _expected(line: str) -> str:
    return {UNREADABLE: "invalid", CONTRADICTION: "unsolvable"}.get(line, "solved")


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
def test_a_stop_while_the_pipe_is_full_cuts_no_record(
    mixed_batch: tuple[Path, list[str]], signal_number: int
) -> None:
    path, lines = mixed_batch
    problems = []
    for trial in range(TRIALS):
        rng = random.Random(trial)
        child = subprocess.Popen(
            [sys.executable, "-m", "satdoku", "solve", str(path), "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert child.stdout is not None
        _wait_until_blocked(child)
        time.sleep(rng.uniform(0, 0.05))
        child.send_signal(signal_number)
        out, err = child.communicate(timeout=120)
        text = out.decode()
        said = f"trial {trial}: exit {child.returncode}, stderr {err.decode()[-200:]!r}"
        if child.returncode != 128 + signal_number:
            problems.append(said)
            continue
        if text and not text.endswith("\n"):
            problems.append(f"{said}: the last record cut short")
            continue
        try:
            records = [json.loads(row) for row in text.splitlines()]
        except ValueError as bad:
            problems.append(f"{said}: a line that is not JSON ({bad})")
            continue
        if [r["index"] for r in records] != list(range(len(records))):
            problems.append(f"{said}: records repeated, lost or out of order")
        elif any(r["status"] != _expected(lines[r["index"]]) for r in records):
            problems.append(f"{said}: a record with the wrong verdict")
    assert not problems, "\n".join(problems)
