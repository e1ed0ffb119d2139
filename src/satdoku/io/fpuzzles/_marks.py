"""f-puzzles' marks in cells and groups of cells, read and written: parity (``odd``, ``even``),
fortress cells (``minimum``, ``maximum``), ``quadruple``, ``clone``, and the rules that keep
digits apart: ``antiknight``, ``antiking``, ``extraregion``, ``disjointgroups``, a single
diagonal, and regions other than n cells each (every one a group of differing digits).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core.constraints import (
    AntiKing,
    AntiKnight,
    Clone,
    Constraint,
    Distinct,
    Extremum,
    Parity,
    Quadruple,
    extrema,
)
from .._json_path import JsonAt
from ._cells import cell_at, fpuzzles_name
from ._document import Document
from ._layout import irregular_regions

__all__ = [
    "read_anti_king",
    "read_anti_knight",
    "read_clones",
    "read_disjoint_groups",
    "read_extra_regions",
    "read_extrema",
    "read_falling_diagonal",
    "read_parity",
    "read_quadruples",
    "read_regions",
    "read_rising_diagonal",
    "write_anti_move",
    "write_clones",
    "write_distinct",
    "write_extrema",
    "write_parity",
    "write_quadruples",
]

Fields = dict[str, object]
RISING, FALLING = "rising diagonal", "falling diagonal"


def _marked_cells(value: JsonAt, doc: Document, key: str) -> tuple[int, ...]:
    """Return the cells of a key's items ``{"cell": "R1C1"}``, each once."""
    cells = (cell_at(item.key("cell"), doc.n) for item in value.each(f"a list of {key} cells"))
    return tuple(dict.fromkeys(cells))


def read_parity(value: JsonAt, doc: Document, even: bool) -> list[Constraint]:
    """``odd``, ``even``: the cell's digit is odd (even)."""
    return [Parity(cell, even) for cell in _marked_cells(value, doc, value.path)]


def read_extrema(value: JsonAt, doc: Document, maximum: bool) -> list[Constraint]:
    """``minimum``, ``maximum``: the cell's digit is below (above) each orthogonal neighbour
    that is not marked the same way."""
    cells = _marked_cells(value, doc, value.path)
    return list(extrema(cells, maximum, doc.n)) if cells else []


def read_quadruples(value: JsonAt, doc: Document) -> list[Constraint]:
    """``quadruple``: the 2×2 block of ``cells`` holds the ``values`` listed."""
    rules: list[Constraint] = []
    for item in value.each("a list of quadruples"):
        cells = doc.cells(item.key("cells"))
        digits = tuple(d.whole(1, doc.n, "a digit") for d in item.key("values").each("digits"))
        corner = min(cells)
        if not digits:
            continue
        try:
            quadruple = Quadruple(corner, digits)
            block = quadruple.cells(doc.n)
        except InputError as err:
            raise item.error(err.message) from None
        if sorted(cells) != list(block):
            item.key("cells").fail("the four cells of a 2x2 block")
        rules.append(quadruple)
    return rules


def read_clones(value: JsonAt, doc: Document) -> list[Constraint]:
    """``clone``: ``cells`` and ``cloneCells`` hold the same digits, in order."""
    rules: list[Constraint] = []
    for item in value.each("a list of clones"):
        first, second = doc.cells(item.key("cells")), doc.cells(item.key("cloneCells"))
        if len(first) != len(second):
            item.key("cloneCells").fail(f"{len(first)} cells, as many as the clone's cells")
        pairs = [(a, b) for a, b in zip(first, second, strict=True) if a != b]
        if not pairs:
            continue
        try:
            rules.append(Clone(tuple(a for a, _ in pairs), tuple(b for _, b in pairs)))
        except InputError:  # overlapping groups: each pair of cells alike
            rules += [Clone((a,), (b,)) for a, b in pairs]
    return rules


def read_anti_knight(value: JsonAt, doc: Document) -> list[Constraint]:
    """``antiknight``: cells a knight's move apart differ."""
    return [AntiKnight()] if value.flag() else []


def read_anti_king(value: JsonAt, doc: Document) -> list[Constraint]:
    """``antiking``: cells a king's move apart differ."""
    return [AntiKing()] if value.flag() else []


def _rising(n: int) -> tuple[int, ...]:
    return tuple(row * n + n - 1 - row for row in range(n))


def _falling(n: int) -> tuple[int, ...]:
    return tuple(row * n + row for row in range(n))


def read_rising_diagonal(value: JsonAt, doc: Document) -> list[Constraint]:
    """``diagonal+`` alone (both are houses of the shape): the rising diagonal's digits differ."""
    alone = value.flag() and not doc.root.key("diagonal-").flag()
    return [Distinct(_rising(doc.n), RISING)] if alone and doc.n > 1 else []


