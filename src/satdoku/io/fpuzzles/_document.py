"""An f-puzzles document being read: its grid's side and shape, and readers of the values its
rules share (lists of cells, neighbouring pairs, totals kept as text, places outside the grid)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core._shape import Shape
from .._json_path import JsonAt
from ._cells import cell_at, orthogonal_pairs

__all__ = ["Document"]

_OUTSIDE = re.compile(r"R([0-9]+)C([0-9]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Document:
    """An f-puzzles document being read, its grid's side and the shape its regions give."""

    root: JsonAt
    n: int
    shape: Shape

    def cells(self, at: JsonAt) -> tuple[int, ...]:
        """Return the distinct cells of a list of names, or refuse it.

        >>> Document(JsonAt({}), 4, Shape.latin(4)).cells(JsonAt(["R1C2", "R2C1"]))
        (1, 4)
        """
        cells = tuple(cell_at(item, self.n) for item in at.items("a list of cells R1C1..."))
        if not cells or len(set(cells)) != len(cells):
            at.fail("a list of distinct cells, not empty")
        return cells

    def pair(self, at: JsonAt) -> tuple[int, int]:
        """Return the two orthogonally neighbouring cells of a mark between cells, or refuse them.

        >>> Document(JsonAt({}), 4, Shape.latin(4)).pair(JsonAt(["R1C2", "R1C1"]))
        (1, 0)
        """
        cells = self.cells(at)
        if len(cells) != 2 or tuple(sorted(cells)) not in set(orthogonal_pairs(self.n)):
            at.fail("two orthogonally neighbouring cells")
        return (cells[0], cells[1])

    def number(self, at: JsonAt, what: str, least: int) -> int | None:
        """Return a number f-puzzles keeps as text (``"12"``) or a number; None when blank.

        >>> Document(JsonAt({}), 9, Shape.latin(9)).number(JsonAt("12"), "a total", 1)
        12
        """
        if at.value is None or at.value == "":
            return None
        value = at.value
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else None
        if text is None:
            text = at.text(f"{what}: a whole number {least} or more").strip()
        if not text.isascii() or not text.isdigit() or int(text) < least:
            at.fail(f"{what}: a whole number {least} or more")
        return int(text)

    def outside(self, at: JsonAt) -> tuple[int, int]:
        """Return the (row, column), 0-based, of a clue's place ``R0C1``..``R{n+1}C{n+1}``.

        >>> Document(JsonAt({}), 9, Shape.latin(9)).outside(JsonAt("R0C4"))
        (-1, 3)
        """
        expected = f"a place R0C0..R{self.n + 1}C{self.n + 1}"
        match = _OUTSIDE.fullmatch(at.text(expected))
        if match is None:
            at.fail(expected)
        row, col = int(match.group(1)) - 1, int(match.group(2)) - 1
        if not (-1 <= row <= self.n and -1 <= col <= self.n):
            at.fail(expected)
        return row, col
