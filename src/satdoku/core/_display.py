"""Pictures of model objects in notebooks, drawn by whichever view registered itself for them.

Model types never import views: a view registers a drawer for a type and a MIME kind, and the
type's ``_repr_svg_`` or ``_repr_html_`` asks :func:`draw`. The package's own views are loaded on
the first drawing, by the loader ``import satdoku`` hands to :func:`load_views_with` (so the
command line, which draws nothing in a notebook, never loads them).

>>> class Box:
...     def _repr_svg_(self) -> str | None:
...         return draw(self, "svg")
>>> register(Box, "svg", lambda box: "<svg/>")
>>> Box()._repr_svg_()
'<svg/>'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["register", "draw", "load_views_with"]

_DRAWERS: dict[tuple[type, str], Callable[[Any], str]] = {}
_LOADERS: list[Callable[[], None]] = []


def load_views_with(loader: Callable[[], None]) -> None:
    """Call ``loader`` (once) before the first drawing: it imports the views that register.

    >>> load_views_with(lambda: None)
    """
    _LOADERS.append(loader)


def register(kind: type, mime: str, drawer: Callable[[Any], str]) -> None:
    """Let ``drawer`` draw objects of ``kind`` (and its subclasses) as ``mime`` ("svg", "html")."""
    _DRAWERS[kind, mime] = drawer


def draw(obj: object, mime: str) -> str | None:
    """Return the registered drawing of ``obj`` as ``mime``, None when no view registered one.

    >>> draw(object(), "svg") is None
    True
    """
    while _LOADERS:
        _LOADERS.pop()()
    for kind in type(obj).__mro__:
        drawer = _DRAWERS.get((kind, mime))
        if drawer is not None:
            return drawer(obj)
    return None
