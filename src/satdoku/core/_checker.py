"""An independent checker of grids: it reads the shape's houses, not the solver or the CNF."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, itemgetter, mul, sub
from typing import Any, NamedTuple

from ._puzzle import Puzzle
from ._shape import Shape
from .constraints import broken_constraints

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


SUMS_UP_TO = 16
"""Largest side whose houses are checked by one-hot sums (bigger grids: distinct keys)."""


class _SumsPlan(NamedTuple):
    """What the one-hot-sum house check needs of a shape (n <= :data:`SUMS_UP_TO`)."""

    width: int  # bytes of one field: room for a sum of n one-hot digits
    tables: tuple[bytes, ...]  # per byte of a field: digit -> that byte of 1 << (digit - 1)
    templates: tuple[tuple[int, itemgetter[Any], Any], ...]  # multiplier, picks, their sums
    size: int  # bytes of a product


def _sums_plan(shape: Shape) -> _SumsPlan:
    """Group the houses by their pattern (cells less the first), one multiplier per pattern.

    The grid becomes a big integer X with one field per cell holding ``1 << (digit - 1)``. For a
    pattern P (offsets, largest m), multiplying X by the sum of ``B**(m - o)`` over o in P puts,
    in field ``a + m`` of the product, the sum of the fields ``a + o``: the house at a. Fields
    are wide enough that no sum carries into the next one.
    """
    n = shape.n
    width = (n + n.bit_length() + 7) // 8
    tables = tuple(
        bytes(((1 << (d - 1)) >> (8 * j)) & 0xFF if 1 <= d <= n else 0 for d in range(256))
        for j in range(width)
    )
    by_pattern: dict[tuple[int, ...], list[int]] = {}
    for house in shape.houses:
        first = min(house.cells)
        pattern = tuple(sorted(c - first for c in house.cells))
        by_pattern.setdefault(pattern, []).append(first)
    full = tuple(((1 << n) - 1).to_bytes(width, "little"))
    templates = []
    longest = 0
    for pattern, firsts in by_pattern.items():
        last = pattern[-1]
        longest = max(longest, last)
        multiplier = sum(1 << (8 * width * (last - o)) for o in pattern)
        picks = [(a + last) * width + j for a in firsts for j in range(width)]
        sums = full * len(firsts)
        templates.append((multiplier, itemgetter(*picks), sums if len(sums) > 1 else sums[0]))
    return _SumsPlan(width, tables, tuple(templates), (n * n + longest + 1) * width)


def _houses_hold_every_digit(grid: Sequence[int], shape: Shape) -> bool:
    """Tell whether every house of a grid of digits 1..n holds n different digits.

    Small grids: n one-hot digits sum to ``2**n - 1`` exactly when they are all different (a
    repeated digit leaves fewer than n one bits in the sum), all houses of one pattern in one
    big-integer product. Bigger grids: the key ``house * n + digit - 1`` of each (house, cell)
    falls in its house's block of n keys, so there are ``houses * n`` distinct keys exactly when
    every house holds n different digits.
    """
    plan = _PLANS.get(shape)
    if plan is None:
        plan = _sums_plan(shape) if shape.n <= SUMS_UP_TO else _keys_plan(shape)
        if len(_PLANS) >= 64:
            _PLANS.clear()
        _PLANS[shape] = plan
    if isinstance(plan, _SumsPlan):
        assert isinstance(grid, bytes)  # n <= SUMS_UP_TO < 256: the byte path
        width = plan.width
        fields = bytearray(len(grid) * width)
        for j, table in enumerate(plan.tables):
            fields[j::width] = grid.translate(table)
        x = int.from_bytes(fields, "little")
        size = plan.size
        for multiplier, picks, sums in plan.templates:
            if picks((x * multiplier).to_bytes(size, "little")) != sums:
                return False
        return True
    getter, shifts, keys = plan
    return len(set(map(add, shifts, getter(grid)))) == keys


def _keys_plan(shape: Shape) -> tuple[itemgetter[Any], tuple[int, ...], int]:
    """A getter of every house's cells, house after house; per position ``house * n - 1``;
    and the number of distinct keys a valid grid gives, ``houses * n``."""
    n = shape.n
    houses = shape.houses
    cells = [cell for house in houses for cell in house.cells]
    shifts = tuple(h * n - 1 for h, house in enumerate(houses) for _ in house.cells)
    return itemgetter(*cells), shifts, len(houses) * n


_PLANS: dict[Shape, _SumsPlan | tuple[itemgetter[Any], tuple[int, ...], int]] = {}


def is_solution(solution: Sequence[int], puzzle: Puzzle) -> bool:
    """Tell whether a full grid keeps every given, holds each digit once in every house, and
    keeps the puzzle's rules beyond houses (cages, signs, outside clues).

    >>> from satdoku.core._shape import Shape
    >>> p = Puzzle(Shape.latin(2), (1, 0, 0, 0))
    >>> is_solution((1, 2, 2, 1), p), is_solution((2, 1, 1, 2), p), is_solution((1, 2, 1, 2), p)
    (True, False, False)
    """
    shape = puzzle.shape
    grid = _digits_keeping_givens(solution, puzzle.cells, shape.n)
    if grid is None:
        return False
    if puzzle.constraints and broken_constraints(grid, shape.n, puzzle.constraints):
        return False  # a rule beyond houses (a cage, a sign, a clue) is broken
    return _houses_hold_every_digit(grid, shape)


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
