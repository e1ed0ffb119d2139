"""The package as users import it: typed, with an explicit public surface."""

from __future__ import annotations

import importlib
import pkgutil
from importlib import resources

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
