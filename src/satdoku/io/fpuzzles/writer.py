"""A puzzle written as an f-puzzles document: givens, regions, diagonals, and the rules
f-puzzles states, each kind by its writer (:data:`WRITERS`); others are refused by kind."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    Clone,
    Consecutive,
    Constraint,
    Distinct,
    EntropicLine,
    Extremum,
    KillerCage,
    Kropki,
    KropkiNegative,
    LittleKiller,
    ModularLine,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    RegionSumLine,
    Renban,
    Sandwich,
    Skyscraper,
    Thermometer,
    Whisper,
    XSum,
    XVNegative,
    ZipperLine,
)
from ...core.errors import InputError
from ...core.puzzle import Puzzle
from . import dots, line_rules, marks, outside
from .cells import fpuzzles_name
from .layout import boxes_of

__all__ = ["WRITERS", "fpuzzles_data"]

Fields = dict[str, object]
Writer = Callable[[Sequence[Constraint], Puzzle], Fields]
"""Writes a puzzle's rules of one kind as f-puzzles keys."""

LINE_KINDS = [
    line.kind
    for line in (Thermometer, Whisper, Renban, Palindrome, BetweenLine, EntropicLine)
    + (ModularLine, ZipperLine, RegionSumLine)
]
"""The kinds of rule along a line, each written to its line key."""


def _killer_cages(rules: Sequence[Constraint], puzzle: Puzzle) -> Fields:
    cages: list[object] = []
    for rule in rules:
        assert isinstance(rule, KillerCage)
        cage: dict[str, object] = {"cells": [fpuzzles_name(c, puzzle.n) for c in rule.members]}
        if rule.total is not None:
            cage["value"] = str(rule.total)
        cages.append(cage)
    return {"killercage": cages}


WRITERS: dict[str, Writer] = {
    KillerCage.kind: _killer_cages,
    Consecutive.kind: dots.write_consecutive,
    Kropki.kind: dots.write_kropki,
    KropkiNegative.kind: dots.write_kropki_negative,
    NonConsecutive.kind: dots.write_nonconsecutive,
    XV.kind: dots.write_xv,
    XVNegative.kind: dots.write_xv_negative,
    Parity.kind: marks.write_parity,
    Extremum.kind: marks.write_extrema,
    Quadruple.kind: marks.write_quadruples,
    Clone.kind: marks.write_clones,
    Distinct.kind: marks.write_distinct,
    AntiKnight.kind: marks.write_anti_move,
    AntiKing.kind: marks.write_anti_move,
    Arrow.kind: line_rules.write_arrows,
    **{kind: line_rules.write_lines for kind in LINE_KINDS},
    LittleKiller.kind: outside.write_little_killers,
    Sandwich.kind: outside.write_line_clues,
    XSum.kind: outside.write_line_clues,
    Skyscraper.kind: outside.write_line_clues,
}
"""The writer of each kind of rule f-puzzles states, by :attr:`Constraint.kind`."""


def _merged(data: dict[str, object], fields: Fields) -> None:
    """Add a writer's keys to the document: lists two writers fill are joined."""
    for key, value in fields.items():
        held = data.get(key)
        if isinstance(held, list) and isinstance(value, list):
            data[key] = held + [item for item in value if item not in held]
        else:
            data[key] = value


def _regions(puzzle: Puzzle) -> list[int | None]:
    """Return each cell's region: stated for every cell, so no reader's default box decides."""
    shape = puzzle.shape
    return list(shape.regions) if shape.regions is not None else boxes_of(shape.box, puzzle.n)


LARGEST = 16
"""The largest grid f-puzzles draws."""


def fpuzzles_data(puzzle: Puzzle) -> dict[str, object]:
    """Return the f-puzzles document of a puzzle; refuse rules f-puzzles does not state.

    >>> from satdoku.core.shape import Shape
    >>> data = fpuzzles_data(Puzzle(Shape.latin(4, diagonals=True), (1,) + (0,) * 15))
    >>> data["grid"][0][:2], data["diagonal+"]
    ([{'value': 1, 'given': True, 'region': None}, {'region': None}], True)
    """
    n = puzzle.n
    if n > LARGEST:
        raise InputError(f"f-puzzles draws grids up to {LARGEST}x{LARGEST}, not {n}x{n}")
    regions = _regions(puzzle)
    cells: list[dict[str, object]] = []
    for digit, region in zip(puzzle.cells, regions, strict=True):
        cell: dict[str, object] = {"value": digit, "given": True} if digit else {}
        cell["region"] = region
        cells.append(cell)
    data: dict[str, object] = {"size": n, "grid": [cells[r * n : r * n + n] for r in range(n)]}
    if puzzle.shape.diagonals:
        data.update({"diagonal+": True, "diagonal-": True})
    kinds = list(dict.fromkeys(rule.kind for rule in puzzle.constraints))
    for kind in kinds:
        writer = WRITERS.get(kind)
        if writer is None:
            raise InputError(
                f"f-puzzles has no {kind} rules: write this puzzle as a variant file instead"
            )
        _merged(data, writer([r for r in puzzle.constraints if r.kind == kind], puzzle))
    return data
