"""The test suite's folders: shared helpers in support/, tests in one folder per subject.

support/ and every test folder are put on ``sys.path`` here, so a test imports a helper (or a
name another test module defines) by its module name, wherever either lives: ``from data_files
import SEVENTEEN``.  Test modules' names are unique across the folders (pytest imports them by
their basename).  Which folder holds what: tests/README.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
NOT_TESTS = {"data", "artifacts", "__pycache__"}
"""Folders of tests/ that hold no Python: the data files, a browser test's screenshots."""

for folder in sorted(TESTS.iterdir(), reverse=True):
    if folder.is_dir() and folder.name not in NOT_TESTS and str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from hypothesis_profiles import load_profile  # noqa: E402 (support/ is on sys.path from here)

load_profile(os.environ)  # before any test module makes its @settings
