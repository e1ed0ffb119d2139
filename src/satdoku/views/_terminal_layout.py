"""How the terminal player lays a board out: pencil marks spaced or packed, thin lines, or values.

The player picks the roomiest layout whose board and header fit the console (rich is not needed
here, only to draw).

>>> [layout.name for layout in LAYOUTS]
['pencil', 'pencil-tight', 'pencil-packed', 'values']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core._shape import Shape, default_box
from ..io._alphabet import Alphabet
from ._svg import region_of_cells
from ._text_constraints import TextMarks

__all__ = [
    "BoardLayout",
    "LAYOUTS",
    "HEADER_LINES",
    "choose_layout",
    "board_regions",
    "symbol_width",
    "label_width",
    "column_label_lines",
]

HEADER_LINES = 5
"""Lines of a frame besides the board: title, sentence (up to two lines), the claims made
false (in the values layout), legend (with the keys, under it on a narrow console: a pencil
layout has no line of claims made false, and the values layout chosen for want of room has
lines to spare)."""


def label_width(n: int) -> int:
    """Return the columns of the row labels left of a board: the widest row number and a space.

    >>> label_width(9), label_width(25)
    (2, 3)
    """
    return len(str(n)) + 1


def column_label_lines(n: int, cell_width: int) -> int:
    """Return the lines the column numbers take: one, or one per figure when cells are narrow.

    >>> column_label_lines(9, 1), column_label_lines(16, 1), column_label_lines(16, 9)
    (1, 2, 1)
    """
    return 1 if len(str(n)) <= cell_width else len(str(n))


def board_regions(shape: Shape) -> list[int]:
    """Return the box or region of each cell; a Latin square is one region (no thick lines).

    >>> board_regions(Shape.sudoku(4))[:4], board_regions(Shape.latin(2))
    ([0, 0, 1, 1], [0, 0, 0, 0])
    """
    if not any(h.kind in ("box", "region") for h in shape.houses):
        return [0] * (shape.n * shape.n)
    return region_of_cells(shape)


def symbol_width(n: int, alphabet: Alphabet) -> int:
    """Return how many columns a digit takes: one symbol, or its number when symbols run out.

    >>> symbol_width(9, Alphabet()), symbol_width(36, Alphabet())
    (1, 2)
    """
    return 1 if n <= len(alphabet.symbols) else len(str(n))


@dataclass(frozen=True)
class BoardLayout:
    """How cells are drawn: pencil marks (spaced or packed), thin row lines, or values only.

    >>> LAYOUTS[0].size(Shape.sudoku(9)), LAYOUTS[-1].size(Shape.sudoku(9))
    ((73, 37), (19, 13))
    """

    name: str
    pencil: bool
    spaced: bool
    thin_rows: bool

    def cell(self, n: int, width: int) -> tuple[int, int]:
        """Return (columns, lines) of one cell for an n x n board and symbols ``width`` wide."""
        if not self.pencil:
            return width, 1
        mr, mc = default_box(n) or (1, n)
        return (mc * (width + 1) + 1 if self.spaced else mc * width + 2), mr

    def size(
        self,
        shape: Shape,
        alphabet: Alphabet = Alphabet(),
        *,
        labels: bool = False,
        rules: TextMarks | None = None,
    ) -> tuple[int, int]:
        """Return the (columns, lines) the board takes (with row and column labels if asked).

        ``rules``, the marks of the puzzle's constraints, add their room: lines of signs between
        rows, clues outside the grid, the cages' clues under it.

        >>> LAYOUTS[0].size(Shape.sudoku(9), labels=True), LAYOUTS[-1].size(Shape.sudoku(16))
        ((75, 38), (33, 21))
        """
        n = shape.n
        width = symbol_width(n, alphabet)
        w, h = self.cell(n, width)
        regions = board_regions(shape)
        rows = sum(1 for r in range(1, n) if self.draws_row_line(regions, n, r))
        columns, lines = n * w + n + 1, n * h + rows + 2
        if labels:
            columns += label_width(n)
            lines += column_label_lines(n, w)
        if rules is not None and not rules.empty:
            signs = rules.sign_rows() - {
                r for r in range(1, n) if self.draws_row_line(regions, n, r)
            }
            band = rules.clue_width() + 1 if rules.outside else 0
            lines += len(signs) + (2 if band else 0) + len(rules.lines(n * (w + 1) + 1))
            columns += 2 * band
        return columns, lines

    def draws_row_line(self, regions: list[int], n: int, r: int) -> bool:
        """Tell whether the line between rows r-1 and r is drawn (``regions`` of the cells).

        >>> LAYOUTS[-1].draws_row_line(board_regions(Shape.sudoku(4)), 4, 1)
        False
        """
        if self.thin_rows:
            return True
        return any(regions[(r - 1) * n + c] != regions[r * n + c] for c in range(n))


LAYOUTS = (
    BoardLayout("pencil", True, True, True),
    BoardLayout("pencil-tight", True, True, False),
    BoardLayout("pencil-packed", True, False, False),
    BoardLayout("values", False, False, False),
)
"""The layouts, roomiest first."""


def choose_layout(
    shape: Shape,
    width: int,
    height: int,
    alphabet: Alphabet = Alphabet(),
    rules: TextMarks | None = None,
) -> BoardLayout:
    """Return the roomiest layout whose labelled board and header fit a console of width x height.

    >>> choose_layout(Shape.sudoku(9), 80, 50).name, choose_layout(Shape.sudoku(9), 80, 24).name
    ('pencil', 'values')
    """
    for layout in LAYOUTS:
        w, h = layout.size(shape, alphabet, labels=True, rules=rules)
        if w <= width and h + HEADER_LINES <= height:
            return layout
    return LAYOUTS[-1]
