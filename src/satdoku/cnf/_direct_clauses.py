"""Rules stated by pairs of cells as clauses over claims alone, without helper claims.

The SAT path's (``compact``) statement of the rules that hold exactly when each of some pairs of
cells holds an allowed pair of digits: a two-cell rule of a table (a ``<`` sign, a Kropki dot,
an XV mark), a line whose windows are all pairs of cells (a thermometer's, a whisper's
neighbours, a palindrome's or a clone's equal cells: one small table per window, as
:mod:`satdoku.core.constraint_axioms._windows` states a long line) by :func:`pair_clauses`; an
anti-knight or anti-king rule by ``¬(a=d ∧ b=d)`` for cells a move apart sharing no house; a
non-consecutive rule or a negative constraint by "at most one of a=x, a=y, b=x, b=y" per pair of
neighbours and refused digits x, y, less the pairs that a cell or a house keeps apart already.
The stepper and ``satdoku dimacs`` keep the rules' axioms with their named helper claims.
"""

from __future__ import annotations

from itertools import combinations

from ..core._puzzle import Puzzle
from ..core.constraint_axioms import TABLES
from ..core.constraint_axioms._line_rules import LINE_WINDOWS
from ..core.constraint_axioms._neighbour_rules import move_pairs, refused_pairs
from ..core.constraint_axioms._tables import fillings
from ..core.constraints import (
    AntiKing,
    AntiKnight,
    Constraint,
    KropkiNegative,
    NonConsecutive,
    XVNegative,
)
from ._pair_clauses import pair_clauses

__all__ = ["direct_clauses"]


def direct_clauses(rule: Constraint, puzzle: Puzzle) -> list[list[int]] | None:
    """Return a rule's clauses over claims when pairs of its cells state it; None otherwise.

    >>> from satdoku.core.constraints import Thermometer
    >>> from satdoku.core._shape import Shape
    >>> direct_clauses(Thermometer((0, 1)), Puzzle.empty(Shape.latin(2)))  # r1c1 < r1c2
    [[-1, 4], [-2], [-3], [-4, 1]]
    >>> direct_clauses(AntiKing(), Puzzle.empty(Shape.latin(2)))
    [[-1, -7], [-2, -8], [-3, -5], [-4, -6]]
    """
    n, shape = puzzle.n, puzzle.shape
    if isinstance(rule, (AntiKnight, AntiKing)):
        digits = range(1, n + 1)
        return [[-(a * n + d), -(b * n + d)] for a, b in move_pairs(rule, puzzle) for d in digits]
    if isinstance(rule, (NonConsecutive, KropkiNegative, XVNegative)):
        pairs, refused = refused_pairs(rule, puzzle)
        peers = shape.peers
        made: list[list[int]] = []
        for a, b in pairs:
            for x, y in refused:
                claims = ((a, x), (a, y), (b, x), (b, y))
                made += (
                    [-(c * n + d), -(e * n + f)]
                    for (c, d), (e, f) in combinations(claims, 2)
                    if c != e and (d != f or e not in peers[c])
                )
        return made
    cells = rule.cells(n)
    if rule.kind in TABLES and len(cells) == 2:
        return pair_clauses(cells, TABLES[rule.kind](rule, puzzle), n)
    layout = LINE_WINDOWS.get(rule.kind)
    if layout is None:
        return None
    order, windows = layout(rule, n)
    if any(len(window.positions) != 2 for window in windows):
        return None
    made = []
    for window in windows:
        pair = tuple(order[p] for p in window.positions)
        made += pair_clauses(pair, fillings(pair, shape, window.test), n)
    return made
