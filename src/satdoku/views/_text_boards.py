"""Puzzles, solutions and results as text: ``str()`` of each is its board in the puzzle's symbols.

The board is :func:`satdoku.io._grid.format_pretty`'s (box borders), which reads back as the same
grid; a result says its status above the board of its solution, else of its puzzle.

>>> from satdoku.io._puzzle_values import parse_puzzle
>>> print(parse_puzzle("1..2" "...." "...." "...."))
1 . | . 2
. . | . .
----+----
. . | . .
. . | . .
"""

from __future__ import annotations

from ..core._display import register
from ..core._puzzle import Puzzle
from ..core._results import Result
from ..core._solution import Solution
from ..io._alphabet import alphabet_of
from ..io._grid import format_pretty

__all__ = ["puzzle_text", "result_text", "solution_text"]


def puzzle_text(puzzle: Puzzle) -> str:
    """Return the board of a puzzle in its own symbols.

    >>> from satdoku.core._shape import Shape
    >>> print(puzzle_text(Puzzle(Shape.latin(2), (1, 0, 0, 2), symbols="XY")))
    X .
    . Y
    """
    return format_pretty(puzzle.cells, puzzle.shape, alphabet_of(None, puzzle.symbols))


def solution_text(solution: Solution) -> str:
    """Return the board of a solution in the symbols of the puzzle it solves.

    >>> from satdoku.core._shape import Shape
    >>> print(solution_text(Solution((1, 2, 2, 1), Puzzle.empty(Shape.latin(2)))))
    1 2
    2 1
    """
    return puzzle_text(solution.as_puzzle())


def result_text(result: Result) -> str:
    """Return a result's status (and error) above the board of its solution, else its puzzle.

    >>> from satdoku.core._results import Status
    >>> print(result_text(Result(Status.INVALID, error="two 1s in row 1")))
    invalid: two 1s in row 1
    """
    head = result.status.value + (f": {result.error}" if result.error else "")
    puzzle = result.puzzle
    if puzzle is None:
        return head
    if result.solution is not None:
        puzzle = puzzle.with_cells(result.solution)
    return head + "\n" + puzzle_text(puzzle)


register(Puzzle, "text", puzzle_text)
register(Solution, "text", solution_text)
register(Result, "text", result_text)
