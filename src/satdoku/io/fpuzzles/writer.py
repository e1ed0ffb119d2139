"""A puzzle written as an f-puzzles document: givens, regions, diagonals, and the rules
f-puzzles states (killer cages, white dots, nonconsecutive); others are refused by kind."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.constraints import Consecutive, Constraint, KillerCage
from ...core.errors import InputError
from ...core.puzzle import Puzzle
from .cells import fpuzzles_name, orthogonal_pairs
from .layout import boxes_of

__all__ = ["WRITERS", "fpuzzles_data"]

Fields = dict[str, object]
Writer = Callable[[Sequence[Constraint], int], Fields]
"""Writes the rules of one kind as f-puzzles keys."""


def _killer_cages(rules: Sequence[Constraint], n: int) -> Fields:
    cages: list[object] = []
    for rule in rules:
        assert isinstance(rule, KillerCage)
        cage: dict[str, object] = {"cells": [fpuzzles_name(c, n) for c in rule.members]}
        if rule.total is not None:
            cage["value"] = str(rule.total)
        cages.append(cage)
    return {"killercage": cages}


def _consecutive(rules: Sequence[Constraint], n: int) -> Fields:
    """White dots for pairs that differ by one; the others stated for all unmarked neighbours."""
    neighbours = set(orthogonal_pairs(n))
    dots: list[tuple[int, int]] = []
    apart: set[tuple[int, int]] = set()
    for rule in rules:
        assert isinstance(rule, Consecutive)
        pair = (min(rule.first, rule.second), max(rule.first, rule.second))
        if pair not in neighbours:
            raise InputError(f"f-puzzles marks orthogonal neighbours only, not {rule.title(n)}")
        if rule.consecutive:
            dots.append((rule.first, rule.second))
        else:
            apart.add(pair)
    fields: Fields = {}
    if dots:
        names = [[fpuzzles_name(a, n), fpuzzles_name(b, n)] for a, b in dots]
        fields["difference"] = [{"cells": pair} for pair in names]
    if apart:
        if apart != neighbours - {(min(p), max(p)) for p in dots}:
            raise InputError(
                'f-puzzles states "do not differ by one" for every unmarked pair of '
                "neighbours or for none, not for some"
            )
        fields.update({"negative": ["difference"]} if dots else {"nonconsecutive": True})
    return fields


WRITERS: dict[str, Writer] = {
    KillerCage.kind: _killer_cages,
    Consecutive.kind: _consecutive,
}
"""The writer of each kind of rule f-puzzles states, by :attr:`Constraint.kind`."""


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
        data.update(writer([r for r in puzzle.constraints if r.kind == kind], n))
    return data
