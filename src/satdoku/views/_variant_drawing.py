"""How the Sudoku-variant rules are drawn: regions as dashed outlines, dots and XV letters on
edges, lines through cells, marks in cells, quadruples on points, little killers on diagonals,
sandwich and X-sum clues outside the grid, and a legend note for each rule over the whole grid.

>>> from satdoku.core.constraints import Thermometer
>>> list(VARIANT_DRAWERS["thermometer"](Thermometer((0, 1)), 4))
[LineDrawing(path=(0, 1), style='thermometer', title='thermometer r1c1→r1c2')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core.constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    Clone,
    Distinct,
    EntropicLine,
    Extremum,
    Kropki,
    KropkiNegative,
    LittleKiller,
    ModularLine,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    RegionSumLine,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
    XSum,
    XVNegative,
    ZipperLine,
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

__all__ = ["VARIANT_DRAWERS", "WHITE", "BLACK", "SANDWICH_NOTE", "X_SUM_NOTE"]

WHITE = "white"
"""The sign of a white Kropki dot (its value, when not 1, follows: ``white 3``)."""
BLACK = "black"
"""The sign of a black Kropki dot (its value, when not 2, follows: ``black 3``)."""
SANDWICH_NOTE = "a number outside is the sum of the digits between the 1 and the largest digit"
X_SUM_NOTE = "xK outside: the first k digits seen from there, k the first one, sum to K"


def _distinct(rule: Distinct, n: int) -> Iterable[Mark]:
    yield CageDrawing(rule.members, "", True, rule.title(n))


def _note(text: str) -> Callable[[Any, int], Iterable[Mark]]:
    def note(rule: Any, n: int) -> Iterable[Mark]:
        yield text

    return note


def _parity(rule: Parity, n: int) -> Iterable[Mark]:
    yield CellMark(rule.cell, "square" if rule.even else "circle", rule.title(n))


def _extremum(rule: Extremum, n: int) -> Iterable[Mark]:
    yield CellMark(rule.cell, "maximum" if rule.maximum else "minimum", rule.title(n))


def _kropki(rule: Kropki, n: int) -> Iterable[Mark]:
    first, second = edge_cells(rule.first, rule.second, n, "dot")
    sign, usual = (BLACK, 2) if rule.ratio else (WHITE, 1)
    yield EdgeSign(
        first, second, sign if rule.value == usual else f"{sign} {rule.value}", rule.title(n)
    )


def _kropki_negative(rule: KropkiNegative, n: int) -> Iterable[Mark]:
    if rule.ratio:
        yield "neighbours without a black dot: neither digit is twice the other"
    else:
        yield "neighbours without a white dot do not differ by one"


def _xv(rule: XV, n: int) -> Iterable[Mark]:
    first, second = edge_cells(rule.first, rule.second, n, "sum mark")
    yield EdgeSign(first, second, rule.letter, rule.title(n))


def _xv_negative(rule: XVNegative, n: int) -> Iterable[Mark]:
    sums = " or ".join(map(str, rule.totals))
    yield f"neighbours without an X or V mark do not sum to {sums}"


def _line(style: str) -> Callable[[Any, int], Iterable[Mark]]:
    def line(rule: Any, n: int) -> Iterable[Mark]:
        yield LineDrawing(rule.path, style, rule.title(n))

    return line


def _thermometer(rule: Thermometer, n: int) -> Iterable[Mark]:
    yield LineDrawing(rule.path, "slow thermometer" if rule.slow else "thermometer", rule.title(n))


def _clone(rule: Clone, n: int) -> Iterable[Mark]:
    for cell in rule.cells(n):
        yield CellMark(cell, "clone", rule.title(n))


def _quadruple(rule: Quadruple, n: int) -> Iterable[Mark]:
    rule.cells(n)  # refuses a block off the grid
    yield PointClue(rule.corner, "".join(map(str, rule.digits)), rule.title(n))


def _little_killer(rule: LittleKiller, n: int) -> Iterable[Mark]:
    rule.cells(n)  # refuses a clue not just outside the grid
    yield DiagonalClue(rule.row, rule.col, rule.direction, str(rule.total), rule.title(n))


def _sandwich(rule: Sandwich, n: int) -> Iterable[Mark]:
    rule.cells(n)  # refuses a line off the grid
    yield OutsideClue(rule.side, rule.line, str(rule.total), rule.title(n))
    yield SANDWICH_NOTE


def _x_sum(rule: XSum, n: int) -> Iterable[Mark]:
    rule.cells(n)  # refuses a line off the grid
    yield OutsideClue(rule.side, rule.line, f"x{rule.total}", rule.title(n))
    yield X_SUM_NOTE


def _arrow(rule: Arrow, n: int) -> Iterable[Mark]:
    title = rule.title(n)
    for cell in rule.circle:
        yield CellMark(cell, "ring", title)
    for shaft in rule.shafts:
        row, col = divmod(shaft[0], n)

        def distance(cell: int, row: int = row, col: int = col) -> tuple[int, int]:
            """King's moves to the shaft's first cell, then rook's: a side beats a corner."""
            rows, cols = abs(cell // n - row), abs(cell % n - col)
            return max(rows, cols), rows + cols

        yield LineDrawing((min(rule.circle, key=distance), *shaft), "arrow", title)


VARIANT_DRAWERS: dict[str, Callable[[Any, int], Iterable[Mark]]] = {
    Distinct.kind: _distinct,
    AntiKnight.kind: _note("anti-knight: cells a knight's move apart hold different digits"),
    AntiKing.kind: _note("anti-king: cells a king's move apart hold different digits"),
    NonConsecutive.kind: _note("non-consecutive: neighbours never differ by one"),
    Parity.kind: _parity,
    Extremum.kind: _extremum,
    Kropki.kind: _kropki,
    KropkiNegative.kind: _kropki_negative,
    XV.kind: _xv,
    XVNegative.kind: _xv_negative,
    Thermometer.kind: _thermometer,
    Whisper.kind: _line("whisper"),
    Renban.kind: _line("renban"),
    Palindrome.kind: _line("palindrome"),
    BetweenLine.kind: _line("between"),
    EntropicLine.kind: _line("entropic"),
    ModularLine.kind: _line("modular"),
    ZipperLine.kind: _line("zipper"),
    RegionSumLine.kind: _line("region sum"),
    Clone.kind: _clone,
    Quadruple.kind: _quadruple,
    LittleKiller.kind: _little_killer,
    Sandwich.kind: _sandwich,
    XSum.kind: _x_sum,
    Arrow.kind: _arrow,
}
"""How each variant kind is drawn, by its ``kind``."""
