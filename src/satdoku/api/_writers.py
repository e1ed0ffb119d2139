"""The public writers and checker of grids, taking a grid in any form.

``satdoku.format_line``, ``format_pretty``, ``format_puzzles`` and ``is_solution`` take what
:func:`satdoku.solve` takes and what it returns: a Solution, a Result, a Puzzle, a string, rows or
an array, read by :func:`satdoku.api._arguments.grid_of` (with a Shape or a puzzle to read bare
cells by). They write in the puzzle's own symbols unless ``alphabet`` (an
Alphabet or its symbols) says others; the functions of :mod:`satdoku.io` and :mod:`satdoku.core`
they call take exact values only (``write_dimacs`` converts in :mod:`satdoku.cnf` itself).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core._checker import is_solution as keeps_every_rule
from ..core._puzzle import Puzzle
from ..core._results import Result
from ..core._shape import Shape
from ..core._solution import Solution
from ..io._alphabet import Alphabet, alphabet_of
from ..io._grid import format_pretty as board_text
from ..io._line import format_line as line_text
from ..io._writing import format_puzzles as puzzles_text
from ._arguments import grid_of, puzzle_of

__all__ = ["format_line", "format_pretty", "format_puzzles", "is_solution"]


def _grid_and_alphabet(
    grid: object, context: object, alphabet: Alphabet | str | None
) -> tuple[Puzzle, Alphabet]:
    """Return the grid as a puzzle and the alphabet to write it with (an Alphabet given second,
    as the writers of :mod:`satdoku.io` take it, is the alphabet)."""
    if isinstance(context, Alphabet) and alphabet is None:
        context, alphabet = None, context
    puzzle = grid_of(grid, context)
    return puzzle, alphabet_of(alphabet, puzzle.symbols)


def format_line(
    grid: object, shape: Shape | object | None = None, alphabet: Alphabet | str | None = None
) -> str:
    """Write a grid (a solution, a puzzle, cells) as one line, in its puzzle's symbols.

    >>> from satdoku import solve
    >>> format_line(solve("1..............."))
    '1234341221434321'
    >>> format_line((1, 0, 0, 2), Shape.latin(2), alphabet="AB")
    'A..B'
    """
    puzzle, symbols = _grid_and_alphabet(grid, shape, alphabet)
    return line_text(puzzle.cells, symbols)


def format_pretty(
    grid: object, shape: Shape | object | None = None, alphabet: Alphabet | str | None = None
) -> str:
    """Draw a grid (a solution, a puzzle, cells) as a board with box borders.

    >>> print(format_pretty("1..............2"))
    1 . | . .
    . . | . .
    ----+----
    . . | . .
    . . | . 2
    """
    puzzle, symbols = _grid_and_alphabet(grid, shape, alphabet)
    return board_text(puzzle.cells, puzzle.shape, symbols)


def format_puzzles(puzzles: Iterable[object], alphabet: Alphabet | str | None = None) -> str:
    """Write puzzles or solutions of one shape, one per line, under a shape line when needed.

    >>> format_puzzles(["1...............", "................"])
    '1...............\\n................\\n'
    """
    grids = [grid_of(p) for p in puzzles]
    return puzzles_text(grids, alphabet)


def is_solution(solution: object, puzzle: object = None) -> bool:
    """Tell whether a full grid solves the puzzle: its givens kept, every house and rule kept.

    Without ``puzzle``, a Solution or Result is checked against the puzzle it solves, and bare
    cells as a grid of their own shape (no givens).

    >>> from satdoku import solve
    >>> is_solution(solve("1...............")), is_solution("1234341221434321", "2...............")
    (True, False)
    """
    if puzzle is not None:
        frame = puzzle_of(puzzle)
    elif isinstance(solution, (Solution, Result)) and solution.puzzle is not None:
        frame = solution.puzzle
    else:
        frame = Puzzle.empty(grid_of(solution).shape)
    if isinstance(solution, tuple) and not isinstance(solution, Solution):
        return keeps_every_rule(solution, frame)  # cells as they are: a wrong length is False
    return keeps_every_rule(grid_of(solution, frame.shape).cells, frame)
