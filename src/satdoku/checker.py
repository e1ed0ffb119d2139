"""An independent checker of grids: it reads the shape's houses, not the solver or the CNF."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, itemgetter, mul, sub
from typing import Any

from .puzzle import Puzzle
from .shape import Shape

__all__ = ["is_solution", "broken_axioms"]


def broken_axioms(cells: Sequence[int], shape: Shape) -> list[str]:
    """Return a sentence for every axiom a grid breaks (empty when it is a valid full grid).

    >>> broken_axioms((1, 2, 2, 1), Shape.latin(2))
    []
    >>> for sentence in broken_axioms((1, 2, 1, 0), Shape.latin(2)):
    ...     print(sentence)
    cell r2c2 holds exactly one digit (it is blank)
    row 2 has exactly one 2 (found 0)
    column 1 has exactly one 1 (found 2: r1c1, r2c1)
    column 1 has exactly one 2 (found 0)
    column 2 has exactly one 1 (found 0)
    """
    n = shape.n
    problems: list[str] = []
    if len(cells) != n * n:
        return [f"the grid has {len(cells)} cells, expected {n * n}"]
    for i, d in enumerate(cells):
        if not 1 <= d <= n:
            what = "it is blank" if d == 0 else f"it holds {d}, not one of 1..{n}"
            problems.append(f"cell r{i // n + 1}c{i % n + 1} holds exactly one digit ({what})")
    for house in shape.houses:
        where: dict[int, list[int]] = {}
        for cell in house.cells:
            where.setdefault(cells[cell], []).append(cell)
        for digit in range(1, n + 1):
            found = where.get(digit, [])
            if len(found) != 1:
                text = f"{house.title()} has exactly one {digit} (found {len(found)}"
                if found:
                    text += ": " + ", ".join(f"r{c // n + 1}c{c % n + 1}" for c in found)
                problems.append(text + ")")
    return problems


def _house_plan(shape: Shape) -> tuple[itemgetter[Any], tuple[int, ...], int]:
    """Return what :func:`is_solution` needs of a shape, computed once per shape.

    A getter of every house's cells, house after house; per position, ``house * n - 1``; and
    the number of distinct (house, digit) keys a valid grid gives, ``houses * n``.
    """
    plan = _PLANS.get(shape)
    if plan is None:
        n = shape.n
        houses = shape.houses
        cells = [cell for house in houses for cell in house.cells]
        shifts = tuple(h * n - 1 for h, house in enumerate(houses) for _ in house.cells)
        plan = (itemgetter(*cells), shifts, len(houses) * n)
        if len(_PLANS) >= 64:
            _PLANS.clear()
        _PLANS[shape] = plan
    return plan


_PLANS: dict[Shape, tuple[itemgetter[Any], tuple[int, ...], int]] = {}


def is_solution(solution: Sequence[int], puzzle: Puzzle) -> bool:
    """Tell whether a full grid keeps every given and holds each digit once in every house.

    Every digit must be in 1..n; then the key ``house * n + digit - 1`` of each (house, cell)
    pair falls in its own house's block of n keys, so the keys are all distinct (their number
    is houses * n) exactly when every house holds n different digits.

    >>> from satdoku.shape import Shape
    >>> p = Puzzle(Shape.latin(2), (1, 0, 0, 0))
    >>> is_solution((1, 2, 2, 1), p), is_solution((2, 1, 1, 2), p), is_solution((1, 2, 1, 2), p)
    (True, False, False)
    """
    shape = puzzle.shape
    grid = _digits_keeping_givens(solution, puzzle.cells, shape.n)
    if grid is None:
        return False
    getter, shifts, keys = _house_plan(shape)
    return len(set(map(add, shifts, getter(grid)))) == keys


_GIVEN_MASK = bytes([0] + [255] * 255)
"""Byte table: a given (1..255) becomes 0xFF, a blank stays 0."""

_SYMBOLS = bytes(range(1, 256))
"""The digits 1..255 as bytes: the first n are those of a grid of side n < 256."""


def _digits_keeping_givens(
    solution: Sequence[int], cells: Sequence[int], n: int
) -> Sequence[int] | None:
    """Return the grid when it has n*n digits in 1..n and keeps every given, else None.

    For n < 256 the work is done on bytes (the grid comes back as bytes): deleting the bytes
    1..n must leave nothing, and, read as big integers, the grid masked to the given cells must
    equal the givens.
    """
    if n >= 256:
        try:
            if len(solution) != n * n or min(solution) < 1 or max(solution) > n:
                return None
            if any(map(mul, cells, map(sub, cells, solution))):  # a given g with g != s
                return None
        except TypeError:  # not a sequence of integers
            return None
        return solution
    try:
        grid = bytes(solution)
    except (TypeError, ValueError):  # not integers, or not in 0..255
        return None
    if len(grid) != n * n or grid.translate(None, _SYMBOLS[:n]):
        return None
    givens = bytes(cells)
    mask = int.from_bytes(givens.translate(_GIVEN_MASK), "big")
    if int.from_bytes(grid, "big") & mask != int.from_bytes(givens, "big"):
        return None
    return grid
