"""f-puzzles' lines, read and written: each item of a line key holds ``lines`` (lists of cells in
order), each line one rule; arrows also hold their circle's ``cells``.

Whispers' ``value`` is their difference, by default half the grid's side rounded up (5 on 9×9);
a region sum line is cut by the grid's boxes; an arrow's line starts in its circle and the rest
of it is a shaft. A line too short to state anything (a one-cell thermometer) states nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import default_box
from ...core.constraints import (
    Arrow,
    BetweenLine,
    Constraint,
    EntropicLine,
    ModularLine,
    Palindrome,
    RegionSumLine,
    Renban,
    Thermometer,
    Whisper,
    ZipperLine,
)
from .._json_path import JsonAt
from ._cells import fpuzzles_name
from ._document import Document

__all__ = ["LINE_KEYS", "LINE_RULES", "read_arrows", "line_reader", "write_arrows", "write_lines"]

Fields = dict[str, object]
Maker = Callable[[tuple[int, ...], JsonAt, Document], Constraint]


def _whisper_gap(n: int) -> int:
    """Return f-puzzles' difference of a whisper without a value: half the side, rounded up."""
    return (n + 1) // 2


def _whisper(path: tuple[int, ...], item: JsonAt, doc: Document) -> Constraint:
    gap = doc.number(item.key("value"), "the whisper's difference", 1)
    return Whisper(path, gap or _whisper_gap(doc.n))


def _region_sum(path: tuple[int, ...], item: JsonAt, doc: Document) -> Constraint:
    box = doc.shape.box
    if box is None:
        raise item.error("satdoku reads region sum lines on grids of boxes only")
    return RegionSumLine(path, () if box == default_box(doc.n) else box)


def _in_threes(path: tuple[int, ...], n: int, what: str) -> None:
    """Refuse what f-puzzles means by an entropic or modular line and satdoku's line does not:
    two cells (they differ in third, in remainder), or thirds of a side not divisible by 3."""
    if len(path) < 3:
        raise InputError(f"satdoku reads f-puzzles' {what}s of three cells or more")
    if what == "entropic line" and n % 3:
        raise InputError(f"f-puzzles' thirds of 1..{n} are not satdoku's: a side of 3, 6, 9...")


def _entropic(path: tuple[int, ...], item: JsonAt, doc: Document) -> Constraint:
    _in_threes(path, doc.n, "entropic line")
    return EntropicLine(path)


def _modular(path: tuple[int, ...], item: JsonAt, doc: Document) -> Constraint:
    _in_threes(path, doc.n, "modular line")
    return ModularLine(path)


LINE_KEYS: dict[str, Maker] = {
    "thermometer": lambda path, item, doc: Thermometer(path),
    "slowthermometer": lambda path, item, doc: Thermometer(path, slow=True),
    "whispers": _whisper,
    "renban": lambda path, item, doc: Renban(path),
    "palindrome": lambda path, item, doc: Palindrome(path),
    "betweenline": lambda path, item, doc: BetweenLine(path),
    "entropicline": _entropic,
    "modularline": _modular,
    "zipperline": lambda path, item, doc: ZipperLine(path),
    "regionsumline": _region_sum,
}
"""How each f-puzzles line key makes the rule of one line."""

LINE_RULES: tuple[type[Constraint], ...] = (Thermometer, Whisper, Renban, Palindrome)
LINE_RULES += (BetweenLine, EntropicLine, ModularLine, ZipperLine, RegionSumLine)
"""The kinds of rule along a line, each written under its line key."""

_LEAST = {"betweenline": 3}


def line_reader(key: str) -> Callable[[JsonAt, Document], list[Constraint]]:
    """Return the reader of a line key: one rule per line of its items.

    >>> from satdoku.core._shape import Shape
    >>> read = line_reader("renban")
    >>> read(JsonAt([{"lines": [["R1C1", "R1C2"]]}]), Document(JsonAt({}), 4, Shape.latin(4)))
    [Renban(path=(0, 1))]
    """
    make = LINE_KEYS[key]

    def read(value: JsonAt, doc: Document) -> list[Constraint]:
        rules: list[Constraint] = []
        for item in value.each(f"a list of {key} items"):
            for line in item.key("lines").items("a list of lines, each a list of cells"):
                path = doc.cells(line)
                if len(path) < _LEAST.get(key, 2):
                    continue
                try:
                    rules.append(make(path, item, doc))
                except InputError as err:
                    raise line.error(err.message) from None
        return rules

    return read


def read_arrows(value: JsonAt, doc: Document) -> list[Constraint]:
    """``arrow``: a circle (``cells``) and lines from it; each line's cells outside the circle
    are a shaft whose digits sum to the circle's number."""
    rules: list[Constraint] = []
    for item in value.each("a list of arrows"):
        circle = doc.cells(item.key("cells"))
        lines = item.key("lines").items("a list of lines, each a list of cells")
        shafts = [tuple(c for c in doc.cells(line) if c not in circle) for line in lines]
        shafts = [shaft for shaft in shafts if shaft]
        if not shafts:
            continue
        try:
            rules.append(Arrow(circle, tuple(shafts)))
        except InputError:  # shafts that share cells: one arrow each
            try:
                rules += [Arrow(circle, (shaft,)) for shaft in shafts]
            except InputError as err:
                raise item.error(err.message) from None
    return rules


def _key_of(rule: Constraint, puzzle: Puzzle) -> str:
    """Return the f-puzzles key of a line rule; refuse one f-puzzles draws otherwise."""
    if isinstance(rule, Thermometer):
        return "slowthermometer" if rule.slow else "thermometer"
    if isinstance(rule, EntropicLine | ModularLine):
        _in_threes(rule.path, puzzle.n, rule.kind)
    if isinstance(rule, RegionSumLine):
        box = puzzle.shape.box
        if box is None or (rule.box or default_box(puzzle.n)) != box:
            raise InputError(f"f-puzzles cuts a region sum line by the grid's boxes: {rule}")
    keys = {"whisper": "whispers", "region sum line": "regionsumline"}
    return keys.get(rule.kind, rule.kind.replace(" ", ""))


def write_lines(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Write line rules, one item per line (a whisper's difference when not the usual one)."""
    fields: dict[str, list[object]] = {}
    for rule in rules:
        path = [fpuzzles_name(cell, puzzle.n) for cell in rule.cells(puzzle.n)]
        item: dict[str, object] = {"lines": [path]}
        if isinstance(rule, Whisper) and rule.difference != _whisper_gap(puzzle.n):
            item["value"] = str(rule.difference)
        fields.setdefault(_key_of(rule, puzzle), []).append(item)
    return dict(fields)


def _nearest(circle: tuple[int, ...], cell: int, n: int) -> int:
    """Return the circle's cell nearest a cell (a king's moves), where its line starts."""
    return min(circle, key=lambda c: max(abs(c // n - cell // n), abs(c % n - cell % n)))


def write_arrows(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    """Write arrows: the circle's cells, and each shaft as a line from the circle."""
    n = puzzle.n
    arrows: list[object] = []
    for rule in rules:
        assert isinstance(rule, Arrow)
        lines = [[_nearest(rule.circle, shaft[0], n), *shaft] for shaft in rule.shafts]
        arrows.append(
            {
                "cells": [fpuzzles_name(cell, n) for cell in rule.circle],
                "lines": [[fpuzzles_name(cell, n) for cell in line] for line in lines],
            }
        )
    return {"arrow": arrows}
