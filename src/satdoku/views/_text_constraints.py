"""What the text boards draw of a puzzle's rules beyond houses, in characters.

Cages are borders (Keen's as heavy as box borders, a killer's and an extra region's dashed),
signs sit on the line between two cells (``<`` ``>`` between columns, ``^`` ``v`` between rows,
pointing to the smaller digit; ``=`` a bar: the two digits differ by one; ``o`` ``*`` Kropki's
white and black dots; ``X`` ``V`` sums of 10 and 5), outside clues stand around the grid, and the
cages' clues are listed under the board with the legend's notes. Lines, marks in cells, quadruple
circles and little killers have no place in characters: a puzzle with them is refused by name.

>>> from satdoku.core.constraints import ArithmeticCage, Comparison, Operation
>>> marks = TextMarks.of((ArithmeticCage((0, 2), Operation.ADD, 3), Comparison(3, 1)), 2)
>>> marks.edge(0, 1), marks.edge(0, 2), marks.down[1], marks.lines(40)
(2, 0, 'v', ['cages: 3+ r1c1,r2c1', '< > ^ v: the sign points to the smaller digit'])
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core._errors import InputError
from ..core.constraints import Constraint, Side, cell_list
from ._constraint_drawing import (
    BAR,
    BAR_NOTE,
    SIGN_NOTE,
    ConstraintDrawing,
    cage_of_cells,
    constraint_drawing,
    undrawable,
)
from ._variant_drawing import BLACK, WHITE

__all__ = ["SOLID", "DASHED", "TextMarks"]

SOLID = 2
"""The weight of a Keen cage's border: as heavy as a box border."""
DASHED = 3
"""The weight of a killer cage's border: a dashed line."""

_CHARACTERS = {
    "<": "<",
    ">": ">",
    "∧": "^",
    "∨": "v",
    BAR: "=",
    WHITE: "o",
    BLACK: "*",
    "X": "X",
    "V": "V",
}
_MEANINGS = {
    "o": "o: a white dot, the two digits differ by one",
    "*": "*: a black dot, one digit is twice the other",
    "X": "X: the two digits sum to 10",
    "V": "V: the two digits sum to 5",
}


@dataclass(frozen=True)
class TextMarks:
    """The constraint marks of an n×n board, placed for a text board.

    ``across`` maps a cell to the sign on the edge right of it, ``down`` to the sign under it;
    ``outside`` maps (side, line) to its clue.
    """

    n: int
    solid: tuple[int, ...]
    dashed: tuple[int, ...]
    across: Mapping[int, str]
    down: Mapping[int, str]
    outside: Mapping[tuple[Side, int], str]
    drawing: ConstraintDrawing

    @classmethod
    def of(cls, constraints: Sequence[Constraint], n: int) -> TextMarks:
        """Return the marks of the constraints of an n×n puzzle (a kind none can draw: refused)."""
        drawing = constraint_drawing(constraints, n)
        refusal = undrawable(drawing, lambda sign: sign in _CHARACTERS, "in text")
        if refusal is not None:
            raise InputError(refusal)
        across = {s.first: _CHARACTERS[s.sign] for s in drawing.signs if s.across}
        down = {s.first: _CHARACTERS[s.sign] for s in drawing.signs if not s.across}
        return cls(
            n,
            tuple(cage_of_cells(drawing, n, dashed=False)),
            tuple(cage_of_cells(drawing, n, dashed=True)),
            across,
            down,
            {(clue.side, clue.line): clue.text for clue in drawing.outside},
            drawing,
        )

    @property
    def empty(self) -> bool:
        """Tell whether there is nothing to draw."""
        return self.drawing.empty

    def edge(self, cell: int, other: int) -> int:
        """Return the cage border between two neighbouring cells: 0 none, SOLID or DASHED."""
        if self.solid[cell] != self.solid[other]:
            return SOLID
        return DASHED if self.dashed[cell] != self.dashed[other] else 0

    def clue_width(self) -> int:
        """Return the columns an outside clue takes (0 without them).

        >>> TextMarks.of((), 4).clue_width()
        0
        """
        return max((len(text) for text in self.outside.values()), default=0)

    def clue(self, side: Side, line: int) -> str:
        """Return the outside clue at a side's line, '' when there is none."""
        return self.outside.get((side, line), "")

    def sign_rows(self) -> frozenset[int]:
        """Return the rows r whose line above holds a sign (between rows r-1 and r)."""
        return frozenset(cell // self.n + 1 for cell in self.down)

    def lines(self, width: int) -> list[str]:
        """Return the lines under the board: the cages' clues and the legend's notes."""
        cages = [
            f"{cage.clue} {cell_list(sorted(cage.cells), self.n)}".strip()
            for cage in self.drawing.cages
        ]
        words = ["cages: " + "; ".join(cages)] if cages else []
        signs = {sign.sign for sign in self.drawing.signs}
        if signs & {"<", ">", "∧", "∨"}:
            words.append("< > ^ v: the sign points to the smaller digit")
        if BAR in signs:
            words.append("=: the two digits differ by one")
        shown = {_CHARACTERS[sign] for sign in signs}
        words += [meaning for char, meaning in _MEANINGS.items() if char in shown]
        said = {SIGN_NOTE, BAR_NOTE}
        words += [note for note in self.drawing.notes if note not in said]
        room = max(width, 60)
        # a cage's clue and cells stay on one line: only the spaces between cages break
        return [
            line.replace("\0", " ")
            for text in words
            for line in textwrap.wrap(text.replace(" r", "\0r"), room)
        ]
