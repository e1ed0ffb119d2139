"""Benchmarks read the collections from SATDOKU_DATA, and skip in one line without them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.mark.parametrize(
    ("script", "missing"),
    [("stepper_bench.py", "puzzles2_17_clue"), ("explain_bench.py", "puzzles3_magictour_top1465")],
)
def test_a_benchmark_without_the_collections_says_so_and_exits_0(
    tmp_path: Path, script: str, missing: str
) -> None:
    env = {**os.environ, "SATDOKU_DATA": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / script)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        f"{script}: skipped, {tmp_path / missing} is not here "
        "(set SATDOKU_DATA to the folder of the puzzle collections)"
    ]
