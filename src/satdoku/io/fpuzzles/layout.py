"""An f-puzzles grid's shape and givens: ``size``, each cell's ``region`` and ``given`` value,
and the two diagonals ``diagonal+`` (bottom left to top right) and ``diagonal-``."""

from __future__ import annotations

from ...core.errors import InputError
from ...core.shape import MAX_SIZE, Shape, default_box
from ..json_path import JsonAt

__all__ = ["boxes_of", "givens_of", "shape_of", "size_of"]


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


def _regions(cells: list[JsonAt], n: int) -> list[int | None]:
    """Return each cell's region: its ``region`` (null: none), else f-puzzles' default box."""
    default = boxes_of(default_box(n), n)
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


def _shape_of_regions(regions: list[int | None], n: int, diagonals: bool) -> Shape:
    """Return the shape whose houses are the regions: boxes, a jigsaw, or none at all."""
    if all(region is None for region in regions):
        return Shape.latin(n, diagonals=diagonals)
    sizes = [regions.count(region) for region in range(n)]
    if None in regions or sizes != [n] * n:
        raise InputError(
            "satdoku cannot read f-puzzles' regions of other than n cells yet (cells with "
            '"region": null beside regions, or a region of '
            f"{min(sizes)} or {max(sizes)} cells where a {n}x{n} grid's hold {n})"
        )
    for rows in range(1, n + 1):
        box = (rows, n // rows)
        if n % rows == 0 and _same_parts(regions, boxes_of(box, n)):
            return Shape.sudoku(n, box, diagonals=diagonals)
    return Shape.jigsaw([region for region in regions if region is not None], diagonals=diagonals)


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
    if rising != falling:
        one = "diagonal+" if rising else "diagonal-"
        raise InputError(f"satdoku cannot read f-puzzles' single diagonal ({one}) rules yet")
    return _shape_of_regions(_regions(_cells(doc, n), n), n, rising)


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
