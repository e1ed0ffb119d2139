"""What satdoku does not read in an f-puzzles document, refused by name rather than dropped.

Every key is one of: the grid and its shape (:mod:`._layout`), the rules satdoku reads
(:data:`~._rules.READERS`), information that changes no answer (title, author, the solution...),
cosmetic drawings, or a rule refused by its f-puzzles name. A cosmetic item (``cage``,
``line``, ``circle``, ``text``, ``rectangle``) may carry meaning the rules text alone states,
so a puzzle that has one is refused, unless it is drawn for a rule satdoku reads
(``fromConstraint``).
"""

from __future__ import annotations

from ...core._errors import InputError
from .._json_path import JsonAt, shown

__all__ = ["COSMETIC", "INFORMATION", "RULE_NAMES", "SHAPE_KEYS", "refuse_unread"]

SHAPE_KEYS = frozenset({"size", "grid", "diagonal+", "diagonal-"})
"""The keys of the grid's shape and givens."""

INFORMATION = frozenset(
    {"title", "author", "ruleset", "solution", "disabledlogic", "truecandidatesoptions"}
)
"""Keys that change no answer: what the puzzle is called, who set it, its solution, settings."""

COSMETIC = ("cage", "line", "circle", "text", "rectangle")
"""f-puzzles' drawings, whose meaning only the rules text states."""

RULE_NAMES = {
    "boxindexer": "box indexer",
    "clock": "clock",
    "columnindexer": "column indexer",
    "doublearrow": "double arrow",
    "nabner": "nabner",
    "rowindexer": "row indexer",
    "sumdot(intersection)": "sum dot",
}
"""f-puzzles' names of the rules satdoku does not read yet, as their messages name them."""


def _present(value: object) -> bool:
    """Tell whether a key's value states anything: not null, false, an empty list or object."""
    return value not in (None, False, [], {}, "")


def _decorates(item: JsonAt, readable: frozenset[str]) -> str | None:
    """Return the rule a cosmetic item is drawn for (``fromConstraint``), or None."""
    source = item.key("fromConstraint").value if isinstance(item.value, dict) else None
    if not isinstance(source, str) or not source:
        return None
    key = source.replace(" ", "").replace("-", "").lower()
    if key in readable:
        return ""  # drawn for a rule satdoku reads: decoration
    return source


def refuse_unread(doc: JsonAt, readable: frozenset[str]) -> None:
    """Refuse a document that holds a rule satdoku does not read, or cosmetic items, by name.

    >>> refuse_unread(JsonAt({"size": 9, "clock": [{"cells": []}]}), frozenset())
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: clock: satdoku cannot read f-puzzles' clock rules yet
    """
    entries = doc.entries("an f-puzzles puzzle: a JSON object with size and grid")
    cosmetic: list[str] = []
    for key, value in entries.items():
        if key in SHAPE_KEYS or key in INFORMATION or key in readable or not _present(value):
            continue
        at = doc.key(key)
        if key not in COSMETIC:
            name = RULE_NAMES.get(key, repr(key))
            raise at.error(f"satdoku cannot read f-puzzles' {name} rules yet")
        for item in at.items(f"a list of {key} items"):
            rule = _decorates(item, readable)
            if rule:
                raise item.error(f"satdoku cannot read f-puzzles' {rule} rules yet")
            if rule is None:
                cosmetic.append(key)
    if cosmetic:
        counts = ", ".join(f"{cosmetic.count(k)} {k}" for k in COSMETIC if k in cosmetic)
        words = " ".join(
            str(doc.key(k).value) for k in ("title", "ruleset") if _present(doc.key(k).value)
        )
        stated = f"; its rules say: {shown(words)}" if words else ""
        raise InputError(
            f"this puzzle has drawings ({counts}) whose meaning only its rules text states"
            f"{stated}: satdoku reads f-puzzles' own rules only and does not guess what "
            "drawings mean"
        )
