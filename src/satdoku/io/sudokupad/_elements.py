"""What an SCL puzzle holds besides its grid, givens, regions and killer cages: elements
whose meaning only its picture and rules text give (lines, arrows, overlays, underlays,
cages without a total...), counted by kind, and information that changes no answer.

SudokuPad keeps a puzzle's title, author and rules as cages without cells whose value is
``name: text`` (or in ``metadata``); those are information, and any other setting is listed.
"""

from __future__ import annotations

import re
from collections import Counter

from .._json_path import JsonAt
from ._layout import cell_of

__all__ = ["INFORMATION", "cage_kind", "cage_total", "rules_text", "unread_elements"]

INFORMATION = frozenset(
    {"title", "author", "rules", "solution", "source", "msgcorrect", "msgincorrect"}
)
"""Metadata names that change no answer: what the puzzle is called, who set it, its rules
text, its solution, the messages SudokuPad shows."""

_DOCUMENT = frozenset({"cells", "regions", "cages", "id", "cellSize", "videos", "settings"})
"""Top-level keys read elsewhere or that change no answer (the ID, drawing size, videos)."""

_PICTURES = ("lines", "arrows", "overlays", "underlays")
_METADATA = ("metadata", "metaData")
_META = re.compile(r"([^: ]+):\s*(.*)", re.DOTALL)

_NOUNS = {
    "lines": ("line", "lines"),
    "arrows": ("arrow", "arrows"),
    "overlays": ("overlay", "overlays"),
    "underlays": ("underlay", "underlays"),
    "untotalled": ("cage without a total", "cages without a total"),
    "text": ("cage with text", "cages with text"),
    "repeating": ("cage whose digits may repeat", "cages whose digits may repeat"),
    "styled": ("cage of another style", "cages of another style"),
    "hidden": ("hidden cage", "hidden cages"),
}


def _present(value: object) -> bool:
    """Tell whether a value states anything: not null, false, an empty list, object or text."""
    return value not in (None, False, [], {}, "")


def cage_total(value: object) -> int | None:
    """Return a cage's value as a total (a positive whole number, or its digits), else None.

    >>> cage_total(12), cage_total("7"), cage_total("x"), cage_total(0)
    (12, 7, None, None)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value >= 1 else None
    if isinstance(value, str) and value.isascii() and value.isdigit() and int(value) >= 1:
        return int(value)
    return None


def cage_kind(cage: JsonAt, n: int, outlines: set[frozenset[int]]) -> str:
    """Return what a cage is: ``killer`` (a total), ``outline`` (a region's or the grid's, no
    total), ``meta:NAME`` (no cells, ``name: text``), ``empty``, or an unread element's kind.

    >>> cage_kind(JsonAt({"cells": [[0, 0], [0, 1]], "value": 3}), 2, set())
    'killer'
    >>> cage_kind(JsonAt({"cells": [[0, 0], [0, 1]]}), 2, {frozenset({0, 1})})
    'outline'
    >>> cage_kind(JsonAt({"value": "rules: Normal sudoku rules apply."}), 2, set())
    'meta:rules'
    """
    cage.entries("a cage: an object with cells and a value")
    cells = frozenset(cell_of(at, n) for at in cage.key("cells").each("a list of cells"))
    value = cage.key("value").value
    if not cells:
        meta = _META.fullmatch(value) if isinstance(value, str) else None
        return f"meta:{meta.group(1).lower()}" if meta else ("text" if _present(value) else "empty")
    if cage.key("hidden").value is True:
        return "hidden"
    if cage_total(value) is not None:
        if cage.key("unique").value is False:
            return "repeating"
        return "killer" if cage.key("style").value in (None, "killer") else "styled"
    if _present(value):
        return "text"
    return "outline" if cells in outlines else "untotalled"


def rules_text(doc: JsonAt) -> str:
    """Return the puzzle's rules text (a ``rules: ...`` cage or ``metadata.rules``), or ''.

    >>> rules_text(JsonAt({"cages": [{"value": "rules: Digits on lines sum to 10."}]}))
    'Digits on lines sum to 10.'
    """
    for cage in doc.key("cages").each():
        value = cage.key("value").value if isinstance(cage.value, dict) else None
        meta = _META.fullmatch(value) if isinstance(value, str) else None
        if meta and meta.group(1).lower() == "rules" and not cage.key("cells").value:
            return meta.group(2).strip()
    for key in _METADATA:
        text = doc.key(key).key("rules").value
        if isinstance(text, str) and text.strip():
            return text.strip()
    return ""


def unread_elements(doc: JsonAt, n: int, outlines: set[frozenset[int]]) -> list[str]:
    """Name, with counts, the elements of a puzzle that satdoku does not read.

    >>> unread_elements(JsonAt({"lines": [{}, {}], "overlays": [{}], "foglight": [[0, 0]]}),
    ...     2, set())
    ['2 lines', '1 overlay', 'the setting "foglight"']
    """
    counts: Counter[str] = Counter()
    settings: list[str] = []
    for key in _PICTURES:
        counts[key] = len(list(doc.key(key).each(f"a list of {key}")))
    for cage in doc.key("cages").each("a list of cages"):
        kind = cage_kind(cage, n, outlines)
        if kind.startswith("meta:"):
            if kind[5:] not in INFORMATION:
                settings.append(kind[5:])
        elif kind not in ("killer", "outline", "empty"):
            counts[kind] += 1
    for row in doc.key("cells").each():
        for cell in row.each():
            for key, value in cell.entries("a cell object").items():
                if key not in ("value", "given") and _present(value):
                    counts[f"cell:{key}"] += 1
    for name in _METADATA:
        metadata = doc.key(name).entries("an object") if doc.key(name).value is not None else {}
        settings += [key for key, value in metadata.items() if key.lower() not in INFORMATION]
    entries = doc.entries("a SudokuPad puzzle: a JSON object with cells")
    settings += [
        key
        for key, value in entries.items()
        if key not in (*_DOCUMENT, *_PICTURES, *_METADATA, *INFORMATION) and _present(value)
    ]
    named = [_counted(kind, count) for kind, count in counts.items() if count]
    return named + [f'the setting "{name}"' for name in dict.fromkeys(settings)]


def _counted(kind: str, count: int) -> str:
    """Return a count of elements of one kind in words: '1 line', '2 cells with "pencilMarks"'."""
    if kind.startswith("cell:"):
        return f'{count} {"cell" if count == 1 else "cells"} with "{kind[5:]}"'
    one, many = _NOUNS[kind]
    return f"{count} {one if count == 1 else many}"
