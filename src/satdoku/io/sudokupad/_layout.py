"""An SCL puzzle's grid: its side (``cells``: rows of cell objects), its givens (a cell's
``value``) and its regions (``regions``: lists of ``[row, column]`` pairs, counted from 0)."""

from __future__ import annotations

from ...core._shape import MAX_SIZE, Shape
from .._json_path import JsonAt
from ..fpuzzles._layout import boxes_of

__all__ = ["cell_of", "givens_of", "regions_of", "shape_of", "side_of"]


def side_of(doc: JsonAt) -> int:
    """Return the grid's side: the number of rows of ``cells``, each of as many cells.

    >>> side_of(JsonAt({"cells": [[{}, {}], [{}, {}]]}))
    2
    >>> side_of(JsonAt({"cells": [[{}, {}], [{}]]}))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: cells[1]: expected a row of 2 cells (satdoku reads square \
grids), got [{}]
    """
    rows = doc.key("cells").items("the grid's cells: a list of rows of cell objects")
    n = len(rows)
    if not 1 <= n <= MAX_SIZE:
        doc.key("cells").fail(f"the grid's cells: 1..{MAX_SIZE} rows")
    for row in rows:
        if len(row.items(f"a row of {n} cells")) != n:
            row.fail(f"a row of {n} cells (satdoku reads square grids)")
    return n


def cell_of(at: JsonAt, n: int) -> int:
    """Return the cell a ``[row, column]`` pair names (counted from 0), in reading order.

    >>> cell_of(JsonAt([1, 0]), 4)
    4
    >>> cell_of(JsonAt([4, 0], "cages[0].cells[2]"), 4)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: cages[0].cells[2]: expected a cell [row, column], each \
0..3, got [4, 0]
    """
    value = at.value
    if not (isinstance(value, list) and len(value) == 2):
        at.fail(f"a cell [row, column], each 0..{n - 1}")
    if not all(type(part) is int and 0 <= part < n for part in value):
        at.fail(f"a cell [row, column], each 0..{n - 1}")
    return int(value[0]) * n + int(value[1])


def givens_of(doc: JsonAt, n: int) -> tuple[int, ...]:
    """Return the givens: each cell's ``value``, a digit (as a number or a text).

    >>> givens_of(JsonAt({"cells": [[{"value": 1}, {}], [{}, {"value": "2"}]]}), 2)
    (1, 0, 0, 2)
    """
    digits = []
    for row in doc.key("cells").items():
        for cell in row.items():
            cell.entries('a cell: an object such as {} or {"value": 5}')
            value = cell.key("value")
            if value.value is None or value.value == "":
                digits.append(0)
            elif isinstance(value.value, str) and value.value.isascii() and value.value.isdigit():
                digits.append(JsonAt(int(value.value), value.path).whole(1, n, "a digit"))
            else:
                digits.append(value.whole(1, n, "a digit"))
    return tuple(digits)


def regions_of(doc: JsonAt, n: int) -> list[frozenset[int]]:
    """Return the regions' cells: none, or n regions of n cells that cover the grid.

    >>> regions_of(JsonAt({"regions": [[[0, 0], [0, 1]], [[1, 0], [1, 1]]]}), 2)
    [frozenset({0, 1}), frozenset({2, 3})]
    >>> regions_of(JsonAt({"regions": [[[0, 0], [0, 1]]]}), 2)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: regions: expected no regions or 2 regions of 2 cells that \
cover the grid, got 1 region of 2 cells
    """
    regions: list[frozenset[int]] = []
    seen: dict[int, str] = {}
    for region in doc.key("regions").each("a list of regions, each a list of cells"):
        cells = set()
        for at in region.items("a region: a list of cells [row, column]"):
            cell = cell_of(at, n)
            if cell in seen and seen[cell] != region.path:
                raise at.error(f"this cell is in {seen[cell]} too: regions do not overlap")
            seen[cell] = region.path
            cells.add(cell)
        regions.append(frozenset(cells))
    sizes = [len(region) for region in regions]
    if regions and sizes != [n] * n:
        counts = ", ".join(str(size) for size in sizes)
        noun = "region" if len(regions) == 1 else "regions"
        raise doc.key("regions").error(
            f"expected no regions or {n} regions of {n} cells that cover the grid, got "
            f"{len(regions)} {noun} of {counts} cells"
        )
    return regions


def shape_of(regions: list[frozenset[int]], n: int) -> Shape:
    """Return the shape the regions give: boxes, a jigsaw, or rows and columns only.

    >>> shape_of([frozenset({0, 1}), frozenset({2, 3})], 2).describe()
    '2x2 latin square'
    >>> boxes = [frozenset({0, 1, 4, 5}), frozenset({2, 3, 6, 7}), frozenset({8, 9, 12, 13})]
    >>> shape_of([*boxes, frozenset({10, 11, 14, 15})], 4).describe()
    '4x4 sudoku, 2x2 boxes'
    """
    if not regions:
        return Shape.latin(n)
    parts = set(regions)
    for rows in range(1, n + 1):
        if n % rows:
            continue
        box = boxes_of((rows, n // rows), n)
        if parts == {frozenset(c for c in range(n * n) if box[c] == b) for b in range(n)}:
            if rows in (1, n):
                return Shape.latin(n)
            return Shape.sudoku(n, (rows, n // rows))
    region_map = [0] * (n * n)
    for number, region in enumerate(sorted(regions, key=min)):
        for cell in region:
            region_map[cell] = number
    return Shape.jigsaw(region_map)
