"""The package as users import it: typed, with an explicit public surface."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import satdoku


def test_the_package_says_it_is_typed() -> None:
    # PEP 561: without the marker, mypy in a user's project ignores every hint of satdoku
    assert resources.files("satdoku").joinpath("py.typed").is_file()


def test_every_module_states_its_public_names() -> None:
    missing = []
    for info in pkgutil.walk_packages(satdoku.__path__, "satdoku."):
        if info.name.endswith("__main__"):  # runs the CLI when imported
            continue
        module = importlib.import_module(info.name)
        names = getattr(module, "__all__", None)
        if names is None:
            missing.append(info.name)
            continue
        for name in names:
            assert hasattr(module, name), f"{info.name}.__all__ names {name}, which is not there"
    assert not missing, f"modules without __all__: {missing}"


ROOT = Path(__file__).resolve().parents[2]


LINTED = ["src", "tests", "benchmarks", *(p.name for p in ROOT.glob("*.py"))]


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", *LINTED],
        ["ruff", "format", "--check", *LINTED],
        ["mypy", "src"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_lint_format_and_types_are_clean(command: list[str]) -> None:
    # the test extra installs ruff and mypy; the project's settings are in pyproject.toml
    run = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr
