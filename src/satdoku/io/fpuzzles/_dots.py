"""f-puzzles' marks between neighbours, read and written: white dots (``difference``), black
dots (``ratio``), X and V (``xv``), and their negative constraints (``negative``,
``nonconsecutive``).

As f-puzzles' own solvers read them: a dot's ``value`` is its difference (1 unless said) or its
ratio (2 unless said); ``"negative": ["ratio"]`` says no pair without a dot (black or white:
both are Kropki dots) is in ratio 2; ``"negative": ["xv"]`` says no pair without an X or V sums
to 5 or 10; ``nonconsecutive`` says no pair without a dot (black or white) differs by one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core.constraints import (
    XV,
    Consecutive,
    Constraint,
    Kropki,
    KropkiNegative,
    NonConsecutive,
    XVNegative,
)
from .._json_path import JsonAt
from ._cells import fpuzzles_name, orthogonal_pairs
from ._document import Document

__all__ = [
    "read_differences",
    "read_negative",
    "read_nonconsecutive",
    "read_ratios",
    "read_xv",
    "write_consecutive",
    "write_kropki",
    "write_kropki_negative",
    "write_nonconsecutive",
    "write_xv",
    "write_xv_negative",
]

Pair = tuple[int, int]
Fields = dict[str, object]
_LETTERS = {"X": 10, "V": 5}


def _sorted(pair: Pair) -> Pair:
    return (min(pair), max(pair))


def _dots(doc: Document, key: str) -> list[tuple[Pair, JsonAt]]:
    """Return each dot of a key: its two cells and its value."""
    return [
        (doc.pair(dot.key("cells")), dot.key("value"))
        for dot in doc.root.key(key).each(f"a list of {key} dots")
    ]


def _dot_pairs(doc: Document, *keys: str) -> tuple[tuple[int, ...], ...]:
    """Return the pairs marked by the dots of some keys, each once, smaller cell first."""
    pairs = dict.fromkeys(_sorted(pair) for key in keys for pair, _ in _dots(doc, key))
    return tuple(pairs)


def read_differences(value: JsonAt, doc: Document) -> list[Constraint]:
    """``difference``: white dots; the two digits differ by ``value`` (1: consecutive)."""
    rules: list[Constraint] = []
    for (first, second), step in _dots(doc, "difference"):
        difference = doc.number(step, "the dot's difference", 1) or 1
        if difference == 1:
            rules.append(Consecutive(first, second, True))
        else:
            rules.append(Kropki(first, second, False, difference))
    return rules


def read_ratios(value: JsonAt, doc: Document) -> list[Constraint]:
    """``ratio``: black dots; one digit is ``value`` (2 unless said) times the other."""
    return [
        Kropki(first, second, True, doc.number(ratio, "the dot's ratio", 1) or 2)
        for (first, second), ratio in _dots(doc, "ratio")
    ]


def read_xv(value: JsonAt, doc: Document) -> list[Constraint]:
    """``xv``: an X (the two digits sum to 10) or a V (to 5); a mark without a letter is none."""
    return list(_xv_marks(doc))


def _xv_marks(doc: Document) -> list[XV]:
    rules: list[XV] = []
    for (first, second), letter in _dots(doc, "xv"):
        if letter.value is None or letter.value == "":
            continue
        total = _LETTERS.get(letter.text("X or V").upper())
        if total is None:
            letter.fail("X or V")
        rules.append(XV(first, second, total))
    return rules


def _unmarked_not_consecutive(doc: Document) -> list[Constraint]:
    """Every orthogonal pair without a white dot: its digits do not differ by one."""
    marked = set(_dot_pairs(doc, "difference"))
    return [Consecutive(a, b, False) for a, b in orthogonal_pairs(doc.n) if (a, b) not in marked]


def _negative_ratio(item: JsonAt, doc: Document) -> Constraint:
    """No pair without a Kropki dot is in ratio 2 (black dots of other ratios are refused)."""
    for _, ratio in _dots(doc, "ratio"):
        if (doc.number(ratio, "the dot's ratio", 1) or 2) != 2:
            raise item.error(
                "satdoku reads f-puzzles' negative ratio rule beside black dots of ratio 2 only"
            )
    return KropkiNegative(True, _dot_pairs(doc, "ratio", "difference"))


def read_negative(value: JsonAt, doc: Document) -> list[Constraint]:
    """``negative``: the marks of the rules named are all there are."""
    rules: list[Constraint] = []
    for item in value.each("a list of rule names"):
        name = item.text('a rule name such as "ratio"')
        if name == "difference":
            rules += _unmarked_not_consecutive(doc)
        elif name == "ratio":
            rules.append(_negative_ratio(item, doc))
        elif name == "xv":
            marked = tuple(_sorted((mark.first, mark.second)) for mark in _xv_marks(doc))
            rules.append(XVNegative((5, 10), marked))
        else:
            raise item.error(f"satdoku cannot read f-puzzles' negative {name} rules yet")
    return rules


def read_nonconsecutive(value: JsonAt, doc: Document) -> list[Constraint]:
    """``nonconsecutive``: no two orthogonal neighbours without a Kropki dot differ by one
    (beside white dots, f-puzzles calls the puzzle "Consecutive": the dots are all there are)."""
    if not value.flag():
        return []
    dots = _dot_pairs(doc, "ratio", "difference")
    return [KropkiNegative(False, dots)] if dots else [NonConsecutive()]


def _names(pair: Sequence[int], n: int) -> list[str]:
    return [fpuzzles_name(cell, n) for cell in pair]


def _puzzle_dots(puzzle: Puzzle, ratio: bool | None = None) -> set[Pair]:
    """Return the pairs a puzzle's Kropki dots mark (white ones too, unless ``ratio`` says)."""
    pairs: set[Pair] = set()
    for rule in puzzle.constraints:
        if isinstance(rule, Kropki) and ratio in (None, rule.ratio):
            pairs.add(_sorted((rule.first, rule.second)))
        if isinstance(rule, Consecutive) and rule.consecutive and ratio in (None, False):
            pairs.add(_sorted((rule.first, rule.second)))
    return pairs


