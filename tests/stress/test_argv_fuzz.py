"""Random command lines over every command: no exit 70, no traceback, no hang, every --timeout
kept. ``SATDOKU_ARGV_RUNS`` sets the number of runs (5,000 by default; the benchmark
``benchmarks/argv_fuzz_run.py`` runs more)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from argv_fuzz import fuzz

RUNS = int(os.environ.get("SATDOKU_ARGV_RUNS", "5000"))

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def test_random_command_lines_keep_the_contract(tmp_path: Path) -> None:
    report = fuzz(tmp_path, seed=20, runs=RUNS)
    assert not report.failures, f"{len(report.failures)} of {RUNS}:\n" + "\n".join(
        report.failures[:10]
    )
    assert not report.stray, f"written past sys.stderr: {report.stray[:3]}"
    assert len(report.long) <= RUNS // 500, report.long  # long work asked for stays rare
    commands = set(report.statuses)
    assert commands == {"solve", "check", "count", "step", "hint", "dimacs", "decode", "show"} | (
        commands & {"rate", "generate"}
    )
    assert sum(sum(per.values()) for per in report.statuses.values()) + len(report.long) == RUNS
    ok = sum(per.get(0, 0) for per in report.statuses.values())
    assert ok > RUNS // 10  # the fuzz reaches real work, not only option errors
