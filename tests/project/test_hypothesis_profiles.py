"""The Hypothesis profiles: a CI run reports a failing property's first example without
spending minutes shrinking it; a developer's run shrinks it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hypothesis_profiles import PROFILE_VARIABLE, PROFILES, profile_name

TESTS = Path(__file__).resolve().parents[1]


def calls_after_the_first_failure(profile: settings) -> int:
    """Run a property that fails on most lists under ``profile``; count the calls made after
    the first failing one (shrinking makes many, reporting the failure one or two)."""
    outcomes: list[bool] = []

    @settings(profile, database=None, derandomize=True, max_examples=200)
    @given(st.lists(st.integers(min_value=0, max_value=1000), min_size=3))
    def prop(numbers: list[int]) -> None:
        outcomes.append(sum(numbers) > 100)
        assert not outcomes[-1]

    with pytest.raises(AssertionError):
        prop()
    return len(outcomes) - outcomes.index(True) - 1


def test_the_ci_profile_does_not_shrink_and_the_dev_profile_does() -> None:
    assert calls_after_the_first_failure(PROFILES["ci"]) <= 2
    assert calls_after_the_first_failure(PROFILES["dev"]) > 10


def test_the_environment_names_the_profile() -> None:
    assert profile_name({}) == "dev"
    assert profile_name({PROFILE_VARIABLE: "ci"}) == "ci"
    with pytest.raises(SystemExit, match="expected one of dev, ci"):
        profile_name({PROFILE_VARIABLE: "fast"})


@pytest.mark.parametrize("name", ["dev", "ci"])
def test_the_suite_loads_the_profile_the_environment_names(name: str) -> None:
    """tests/conftest.py loads the profile before any test module makes its settings."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import conftest\n"
        "from hypothesis import Phase, settings\n"
        "print(Phase.shrink in settings().phases)"
    )
    env = {**os.environ, PROFILE_VARIABLE: name}
    done = subprocess.run(
        [sys.executable, "-c", code, str(TESTS)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{name == 'dev'}\n"
