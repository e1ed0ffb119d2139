r"""Griffe extension for the library reference: docstrings written for doctest read as Markdown.

satdoku's docstrings hold runnable examples as plain ``>>>`` lines (doctest runs them); in
Markdown such lines would read as quotes, so each run of them, with its expected output, is
fenced as a ``pycon`` block before mkdocstrings renders the docstring. Sphinx cross-reference
roles (``:class:`~satdoku.Shape```) become code spans of the name.

>>> fence_examples("Say it.\n\n>>> 1 + 1\n2\n\nMore.").splitlines()[2:6]
['```pycon', '>>> 1 + 1', '2', '```']
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["DoctestBlocks", "fence_examples", "plain_roles"]

_ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):`~?([^`]+)`")


def fence_examples(text: str) -> str:
    r"""Return ``text`` with each example (``>>>`` lines and their output) fenced as ``pycon``.

    >>> fence_examples("a\n>>> x\n").splitlines()
    ['a', '```pycon', '>>> x', '```']
    """
    out: list[str] = []
    inside = False
    fenced = False  # inside a code block the docstring fenced itself
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
        if not fenced and not inside and stripped.startswith(">>>"):
            out.append("```pycon")
            inside = True
        elif inside and not stripped:
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


def plain_roles(text: str) -> str:
    r"""Return ``text`` with each Sphinx role written as a code span of its target.

    >>> plain_roles("a :class:`~satdoku.core._shape.Shape` and :func:`solve`")
    'a `satdoku.core._shape.Shape` and `solve`'
    """
    return _ROLE.sub(r"`\1`", text)


class DoctestBlocks(griffe.Extension):
    """Fence the examples and plain the roles of every docstring griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Fence the examples of ``obj``'s docstring, if it has one."""
        if obj.docstring is not None:
            obj.docstring.value = fence_examples(plain_roles(obj.docstring.value))
