"""Puzzles as JSON objects: an f-puzzles document or a satdoku variant file, one per file or
one per line, told apart by their evident form or named (``form``); SudokuPad's documents
(plain or compact JSON) when ``form`` names them."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ._entries import Entry
from ._named_forms import FORMS
from ._shape_options import ShapeOptions, check_own_shape
from .fpuzzles import looks_like_fpuzzles, parse_fpuzzles, puzzle_of_fpuzzles
from .sudokupad import looks_like_sudokupad, parse_sudokupad
from .variant_file import looks_like_variant, puzzle_of_variant

__all__ = ["FORMS", "puzzle_of_object", "read_objects", "read_as"]


def puzzle_of_object(data: object, form: str | None = None) -> Puzzle:
    """Return the puzzle of a JSON object: a variant file or an f-puzzles document.

    >>> puzzle_of_object({"size": 4, "grid": [[{}] * 4] * 4}).shape.describe()
    '4x4 sudoku, 2x2 boxes'
    >>> puzzle_of_object({"cells": []})
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: expected a puzzle as a JSON object: a satdoku variant file \
("format": "satdoku variant") or an f-puzzles puzzle (with "size" and "grid")
    """
    if form is not None and form != ("variant" if looks_like_variant(data) else form):
        raise InputError(f"this is a satdoku variant file, not {form}: read it as variant")
    if form == "variant" or (form is None and looks_like_variant(data)):
        return puzzle_of_variant(data)
    if form == "sudokupad":
        from .sudokupad._reader import puzzle_of_scl  # lazy: start-up

        return puzzle_of_scl(data)
    if form == "fpuzzles" or (isinstance(data, dict) and "size" in data and "grid" in data):
        return puzzle_of_fpuzzles(data)
    raise InputError(
        "expected a puzzle as a JSON object: a satdoku variant file "
        '("format": "satdoku variant") or an f-puzzles puzzle (with "size" and "grid")'
    )


_WHAT = {True: "variant file", False: "puzzle of f-puzzles"}


def _documents(rows: list[tuple[int, str]]) -> Iterator[tuple[int, str, object]]:
    """Yield each JSON document of the rows (one in all, or one per row) with its line."""
    text = "\n".join(t for _, t in rows)
    try:
        yield rows[0][0], text, json.loads(text)
        return
    except json.JSONDecodeError as err:
        if err.msg != "Extra data" or len(rows) == 1:
            line = rows[min(err.lineno, len(rows)) - 1][0]
            raise InputError(f"invalid JSON: {err.msg}", line=line, column=err.colno) from None
    except (ValueError, RecursionError) as err:
        raise InputError(f"invalid JSON: {err}", line=rows[0][0]) from None
    for number, row in rows:  # JSON Lines: one object a line
        try:
            yield number, row, json.loads(row)
        except json.JSONDecodeError as err:
            raise InputError(f"invalid JSON: {err.msg}", line=number, column=err.colno) from None


def read_objects(
    rows: list[tuple[int, str]],
    source: str | None,
    options: ShapeOptions = ShapeOptions(),
    form: str | None = None,
) -> Iterator[Entry]:
    """Yield one entry per JSON object of the rows (numbered lines): a file's, or a line's each.

    The objects give their own shapes: ``options`` may only agree with them.

    >>> [e.puzzle.n for e in read_objects([(1, '{"size": 4, "grid": '), (2, '[' +
    ...     ', '.join(['[{}, {}, {}, {}]'] * 4) + ']}')], None)]
    [4]
    """
    index = 0
    try:
        for number, text, data in _documents(rows):
            try:
                puzzle = puzzle_of_object(data, form)
                check_own_shape(puzzle.shape, _WHAT[looks_like_variant(data)], options)
                yield Entry(index, number, text.strip(), puzzle)
            except InputError as err:
                yield Entry(index, number, text.strip(), None, err.at(source=source, line=number))
            index += 1
    except InputError as err:
        yield Entry(index, err.line or rows[0][0], rows[0][1], None, err.at(source=source))


_LINE_FORMS: dict[str, tuple[Callable[[str], bool], Callable[[str], Puzzle], str, str]] = {
    "fpuzzles": (
        looks_like_fpuzzles,
        parse_fpuzzles,
        "puzzle of f-puzzles",
        "an f-puzzles puzzle: a link (f-puzzles.com/?load=...), its compressed text (N4Ig...) "
        "or its JSON",
    ),
    "sudokupad": (
        looks_like_sudokupad,
        parse_sudokupad,
        "SudokuPad puzzle",
        "a SudokuPad puzzle: a link (sudokupad.app/scl... or sudokupad.app/fpuzzles...), its "
        "puzzle ID (scl...) or its JSON",
    ),
}
"""The formats whose puzzles may be one a line: how each is told, read, named and described."""


def _one_document(
    rows: list[tuple[int, str]], source: str | None, options: ShapeOptions
) -> Iterator[Entry]:
    """Yield the puzzle of rows that hold one SudokuPad document (plain or compact JSON)."""
    text = "\n".join(t for _, t in rows)
    try:
        puzzle = parse_sudokupad(text)
        check_own_shape(puzzle.shape, "SudokuPad puzzle", options)
        yield Entry(0, rows[0][0], text.strip(), puzzle)
    except InputError as err:
        yield Entry(0, rows[0][0], text.strip(), None, err.at(source=source, line=rows[0][0]))


def read_as(
    form: str, rows: list[tuple[int, str]], source: str | None, options: ShapeOptions
) -> Iterator[Entry]:
    """Yield the puzzles of rows in the format named: JSON objects, or links one a line."""
    if rows[0][1].lstrip().startswith("{"):
        if form == "sudokupad":
            yield from _one_document(rows, source, options)
        else:
            yield from read_objects(rows, source, options, form)
        return
    if form not in _LINE_FORMS:
        error = InputError(f"expected a {form} file: a JSON object ({{...}})", source=source)
        yield Entry(0, rows[0][0], rows[0][1], None, error.at(line=rows[0][0]))
        return
    looks_like, parse, what, expected = _LINE_FORMS[form]
    for index, (number, text) in enumerate(rows):
        try:
            if not looks_like(text):
                raise InputError(f"expected {expected}")
            puzzle = parse(text)
            check_own_shape(puzzle.shape, what, options)
            yield Entry(index, number, text.strip(), puzzle)
        except InputError as err:
            yield Entry(index, number, text.strip(), None, err.at(source=source, line=number))
