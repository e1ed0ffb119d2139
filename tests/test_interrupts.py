"""Ctrl-C at random moments: always exit 130, with every record printed before it whole.

PySAT's own SIGINT handler jumps out of the solver's C code; once that ended a run with
``free(): invalid pointer`` (SIGABRT) instead of 130. satdoku never lets it run
(:mod:`satdoku.backends.interrupts`); this test sends SIGINT to real runs at random moments
of a batch on every PySAT path (sliced CaDiCaL, CaDiCaL unlimited, MiniSat with the watcher,
the compiled engine). ``SATDOKU_STRESS_TRIALS`` sets the number of runs (default 200).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from satdoku.backends.interrupts import shielded

TRIALS = int(os.environ.get("SATDOKU_STRESS_TRIALS", "200"))
DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "puzzles2_17_clue"
PATHS = (
    ["--no-native", "--timeout", "5"],  # the persistent CaDiCaL, its limit kept by slices
    ["--no-native"],  # the persistent CaDiCaL, unlimited: each call shielded
    ["--no-native", "--solver", "minisat22", "--timeout", "5"],  # interrupted by the watcher
    [],  # the compiled engine first
)


def default_sigint() -> None:
    """SIGINT back to its default in the child (pytest may run with it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if DATA.exists():
        lines = [t for t in DATA.read_text().splitlines() if t and not t.startswith("#")]
    else:  # a checkout without the shared data: a batch made here
        from satdoku.api.generate import random_puzzle
        from satdoku.core.shape import Shape
        from satdoku.io.line import format_line

        rng = random.Random(1)
        lines = [format_line(random_puzzle(Shape.sudoku(9), 0.3, rng)[0].cells) for _ in range(500)]
    path = tmp_path_factory.mktemp("stress") / "batch.txt"
    path.write_text("\n".join((lines * 10)[:40000]) + "\n")
    return path


def one_trial(seed: int, batch: Path, out_dir: Path) -> str | None:
    """Interrupt one run at a random moment after its first record; None when all is well."""
    rng = random.Random(seed)
    options = PATHS[seed % len(PATHS)]
    out_path = out_dir / f"out{seed}.jsonl"
    with out_path.open("wb") as out:
        child = subprocess.Popen(
            [sys.executable, "-m", "satdoku", "solve", str(batch), "--json", *options],
            stdout=out,
            stderr=subprocess.PIPE,
            preexec_fn=default_sigint,
        )
        deadline = time.monotonic() + 60
        while out_path.stat().st_size == 0 and child.poll() is None:
            if time.monotonic() > deadline:
                child.kill()
                return f"trial {seed}: no record within 60 s"
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.4))
        child.send_signal(signal.SIGINT)
        try:
            _, err = child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            return f"trial {seed} ({options}): still running 30 s after SIGINT"
    text = out_path.read_bytes().decode()
    said = f"trial {seed} ({options}): exit {child.returncode}, stderr {err.decode()[-300:]!r}"
    if child.returncode != 130 or err != b"satdoku: interrupted\n":
        return said
    if text and not text.endswith("\n"):
        return f"{said}: a record cut short: {text[-200:]!r}"
    records = [json.loads(line) for line in text.splitlines()]
    if [r["index"] for r in records] != list(range(len(records))):
        return f"{said}: records out of order or missing"
    if not all(r["status"] == "solved" and len(r["solution"]) == 81 for r in records):
        return f"{said}: a record that is not a solution"
    return None


def test_ctrl_c_at_random_moments_always_exits_130_with_whole_records(
    batch: Path, tmp_path: Path
) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = pool.map(lambda seed: one_trial(seed, batch, tmp_path), range(TRIALS))
        failures = [f for f in outcomes if f]
    assert not failures, f"{len(failures)} of {TRIALS} trials failed:\n" + "\n".join(failures[:10])


@pytest.mark.parametrize("threads", [1, 2], ids=["alone", "with another thread"])
def test_a_shielded_call_defers_ctrl_c_until_it_returns(threads: int) -> None:
    """SIGINT sent during a shielded call is raised after the call, which finishes."""
    finished = []

    def slow() -> int:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
        finished.append(True)
        return 1

    stop = threading.Event()
    other = threading.Thread(target=stop.wait) if threads == 2 else None
    if other is not None:
        other.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            shielded(slow)
    finally:
        stop.set()
    assert finished == [True]
