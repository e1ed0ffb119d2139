"""SudokuPad puzzles: its links and puzzle IDs, read; and links to puzzles, written.

SudokuPad opens a puzzle by a link whose ID says its form: ``fpuzzles...`` (or ``fpuz``) is an
f-puzzles document, read as f-puzzles' links are (:mod:`satdoku.io.fpuzzles`); ``scl...``
(or ``ctc``) is SudokuPad's own JSON, compressed (:mod:`._document`), whose grid, givens,
regions and killer cages are read (:mod:`._reader`) and whose other elements, which only a
picture explains, are refused by kind (:mod:`._elements`). A short ID names a puzzle stored
on SudokuPad's website, which satdoku does not fetch: it is refused (:mod:`._links`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core._errors import InputError
from ...core._lazy import lazy_names
from ...core._puzzle import Puzzle
from ._links import FPUZZLES_FORMS, looks_like_sudokupad, puzzle_id_of

__all__ = ["format_sudokupad", "looks_like_sudokupad", "parse_sudokupad", "puzzle_of_scl"]

LINK = "https://sudokupad.app/scl"
"""The start of the link SudokuPad opens an SCL puzzle with."""


def parse_sudokupad(text: str) -> Puzzle:
    """Read a SudokuPad puzzle: a link (``sudokupad.app/scl...``, ``sudokupad.app/fpuzzles...``),
    an ``scl`` puzzle ID, or an SCL document's JSON.

    >>> parse_sudokupad(format_sudokupad(parse_sudokupad('{"cells": ' + str([[{}] * 4] * 4)
    ...     .replace("'", '"') + '}'))).shape.describe()
    '4x4 latin square'
    >>> parse_sudokupad("https://sudokupad.app/sclN4IgzglgXg")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: SudokuPad data (from column 26): the data ends before its \
end mark (cut short?)
    """
    from ._document import scl_document  # lazy: start-up (a file of grids reads no SudokuPad)
    from ._reader import puzzle_of_scl  # lazy: start-up

    body = text.strip()
    if body.startswith("{"):
        return puzzle_of_scl(scl_document(body))
    puzzle_id = puzzle_id_of(text)
    if puzzle_id.form in FPUZZLES_FORMS:
        from ..fpuzzles import parse_fpuzzles  # lazy: start-up (every rule kind's reader)

        return parse_fpuzzles(text)
    if puzzle_id.form == "scf":
        raise InputError(
            f"column {puzzle_id.column}: satdoku does not read SudokuPad's scf IDs (its compact "
            "code of classic sudoku) yet: paste a link of the scl or fpuzzles form"
        )
    return puzzle_of_scl(scl_document(puzzle_id.data, puzzle_id.column))


def format_sudokupad(puzzle: Puzzle) -> str:
    """Write a puzzle as a link SudokuPad opens (``https://sudokupad.app/scl...``): its givens,
    regions and killer cages, the elements an SCL puzzle states exactly.

    >>> from satdoku.core._shape import Shape
    >>> link = format_sudokupad(Puzzle.empty(Shape.sudoku(4)))
    >>> link[:25], parse_sudokupad(link).shape.describe()
    ('https://sudokupad.app/scl', '4x4 sudoku, 2x2 boxes')
    """
    from ._document import scl_text  # lazy: start-up
    from ._writer import scl_data  # lazy: start-up

    return LINK + scl_text(scl_data(puzzle))


if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._reader import puzzle_of_scl

_HOMES = {"puzzle_of_scl": "_reader"}
"""The reader of SCL documents, loaded on first use: reading a file of grids only asks whether
a line looks like a SudokuPad link, and loads nothing more."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)
