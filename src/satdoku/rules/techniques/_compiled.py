"""The techniques' finders compiled in C, where satdoku was built with them.

Each finder of this package has its reference in Python; where the extension
``satdoku.rules.techniques._native`` was built (and ``SATDOKU_NATIVE`` is not ``0``), a finder
hands it the shape's :func:`layout_of` and the board's masks and makes its step from the answer,
which is what its own search finds, in the same order. :func:`native` is None otherwise, and
:func:`python_only` switches the compiled finders off for a while (tests compare the two).

>>> layout = layout_of(Shape.sudoku(4))
>>> layout is None or layout.peers(0)
(1, 2, 3, 4, 5, 8, 12)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache, partial
from types import ModuleType
from typing import Any

from ...core._shape import Shape

__all__ = ["VERSION", "compiled_search", "layout_of", "native", "python_only"]

VERSION = 2
"""The version of the C source this Python code reads (the module's ``VERSION``)."""

_switched_off = False


@lru_cache(maxsize=1)
def _loaded() -> ModuleType | None:
    if os.environ.get("SATDOKU_NATIVE", "1") == "0":
        return None
    try:
        from . import _native  # type: ignore[attr-defined]
    except ImportError:
        return None
    if getattr(_native, "VERSION", None) != VERSION:
        return None  # built from another version: reinstall to rebuild it
    module: ModuleType = _native
    return module


def native() -> ModuleType | None:
    """Return the compiled finders' module, None when not built or switched off.

    >>> native() is None or native().VERSION == VERSION
    True
    """
    return None if _switched_off else _loaded()


@lru_cache(maxsize=32)
def _layout(shape: Shape) -> Any:
    module = _loaded()
    if module is None or shape.n > 64:
        return None
    return module.Layout(shape.n, [house.cells for house in shape.houses])


def layout_of(shape: Shape) -> Any:
    """Return the compiled layout of a shape (houses, peers), None when the finders are not
    compiled or the side is past 64."""
    return None if _switched_off else _layout(shape)


def compiled_search(name: str, shape: Shape) -> Callable[..., Any] | None:
    """Return the compiled function ``name`` with the shape's layout as its first argument,
    None when the finders are not compiled (the Python search then runs).

    >>> search = compiled_search("bug_plus_1", Shape.sudoku(4))
    >>> search is None or search([0] * 16) is None
    True
    """
    layout = layout_of(shape)
    return None if layout is None else partial(getattr(_loaded(), name), layout)


@contextmanager
def python_only() -> Iterator[None]:
    """Run the finders' Python references only, inside the ``with`` block.

    >>> with python_only():
    ...     native() is None
    True
    """
    global _switched_off
    was, _switched_off = _switched_off, True
    try:
        yield
    finally:
        _switched_off = was
