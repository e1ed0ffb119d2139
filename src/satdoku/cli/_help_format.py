"""How ``--help`` is laid out: argparse's raw-description layout, sized to the terminal.

argparse sizes every formatter it makes (one for each option it checks, not only for ``--help``)
with ``shutil.get_terminal_size``, and importing ``shutil`` (with the compression modules it
loads) is about a tenth of ``satdoku solve``'s start-up; :class:`HelpFormat` reads the size the
same way (``COLUMNS``, then the terminal of standard output, then 80) with ``os`` alone.
"""

from __future__ import annotations

import argparse
import os
import sys

__all__ = ["HelpFormat", "terminal_columns"]


def terminal_columns(fallback: int = 80) -> int:
    """Return the terminal's width: ``COLUMNS`` when set, else standard output's, else 80.

    >>> import os
    >>> saved = os.environ.get("COLUMNS")
    >>> os.environ["COLUMNS"] = "100"
    >>> terminal_columns()
    100
    >>> _ = os.environ.pop("COLUMNS") if saved is None else os.environ.update(COLUMNS=saved)
    """
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__  # None under pythonw
    try:
        return (stdout and os.get_terminal_size(stdout.fileno()).columns) or fallback
    except (AttributeError, ValueError, OSError):  # not a terminal, or no descriptor
        return fallback


class HelpFormat(argparse.RawDescriptionHelpFormatter):
    """argparse's raw-description layout (descriptions and epilogs kept as written).

    >>> parser = argparse.ArgumentParser(prog="x", formatter_class=HelpFormat, description="a\\nb")
    >>> parser.format_help().splitlines()[2:4]
    ['a', 'b']
    """

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = terminal_columns() - 2  # as argparse does
        super().__init__(prog, indent_increment, max_help_position, width)
