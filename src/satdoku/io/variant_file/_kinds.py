"""The kinds of rule a variant file names: every constraint class of
:mod:`satdoku.core.constraints`, found by its ``kind``, so a new kind needs no edit here."""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterable, Mapping

from ...core import constraints
from ...core._errors import InputError
from ...core.constraints import Constraint, holds_cells
from .._json_path import JsonAt
from ._values import from_json, to_json

__all__ = ["Kinds", "kinds_of", "rule_of", "rule_record"]

Kinds = Mapping[str, type]
"""Constraint classes by their ``kind``."""


def kinds_of(extra: Iterable[type] = ()) -> dict[str, type]:
    """Return the constraint classes of :mod:`satdoku.core.constraints`, and ``extra`` ones.

    >>> sorted(kinds_of())[:3]
    ['anti-king', 'anti-knight', 'arrow']
    """
    found = [getattr(constraints, name) for name in constraints.__all__]
    kinds: dict[str, type] = {}
    for cls in [*found, *extra]:
        kind = getattr(cls, "kind", None)
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and isinstance(kind, str):
            kinds[kind] = cls
    return kinds


def rule_record(rule: Constraint, n: int) -> dict[str, object]:
    """Return a rule as a JSON object: its kind, then each field (cells named ``r1c1``).

    >>> from satdoku.core.constraints import KillerCage
    >>> rule_record(KillerCage((0, 1), 3), 9)
    {'kind': 'killer cage', 'members': ['r1c1', 'r1c2'], 'total': 3}
    """
    record: dict[str, object] = {"kind": rule.kind}
    for field in dataclasses.fields(rule):  # type: ignore[arg-type]
        record[field.name] = to_json(getattr(rule, field.name), holds_cells(field), n)
    return record


@functools.cache
def _fields_of(cls: type) -> tuple[dict[str, object], dict[str, dataclasses.Field[object]]]:
    """Return a kind's field types and fields, by name (worked out once per kind)."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    return typing.get_type_hints(cls), fields


def rule_of(at: JsonAt, n: int, kinds: Kinds) -> Constraint:
    """Return the rule a JSON object names; refuse an unknown kind or field, by path.

    >>> rule_of(JsonAt({"kind": "comparison", "smaller": "r1c1", "larger": "r1c2"}), 9,
    ...     kinds_of()).title(9)
    'r1c1 < r1c2'
    """
    entries = at.entries("a rule: an object with its kind and fields")
    name = at.key("kind").text('the rule\'s kind: a string such as "killer cage"')
    cls = kinds.get(name)
    if cls is None:
        at.key("kind").fail("a kind of rule satdoku knows: " + ", ".join(sorted(kinds)))
    hints, fields = _fields_of(cls)
    name = f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"  # "an arrow", "a thermometer"
    for key in entries:
        if key != "kind" and key not in fields:
            known = ", ".join(fields)
            raise at.key(key).error(f"{name} has no field {key!r} (its fields: {known})")
    values: dict[str, object] = {}
    for field in fields.values():
        if field.name not in entries:
            if field.default is dataclasses.MISSING:
                raise at.error(f"{name} needs its field {field.name!r}")
            continue
        at_field = at.key(field.name)
        values[field.name] = from_json(hints[field.name], at_field, holds_cells(field), n)
    try:
        rule: Constraint = cls(**values)
        for cell in rule.cells(n):
            if not 0 <= cell < n * n:
                raise InputError(f"it names cell {cell}, off the {n}x{n} grid")
    except InputError as err:
        raise at.error(err.message) from None
    return rule
