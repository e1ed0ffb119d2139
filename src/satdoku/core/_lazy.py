"""A package's public names loaded on first use (PEP 562), so importing the package stays cheap."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return a package's ``__getattr__`` and ``__dir__``: each name of ``homes`` is loaded from
    its module (relative to the package) on first use, then kept as a plain attribute.

    >>> get, names = lazy_names("satdoku.core", {"Shape": "_shape"})
    >>> get("Shape").__name__, "Shape" in names()
    ('Shape', True)
    """

    def load(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def names() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(homes))

    return load, names
