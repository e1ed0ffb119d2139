"""Singles: rules 1 and 2 to a fixpoint, fast and without a trace, to shrink a formula.

The two rules of the stepper (:mod:`satdoku.rules.stepper`) over the same axioms, kept as one bit
mask of candidate digits per cell: rule 1 on a cell axiom or a house axiom removes a placed digit
from the cell or its house-mates (an axiom with a true claim makes the others false); rule 2 places
a digit when a cell has one candidate left (a naked single) or a house has one cell left for a digit
(a hidden single). The result is the ``known`` claim states that
:func:`satdoku.cnf.encodings.encode` simplifies by, and it is the stepper's fixpoint: the same
claims come out true and false, and a contradiction here is one there.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.claims import FALSE, TRUE, UNKNOWN
from ..core.puzzle import Puzzle
from ..core.shape import Shape

__all__ = ["singles", "candidates", "eliminate"]


@lru_cache(maxsize=32)
def _layout(shape: Shape) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Return each house's cells (the cells of its axioms) and, per cell, its houses' indices."""
    houses = tuple(house.cells for house in shape.houses)
    of_cell: list[list[int]] = [[] for _ in range(shape.n * shape.n)]
    for index, cells in enumerate(houses):
        for cell in cells:
            of_cell[cell].append(index)
    return houses, tuple(tuple(x) for x in of_cell)


def candidates(puzzle: Puzzle) -> tuple[list[int], list[int]] | None:
    """Return (candidate masks, placed digits) per cell at the fixpoint, None on a contradiction.

    Bit ``d - 1`` of a cell's mask is set while the claim "the cell holds d" is not false;
    ``placed[cell]`` is the digit whose claim is true, 0 if none is yet.

    >>> from satdoku.io.line import parse_line
    >>> masks, placed = candidates(parse_line("1..............."))
    >>> bin(masks[1]), placed[:2]
    ('0b1110', [1, 0])
    >>> candidates(parse_line("11..............")) is None
    True
    """
    shape = puzzle.shape
    n = shape.n
    houses, of_cell = _layout(shape)
    full = (1 << n) - 1
    cand = [full] * (n * n)
    placed = [0] * (n * n)
    done = [0] * len(houses)  # per house, the digits placed in it
    todo = [(cell, d) for cell, d in enumerate(puzzle.cells) if d]
    while True:
        while todo:
            cell, d = todo.pop()
            bit = 1 << (d - 1)
            if placed[cell]:
                if placed[cell] != d:
                    return None  # rule 1 on the cell axiom made this claim false
                continue
            if not cand[cell] & bit:
                return None
            placed[cell] = d
            cand[cell] = bit  # rule 1 on the cell axiom: its other claims are false
            for h in of_cell[cell]:
                if done[h] & bit:
                    return None  # a house axiom with two true claims
                done[h] |= bit
                for other in houses[h]:
                    m = cand[other]
                    if m & bit and other != cell:
                        m ^= bit
                        cand[other] = m
                        if not m:
                            return None  # a cell axiom with every claim false
                        if not m & (m - 1):
                            todo.append((other, m.bit_length()))  # a naked single
        # hidden singles: per house, digits with exactly one candidate cell
        for h, cells in enumerate(houses):
            once = twice = 0
            for cell in cells:
                if not placed[cell]:
                    m = cand[cell]
                    twice |= once & m
                    once |= m
            open_digits = full & ~done[h]
            if open_digits & ~once:
                return None  # a house axiom with every claim false
            lone = once & ~twice & open_digits
            while lone:
                bit = lone & -lone
                lone ^= bit
                for cell in cells:
                    if cand[cell] & bit and not placed[cell]:
                        todo.append((cell, bit.bit_length()))
                        break
        if not todo:
            return cand, placed


def singles(puzzle: Puzzle) -> list[int] | None:
    """Return claim states at the fixpoint of rules 1 and 2 (index = variable), None on a clash.

    Same contract as :func:`satdoku.rules.singles.eliminate` (rule 1 from the givens only), with
    rule 2 and rule 1 again repeated until nothing changes.

    >>> from satdoku.core.shape import Shape
    >>> known = singles(Puzzle(Shape.latin(2), (1, 0, 0, 0)))
    >>> known[1:]
    [1, -1, -1, 1, -1, 1, 1, -1]
    """
    found = candidates(puzzle)
    if found is None:
        return None
    cand, placed = found
    n = puzzle.shape.n
    bits = [1 << i for i in range(n)]
    onehot = [[FALSE] * n for _ in range(n + 1)]
    for d in range(1, n + 1):
        onehot[d][d - 1] = TRUE
    known = [UNKNOWN]
    extend = known.extend
    for m, d in zip(cand, placed, strict=True):
        if d:
            extend(onehot[d])
        else:
            extend([UNKNOWN if m & b else FALSE for b in bits])
    return known


def eliminate(puzzle: Puzzle) -> list[int] | None:
    """Return claim states after rule 1 from the givens (index = variable), None on a clash.

    >>> from satdoku.core.shape import Shape
    >>> known = eliminate(Puzzle(Shape.latin(2), (1, 0, 0, 0)))
    >>> known[1], known[2], known[3]
    (1, -1, -1)
    """
    shape = puzzle.shape
    n = shape.n
    known = [UNKNOWN] * (n**3 + 1)
    peers = shape.peers
    for cell, d in enumerate(puzzle.cells):
        if not d:
            continue
        base = cell * n
        if known[base + d] == FALSE:
            return None
        for other in range(base + 1, base + n + 1):
            known[other] = FALSE
        known[base + d] = TRUE
        for peer in peers[cell]:
            var = peer * n + d
            if known[var] == TRUE:
                return None
            known[var] = FALSE
    return known
