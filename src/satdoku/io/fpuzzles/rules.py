"""f-puzzles' rules that satdoku reads: one reader function per f-puzzles key, in a registry.

A reader takes the key's value and the whole document and returns the puzzle's constraints;
every key it does not hold is refused by name (see :mod:`.refusals`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.constraints import Consecutive, Constraint, KillerCage
from ..json_path import JsonAt
from .cells import cell_at, orthogonal_pairs

__all__ = ["READERS", "Document", "Reader", "distinct"]


@dataclass(frozen=True)
class Document:
    """An f-puzzles document being read, and its grid's side."""

    root: JsonAt
    n: int

    def cells(self, at: JsonAt) -> tuple[int, ...]:
        """Return the distinct cells of a list of names, or refuse it."""
        cells = tuple(cell_at(item, self.n) for item in at.items("a list of cells R1C1..."))
        if not cells or len(set(cells)) != len(cells):
            at.fail("a list of distinct cells, not empty")
        return cells


Reader = Callable[[JsonAt, Document], list[Constraint]]
"""Reads one f-puzzles key's value into constraints."""


def _killer_cages(value: JsonAt, doc: Document) -> list[Constraint]:
    """``killercage``: cells and an optional total (``value``); digits never repeat."""
    cages: list[Constraint] = []
    for cage in value.each("a list of killer cages"):
        cells = doc.cells(cage.key("cells"))
        total = cage.key("value")
        if total.value is None or total.value == "":
            cages.append(KillerCage(cells))
            continue
        text = str(total.value) if isinstance(total.value, int) else total.text("a total")
        if not text.isascii() or not text.isdigit() or int(text) < 1:
            total.fail("the cage's total: a positive whole number")
        cages.append(KillerCage(cells, int(text)))
    return cages


def _pair(at: JsonAt, doc: Document) -> tuple[int, int]:
    """Return the two orthogonally neighbouring cells of a dot, or refuse them."""
    cells = doc.cells(at)
    if len(cells) != 2 or tuple(sorted(cells)) not in set(orthogonal_pairs(doc.n)):
        at.fail("two orthogonally neighbouring cells")
    return (cells[0], cells[1])


def _marked_pairs(doc: Document) -> set[tuple[int, int]]:
    """Return the pairs of cells that carry a white (difference) dot, smaller cell first."""
    return {
        tuple(sorted(_pair(dot.key("cells"), doc)))  # type: ignore[misc]
        for dot in doc.root.key("difference").each("a list of dots")
    }


def _differences(value: JsonAt, doc: Document) -> list[Constraint]:
    """``difference``: white dots; the digits of the two cells differ by one (``value`` 1)."""
    rules: list[Constraint] = []
    for dot in value.each("a list of difference dots"):
        first, second = _pair(dot.key("cells"), doc)
        step = dot.key("value")
        if step.value not in (None, "", "1", 1):
            raise step.error(
                f"satdoku cannot read f-puzzles' difference dots of value {step.value} yet "
                "(only 1: the digits differ by one)"
            )
        rules.append(Consecutive(first, second, True))
    return rules


def _unmarked_not_consecutive(doc: Document) -> list[Constraint]:
    """Every orthogonal pair without a white dot: its digits do not differ by one."""
    marked = _marked_pairs(doc)
    return [Consecutive(a, b, False) for a, b in orthogonal_pairs(doc.n) if (a, b) not in marked]


def _negative(value: JsonAt, doc: Document) -> list[Constraint]:
    """``negative``: the dots given are all there are; satdoku reads this for white dots."""
    rules: list[Constraint] = []
    for item in value.each("a list of rule names"):
        name = item.text('a rule name such as "difference"')
        if name != "difference":
            raise item.error(f"satdoku cannot read f-puzzles' negative {name} rules yet")
        rules += _unmarked_not_consecutive(doc)
    return rules


def _nonconsecutive(value: JsonAt, doc: Document) -> list[Constraint]:
    """``nonconsecutive``: no two orthogonal neighbours hold digits that differ by one."""
    if not value.flag():
        return []
    if _marked_pairs(doc):
        raise value.error(
            "this puzzle has nonconsecutive rules and white dots (digits that differ by one) "
            "together: satdoku does not guess which one gives way; remove the dots and give "
            '"negative": ["difference"] to say unmarked neighbours do not differ by one'
        )
    return _unmarked_not_consecutive(doc)


READERS: dict[str, Reader] = {
    "killercage": _killer_cages,
    "difference": _differences,
    "negative": _negative,
    "nonconsecutive": _nonconsecutive,
}
"""The reader of each f-puzzles key that holds rules satdoku reads."""


def distinct(rules: list[Constraint]) -> list[Constraint]:
    """Return the rules with repeats dropped, in order (two keys may state one rule).

    >>> distinct([KillerCage((0, 1)), KillerCage((0, 1), 3), KillerCage((0, 1))])
    [KillerCage(members=(0, 1), total=None), KillerCage(members=(0, 1), total=3)]
    """
    return list(dict.fromkeys(rules))
