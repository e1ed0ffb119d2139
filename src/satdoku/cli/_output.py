"""Output formats of the commands that print solutions: one registry of formats and writers.

>>> from satdoku.core._shape import Shape
>>> grid_text("line", (1, 2, 2, 1), Shape.latin(2))
'1221'
>>> [f.value for f in OutputFormat]
['line', 'grid', 'json', 'pretty']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from enum import Enum

from ..core._shape import Shape
from ..io._alphabet import Alphabet
from ..io._grid import format_grid, format_pretty
from ..io._line import format_line

__all__ = ["OutputFormat", "GRID_WRITERS", "grid_text", "add_format_options"]


class OutputFormat(Enum):
    """How a command prints each answer (``--format``): lines, grids, JSON records or boards."""

    LINE = "line"
    GRID = "grid"
    JSON = "json"
    PRETTY = "pretty"


GridWriter = Callable[[Sequence[int], Shape, Alphabet], str]

GRID_WRITERS: dict[OutputFormat, GridWriter] = {
    OutputFormat.LINE: lambda cells, shape, alphabet: format_line(cells, alphabet),
    OutputFormat.GRID: lambda cells, shape, alphabet: format_grid(cells, alphabet),
    OutputFormat.PRETTY: format_pretty,
}
"""How each text format writes one grid (JSON records: :mod:`satdoku.views._records`)."""


def grid_text(
    fmt: OutputFormat | str, cells: Sequence[int], shape: Shape, alphabet: Alphabet = Alphabet()
) -> str:
    """Return one grid written in a text format (line, grid or pretty).

    >>> from satdoku.core._shape import Shape
    >>> print(grid_text("grid", (1, 2, 2, 1), Shape.latin(2)))
    12
    21
    """
    return GRID_WRITERS[OutputFormat(fmt)](cells, shape, alphabet)


def add_format_options(
    group: argparse._ArgumentGroup, formats_help: str, json_help: str, pretty: bool = False
) -> None:
    """Add ``--format`` (choices from :class:`OutputFormat`), ``--json`` and maybe ``--pretty``.

    Each names the one output format, so two of them are refused (a usage error, exit 2).

    >>> parser = argparse.ArgumentParser(exit_on_error=False)
    >>> add_format_options(parser.add_argument_group("output"), "", "", pretty=True)
    >>> parser.parse_args(["--pretty"]).format
    'pretty'
    >>> parser.parse_args(["--json", "--pretty"])
    Traceback (most recent call last):
    ...
    argparse.ArgumentError: argument --pretty: not allowed with argument --json
    """
    exclusive = group.add_mutually_exclusive_group()
    exclusive.add_argument("--format", choices=[f.value for f in OutputFormat], help=formats_help)
    exclusive.add_argument(
        "--json",
        dest="format",
        action="store_const",
        const=OutputFormat.JSON.value,
        help=json_help,
    )
    if pretty:
        exclusive.add_argument(
            "--pretty",
            dest="format",
            action="store_const",
            const=OutputFormat.PRETTY.value,
            help="boards with box borders",
        )
