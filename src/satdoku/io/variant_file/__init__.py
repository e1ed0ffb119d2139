"""satdoku's variant file: a puzzle and its rules as JSON, every rule by its kind and fields.

The file is a JSON object (its JSON Schema is ``schema.json`` beside this module)::

    {"format": "satdoku variant", "version": 1, "size": 4, "boxes": [2, 2],
     "givens": [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
     "rules": [{"kind": "killer cage", "members": ["r1c1", "r1c2"], "total": 3}]}

``boxes`` (rows and columns of a box), ``regions`` (lists of cells), ``diagonals`` and
``symbols`` are optional: without boxes or regions the houses are rows and columns only. A
rule's fields are its constraint class's (:mod:`._kinds`): cells are named ``r1c1`` in the
fields the class declares to hold cells, enums by their values, tuples as lists.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import MAX_SIZE, Shape
from .._json_path import JsonAt
from ._kinds import kinds_of, rule_of, rule_record
from ._values import cell_of_name, to_json

__all__ = ["FORMAT", "format_variant", "looks_like_variant", "puzzle_of_variant", "variant_data"]

FORMAT = "satdoku variant"
"""The value of a variant file's ``format`` key."""

VERSION = 1


def looks_like_variant(data: object) -> bool:
    """Tell whether a JSON value is evidently a variant file: an object of this format.

    >>> looks_like_variant({"format": "satdoku variant", "size": 4}), looks_like_variant([])
    (True, False)
    """
    return isinstance(data, dict) and data.get("format") == FORMAT


def variant_data(puzzle: Puzzle) -> dict[str, object]:
    """Return the variant file (as a JSON object) of a puzzle.

    >>> variant_data(Puzzle(Shape.sudoku(4, (1, 4)), (1,) + (0,) * 15))["boxes"]
    [1, 4]
    """
    n, shape = puzzle.n, puzzle.shape
    data: dict[str, object] = {"format": FORMAT, "version": VERSION, "size": n}
    if shape.box is not None:
        data["boxes"] = list(shape.box)
    if shape.regions is not None:
        members = [[c for c, r in enumerate(shape.regions) if r == region] for region in range(n)]
        data["regions"] = to_json(tuple(map(tuple, members)), True, n)
    if shape.diagonals:
        data["diagonals"] = True
    if puzzle.symbols is not None:
        data["symbols"] = puzzle.symbols
    data["givens"] = puzzle.rows()
    data["rules"] = [rule_record(rule, n) for rule in puzzle.constraints]
    return data


def format_variant(puzzle: Puzzle) -> str:
    """Write a puzzle as a variant file on one line (a file of such lines reads back).

    >>> format_variant(Puzzle(Shape.latin(2), (1, 0, 0, 0)))
    '{"format": "satdoku variant", "version": 1, "size": 2, "givens": [[1, 0], [0, 0]], \
"rules": []}'
    """
    return json.dumps(variant_data(puzzle), ensure_ascii=False)


def _shape(root: JsonAt, n: int) -> Shape:
    box = None
    if root.key("boxes").value is not None:
        rows, cols = (item.whole(1, n, "a box side") for item in root.key("boxes").items())
        if rows * cols != n:
            root.key("boxes").fail(f"a box's rows and columns, whose product is {n}")
        box = (rows, cols)
    regions = None
    if root.key("regions").value is not None:
        lists = root.key("regions").items(f"a list of {n} regions, each a list of cells")
        if len(lists) != n:
            root.key("regions").fail(f"a list of {n} regions")
        map_ = [-1] * (n * n)
        for number, region in enumerate(lists):
            for item in region.items("a list of cells"):
                cell = cell_of_name(item, n)
                if map_[cell] != -1:
                    item.fail("a cell in no other region")
                map_[cell] = number
        regions = tuple(map_)
    diagonals = root.key("diagonals").flag()
    try:
        return Shape(n, box, diagonals, regions)
    except InputError as err:
        raise root.key("regions").error(err.message) from None


def _givens(root: JsonAt, n: int) -> tuple[int, ...]:
    rows = root.key("givens").items(f"the givens: {n} rows of {n} digits (0 blank)")
    if len(rows) != n:
        root.key("givens").fail(f"{n} rows of {n} digits")
    digits: list[int] = []
    for row in rows:
        items = row.items(f"a row of {n} digits")
        if len(items) != n:
            row.fail(f"a row of {n} digits (0 blank)")
        digits += [item.whole(0, n, "a digit (0 blank)") for item in items]
    return tuple(digits)


def puzzle_of_variant(data: object, extra_kinds: Iterable[type] = ()) -> Puzzle:
    """Return the puzzle of a variant file's JSON; refuse what it does not hold, by JSON path.

    >>> puzzle_of_variant({"format": "satdoku variant", "version": 1, "size": 2,
    ...     "givens": [[1, 0], [0, 0]], "rules": [{"kind": "comparison", "smaller": "r2c1",
    ...     "larger": "r2c2"}]}).constraints[0].title(2)
    'r2c1 < r2c2'
    """
    root = JsonAt(data)
    entries = root.entries("a variant file: a JSON object")
    if not looks_like_variant(data):
        root.key("format").fail(repr(FORMAT))
    root.key("version").whole(1, VERSION, "the file's version")
    known = {"format", "version", "size", "boxes", "regions", "diagonals", "symbols", "givens"}
    for key in entries:
        if key not in known | {"rules"}:
            raise root.key(key).error(f"a variant file has no key {key!r}")
    n = root.key("size").whole(1, MAX_SIZE, "the grid's size")
    kinds = kinds_of(extra_kinds)
    rules = tuple(rule_of(item, n, kinds) for item in root.key("rules").each("a list of rules"))
    symbols = root.key("symbols").value
    if symbols is not None and (not isinstance(symbols, str) or len(set(symbols)) != len(symbols)):
        root.key("symbols").fail("the symbols of digits 1..n: a string, no symbol twice")
    try:
        return Puzzle(_shape(root, n), _givens(root, n), symbols, rules)
    except InputError as err:
        raise root.error(err.message) from None
