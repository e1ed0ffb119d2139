"""MkDocs hook: the commands' reference page is rendered from satdoku's own argparse parsers.

A line ``<!-- satdoku commands -->`` in a page becomes one section per command holding its
``--help`` text exactly as ``satdoku COMMAND --help`` prints it in a 100-column terminal, so the
reference cannot drift from the parsers. The tests use :func:`help_texts` too.

>>> texts = help_texts()
>>> list(texts)[:3], texts["satdoku solve"].startswith("usage: satdoku solve")
(['satdoku', 'satdoku solve', 'satdoku check'], True)
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["MARKER", "WIDTH", "help_texts", "commands_markdown", "on_page_markdown"]

MARKER = "<!-- satdoku commands -->"
"""The line of a page that the commands' help texts replace."""

WIDTH = 100
"""The terminal width the help texts are laid out for."""


@contextmanager
def _columns(width: int) -> Iterator[None]:
    """Lay out argparse's help for ``width`` columns (satdoku's formatter reads ``COLUMNS``)."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def help_texts(width: int = WIDTH) -> dict[str, str]:
    """Return each command line's ``--help`` text, ``satdoku`` first, then the commands in order.

    >>> "usage: satdoku check" in help_texts()["satdoku check"]
    True
    """
    from satdoku.cli import COMMANDS, build_parser

    with _columns(width):
        parser = build_parser()
        texts = {"satdoku": parser.format_help()}
        subparsers = next(
            action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
        )
        for name in COMMANDS:
            texts[f"satdoku {name}"] = subparsers.choices[name].format_help()
    return texts


def commands_markdown(width: int = WIDTH) -> str:
    """Return the Markdown of every command's section: a heading and its ``--help`` text.

    >>> commands_markdown().splitlines()[0]
    '## `satdoku`'
    """
    sections = []
    for command, text in help_texts(width).items():
        sections.append(f"## `{command}`\n\n```text\n{text.rstrip()}\n```\n")
    return "\n".join(sections)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replace the marker line of a page with the commands' sections (MkDocs' page hook)."""
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, commands_markdown())
