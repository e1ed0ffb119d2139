"""The marks a picture draws of a puzzle's rules: cages, signs on edges, clues outside the grid,
lines through cells, marks in cells, clues on the grid's points and along diagonals."""

from __future__ import annotations

from dataclasses import dataclass

from ..core._errors import InputError
from ..core.constraints import Side, cell_name

__all__ = [
    "CageDrawing",
    "CellMark",
    "DiagonalClue",
    "EdgeSign",
    "LineDrawing",
    "Mark",
    "OutsideClue",
    "PointClue",
    "edge_cells",
]


@dataclass(frozen=True)
class CageDrawing:
    """A cage: its cells, its clue ('' when none) and whether its outline is dashed (killer).

    >>> CageDrawing((5, 1, 2), "7", True, "cage 7").anchor
    1
    """

    cells: tuple[int, ...]
    clue: str
    dashed: bool
    title: str

    @property
    def anchor(self) -> int:
        """Return the cell the clue is written in: the cage's first in reading order."""
        return min(self.cells)


@dataclass(frozen=True)
class EdgeSign:
    """A sign on the edge between ``first`` and its right or lower neighbour ``second``.

    ``sign`` is ``<`` or ``>`` between columns, ``∧`` or ``∨`` between rows (pointing to the
    smaller digit), or :data:`BAR`.

    >>> EdgeSign(0, 4, "∧", "r1c1 < r2c1").across
    False
    """

    first: int
    second: int
    sign: str
    title: str

    @property
    def across(self) -> bool:
        """Tell whether the two cells sit side by side (the edge is upright)."""
        return self.second == self.first + 1


@dataclass(frozen=True)
class OutsideClue:
    """A clue written outside the grid, beside ``line`` (a column for top and bottom, else a row).

    >>> OutsideClue(Side.TOP, 2, "3", "3 seen from the top of column 3").side.value
    'top'
    """

    side: Side
    line: int
    text: str
    title: str


@dataclass(frozen=True)
class LineDrawing:
    """A line through the centres of ``path``'s cells, drawn in the style of its kind.

    Styles: thermometer (a bulb at the first cell), slow thermometer, whisper, renban,
    palindrome, between (circles at both ends), entropic, modular, zipper, region sum, arrow
    (a head at the last cell).

    >>> LineDrawing((0, 1, 2), "thermometer", "thermometer r1c1→r1c3").style
    'thermometer'
    """

    path: tuple[int, ...]
    style: str
    title: str


@dataclass(frozen=True)
class CellMark:
    """A mark in one cell: ``shape`` is circle (odd), square (even), maximum or minimum (a
    shaded fortress cell), ring (an arrow's circle) or clone-k (the k-th clone's shading).

    >>> CellMark(4, "square", "r2c1 is even").shape
    'square'
    """

    cell: int
    shape: str
    title: str


@dataclass(frozen=True)
class PointClue:
    """Digits in a circle on the grid's point at the bottom-right corner of cell ``corner``.

    >>> PointClue(0, "1,2", "quadruple 1,2 at r1c1").text
    '1,2'
    """

    corner: int
    text: str
    title: str


@dataclass(frozen=True)
class DiagonalClue:
    """A clue outside the grid at (``row``, ``col``) pointing along ``direction`` (±1, ±1).

    >>> DiagonalClue(-1, 0, (1, 1), "10", "little killer 10").direction
    (1, 1)
    """

    row: int
    col: int
    direction: tuple[int, int]
    text: str
    title: str


def edge_cells(a: int, b: int, n: int, what: str) -> tuple[int, int]:
    """Return the two cells of an edge in reading order; refuse cells that are not neighbours.

    >>> edge_cells(4, 0, 4, "dot")
    (0, 4)
    """
    first, second = min(a, b), max(a, b)
    side_by_side = second == first + 1 and first // n == second // n
    if not side_by_side and second != first + n:
        named = f"{cell_name(a, n)} and {cell_name(b, n)}"
        raise InputError(f"satdoku draws a {what} between neighbours only, not {named}")
    return first, second


Mark = (
    CageDrawing | EdgeSign | OutsideClue | LineDrawing | CellMark | PointClue | DiagonalClue | str
)
"""What a rule's drawer yields; a string is a note for the legend (a rule over the whole grid)."""