def read_falling_diagonal(value: JsonAt, doc: Document) -> list[Constraint]:
    """``diagonal-`` alone: the falling diagonal's digits differ."""
    alone = value.flag() and not doc.root.key("diagonal+").flag()
    return [Distinct(_falling(doc.n), FALLING)] if alone and doc.n > 1 else []


def _disjoint_groups(box: tuple[int, int], n: int) -> list[Distinct]:
    rows, cols = box
    groups: dict[int, list[int]] = {}
    for cell in range(n * n):
        groups.setdefault(cell // n % rows * cols + cell % n % cols, []).append(cell)
    return [Distinct(tuple(groups[k]), f"disjoint group {k + 1}") for k in sorted(groups)]


def read_disjoint_groups(value: JsonAt, doc: Document) -> list[Constraint]:
    """``disjointgroups``: cells in the same place of their boxes differ."""
    if not value.flag():
        return []
    if doc.shape.box is None:
        raise value.error("satdoku reads disjoint groups on grids of boxes only")
    return list(_disjoint_groups(doc.shape.box, doc.n))


def read_extra_regions(value: JsonAt, doc: Document) -> list[Constraint]:
    """``extraregion``: the cells' digits differ (a region of one cell states nothing)."""
    regions = (doc.cells(item.key("cells")) for item in value.each("a list of extra regions"))
    return [Distinct(cells) for cells in regions if len(cells) > 1]


def read_regions(value: JsonAt, doc: Document) -> list[Constraint]:
    """The grid's regions when not n cells each: each region's digits differ."""
    regions = irregular_regions(doc.root, doc.n)
    return [Distinct(cells) for cells in regions if len(cells) > 1]


def _cell_items(cells: Sequence[int], n: int) -> list[object]:
    return [{"cell": fpuzzles_name(cell, n)} for cell in cells]


def _names(cells: Sequence[int], n: int) -> list[str]:
    return [fpuzzles_name(cell, n) for cell in cells]


def write_parity(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Odd and even cells."""
    fields: Fields = {}
    for key, even in (("odd", False), ("even", True)):
        cells = [r.cell for r in rules if isinstance(r, Parity) and r.even == even]
        if cells:
            fields[key] = _cell_items(cells, puzzle.n)
    return fields


def write_extrema(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Minimum and maximum cells, whose exemptions f-puzzles works out from the marks."""
    fields: Fields = {}
    for key, maximum in (("minimum", False), ("maximum", True)):
        chosen = [r for r in rules if isinstance(r, Extremum) and r.maximum == maximum]
        if not chosen:
            continue
        cells = [r.cell for r in chosen]
        if set(chosen) != set(extrema(cells, maximum, puzzle.n)):
            raise InputError(
                f"f-puzzles exempts a {key} cell from exactly its neighbours marked {key}: "
                "these extrema exempt others"
            )
        fields[key] = _cell_items(cells, puzzle.n)
    return fields


def write_quadruples(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Quadruples: the block's four cells and the digits."""
    items: list[object] = []
    for rule in rules:
        assert isinstance(rule, Quadruple)
        items.append({"cells": _names(rule.cells(puzzle.n), puzzle.n), "values": [*rule.digits]})
    return {"quadruple": items}


def write_clones(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Clones: the two groups, in order."""
    items: list[object] = []
    for rule in rules:
        assert isinstance(rule, Clone)
        n = puzzle.n
        items.append({"cells": _names(rule.first, n), "cloneCells": _names(rule.second, n)})
    return {"clone": items}


def write_anti_move(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """``antiknight`` or ``antiking``."""
    return {rule.kind.replace("-", ""): True for rule in rules}


def write_distinct(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """A single diagonal, disjoint groups, and extra regions for the rest (labels dropped)."""
    n = puzzle.n
    rest = [r for r in rules if isinstance(r, Distinct)]
    fields: Fields = {}
    named = {"diagonal+": Distinct(_rising(n), RISING), "diagonal-": Distinct(_falling(n), FALLING)}
    for key, diagonal in named.items():
        if diagonal in rest:
            fields[key] = True
            rest.remove(diagonal)
    if puzzle.shape.box is not None:
        groups = _disjoint_groups(puzzle.shape.box, n)
        if all(group in rest for group in groups):
            fields["disjointgroups"] = True
            rest = [r for r in rest if r not in groups]
    if rest:
        fields["extraregion"] = [{"cells": _names(r.members, n)} for r in rest]
    return fields
