"""Rules 1 and 2 to their fixpoint after an assumption, rechecking only the houses it touched.

A forcing chain assumes each candidate of a grid that is already at the fixpoint of rules 1
and 2; only the houses of the cells an assumption changes can then gain a hidden single or lose
a digit's last place. :func:`settle_touched` places the singles as
:meth:`~satdoku.rules._candidate_grid.CandidateGrid.settle` does and reaches the same fixpoint
(the rules are monotone: every order of their moves ends in the same grid, or in a
contradiction), but scans for hidden singles in those houses only. :func:`at_fixpoint` tells
whether a grid is such a starting point.
"""

from __future__ import annotations

from collections.abc import Iterable

from .._candidate_grid import CandidateGrid, Single

__all__ = ["at_fixpoint", "settle_touched"]


def at_fixpoint(grid: CandidateGrid) -> bool:
    """Tell whether rules 1 and 2 have nothing left to do: no open cell with one candidate or none,
    no hidden single, no digit without a place.

    >>> from satdoku.core._shape import Shape
    >>> grid = CandidateGrid(Shape.latin(2))
    >>> at_fixpoint(grid), grid.settle([(0, 1)]) and at_fixpoint(grid)
    (True, True)
    """
    placed = grid.placed
    if any(not m & (m - 1) and not placed[c] for c, m in enumerate(grid.cand)):
        return False
    found: list[Single] = []
    return grid.hidden_singles(found) and not found


def settle_touched(grid: CandidateGrid, singles: list[Single], changed: Iterable[int] = ()) -> bool:
    """Place the singles and those they lead to, on a grid that was at the fixpoint before them.

    ``changed``: cells that lost candidates since that fixpoint (their houses are rechecked).
    False on a contradiction (the grid is then left part way).

    >>> from satdoku.core._shape import Shape
    >>> grid = CandidateGrid(Shape.latin(2))
    >>> settle_touched(grid, [(0, 1)]), grid.placed
    (True, [1, 2, 2, 1])
    """
    cand, placed, done = grid.cand, grid.placed, grid.done
    houses_of, peers = grid.houses_of, grid.peers
    touched = set(changed)
    while True:
        while singles:
            cell, digit = singles.pop()
            held = placed[cell]
            if held:
                if held != digit:
                    return False
                continue
            bit = 1 << (digit - 1)
            if not cand[cell] & bit:
                return False
            placed[cell] = digit
            cand[cell] = bit
            for h in houses_of[cell]:
                done[h] |= bit
            touched.add(cell)
            for p in peers[cell]:
                m = cand[p]
                if m & bit:
                    m ^= bit
                    cand[p] = m
                    touched.add(p)
                    if not m & (m - 1):
                        if not m or placed[p]:
                            return False
                        singles.append((p, m.bit_length()))
        if not touched:
            return True
        dirty = {h for c in touched for h in houses_of[c]}
        touched = set()
        if not grid.hidden_singles(singles, dirty):
            return False
        if not singles:
            return True
