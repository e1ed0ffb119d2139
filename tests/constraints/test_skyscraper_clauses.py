"""The SAT path's clauses of a Towers clue: over a line of distinct digits, their models are
exactly the orders of 1..n that show the clue (every clue, sides and sizes up to 6)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

import pytest
from pysat.solvers import Solver

from satdoku.cnf._encodings import AuxiliaryVariables
from satdoku.cnf._skyscraper_clauses import (
    AT_LEAST,
    AT_MOST,
    skyscraper_bounds,
    skyscraper_clauses,
    skyscraper_halves,
)
from satdoku.core.constraints import Side, Skyscraper


def shown(heights: tuple[int, ...]) -> int:
    """How many towers are seen from the start of the line."""
    return sum(h == max(heights[: i + 1]) for i, h in enumerate(heights))


Clauses = Callable[[Skyscraper, int], list[list[int]]]


def full(clue: Skyscraper, n: int) -> list[list[int]]:
    return skyscraper_clauses(clue, n, AuxiliaryVariables(n**3))


def half(which: int) -> Clauses:
    """The clauses of one half with the bounds."""

    def made(clue: Skyscraper, n: int) -> list[list[int]]:
        clauses = skyscraper_halves(clue, n, AuxiliaryVariables(n**3))[which]
        return clauses + skyscraper_bounds(clue, n)

    return made


def line_models(clue: Skyscraper, n: int, encode: Clauses = full) -> set[tuple[int, ...]]:
    """The line's digits (from the clue's side) in every model of the clue's clauses with each
    cell holding one digit and no digit twice."""
    cells = clue.cells(n)
    clauses = encode(clue, n)
    for cell in cells:
        claims = [cell * n + d for d in range(1, n + 1)]
        clauses.append(claims)
        clauses += [[-a, -b] for i, a in enumerate(claims) for b in claims[i + 1 :]]
    for d in range(1, n + 1):
        clauses += [
            [-(a * n + d), -(b * n + d)] for i, a in enumerate(cells) for b in cells[i + 1 :]
        ]
    found = set()
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            line = tuple(next(d for d in range(1, n + 1) if c * n + d in true) for c in cells)
            found.add(line)
            solver.add_clause([-(c * n + d) for c, d in zip(cells, line, strict=True)])
    return found


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("side", [Side.TOP, Side.RIGHT])
def test_the_models_are_the_lines_that_show_the_clue(n: int, side: Side) -> None:
    for visible in range(1, n + 2):  # n + 1: no line shows it
        clue = Skyscraper(side, n - 1, visible)
        expected = {p for p in permutations(range(1, n + 1)) if shown(p) == visible}
        assert line_models(clue, n) == expected


def within_bounds(clue: Skyscraper, line: tuple[int, ...], n: int) -> bool:
    """Whether no tower of the line (from the clue's side) passes the clue's bounds."""
    low = n - clue.visible
    return all(h <= low + i for i, h in enumerate(line, 1)) and (clue.visible != 1 or line[0] == n)


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("side", [Side.LEFT, Side.BOTTOM])
def test_each_half_keeps_its_side_of_the_clue_exactly(n: int, side: Side) -> None:
    """With the bounds, the at-most half's models are the lines within them that show the clue
    or fewer towers, the at-least half's those that show the clue or more."""
    for visible in range(1, n + 2):
        clue = Skyscraper(side, 0, visible)
        lines = [p for p in permutations(range(1, n + 1)) if within_bounds(clue, p, n)]
        assert line_models(clue, n, half(AT_MOST)) == {p for p in lines if shown(p) <= visible}
        assert line_models(clue, n, half(AT_LEAST)) == {p for p in lines if shown(p) >= visible}


@pytest.mark.parametrize("n", range(1, 7))
def test_the_bounds_hold_on_every_line_that_shows_the_clue(n: int) -> None:
    for visible in range(1, n + 1):
        clue = Skyscraper(Side.LEFT, 0, visible)  # row 1: cell c holds d is claim c*n + d
        units = skyscraper_bounds(clue, n)
        for line in permutations(range(1, n + 1)):
            true = {c * n + d for c, d in enumerate(line)}
            kept = all(unit[0] in true if unit[0] > 0 else -unit[0] not in true for unit in units)
            assert kept or shown(line) != visible, (visible, line)


def test_the_bounds_are_the_classic_ones() -> None:
    # 9 wide, 3 seen: the nearest tower at most 7, the next at most 8; 1 seen: 9 first
    assert sorted(skyscraper_bounds(Skyscraper(Side.LEFT, 0, 3), 9)) == [[-18], [-9], [-8]]
    assert skyscraper_bounds(Skyscraper(Side.LEFT, 0, 1), 9) == [[9]]
    assert len(skyscraper_bounds(Skyscraper(Side.TOP, 0, 9), 9)) == 36  # 1, 2, ..., 9 in order
