"""An SCL puzzle (SudokuPad's own JSON, decoded) read as a puzzle: its grid, givens,
regions and killer cages; a puzzle with any other element is refused, naming them."""

from __future__ import annotations

import json

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core.constraints import KillerCage
from .._json_path import JsonAt
from ._elements import cage_kind, cage_total, rules_text, unread_elements
from ._layout import cell_of, givens_of, regions_of, shape_of, side_of

__all__ = ["puzzle_of_scl"]


def _killer_cages(doc: JsonAt, n: int, outlines: set[frozenset[int]]) -> list[KillerCage]:
    """Return the killer cages: the cages with cells and a total."""
    cages = []
    for cage in doc.key("cages").each():
        if cage_kind(cage, n, outlines) == "killer":
            cells = tuple(cell_of(at, n) for at in cage.key("cells").items())
            if len(set(cells)) != len(cells):
                raise cage.key("cells").error("a cage names a cell twice")
            cages.append(KillerCage(cells, cage_total(cage.key("value").value)))
    return cages


def _quoted(text: str, longest: int = 300) -> str:
    """Return a text quoted on one line (JSON escapes), cut when longer than ``longest``.

    >>> _quoted("Lines sum to 10."), _quoted("abcdef", 6)
    ('"Lines sum to 10."', '"a..."')
    """
    text = json.dumps(text, ensure_ascii=False)
    return text if len(text) <= longest else text[: longest - 4] + '..."'


def puzzle_of_scl(data: object) -> Puzzle:
    """Return the puzzle of an SCL document; refuse elements satdoku does not read, by kind.

    >>> puzzle = puzzle_of_scl({"cells": [[{"value": 1}, {}], [{}, {}]],
    ...     "cages": [{"cells": [[0, 1], [1, 1]], "value": 3}]})
    >>> puzzle.shape.describe(), [rule.title(2) for rule in puzzle.constraints]
    ('2x2 latin square', ['cage 3 over r1c2,r2c2'])
    >>> puzzle_of_scl({"cells": [[{}]], "lines": [{}], "cages": [{"value": "rules: Lines!"}]})
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: this SudokuPad puzzle has elements whose meaning only its \
picture and rules text give (1 line); its rules say: "Lines!": satdoku reads the givens, \
regions and killer cages of SudokuPad's puzzles and does not guess what drawings mean
    """
    root = JsonAt(data)
    root.entries("a SudokuPad puzzle: a JSON object with cells")
    n = side_of(root)
    regions = regions_of(root, n)
    outlines = {*regions, frozenset(range(n * n))}
    unread = unread_elements(root, n, outlines)
    if unread:
        rules = rules_text(root)
        stated = f"; its rules say: {_quoted(rules)}" if rules else ""
        raise InputError(
            "this SudokuPad puzzle has elements whose meaning only its picture and rules text "
            f"give ({', '.join(unread)}){stated}: satdoku reads the givens, regions and killer "
            "cages of SudokuPad's puzzles and does not guess what drawings mean"
        )
    cages = _killer_cages(root, n, outlines)
    return Puzzle(shape_of(regions, n), givens_of(root, n), constraints=tuple(cages))
