"""What every view draws of a puzzle's rules beyond houses: cages, signs on edges, outside clues.

A registry keyed by ``Constraint.kind`` turns each rule into marks that any picture can draw
(the SVG board, the terminal boards, the HTML step page): a cage with its clue and outline, a
sign on the edge between two neighbouring cells, a clue outside the grid. A kind no view knows
is refused by name, never left out of the picture.

>>> from satdoku.core.constraints import ArithmeticCage, Comparison, Operation
>>> drawn = constraint_drawing((ArithmeticCage((0, 4), Operation.ADD, 5), Comparison(1, 0)), 4)
>>> drawn.cages[0].clue, drawn.cages[0].anchor, drawn.signs[0].sign
('5+', 0, '>')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core._errors import InputError
from ..core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    KillerCage,
    Skyscraper,
)
from ._marks import (
    CageDrawing,
    CellMark,
    DiagonalClue,
    EdgeSign,
    LineDrawing,
    Mark,
    OutsideClue,
    PointClue,
    edge_cells,
)
from ._variant_drawing import BLACK, VARIANT_DRAWERS, WHITE

__all__ = [
    "BAR",
    "CageDrawing",
    "CellMark",
    "ConstraintDrawing",
    "DiagonalClue",
    "EdgeSign",
    "LineDrawing",
    "PointClue",
    "KILLER_INSET",
    "NO_BAR_NOTE",
    "OutsideClue",
    "cage_of_cells",
    "constraint_drawing",
    "drawing_json",
    "inset_outline",
    "undrawable",
]

BAR = "bar"
"""The sign of Adjacent's mark: a bar on the edge between two digits that differ by one."""

NO_BAR_NOTE = "neighbours without a bar do not differ by one"
"""The legend's note when the marks' absence is a rule too (Adjacent mode)."""
BAR_NOTE = "a bar joins neighbours that differ by one"
SIGN_NOTE = "a sign between two cells points to the smaller digit"

Segment = tuple[float, float, float, float]
"""A line from (x1, y1) to (x2, y2), in cells: (0, 0) is the grid's top-left corner."""


@dataclass(frozen=True)
class ConstraintDrawing:
    """All a picture draws of a puzzle's constraints, and the notes its legend adds.

    Beside cages, signs and outside clues: lines through cells (thermometers, arrows' shafts),
    marks in cells (parity shapes, shaded fortress cells, arrows' circles, clones), clues on the
    grid's points (quadruples) and clues outside pointing along a diagonal (little killers).

    >>> ConstraintDrawing((), (), (), ()).empty
    True
    """

    cages: tuple[CageDrawing, ...]
    signs: tuple[EdgeSign, ...]
    outside: tuple[OutsideClue, ...]
    notes: tuple[str, ...]
    lines: tuple[LineDrawing, ...] = ()
    cell_marks: tuple[CellMark, ...] = ()
    points: tuple[PointClue, ...] = ()
    diagonals: tuple[DiagonalClue, ...] = ()

    @property
    def empty(self) -> bool:
        """Tell whether there is nothing to draw."""
        return not (
            self.cages
            or self.signs
            or self.outside
            or self.notes
            or self.lines
            or self.cell_marks
            or self.points
            or self.diagonals
        )


def _keen_cage(rule: ArithmeticCage, n: int) -> Iterable[Mark]:
    clue = f"{rule.target}" if len(rule.members) == 1 else f"{rule.target}{rule.operation.value}"
    yield CageDrawing(rule.members, clue, False, rule.title(n))


def _killer_cage(rule: KillerCage, n: int) -> Iterable[Mark]:
    clue = "" if rule.total is None else str(rule.total)
    yield CageDrawing(rule.members, clue, True, rule.title(n))


_SIGNS = {(True, True): "<", (True, False): ">", (False, True): "∧", (False, False): "∨"}
"""A sign by (cells side by side, the smaller first): it points to the smaller digit."""


def _comparison(rule: Comparison, n: int) -> Iterable[Mark]:
    first, second = edge_cells(rule.smaller, rule.larger, n, "sign")
    side_by_side, points_first = second == first + 1, rule.smaller == first
    yield EdgeSign(first, second, _SIGNS[side_by_side, points_first], rule.title(n))


def _consecutive(rule: Consecutive, n: int) -> Iterable[Mark]:
    first, second = edge_cells(rule.first, rule.second, n, "bar")
    if rule.consecutive:
        yield EdgeSign(first, second, BAR, rule.title(n))


def _skyscraper(rule: Skyscraper, n: int) -> Iterable[Mark]:
    rule.cells(n)  # refuses a line off the grid
    yield OutsideClue(rule.side, rule.line, str(rule.visible), rule.title(n))


_DRAWERS: dict[str, Callable[[Any, int], Iterable[Mark]]] = {
    ArithmeticCage.kind: _keen_cage,
    KillerCage.kind: _killer_cage,
    Comparison.kind: _comparison,
    Consecutive.kind: _consecutive,
    Skyscraper.kind: _skyscraper,
    **VARIANT_DRAWERS,
}
"""How each kind of constraint is drawn, by its ``kind``."""


