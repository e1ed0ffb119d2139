"""An f-puzzles grid's shape and givens: ``size``, each cell's ``region`` and ``given`` value,
and the two diagonals ``diagonal+`` (bottom left to top right) and ``diagonal-``, houses
when both are given (one alone, and regions not of n cells, are rules: :mod:`._marks`)."""

from __future__ import annotations

from ...core._shape import MAX_SIZE, Shape, default_box
from .._json_path import JsonAt

__all__ = ["boxes_of", "givens_of", "irregular_regions", "shape_of", "size_of"]


def size_of(doc: JsonAt) -> int:
    """Return the grid's side, ``size``.

    >>> size_of(JsonAt({"size": 6}))
    6
    """
    return doc.key("size").whole(1, MAX_SIZE, "the grid's size")


def _cells(doc: JsonAt, n: int) -> list[JsonAt]:
    """Return the grid's n*n cell objects in reading order, or refuse a grid of another size."""
    rows = doc.key("grid").items(f"the grid: a list of {n} rows")
    if len(rows) != n:
        doc.key("grid").fail(f"{n} rows of {n} cells")
    cells = []
    for row in rows:
        items = row.items(f"a row of {n} cells")
        if len(items) != n:
            row.fail(f"a row of {n} cells")
        cells += items
    for cell in cells:
        cell.entries('a cell: an object such as {} or {"value": 5, "given": true}')
    return cells


def boxes_of(box: tuple[int, int] | None, n: int) -> list[int | None]:
    """Return the region of each cell of r×c boxes (None everywhere without boxes).

    >>> boxes_of((1, 2), 2), boxes_of(None, 2)
    ([0, 0, 1, 1], [None, None, None, None])
    """
    if box is None:
        return [None] * (n * n)
    rows, cols = box
    return [(cell // n) // rows * (n // cols) + (cell % n) // cols for cell in range(n * n)]


def _default_regions(n: int) -> list[int | None]:
    """Return f-puzzles' region of each cell that states none: its box, or its row when the
    side is prime (no boxes tile the grid).

    >>> _default_regions(2), _default_regions(4)[:6]
    ([0, 0, 1, 1], [0, 0, 1, 1, 0, 0])
    """
    box = default_box(n)
    return boxes_of(box, n) if box is not None else [cell // n for cell in range(n * n)]


def _regions(cells: list[JsonAt], n: int) -> list[int | None]:
    """Return each cell's region: its ``region`` (null: none), else f-puzzles' default one."""
    default = _default_regions(n)
    regions: list[int | None] = []
    for cell, box in zip(cells, default, strict=True):
        entries = cell.entries("a cell")
        if "region" not in entries:
            regions.append(box)
        elif entries["region"] is None:
            regions.append(None)
        else:
            regions.append(cell.key("region").whole(0, n - 1, "a region number"))
    return regions


def _irregular(regions: list[int | None], n: int) -> bool:
    """Tell whether some cells lie in no region beside others that do, or a region's size is
    not n (then each region is a group of differing digits, not a house)."""
    if all(region is None for region in regions):
        return False
    sizes = [regions.count(region) for region in set(regions)]
    return None in regions or sizes != [n] * n


def _shape_of_regions(regions: list[int | None], n: int, diagonals: bool) -> Shape:
    """Return the shape whose houses are the regions: boxes, a jigsaw, or none at all."""
    rows_only = default_box(n) is None and regions == _default_regions(n)
    if all(region is None for region in regions) or rows_only or _irregular(regions, n):
        return Shape.latin(n, diagonals=diagonals)
    for rows in range(1, n + 1):
        box = (rows, n // rows)
        if n % rows == 0 and _same_parts(regions, boxes_of(box, n)):
            return Shape.sudoku(n, box, diagonals=diagonals)
    return Shape.jigsaw([region for region in regions if region is not None], diagonals=diagonals)


def irregular_regions(doc: JsonAt, n: int) -> list[tuple[int, ...]]:
    """Return the cells of each region when regions are not n cells each, else no region.

    >>> grid = [[{"region": 0}, {"region": 0}], [{"region": None}, {"region": 1}]]
    >>> irregular_regions(JsonAt({"grid": grid}), 2)
    [(0, 1), (3,)]
    """
    regions = _regions(_cells(doc, n), n)
    if not _irregular(regions, n):
        return []
    numbers = sorted({region for region in regions if region is not None})
    return [tuple(c for c, r in enumerate(regions) if r == number) for number in numbers]


def _same_parts(first: list[int | None], second: list[int | None]) -> bool:
    """Tell whether two region maps split the grid the same way, whatever their numbers."""
    return len({*zip(first, second, strict=True)}) == len(set(first)) == len(set(second))


def shape_of(doc: JsonAt, n: int) -> Shape:
    """Return the shape an f-puzzles document gives: its regions and diagonals.

    >>> shape_of(JsonAt({"size": 4, "grid": [[{}] * 4] * 4, "diagonal+": True,
    ...     "diagonal-": True}), 4).describe()
    '4x4 sudoku, 2x2 boxes, diagonals'
    """
    rising, falling = doc.key("diagonal+").flag(), doc.key("diagonal-").flag()
    return _shape_of_regions(_regions(_cells(doc, n), n), n, rising and falling)


def givens_of(doc: JsonAt, n: int) -> tuple[int, ...]:
    """Return the givens: each cell's ``value`` marked ``"given": true`` (other values are a
    player's entries, as centre and corner pencil marks are); refuse given pencil marks.

    >>> givens_of(JsonAt({"grid": [[{"value": 1, "given": True}, {"value": 2}], [{}, {}]]}), 2)
    (1, 0, 0, 0)
    """
    digits = []
    for cell in _cells(doc, n):
        marks = list(cell.key("givenPencilMarks").each("a list of digits"))
        if marks:
            raise cell.key("givenPencilMarks").error(
                "satdoku cannot read f-puzzles' given pencil marks (candidates the puzzle "
                "restricts) yet"
            )
        given = cell.key("given").flag()
        value = cell.key("value")
        digits.append(value.whole(1, n, "a digit") if given and value.value is not None else 0)
    return tuple(digits)
