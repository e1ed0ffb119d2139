"""Writing puzzles as a text that reads back as the same puzzles: a shape line, then one per line.

:func:`~satdoku.io._line.format_line` writes a grid's symbols alone, and a side alone does not
tell a 6x6 with 3x2 boxes from one with 2x3 boxes, nor a jigsaw from a Latin square; the text
:func:`format_puzzles` writes starts with the ``# shape`` line (see :mod:`satdoku.io._header`)
whenever it is needed, so :func:`~satdoku.io._reading.read_puzzles` reads back what was written.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ._alphabet import Alphabet, alphabet_of
from ._header import shape_line
from ._line import format_line

__all__ = ["format_puzzles"]


def format_puzzles(puzzles: Iterable[Puzzle], alphabet: Alphabet | str | None = None) -> str:
    """Return puzzles (or solutions) of one shape as lines under their shape line when needed.

    ``alphabet`` None: the symbols the puzzles were read with, else the default ones.

    >>> from satdoku import Puzzle, Shape
    >>> print(format_puzzles([Puzzle(Shape.sudoku(6, (3, 2)), (1,) + (0,) * 35)]), end="")
    # shape: sudoku 6 box 3x2
    1...................................
    >>> format_puzzles([Puzzle(Shape.sudoku(4), (1,) + (0,) * 15)])
    '1...............\\n'
    """
    puzzles = list(puzzles)
    if not puzzles:
        return ""
    shape = puzzles[0].shape
    if any(p.shape != shape for p in puzzles):
        raise InputError("puzzles of different shapes: write each shape in its own text")
    alphabet = alphabet_of(alphabet, puzzles[0].symbols)
    named = shape.n <= len(alphabet.symbols)  # else integer tokens, which name no alphabet
    header = shape_line(shape, alphabet.symbols if named else None)
    lines = [format_line(p.cells, alphabet) for p in puzzles]
    return "\n".join(lines if header is None else [header, *lines]) + "\n"
