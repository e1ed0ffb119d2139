"""A puzzle written as an f-puzzles document: givens, regions, diagonals, and the rules
f-puzzles states, each kind by its writer (:data:`WRITERS`); others are refused by kind."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core import constraints as kinds
from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core.constraints import Constraint, KillerCage
from . import _dots as dots
from . import _line_rules as line_rules
from . import _marks as marks
from . import _outside as outside
from ._cells import fpuzzles_name
from ._layout import boxes_of

__all__ = ["WRITERS", "fpuzzles_data"]

Fields = dict[str, object]
Writer = Callable[[Sequence[Constraint], Puzzle], Fields]
"""Writes a puzzle's rules of one kind as f-puzzles keys."""


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
    kinds.Consecutive.kind: dots.write_consecutive,
    kinds.Kropki.kind: dots.write_kropki,
    kinds.KropkiNegative.kind: dots.write_kropki_negative,
    kinds.NonConsecutive.kind: dots.write_nonconsecutive,
    kinds.XV.kind: dots.write_xv,
    kinds.XVNegative.kind: dots.write_xv_negative,
    kinds.Parity.kind: marks.write_parity,
    kinds.Extremum.kind: marks.write_extrema,
    kinds.Quadruple.kind: marks.write_quadruples,
    kinds.Clone.kind: marks.write_clones,
    kinds.Distinct.kind: marks.write_distinct,
    kinds.AntiKnight.kind: marks.write_anti_move,
    kinds.AntiKing.kind: marks.write_anti_move,
    kinds.Arrow.kind: line_rules.write_arrows,
    **{line.kind: line_rules.write_lines for line in line_rules.LINE_RULES},
    kinds.LittleKiller.kind: outside.write_little_killers,
    kinds.Sandwich.kind: outside.write_line_clues,
    kinds.XSum.kind: outside.write_line_clues,
    kinds.Skyscraper.kind: outside.write_line_clues,
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

    >>> from satdoku.core._shape import Shape
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
