"""The public surface: modules are private (``_name.py``) but for a few; each sub-package's
``__init__`` names what a user of that layer needs, lazily, and every name there is documented."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import satdoku

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "satdoku"
PUBLIC_MODULES = {"distributed.py"}
"""Modules that are public though not packages: the notebook's Dask entry point."""
MOST_PUBLIC_NAMES = 30
MOST_SUB_PACKAGE_NAMES = 50
"""Tens of names a layer, not hundreds: the rest is internal and imported from its module."""

SUB_PACKAGES = sorted(
    ".".join(("satdoku", *p.parent.relative_to(PACKAGE).parts))
    for p in PACKAGE.rglob("__init__.py")
    if p.parent != PACKAGE and "__pycache__" not in p.parts
)


def _public_modules() -> list[str]:
    return sorted(
        rel
        for p in PACKAGE.rglob("*.py")
        if "__pycache__" not in p.parts
        and not p.name.startswith("_")
        and (rel := p.relative_to(PACKAGE).as_posix()) not in PUBLIC_MODULES
    )


def test_every_module_but_the_packages_and_the_allowed_is_private() -> None:
    assert _public_modules() == []


def test_the_layers_are_all_there() -> None:
    layers = {"core", "io", "rules", "cnf", "backends", "api", "generation", "views", "batch"}
    assert {f"satdoku.{name}" for name in layers} <= set(SUB_PACKAGES)


@pytest.mark.parametrize("package", SUB_PACKAGES)
def test_each_sub_package_names_its_public_surface(package: str) -> None:
    module = importlib.import_module(package)
    names = module.__all__
    assert names, f"{package} exports nothing"
    assert len(names) <= MOST_SUB_PACKAGE_NAMES
    assert not [n for n in names if n.startswith("_")]
    assert module.__doc__, f"{package} does not say what it is for"
    for name in names:
        value = getattr(module, name)
        if inspect.isfunction(value) or inspect.isclass(value):  # not constants, type aliases
            assert value.__doc__, f"{package}.{name} has no docstring"


def test_an_unknown_name_of_a_sub_package_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = satdoku.core.no_such_name  # type: ignore[attr-defined]


def test_the_top_level_names_stay_few() -> None:
    assert len(satdoku.__all__) <= MOST_PUBLIC_NAMES


def test_the_public_names_are_the_ones_the_modules_define() -> None:
    # satdoku.api.solve is the function (its module is satdoku.api._solve, no longer shadowing it)
    from satdoku.api import solve
    from satdoku.core import Puzzle, Shape

    assert solve is satdoku.solve
    assert solve(Puzzle.empty(Shape.sudoku(4))) is not None


def test_importing_the_sub_packages_loads_none_of_their_modules() -> None:
    # the command line's start-up imports the packages; their names load on first use
    code = (
        "import sys, satdoku.cli\n"
        f"packages = {SUB_PACKAGES!r}\n"
        "for name in packages: __import__(name)\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    heavy = ["satdoku.views._svg", "satdoku.api._explain", "satdoku.rules._search"]
    assert [name for name in heavy if name in loaded] == []
