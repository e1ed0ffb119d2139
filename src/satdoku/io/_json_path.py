"""A value inside a JSON document with its path (``killercage[2].cells[0]``), for errors that
say where they are and what was expected."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NoReturn

from ..core._errors import InputError

__all__ = ["JsonAt", "shown"]


def shown(value: object) -> str:
    """Return a JSON value as an error message shows it: JSON text, cut when long.

    >>> shown("R1C1"), shown(None), shown([1, 2])
    ('"R1C1"', 'null', '[1, 2]')
    """
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class JsonAt:
    """A JSON value and the path that leads to it; its readers refuse other types, by path.

    >>> doc = JsonAt({"cage": [{"cells": ["R1C1", 3]}]})
    >>> doc.key("cage").items()[0].key("cells").items()[1].text("a cell")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: cage[0].cells[1]: expected a cell, got 3
    """

    value: object
    path: str = ""

    def fail(self, expected: str) -> NoReturn:
        """Refuse the value: say where it is, what was expected and what was found."""
        raise self.error(f"expected {expected}, got {shown(self.value)}")

    def error(self, message: str) -> InputError:
        """Return an error about this value, prefixed with its path."""
        where = self.path or "the top level"
        return InputError(f"{where}: {message}")

    def entries(self, expected: str) -> dict[str, object]:
        """Return the value as a JSON object, or refuse it."""
        if not isinstance(self.value, dict):
            self.fail(expected)
        return self.value

    def key(self, name: str) -> JsonAt:
        """Return the value of a key of this object (JSON null when absent)."""
        entries = self.value if isinstance(self.value, dict) else {}
        return JsonAt(entries.get(name), f"{self.path}.{name}" if self.path else name)

    def items(self, expected: str = "a list") -> list[JsonAt]:
        """Return the items of a JSON list, or refuse the value."""
        if not isinstance(self.value, list):
            self.fail(expected)
        return [JsonAt(item, f"{self.path}[{i}]") for i, item in enumerate(self.value)]

    def each(self, expected: str = "a list") -> Iterator[JsonAt]:
        """Yield the items of a JSON list; null is no items."""
        if self.value is not None:
            yield from self.items(expected)

    def text(self, expected: str = "a string") -> str:
        """Return the value as a string, or refuse it."""
        if not isinstance(self.value, str):
            self.fail(expected)
        return self.value

    def whole(self, low: int, high: int, what: str) -> int:
        """Return the value as a whole number from ``low`` to ``high``, or refuse it."""
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            self.fail(f"{what}: a whole number {low}..{high}")
        if not low <= self.value <= high:
            self.fail(f"{what} {low}..{high}")
        return self.value

    def flag(self, expected: str = "true or false") -> bool:
        """Return the value as a boolean (null is false), or refuse it."""
        if self.value is None:
            return False
        if not isinstance(self.value, bool):
            self.fail(expected)
        return self.value
