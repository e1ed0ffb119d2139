"""f-puzzles' clues outside the grid, read and written: ``littlekillersum`` (a total along a
diagonal, ``direction`` UL, UR, DL or DR), and ``sandwichsum``, ``xsum`` and ``skyscraper``
on a row or column. A clue's ``cell`` is its place: row 0 or n+1 above or below a column,
column 0 or n+1 left or right of a row (a little killer's may be the diagonal's first cell).
A clue without a ``value`` states nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core.constraints import Constraint, LittleKiller, Sandwich, Side, Skyscraper, XSum
from .._json_path import JsonAt
from ._document import Document

__all__ = [
    "LINE_CLUES",
    "line_clue_reader",
    "read_little_killers",
    "write_line_clues",
    "write_little_killers",
]

Fields = dict[str, object]
_STEPS = {"U": -1, "D": 1, "L": -1, "R": 1}
_LETTERS = {(-1, -1): "UL", (-1, 1): "UR", (1, -1): "DL", (1, 1): "DR"}


def read_little_killers(value: JsonAt, doc: Document) -> list[Constraint]:
    """``littlekillersum``: the digits along the diagonal from ``cell`` in ``direction`` sum to
    ``value``."""
    rules: list[Constraint] = []
    for item in value.each("a list of little killer clues"):
        total = doc.number(item.key("value"), "the clue's total", 1)
        if total is None:
            continue
        at = item.key("direction")
        letters = at.text("a direction UL, UR, DL or DR")
        if letters not in _LETTERS.values():
            at.fail("a direction UL, UR, DL or DR")
        step = (_STEPS[letters[0]], _STEPS[letters[1]])
        row, col = doc.outside(item.key("cell"))
        if 0 <= row < doc.n and 0 <= col < doc.n:  # the diagonal's first cell
            row, col = row - step[0], col - step[1]
        try:
            clue = LittleKiller(row, col, step, total)
            clue.cells(doc.n)
        except InputError as err:
            raise item.error(err.message) from None
        rules.append(clue)
    return rules


def _side_line(at: JsonAt, doc: Document) -> tuple[Side, int]:
    """Return the side and line of a clue's place, or refuse a place not beside one line."""
    row, col = doc.outside(at)
    n = doc.n
    sides = {(-1, False): Side.TOP, (n, False): Side.BOTTOM}
    if row in (-1, n) and 0 <= col < n:
        return sides[(row, False)], col
    if col in (-1, n) and 0 <= row < n:
        return (Side.LEFT if col == -1 else Side.RIGHT), row
    at.fail(f"a place beside one row or column: R0C1..R0C{n}, R1C0..R{n}C0 and so on")


LINE_CLUES: dict[str, Callable[[Side, int, int], Constraint]] = {
    "sandwichsum": Sandwich,
    "xsum": XSum,
    "skyscraper": Skyscraper,
}
"""The rule of each f-puzzles key of clues beside a row or column."""

_LEAST = {"sandwichsum": 0, "xsum": 1, "skyscraper": 1}


def line_clue_reader(key: str) -> Callable[[JsonAt, Document], list[Constraint]]:
    """Return the reader of a key of clues beside a row or column.

    >>> from satdoku.core._shape import Shape
    >>> read = line_clue_reader("sandwichsum")
    >>> read(JsonAt([{"cell": "R0C2", "value": "5"}]), Document(JsonAt({}), 4, Shape.latin(4)))
    [Sandwich(side=<Side.TOP: 'top'>, line=1, total=5)]
    """
    make = LINE_CLUES[key]

    def read(value: JsonAt, doc: Document) -> list[Constraint]:
        rules: list[Constraint] = []
        for item in value.each(f"a list of {key} clues"):
            total = doc.number(item.key("value"), "the clue's number", _LEAST[key])
            if total is not None:
                side, line = _side_line(item.key("cell"), doc)
                rules.append(make(side, line, total))
        return rules

    return read


def _place(side: Side, line: int, n: int) -> str:
    row, col = {
        Side.TOP: (0, line + 1),
        Side.BOTTOM: (n + 1, line + 1),
        Side.LEFT: (line + 1, 0),
        Side.RIGHT: (line + 1, n + 1),
    }[side]
    return f"R{row}C{col}"


def write_line_clues(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Sandwich, X-sum and skyscraper clues at their places."""
    keys = {cls: key for key, cls in LINE_CLUES.items()}
    fields: dict[str, list[object]] = {}
    for rule in rules:
        assert isinstance(rule, Sandwich | XSum | Skyscraper)
        number = rule.visible if isinstance(rule, Skyscraper) else rule.total
        item = {"cell": _place(rule.side, rule.line, puzzle.n), "value": str(number)}
        fields.setdefault(keys[type(rule)], []).append(item)
    return dict(fields)


def write_little_killers(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Little killer clues: place, direction and total."""
    clues: list[object] = []
    for rule in rules:
        assert isinstance(rule, LittleKiller)
        clues.append(
            {
                "cell": f"R{rule.row + 1}C{rule.col + 1}",
                "direction": _LETTERS[(rule.direction[0], rule.direction[1])],
                "value": str(rule.total),
            }
        )
    return {"littlekillersum": clues}
