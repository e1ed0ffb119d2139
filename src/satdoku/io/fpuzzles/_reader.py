"""An f-puzzles document (its JSON, decoded) read as a puzzle with its constraints."""

from __future__ import annotations

from ...core._puzzle import Puzzle
from ...core.constraints import Constraint
from .._json_path import JsonAt
from ._layout import givens_of, shape_of, size_of
from ._refusals import refuse_unread
from ._rules import READERS, Document, distinct

__all__ = ["puzzle_of_fpuzzles"]

_READABLE = frozenset(READERS)


def puzzle_of_fpuzzles(data: object) -> Puzzle:
    """Return the puzzle of an f-puzzles document; refuse rules satdoku does not read, by name.

    >>> puzzle = puzzle_of_fpuzzles({"size": 4, "grid": [[{}] * 4] * 4,
    ...     "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]})
    >>> puzzle.shape.describe(), [rule.title(4) for rule in puzzle.constraints]
    ('4x4 sudoku, 2x2 boxes', ['cage 3 over r1c1,r1c2'])
    """
    root = JsonAt(data)
    root.entries("an f-puzzles puzzle: a JSON object with size and grid")
    n = size_of(root)
    refuse_unread(root, _READABLE)
    shape = shape_of(root, n)
    document = Document(root, n, shape)
    rules: list[Constraint] = []
    for key, read in READERS.items():
        rules += read(root.key(key), document)
    return Puzzle(shape, givens_of(root, n), constraints=tuple(distinct(rules)))
