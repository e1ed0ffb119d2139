"""A Racket Latin-square solver, ported exactly: remove singles, then guess and backtrack.

A board is a matrix whose cells are either a filled digit (an ``int``) or the increasing list of
candidates still possible (a one-element list is a *Single*; ``[]`` is a contradiction).
``solve_latin(predicate, board)`` returns the first solution in reading order that the predicate
accepts, or None (the Racket solver's ``empty``) when there is none.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from typing import Any

from ..core._checker import broken_axioms
from ..core._errors import InputError, InternalError
from ..core._shape import Shape
from ._candidate_grid import CandidateGrid, Single

__all__ = [
    "Cell",
    "Board",
    "Solution",
    "strings_to_puzzle",
    "remove_singles",
    "solve_latin",
    "yes",
    "no",
    "diagonal_has_2",
    "is_sudoku",
    "all_satisfy",
    "any_satisfy",
    "find_where",
]

Cell = int | list[int]
"""A filled digit, or the increasing list of candidates ([d] is a Single, [] a contradiction)."""

Board = list[list[Cell]]
"""A square matrix of cells, row by row."""

Solution = list[list[int]]
"""A square matrix of digits."""


def all_satisfy(pred: Callable[[Any], bool], matrix: Sequence[Sequence[Any]]) -> bool:
    """Tell whether every element of a matrix satisfies the predicate.

    >>> all_satisfy(lambda x: isinstance(x, int), [[2, 3, 4], [5, "six", 7]])
    False
    """
    return all(pred(x) for row in matrix for x in row)


def any_satisfy(pred: Callable[[Any], bool], matrix: Sequence[Sequence[Any]]) -> bool:
    """Tell whether some element of a matrix satisfies the predicate.

    >>> any_satisfy(lambda x: isinstance(x, str), [[2, 3, 4], [5, "six", 7]])
    True
    """
    return any(pred(x) for row in matrix for x in row)


def find_where(
    pred: Callable[[Any], bool], matrix: Sequence[Sequence[Any]]
) -> tuple[int, int] | None:
    """Return ``(column, row)`` of the first element in reading order satisfying the predicate.

    Column first, as in the Racket solver; None when no element does.

    >>> find_where(lambda x: isinstance(x, list), [[1, 2, 3, 4], [4, 5, [3, 6], [1, 2]]])
    (2, 1)
    """
    for r, row in enumerate(matrix):
        for c, x in enumerate(row):
            if pred(x):
                return (c, r)
    return None


def strings_to_puzzle(rows: Sequence[str]) -> Board:
    """Read rows of ``1``-``9`` and ``?`` (blank) into a board: blanks hold every digit 1..n.

    >>> strings_to_puzzle(["?2", "??"])
    [[[1, 2], [2]], [[1, 2], [1, 2]]]
    """
    n = len(rows)
    board: Board = []
    for r, text in enumerate(rows):
        if len(text) != n:
            raise InputError(f"row {r + 1} has {len(text)} symbols, expected {n}", line=r + 1)
        row: list[Cell] = []
        for c, ch in enumerate(text):
            if ch == "?":
                row.append(list(range(1, n + 1)))
            elif ch.isascii() and ch.isdigit() and 1 <= int(ch) <= n:
                row.append([int(ch)])
            else:
                raise InputError(
                    f"symbol {ch!r}: expected '?' or a digit 1..{n}", line=r + 1, column=c + 1
                )
        board.append(row)
    return board


def _digits(mask: int) -> list[int]:
    """Return the digits of a candidate mask, increasing."""
    return [d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1]


def remove_singles(board: Board) -> Board:
    """Fill the first Single in reading order, remove its digit from its row and column; repeat.

    The board is not changed; the result has no Single left (it may hold ``[]``). The rules are
    those of :class:`~satdoku.rules._candidate_grid.CandidateGrid` on the Latin shape (rule 1 by
    :meth:`~satdoku.rules._candidate_grid.CandidateGrid.place`, which reports the new Singles);
    the Racket solver's order is kept by always filling the Single that comes first in reading
    order.

    >>> remove_singles(strings_to_puzzle(["???", "?3?", "??2"]))
    [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
    """
    n = len(board)
    if not n:
        return []
    grid = CandidateGrid(Shape.latin(n))
    cand, placed = grid.cand, grid.placed
    for cell, x in enumerate(x for row in board for x in row):
        if isinstance(x, list):
            cand[cell] = sum({1 << (d - 1) for d in x})
        else:
            placed[cell], cand[cell] = x, 1 << (x - 1)
    firsts: list[Single] = [
        (cell, m.bit_length())
        for cell, m in enumerate(cand)
        if m and not m & (m - 1) and not placed[cell]
    ]
    while firsts:
        cell, digit = heapq.heappop(firsts)
        if placed[cell] or not cand[cell]:
            continue  # a Single that became [] before its turn
        found: list[Single] = []
        grid.place(cell, digit, found)
        for single in found:
            heapq.heappush(firsts, single)
    return [
        [placed[cell] or _digits(cand[cell]) for cell in range(r * n, r * n + n)] for r in range(n)
    ]


def _first_choice(board: Board) -> tuple[int, int] | None:
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if isinstance(cell, list):
                return (r, c)
    return None


def solve_latin(pred: Callable[[Solution], bool], board: Board) -> Solution | None:
    """Return the first solution in reading order that the predicate accepts, or None (``empty``).

    Remove singles; on a ``[]`` give up this branch; otherwise guess in the first cell that
    still has a choice, its candidates in increasing order; a full board is a solution when the
    predicate accepts it.

    >>> solve_latin(yes, strings_to_puzzle(["??3?", "??2?", "?4??", "????"]))
    [[1, 2, 3, 4], [4, 1, 2, 3], [3, 4, 1, 2], [2, 3, 4, 1]]
    >>> solve_latin(no, strings_to_puzzle(["??3?", "??2?", "?4??", "????"])) is None
    True
    """
    reduced = remove_singles(board)
    if any_satisfy(lambda x: x == [], reduced):
        return None
    where = _first_choice(reduced)
    if where is None:
        solution: Solution = [[int(x) for x in row] for row in reduced]  # type: ignore[arg-type]
        if broken_axioms([d for row in solution for d in row], Shape.latin(len(solution))):
            raise InternalError(f"solve_latin reached a non-Latin grid: {solution}")
        return solution if pred(solution) else None
    r, c = where
    choices = reduced[r][c]
    assert isinstance(choices, list)
    for v in choices:
        guess: Board = [list(row) for row in reduced]
        guess[r][c] = [v]
        result = solve_latin(pred, guess)
        if result is not None:
            return result
    return None


def yes(solution: Any) -> bool:
    """Accept anything (the Racket solver's ``yes``).

    >>> yes(None)
    True
    """
    return True


def no(solution: Any) -> bool:
    """Accept nothing (the Racket solver's ``no``).

    >>> no([[1]])
    False
    """
    return False


def diagonal_has_2(p: Sequence[Sequence[int]]) -> bool:
    """Tell whether the main diagonal holds a 2 (the Racket solver's ``diagonal-has-2?``).

    >>> diagonal_has_2([[3, 2, 1], [2, 1, 3], [1, 3, 1]])
    False
    """
    return any(p[i][i] == 2 for i in range(len(p)))


def is_sudoku(p: Sequence[Sequence[int]]) -> bool:
    """Tell whether each 3x3 sub-square of a 9x9 grid holds 1..9 (the Racket solver's ``sudoku?``).

    Rows and columns are not checked: that is the Latin-square part.

    >>> is_sudoku([[1, 2, 3, 4, 5, 6, 7, 8, 9]] * 9)
    False
    """
    digits = set(range(1, 10))
    return all(
        {p[top + i][left + j] for i in range(3) for j in range(3)} == digits
        for top in (0, 3, 6)
        for left in (0, 3, 6)
    )
