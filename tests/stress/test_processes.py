"""No process left behind, none hung: killed workers, killed parents, SIGTERM and SIGHUP."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from data_files import SEVENTEEN, puzzle_lines, repeated
from hard_instances import HARD_SYMBOLS, pigeonhole_latin
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import format_line

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def children_of(pid: int) -> set[int]:
    """Return the process ids whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return state[state.rindex(")") + 2] != "Z"


def wait_for(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def default_signals() -> None:
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20,000 lines of 17-clue puzzles, one unreadable and one unsolvable among them (seconds
    of --no-native work, cut long after its first record)."""
    path = tmp_path_factory.mktemp("batch") / "batch.txt"
    lines = repeated(puzzle_lines(SEVENTEEN), 20000)
    lines[7] = "not a puzzle"
    lines[15000] = "11" + "." * 79
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_killed_worker_changes_nothing_in_the_output(batch: Path, tmp_path: Path) -> None:
    """A --jobs worker killed mid-run (as the OOM killer would): the output of one process, in
    order (each puzzle has one solution, so the compiled engine's serial run is that output)."""
    serial = [sys.executable, "-m", "satdoku", "solve", str(batch), "--json"]
    expected = subprocess.run(serial, capture_output=True, timeout=300).stdout
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        child = subprocess.Popen(
            [*serial, "--no-native", "--jobs", "2"], stdout=out, stderr=subprocess.PIPE
        )
        assert wait_for(lambda: len(children_of(child.pid)) >= 2, 30)
        assert wait_for(lambda: out_path.stat().st_size > 0, 60)
        victim = min(children_of(child.pid))
        os.kill(victim, signal.SIGKILL)
        assert child.poll() is None, "the batch ended before a worker was killed"
        _, err = child.communicate(timeout=300)
    assert child.returncode == 2, err  # 2: the batch holds an unreadable line
    assert out_path.read_bytes() == expected
    assert not alive(victim)


def hard_file(tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "hard.txt"
    path.write_text(format_line(pigeonhole_latin(16).cells, Alphabet(HARD_SYMBOLS + "RSTUVW")))
    options = ["--latin", "--alphabet", HARD_SYMBOLS + "RSTUVW", "--portfolio", "2"]
    return path, options


@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM", "SIGHUP"])
def test_no_solver_child_outlives_its_parent(how: str, tmp_path: Path) -> None:
    """Portfolio children (big grids) die with the parent, however the parent ends."""
    path, options = hard_file(tmp_path)
    parent = subprocess.Popen(
        [sys.executable, "-m", "satdoku", "solve", str(path), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=default_signals,
    )
    try:
        assert wait_for(lambda: len(children_of(parent.pid)) >= 2, 60), "no portfolio started"
        racers = children_of(parent.pid)
        parent.send_signal(getattr(signal, how))
        _, err = parent.communicate(timeout=30)
        assert wait_for(lambda: not any(map(alive, racers)), 10), f"orphans: {racers}"
        if how != "SIGKILL":
            assert parent.returncode == 128 + getattr(signal, how), err
            assert b"Traceback" not in err
    finally:
        parent.kill()
        parent.wait()


def test_sigterm_stops_a_jobs_batch_cleanly(batch: Path, tmp_path: Path) -> None:
    """--jobs 2 and SIGTERM: exit 143, whole records, no worker traceback, no worker left."""
    argv = [sys.executable, "-m", "satdoku", "solve", str(batch), "--no-native", "--json"]
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        child = subprocess.Popen(
            [*argv, "--jobs", "2"], stdout=out, stderr=subprocess.PIPE, preexec_fn=default_signals
        )
        assert wait_for(lambda: out_path.stat().st_size > 0, 60)
        workers = children_of(child.pid)
        child.send_signal(signal.SIGTERM)
        _, err = child.communicate(timeout=30)
    assert child.returncode == 143 and err.endswith(b"satdoku: terminated\n"), err
    assert b"Traceback" not in err and b"BrokenPipe" not in err
    assert out_path.read_bytes().endswith(b"\n")
    assert wait_for(lambda: not any(map(alive, workers)), 10)
