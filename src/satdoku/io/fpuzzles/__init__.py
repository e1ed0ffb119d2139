"""f-puzzles puzzles: its links, its compressed text and its JSON, read and written.

f-puzzles (and SudokuPad, which opens its links) keep a puzzle as a JSON document compressed
with lz-string (:mod:`._lz_base64`) into the link ``https://www.f-puzzles.com/?load=N4Ig...``.
The document's shape and givens are read by :mod:`._layout`, its rules by one reader per key
(:data:`._rules.READERS`); rules satdoku does not read yet are refused by their f-puzzles name
(:mod:`._refusals`), never dropped. :mod:`._writer` writes a puzzle back.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ...core._errors import InputError
from ...core._lazy import lazy_names
from ...core._puzzle import Puzzle
from ._links import LINK, looks_like_fpuzzles, payload_of
from ._lz_base64 import compress_to_base64, decompress_from_base64

__all__ = [
    "format_fpuzzles",
    "looks_like_fpuzzles",
    "parse_fpuzzles",
    "puzzle_of_fpuzzles",
    "fpuzzles_data",
]


def parse_fpuzzles(text: str) -> Puzzle:
    """Read an f-puzzles puzzle: a link, its compressed text (``N4Ig...``), or its JSON.

    >>> parse_fpuzzles(format_fpuzzles(parse_fpuzzles('{"size": 4, "grid": ' + '[[{}, {}, {}, '
    ...     '{}]' + ', [{}, {}, {}, {}]' * 3 + ']}'))).shape.describe()
    '4x4 sudoku, 2x2 boxes'
    >>> parse_fpuzzles("N4IgzglgXgpiBcBOAv")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: f-puzzles text: the data ends before its end mark (cut short?)
    """
    body = text.strip()
    if body.startswith("{"):
        document = body
    else:
        payload, column = payload_of(text)
        document = decompress_from_base64(payload, "f-puzzles text", column)
    try:
        data = json.loads(document)
    except (json.JSONDecodeError, RecursionError, ValueError) as err:
        raise InputError(f"f-puzzles text: its content is not JSON ({err})") from None
    from ._reader import puzzle_of_fpuzzles  # lazy: start-up (every rule kind's reader)

    return puzzle_of_fpuzzles(data)


def format_fpuzzles(puzzle: Puzzle, *, link: bool = False) -> str:
    """Write a puzzle as f-puzzles' compressed text, or as a link f-puzzles opens.

    >>> from satdoku.core._shape import Shape
    >>> format_fpuzzles(Puzzle.empty(Shape.sudoku(4)), link=True)[:36]
    'https://www.f-puzzles.com/?load=N4Ig'
    """
    from ._writer import fpuzzles_data  # lazy: start-up (every rule kind's writer)

    text = compress_to_base64(json.dumps(fpuzzles_data(puzzle), separators=(",", ":")))
    return LINK + text if link else text


if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._reader import puzzle_of_fpuzzles
    from ._writer import fpuzzles_data

_HOMES = {"puzzle_of_fpuzzles": "_reader", "fpuzzles_data": "_writer"}
"""The reader and the writer of documents, loaded on first use: a command that reads no
f-puzzles puzzle never imports every rule kind's reader."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)
