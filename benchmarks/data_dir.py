"""Where the benchmarks find the puzzle collections, and a one-line skip when they are absent.

The collections are too big for the repository: a benchmark reads them from the folder named by
the ``SATDOKU_DATA`` environment variable, else from ``shared/data`` beside the repository (its
parent folder's ``shared/data``). The tests never read them (they carry samples in tests/data).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["DATA", "RESULTS", "ROOT", "need"]

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("SATDOKU_DATA") or ROOT.parent / "shared" / "data")
RESULTS = ROOT / "benchmarks" / "results"
"""The raw rows the benchmarks wrote (JSON lines, results.json, the plot); the report that
reads them is benchmarks/RESULTS.md."""


def need(*paths: Path) -> None:
    """Exit 0 with one line saying what is missing unless every file a benchmark reads is here."""
    missing = [path for path in paths if not path.exists()]
    if missing:
        print(
            f"{Path(sys.argv[0]).name}: skipped, {missing[0]} is not here "
            "(set SATDOKU_DATA to the folder of the puzzle collections)"
        )
        raise SystemExit(0)
