"""A constraint's field values to JSON and back, by the field's type and declared role.

Types: ``int``, ``bool``, ``str``, an ``Enum`` (its value), ``X | None`` (null), and tuples of
these (JSON lists). A field declared to hold cells (:data:`~satdoku.core.constraints.CELLS`)
names each cell ``r1c1``; nothing else is taken for a cell.
"""

from __future__ import annotations

import re
import types
import typing
from enum import Enum

from ...core.constraints import cell_name
from .._json_path import JsonAt

__all__ = ["cell_of_name", "from_json", "to_json"]

_NAME = re.compile(r"r([0-9]+)c([0-9]+)", re.IGNORECASE)


def cell_of_name(at: JsonAt, n: int) -> int:
    """Return the cell index an ``r1c1`` name inside the n×n grid names, or refuse it.

    >>> cell_of_name(JsonAt("r2c3"), 9)
    11
    """
    expected = f"a cell r1c1..r{n}c{n}"
    match = _NAME.fullmatch(at.text(expected))
    if match is None or not (1 <= int(match.group(1)) <= n and 1 <= int(match.group(2)) <= n):
        at.fail(expected)
    return (int(match.group(1)) - 1) * n + int(match.group(2)) - 1


def to_json(value: object, cells: bool, n: int) -> object:
    """Return a field's value as JSON: tuples as lists, enums by value, cells by name.

    >>> to_json(((0, 1), (9,)), True, 9), to_json((3, 4), False, 9)
    ([['r1c1', 'r1c2'], ['r2c1']], [3, 4])
    """
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [to_json(item, cells, n) for item in value]
    if cells and isinstance(value, int) and not isinstance(value, bool):
        return cell_name(value, n)
    return value


def _described(hint: object) -> str:
    """Name a type for an error message."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        return "a list"
    if isinstance(hint, type) and issubclass(hint, Enum):
        return "one of " + ", ".join(repr(member.value) for member in hint)
    return {int: "a whole number", bool: "true or false", str: "a string"}.get(
        hint,  # type: ignore[call-overload]
        str(hint),
    )


def from_json(hint: object, at: JsonAt, cells: bool, n: int) -> object:
    """Return the field value of type ``hint`` that JSON ``at`` holds, or refuse it by path.

    >>> from satdoku.core.constraints import Operation
    >>> from_json(tuple[int, ...], JsonAt(["r1c1", "r1c2"]), True, 9)
    (0, 1)
    >>> from_json(Operation, JsonAt("×"), False, 9)
    <Operation.MULTIPLY: '×'>
    >>> from_json(int | None, JsonAt("7", "rules[0].total"), False, 9)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: rules[0].total: expected a whole number or null, got "7"
    """
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if at.value is None and type(None) in args:
            return None
        kinds = [arg for arg in args if arg is not type(None)]
        if len(kinds) == 1:
            try:
                return from_json(kinds[0], at, cells, n)
            except ValueError:
                at.fail(f"{_described(kinds[0])} or null")
        at.fail(f"one of {hint}")
    if origin is tuple:
        items = at.items(_described(hint))
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], item, cells, n) for item in items)
        if len(items) != len(args):
            at.fail(f"a list of {len(args)} items")
        return tuple(from_json(arg, item, cells, n) for arg, item in zip(args, items, strict=True))
    if isinstance(hint, type) and issubclass(hint, Enum):
        for member in hint:
            if member.value == at.value:
                return member
        at.fail(_described(hint))
    if hint is int:
        if cells:
            return cell_of_name(at, n)
        if isinstance(at.value, bool) or not isinstance(at.value, int):
            at.fail("a whole number")
        return at.value
    if hint is bool:
        if not isinstance(at.value, bool):
            at.fail("true or false")
        return at.value
    if hint is str:
        return at.text()
    raise at.error(f"satdoku cannot read a field of type {hint} from a file")
