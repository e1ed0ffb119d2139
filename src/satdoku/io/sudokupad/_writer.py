"""A puzzle written as an SCL document: its givens, its regions (boxes or a jigsaw) and its
killer cages with totals; any other rule is refused, as an SCL puzzle states it only by a
picture."""

from __future__ import annotations

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core.constraints import KillerCage
from ..fpuzzles._layout import boxes_of

__all__ = ["scl_data"]


def _cell(cell: int, n: int) -> list[int]:
    """Return a cell as SCL names it: ``[row, column]``, counted from 0."""
    return [cell // n, cell % n]


def _regions(puzzle: Puzzle) -> list[list[list[int]]]:
    """Return the puzzle's regions (its boxes or jigsaw regions; none for a Latin square)."""
    n, shape = puzzle.n, puzzle.shape
    if shape.regions is None and shape.box is None:
        return []
    numbers = list(shape.regions) if shape.regions is not None else boxes_of(shape.box, n)
    return [[_cell(c, n) for c in range(n * n) if numbers[c] == r] for r in range(n)]


def scl_data(puzzle: Puzzle) -> dict[str, object]:
    """Return the SCL document of a puzzle; refuse rules an SCL puzzle only draws.

    >>> from satdoku.core._shape import Shape
    >>> data = scl_data(Puzzle(Shape.latin(2), (1, 0, 0, 0),
    ...     constraints=(KillerCage((1, 3), 3),)))
    >>> data["cells"], data["cages"]
    ([[{'value': 1}, {}], [{}, {}]], [{'cells': [[0, 1], [1, 1]], 'value': 3}])
    """
    n = puzzle.n
    if puzzle.shape.diagonals:
        raise InputError(
            "SudokuPad draws diagonals as lines, which satdoku does not read back: write this "
            "puzzle as an f-puzzles link (show --format fpuzzles-link), which SudokuPad opens"
        )
    cages: list[object] = []
    for rule in puzzle.constraints:
        if not isinstance(rule, KillerCage) or rule.total is None:
            what = "cages without a total" if isinstance(rule, KillerCage) else rule.kind + " rules"
            raise InputError(
                f"an scl link states givens, regions and killer cages with totals, not {what}: "
                "write this puzzle as an f-puzzles link (show --format fpuzzles-link), which "
                "SudokuPad opens"
            )
        cages.append({"cells": [_cell(c, n) for c in rule.members], "value": rule.total})
    digits = puzzle.cells
    cells = [[{"value": d} if d else {} for d in digits[r * n : r * n + n]] for r in range(n)]
    return {"cells": cells, "regions": _regions(puzzle), "cages": cages}
