"""What the two killer texts share: where an error is, whether a total fits, the cages to write."""

from __future__ import annotations

from typing import NoReturn

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import Shape
from ...core.constraints import KillerCage, cell_name

__all__ = ["SIDE", "fail", "total_problem", "written_cages"]

SIDE = 9
"""Both texts are of 9x9 killers with 3x3 boxes."""


def fail(form: str, column: int, message: str) -> NoReturn:
    """Raise the error of a killer text of ``form`` at the 1-based ``column``.

    >>> fail("arrows", 3, "expected a total or an arrow, got '#'")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: killer text (arrows), column 3: expected a total or an \
arrow, got '#'
    """
    raise InputError(f"killer text ({form}), column {column}: {message}")


def total_problem(size: int, total: int) -> str | None:
    """Say why no ``size`` different digits 1..9 sum to ``total``, or None when some do.

    >>> total_problem(2, 17), total_problem(2, 18), total_problem(10, 45)
    (None, 'total 18 cannot be the sum of 2 different digits (3..17)', 'a cage of 10 cells: a \
killer cage holds 9 at most, no digit repeating')
    """
    if size > SIDE:
        return f"a cage of {size} cells: a killer cage holds {SIDE} at most, no digit repeating"
    if total > 45:
        return f"total {total} is more than 45, the sum of all nine digits"
    low, high = size * (size + 1) // 2, size * (2 * SIDE + 1 - size) // 2
    if not low <= total <= high:
        return f"total {total} cannot be the sum of {size} different digits ({low}..{high})"
    return None


def written_cages(
    puzzle: Puzzle, form: str, *, diagonals: bool
) -> list[tuple[tuple[int, ...], int | None]]:
    """Return each cage's cells and total, and each cell outside every cage alone with None,
    in the order of their first cells.

    Refuse a puzzle the form cannot state: another shape, givens, rules other than cages with
    totals, or cages that share a cell.

    >>> puzzle = Puzzle(Shape.sudoku(9), (0,) * 81, constraints=(KillerCage((1, 0), 3),))
    >>> written_cages(puzzle, "arrows", diagonals=False)[:2]
    [((0, 1), 3), ((2,), None)]
    """
    shapes = [Shape.sudoku(SIDE)] + ([Shape.sudoku(SIDE, diagonals=True)] if diagonals else [])
    if puzzle.shape not in shapes:
        wanted = " (or with diagonals)" if diagonals else ", no diagonals"
        raise InputError(
            f"the {form} killer text is of a 9x9 sudoku with 3x3 boxes{wanted}, "
            f"not a {puzzle.shape.describe()}"
        )
    if any(puzzle.cells):
        raise InputError(f"the {form} killer text has no givens: this puzzle has some")
    owner: dict[int, KillerCage] = {}
    for rule in puzzle.constraints:
        if not isinstance(rule, KillerCage):
            raise InputError(f"the {form} killer text states killer cages only, not a {rule.kind}")
        if rule.total is None:
            raise InputError(
                f"{rule.title(SIDE)} has no total: the {form} text gives every cage one"
            )
        for cell in rule.members:
            if cell in owner:
                raise InputError(
                    f"{cell_name(cell, SIDE)} is in two cages ({owner[cell].title(SIDE)} and "
                    f"{rule.title(SIDE)}): the {form} text puts each cell in one"
                )
            owner[cell] = rule
    groups: list[tuple[tuple[int, ...], int | None]] = [
        (tuple(sorted(rule.members)), rule.total) for rule in owner.values()
    ]
    groups += [((cell,), None) for cell in range(SIDE * SIDE) if cell not in owner]
    return sorted(set(groups), key=lambda group: group[0])