def constraint_drawing(constraints: Sequence[Constraint], n: int) -> ConstraintDrawing:
    """Return the marks of an n×n puzzle's constraints; a kind satdoku cannot draw is refused.

    >>> from satdoku.core.constraints import Consecutive
    >>> constraint_drawing((Consecutive(0, 1, False),), 3).notes
    ('neighbours without a bar do not differ by one',)
    """
    marks: list[Mark] = []
    for rule in constraints:
        drawer = _DRAWERS.get(rule.kind)
        if drawer is None:
            raise InputError(f"satdoku cannot draw a {rule.kind!r} rule ({rule.title(n)})")
        marks.extend(drawer(rule, n))
    notes = list(dict.fromkeys(m for m in marks if isinstance(m, str)))
    if any(isinstance(rule, Comparison) for rule in constraints):
        notes.append(SIGN_NOTE)
    bars = [rule for rule in constraints if isinstance(rule, Consecutive)]
    if any(rule.consecutive for rule in bars):
        notes.append(BAR_NOTE)
    if any(not rule.consecutive for rule in bars):
        notes.append(NO_BAR_NOTE)
    return ConstraintDrawing(
        tuple(m for m in marks if isinstance(m, CageDrawing)),
        tuple(m for m in marks if isinstance(m, EdgeSign)),
        tuple(m for m in marks if isinstance(m, OutsideClue)),
        tuple(notes),
        tuple(m for m in marks if isinstance(m, LineDrawing)),
        tuple(m for m in marks if isinstance(m, CellMark)),
        tuple(m for m in marks if isinstance(m, PointClue)),
        tuple(m for m in marks if isinstance(m, DiagonalClue)),
    )


def cage_of_cells(drawing: ConstraintDrawing, n: int, *, dashed: bool) -> list[int]:
    """Return, per cell, the index of its cage among those drawn dashed (or solid), else -1.

    >>> drawn = constraint_drawing((KillerCage((0, 1)),), 2)
    >>> cage_of_cells(drawn, 2, dashed=True), cage_of_cells(drawn, 2, dashed=False)
    ([0, 0, -1, -1], [-1, -1, -1, -1])
    """
    owner = [-1] * (n * n)
    for index, cage in enumerate(drawing.cages):
        if cage.dashed == dashed:
            for cell in cage.cells:
                owner[cell] = index
    return owner


def inset_outline(cells: Iterable[int], n: int, inset: float) -> tuple[Segment, ...]:
    """Return the outline of a cage drawn ``inset`` (in cells) inside its outer border.

    Each side of a cell that faces no cell of the cage gives one segment; its ends reach the
    next segment, around a corner inside the cage or straight on into the neighbour cell.

    >>> inset_outline((0,), 2, 0.1)
    ((0.1, 0.1, 0.9, 0.1), (0.1, 0.9, 0.9, 0.9), (0.1, 0.1, 0.1, 0.9), (0.9, 0.1, 0.9, 0.9))
    """
    inside = set(cells)

    def holds(r: int, c: int) -> bool:
        return 0 <= r < n and 0 <= c < n and r * n + c in inside

    def end(r: int, c: int, along: tuple[int, int], out: tuple[int, int]) -> float:
        """How far past the cell's corner a side's segment goes: in, flush, or out by inset."""
        ar, ac = r + along[0], c + along[1]
        if not holds(ar, ac):
            return -inset
        return inset if holds(ar + out[0], ac + out[1]) else 0.0

    segments: list[Segment] = []
    for cell in sorted(inside):
        r, c = divmod(cell, n)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if holds(r + dr, c + dc):
                continue
            if dr:  # a top or bottom side, from left to right
                y = r + (inset if dr < 0 else 1 - inset)
                x1 = c - end(r, c, (0, -1), (dr, 0))
                x2 = c + 1 + end(r, c, (0, 1), (dr, 0))
                segments.append((round(x1, 4), round(y, 4), round(x2, 4), round(y, 4)))
            else:  # a left or right side, from top to bottom
                x = c + (inset if dc < 0 else 1 - inset)
                y1 = r - end(r, c, (-1, 0), (0, dc))
                y2 = r + 1 + end(r, c, (1, 0), (0, dc))
                segments.append((round(x, 4), round(y1, 4), round(x, 4), round(y2, 4)))
    return tuple(segments)


KILLER_INSET = 0.1
"""How far inside its cells a killer cage's dashed outline runs, in cells."""


