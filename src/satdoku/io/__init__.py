"""Text formats: one parse/format pair per syntax, and reading streams of puzzles from files.

From the bottom up: ``alphabet`` (which symbol is which digit) and ``shape_options`` (the shape a
puzzle read from text gets); ``symbols`` and ``tokens`` (a run of cells as symbols or as integers);
one module per syntax of a whole puzzle: ``line``, ``grid`` (with Markdown tables and printed
boards) and ``json_rows``; ``entries`` (one puzzle read, or why it could not be); ``reading`` (a
text of puzzles, its layout decided or forced, streamed as entries).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._alphabet import Alphabet
    from ._entries import Entry
    from ._grid import format_grid, format_pretty, parse_grid
    from ._header import Header, parse_header, shape_line
    from ._json_rows import format_json, read_json
    from ._line import format_line, parse_line
    from ._puzzle_values import parse_puzzle
    from ._reading import read_puzzles
    from ._shape_options import ShapeOptions
    from ._tokens import format_tokens, parse_tokens
    from ._writing import format_puzzles

_HOMES = {
    "Alphabet": "_alphabet",
    "Entry": "_entries",
    "Header": "_header",
    "ShapeOptions": "_shape_options",
    "format_grid": "_grid",
    "format_json": "_json_rows",
    "format_line": "_line",
    "format_pretty": "_grid",
    "format_puzzles": "_writing",
    "format_tokens": "_tokens",
    "parse_grid": "_grid",
    "parse_header": "_header",
    "parse_line": "_line",
    "parse_puzzle": "_puzzle_values",
    "parse_tokens": "_tokens",
    "read_json": "_json_rows",
    "read_puzzles": "_reading",
    "shape_line": "_header",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "Alphabet",
    "Entry",
    "Header",
    "ShapeOptions",
    "format_grid",
    "format_json",
    "format_line",
    "format_pretty",
    "format_puzzles",
    "format_tokens",
    "parse_grid",
    "parse_header",
    "parse_line",
    "parse_puzzle",
    "parse_tokens",
    "read_json",
    "read_puzzles",
    "shape_line",
]