def _neighbours(first: int, second: int, puzzle: Puzzle, title: str) -> None:
    if _sorted((first, second)) not in set(orthogonal_pairs(puzzle.n)):
        raise InputError(f"f-puzzles marks orthogonal neighbours only, not {title}")


def write_consecutive(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """White dots for pairs that differ by one; the others stated for all unmarked neighbours."""
    n = puzzle.n
    neighbours = set(orthogonal_pairs(n))
    dots: list[Pair] = []
    apart: set[Pair] = set()
    for rule in rules:
        assert isinstance(rule, Consecutive)
        _neighbours(rule.first, rule.second, puzzle, rule.title(n))
        if rule.consecutive:
            dots.append((rule.first, rule.second))
        else:
            apart.add(_sorted((rule.first, rule.second)))
    fields: Fields = {}
    if dots:
        fields["difference"] = [{"cells": _names(pair, n)} for pair in dots]
    if apart:
        if apart != neighbours - {_sorted(p) for p in dots}:
            raise InputError(
                'f-puzzles states "do not differ by one" for every unmarked pair of '
                "neighbours or for none, not for some"
            )
        fields.update({"negative": ["difference"]} if dots else {"nonconsecutive": True})
    return fields


def write_kropki(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Black dots (``ratio``) and white dots (``difference``), each value when not the usual."""
    fields: dict[str, list[object]] = {}
    for rule in rules:
        assert isinstance(rule, Kropki)
        _neighbours(rule.first, rule.second, puzzle, rule.title(puzzle.n))
        dot: dict[str, object] = {"cells": _names((rule.first, rule.second), puzzle.n)}
        if rule.value != (2 if rule.ratio else 1):
            dot["value"] = str(rule.value)
        fields.setdefault("ratio" if rule.ratio else "difference", []).append(dot)
    return dict(fields)


def write_kropki_negative(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """``negative: ["ratio"]`` or ``nonconsecutive``, each exempting the pairs with a dot."""
    fields: Fields = {}
    for rule in rules:
        assert isinstance(rule, KropkiNegative)
        marked = {_sorted((pair[0], pair[1])) for pair in rule.marked}
        if marked != _puzzle_dots(puzzle):
            raise InputError(
                f"f-puzzles' {rule.title(puzzle.n)} exempts exactly the pairs with a Kropki "
                "dot: state the dots those pairs carry"
            )
        if rule.ratio:
            fields["negative"] = ["ratio"]
        else:
            fields["nonconsecutive"] = True
    return fields


def write_nonconsecutive(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """``nonconsecutive``, which f-puzzles states only for a grid without Kropki dots."""
    if _puzzle_dots(puzzle):
        raise InputError(
            "f-puzzles' nonconsecutive rule exempts pairs with a Kropki dot; this puzzle's "
            "non-consecutive rule does not: write it as a variant file instead"
        )
    return {"nonconsecutive": True}


def write_xv(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """X and V marks; f-puzzles has no other totals."""
    marks: list[object] = []
    for rule in rules:
        assert isinstance(rule, XV)
        _neighbours(rule.first, rule.second, puzzle, rule.title(puzzle.n))
        if rule.total not in (5, 10):
            raise InputError(f"f-puzzles marks sums of 5 (V) and 10 (X) only, not {rule.total}")
        marks.append({"cells": _names((rule.first, rule.second), puzzle.n), "value": rule.letter})
    return {"xv": marks}


def write_xv_negative(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """``negative: ["xv"]``: no pair without an X or V sums to 5 or 10."""
    marks = {_sorted((r.first, r.second)) for r in puzzle.constraints if isinstance(r, XV)}
    for rule in rules:
        assert isinstance(rule, XVNegative)
        marked = {_sorted((pair[0], pair[1])) for pair in rule.marked}
        if sorted(rule.totals) != [5, 10] or marked != marks:
            raise InputError(
                f"f-puzzles' negative XV rule forbids sums 5 and 10 beside every pair without "
                f"an X or V, not {rule.title(puzzle.n)} with other exemptions"
            )
    return {"negative": ["xv"]}