def undrawable(drawing: ConstraintDrawing, shows: Callable[[str], bool], where: str) -> str | None:
    """Say what of a drawing a picture without lines, marks in cells, clues on points or on
    diagonals (and without the signs ``shows`` refuses) cannot draw, or None when it can all.

    >>> from satdoku.core.constraints import Parity
    >>> undrawable(constraint_drawing((Parity(0, True),), 4), bool, "in text")
    'satdoku cannot draw r1c1 is even in text: draw the puzzle as SVG'
    """
    titles = [line.title for line in drawing.lines]
    titles += [mark.title for mark in drawing.cell_marks]
    titles += [point.title for point in drawing.points]
    titles += [clue.title for clue in drawing.diagonals]
    titles += [sign.title for sign in drawing.signs if not shows(sign.sign)]
    if not titles:
        return None
    named = "; ".join(dict.fromkeys(titles))
    return f"satdoku cannot draw {named} {where}: draw the puzzle as SVG"


_PAGE_SIGNS = frozenset({"<", ">", "∧", "∨", BAR, "X", "V", WHITE, BLACK})
"""The signs the HTML step page draws on edges (and the totals of sum marks and the values of
Kropki dots, as text)."""

_PAGE_LINES = frozenset(
    {
        "thermometer",
        "slow thermometer",
        "whisper",
        "renban",
        "palindrome",
        "between",
        "entropic",
        "modular",
        "zipper",
        "region sum",
        "arrow",
    }
)
"""The styles of line the HTML step page draws."""

_PAGE_SHAPES = frozenset({"circle", "square", "maximum", "minimum", "ring", "clone"})
"""The marks in cells the HTML step page draws."""


def _page_refusal(drawing: ConstraintDrawing) -> str | None:
    """Name what of a drawing the HTML step page cannot draw, or None when it draws it all."""

    def shown(sign: str) -> bool:
        colour, _, value = sign.partition(" ")
        return sign.isdigit() or (colour in _PAGE_SIGNS and (not value or value.isdigit()))

    titles = [sign.title for sign in drawing.signs if not shown(sign.sign)]
    titles += [line.title for line in drawing.lines if line.style not in _PAGE_LINES]
    titles += [mark.title for mark in drawing.cell_marks if mark.shape not in _PAGE_SHAPES]
    if not titles:
        return None
    named = "; ".join(dict.fromkeys(titles))
    return f"satdoku cannot draw {named} on the HTML step page: draw the puzzle as SVG"


def _row_col(cell: int, n: int) -> list[int]:
    """Return a cell's ``[row, col]``, as the page reads cells."""
    return [cell // n, cell % n]


def drawing_json(drawing: ConstraintDrawing, n: int) -> dict[str, Any]:
    """Return the marks as JSON for the HTML step page (``"constraints"`` of a trace record).

    The page draws what the SVG board draws, from the same marks: cages (killer outlines and
    extra regions dashed), signs, letters and Kropki dots on edges, lines through cells
    (``"lines"``: their cells and style), marks in cells (``"marks"``: parity shapes, fortress
    shading, arrows' circles, clones), quadruples on the grid's points (``"points"``: the cell
    whose bottom-right corner holds the circle), little killers (``"diagonals"``: their place
    just outside the grid and their direction), clues outside and notes. Every mark carries its
    rule's ``"title"``, as a step's ``"constraint"`` names it. A mark of a style the page does
    not know is refused by name.

    >>> from satdoku.core.constraints import Side, Thermometer
    >>> drawing_json(constraint_drawing((Skyscraper(Side.LEFT, 1, 2),), 3), 3)["outside"]
    [{'side': 'left', 'line': 1, 'text': '2', 'title': '2 seen from the left of row 2'}]
    >>> drawing_json(constraint_drawing((Thermometer((0, 1)),), 3), 3)["lines"][0]["cells"]
    [[0, 0], [0, 1]]
    """
    refused = _page_refusal(drawing)
    if refused is not None:
        raise InputError(refused)
    return {
        "cages": [
            {
                "cells": [_row_col(cell, n) for cell in cage.cells],
                "clue": cage.clue,
                "dashed": cage.dashed,
                "title": cage.title,
                "outline": [list(s) for s in inset_outline(cage.cells, n, KILLER_INSET)]
                if cage.dashed
                else [],
            }
            for cage in drawing.cages
        ],
        "signs": [
            {
                "cells": [divmod(sign.first, n), divmod(sign.second, n)],
                "sign": sign.sign,
                "title": sign.title,
            }
            for sign in drawing.signs
        ],
        "outside": [
            {"side": clue.side.value, "line": clue.line, "text": clue.text, "title": clue.title}
            for clue in drawing.outside
        ],
        "lines": [
            {"cells": [_row_col(c, n) for c in line.path], "style": line.style, "title": line.title}
            for line in drawing.lines
        ],
        "marks": [
            {"cell": _row_col(mark.cell, n), "shape": mark.shape, "title": mark.title}
            for mark in drawing.cell_marks
        ],
        "points": [
            {"corner": _row_col(point.corner, n), "text": point.text, "title": point.title}
            for point in drawing.points
        ],
        "diagonals": [
            {
                "at": [clue.row, clue.col],
                "direction": list(clue.direction),
                "text": clue.text,
                "title": clue.title,
            }
            for clue in drawing.diagonals
        ],
        "notes": list(drawing.notes),
    }
