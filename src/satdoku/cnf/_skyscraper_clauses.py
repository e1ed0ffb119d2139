"""A Towers clue as clauses over claims: the tallest tower so far, which towers are seen, a count.

The SAT path's (``compact``) encoding of :class:`~satdoku.core.constraints.Skyscraper`; the
stepper keeps the layered automaton of :mod:`satdoku.core.constraint_axioms._skyscraper`. With
``x(i, d)`` the claim that the line's i-th cell (from the clue's side, 1-based) holds d:

* ``m(i, k)``: the tallest of the first i towers is at least k (order encoding). The line's
  digits differ (it is a row or a column), so ``m(i, k)`` holds for k ≤ i and ``m(i, 1)`` always.
* ``v(i)``: tower i is seen, exactly when ``x(i, d)`` and not ``m(i-1, d)``; tower 1 always is.
* ``s(i, j)``: at least j of the first i towers are seen (a sequential counter up to the clue
  plus one); the clue holds ``s(n, visible)`` and not ``s(n, visible + 1)``.

The clauses split in two halves (:func:`skyscraper_halves`), each sound alone: *at most* the
clue seen (``m`` bounded from above, ``v`` and ``s`` forced up, not ``s(n, visible + 1)``) and
*at least* the clue seen (``m`` forced up, ``v`` and ``s`` bounded from above, ``s(n, visible)``);
a solver whose grid shows too many towers needs the first only, too few the second.

The bounds of :func:`skyscraper_bounds` (no tower at the i-th place past n - clue + i) are
among the clauses, and the claims and ``m(i, k)`` they make false are left out of the others: a
clue of a 9×9 grid is 210-300 clauses (by its number), against some 1,400 of the automaton's
axioms.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.constraints import Skyscraper
from ._encodings import AuxiliaryVariables

__all__ = ["AT_MOST", "AT_LEAST", "skyscraper_bounds", "skyscraper_clauses", "skyscraper_halves"]

Literal = int | bool
"""A literal, or a constant (True or False) that the clauses are simplified by."""

AT_MOST, AT_LEAST = 0, 1
"""The index of each half in what :func:`skyscraper_halves` returns."""


def skyscraper_clauses(rule: Skyscraper, n: int, aux: AuxiliaryVariables) -> list[list[int]]:
    """Return clauses whose models over the line's claims are the lines that show the clue.

    >>> from pysat.solvers import Solver
    >>> from satdoku.core.constraints import Side
    >>> clauses = skyscraper_clauses(Skyscraper(Side.LEFT, 0, 2), 2, AuxiliaryVariables(8))
    >>> cells = [[1, 2], [-1, -2], [3, 4], [-3, -4], [-1, -3], [-2, -4]]  # r1 is 1,2 or 2,1
    >>> with Solver(bootstrap_with=clauses + cells) as s:
    ...     s.solve(), s.get_model()[:4]
    (True, [1, -2, -3, 4])
    """
    at_most, at_least = skyscraper_halves(rule, n, aux)
    return at_most + at_least + skyscraper_bounds(rule, n)


def skyscraper_halves(
    rule: Skyscraper, n: int, aux: AuxiliaryVariables
) -> tuple[list[list[int]], list[list[int]]]:
    """Return the clue's clauses in two halves over the same helpers, the bounds left out: those
    that hold at most the clue seen, and those that hold at least the clue seen.

    >>> from satdoku.core.constraints import Side
    >>> halves = skyscraper_halves(Skyscraper(Side.LEFT, 0, 3), 9, AuxiliaryVariables(729))
    >>> [len(half) for half in halves]  # of a 9×9 clue of 3
    [108, 187]
    """
    cells = rule.cells(n)
    halves: tuple[list[list[int]], list[list[int]]] = ([], [])

    def at(side: int) -> Callable[..., None]:
        kept = halves[side]

        def clause(*literals: Literal) -> None:
            if any(lit is True for lit in literals):
                return
            kept.append([lit for lit in literals if not isinstance(lit, bool)])

        return clause

    def x(i: int, d: int) -> Literal:
        if d > n - rule.visible + i:  # above the bound: false (a unit of the bounds)
            return False
        return cells[i - 1] * n + d  # claims.variable: row*n*n + col*n + digit

    up, down = at(AT_MOST), at(AT_LEAST)
    tallest = _tallest(n, rule.visible, aux, (up, down), x)
    seen: dict[int, Literal] = {1: True}
    for i in range(2, n + 1):
        seen[i] = aux.fresh()
        for d in range(1, n + 1):
            up(_not(x(i, d)), tallest[i - 1, d], seen[i])  # seen when nothing before reaches d
            down(_not(x(i, d)), _not(tallest[i - 1, d]), -seen[i])  # else hidden
    _count(n, rule.visible, seen, aux, (up, down))
    return halves


def skyscraper_bounds(rule: Skyscraper, n: int) -> list[list[int]]:
    """Return the clue's cheap consequences over claims: at the i-th place from the clue
    (1-based) a tower is at most n - clue + i tall (at most i towers before it are seen and at
    most n - height after it), and a clue of 1 puts n first.

    They hold on every line that shows the clue, so a solver may start with them alone and add
    :func:`skyscraper_clauses` for the clues its grid breaks.

    >>> from satdoku.core.constraints import Side
    >>> skyscraper_bounds(Skyscraper(Side.LEFT, 0, 3), 3)  # r1c1 is 1, r1c2 is at most 2
    [[-2], [-3], [-6]]
    >>> skyscraper_bounds(Skyscraper(Side.LEFT, 0, 1), 2)  # r1c1 is 2
    [[2]]
    """
    cells = rule.cells(n)
    units = [
        [-(cell * n + height)]
        for i, cell in enumerate(cells, 1)
        for height in range(max(n - rule.visible + i, 0) + 1, n + 1)
    ]
    if rule.visible == 1:
        units.append([cells[0] * n + n])
    return units


def _not(literal: Literal) -> Literal:
    return not literal if isinstance(literal, bool) else -literal


def _tallest(
    n: int,
    visible: int,
    aux: AuxiliaryVariables,
    clause: tuple[Callable[..., None], Callable[..., None]],
    x: Callable[[int, int], Literal],
) -> dict[tuple[int, int], Literal]:
    """Return ``m(i, k)`` for i < n, with its clauses (those bounding it from above to the first
    of ``clause``, those forcing it up to the second): the first i towers reach k or more (none
    reaches past the bound n - visible + i)."""
    up, down = clause
    tallest: dict[tuple[int, int], Literal] = {}
    for i in range(1, n):
        for k in range(1, n + 1):
            tallest[i, k] = k <= i if k > n - visible + i or k <= i else aux.fresh()
        for k in range(i + 1, n + 1):
            higher = tallest[i, k + 1] if k < n else False
            before = tallest[i - 1, k] if i > 1 else False
            down(_not(x(i, k)), tallest[i, k])  # a tower of k reaches k
            down(_not(tallest[i, k]), tallest[i, k - 1])  # reaching k reaches k - 1
            down(_not(before), tallest[i, k])  # the earlier towers' height stays
            up(_not(tallest[i, k]), before, x(i, k), higher)  # else tower i reaches k
    return tallest


def _count(
    n: int,
    visible: int,
    seen: dict[int, Literal],
    aux: AuxiliaryVariables,
    clause: tuple[Callable[..., None], Callable[..., None]],
) -> None:
    """Add the clauses of ``s(i, j)`` (j ≤ visible + 1) and that exactly ``visible`` are seen
    (forcing it up and at most ``visible`` to the first of ``clause``, bounding it from above
    and at least ``visible`` to the second)."""
    up, down = clause
    top = visible + 1
    counts: dict[tuple[int, int], Literal] = {(1, j): j <= 1 for j in range(top + 1)}
    for i in range(2, n + 1):
        counts[i, 0] = counts[i, 1] = True
        for j in range(2, top + 1):
            if j > i:
                counts[i, j] = False
                continue
            now = counts[i, j] = aux.fresh()
            before, fewer = counts[i - 1, j], counts[i - 1, j - 1]
            up(_not(before), now)
            up(_not(fewer), -seen[i], now)
            down(-now, before, fewer)
            down(-now, before, seen[i])
    down(counts[n, visible])
    up(_not(counts[n, top]))
