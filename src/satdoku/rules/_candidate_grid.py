"""Rules 1 and 2 over candidate masks: the one trace-free implementation of the two rules.

A :class:`CandidateGrid` keeps, per cell, the bit mask of the digits whose claims are not false
(bit ``d - 1`` for digit d), the digit whose claim is true (0 while none is), and per house the
digits placed in it. These are the shape's exactly-one axioms seen from the cells: a cell axiom is
one mask, the house axiom "house h has one d" is bit ``d - 1`` across the house's cells.

- Rule 1: an axiom with a true claim makes its other claims false. :meth:`CandidateGrid.place`
  makes the cell's other claims false and :meth:`CandidateGrid.strike` the digit's claims in
  the cell's peers (the other cells of its house axioms).
- Rule 2: an axiom with one open claim and no true one makes it true. A cell left with one
  candidate is reported by :meth:`~CandidateGrid.place` (a naked single); a house with one place
  left for a digit by :meth:`~CandidateGrid.hidden_singles`.
- A contradiction is an axiom with two true claims or with none left: a peer's mask emptied by
  :meth:`~CandidateGrid.place`, or a digit with no place in a house.

Singles and elimination (:mod:`satdoku.rules._singles`), the counting search
(:mod:`satdoku.rules._counting`) and the Racket solver's port
(:mod:`satdoku.rules._seed_solver`) all call it. The stepper's
:class:`~satdoku.rules._propagator.Propagator` keeps per-axiom counts instead, because its trace
records each axiom's rule in the order the counts reach it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..core._claims import FALSE, TRUE, UNKNOWN
from ..core._puzzle import Puzzle
from ..core._shape import Shape

__all__ = ["CandidateGrid", "Single"]

Single = tuple[int, int]
"""A claim due to be made true, as (cell, digit): rule 2 found it the axiom's only open claim."""


@lru_cache(maxsize=32)
def _layout(shape: Shape) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Return each house's cells and, per cell, the indices of its houses."""
    houses = tuple(house.cells for house in shape.houses)
    of_cell: list[list[int]] = [[] for _ in range(shape.n * shape.n)]
    for index, cells in enumerate(houses):
        for cell in cells:
            of_cell[cell].append(index)
    return houses, tuple(tuple(x) for x in of_cell)


@lru_cache(maxsize=8)
def _chunk_states(width: int) -> tuple[tuple[int, ...], ...]:
    """Return, per mask of ``width`` bits, its claim states (UNKNOWN where set, else FALSE)."""
    return tuple(
        tuple(UNKNOWN if m >> i & 1 else FALSE for i in range(width)) for m in range(1 << width)
    )


class CandidateGrid:
    """Candidate masks, placed digits and per-house placed digits of one shape, and the rules.

    >>> grid = CandidateGrid(Shape.latin(3))
    >>> found: list[Single] = []
    >>> grid.place(0, 1, found), grid.place(4, 2, found), found
    (True, True, [(1, 3), (3, 3)])
    >>> grid.cand[:3], grid.placed[:3]
    ([1, 4, 6], [1, 0, 0])
    """

    __slots__ = ("n", "full", "houses", "houses_of", "peers", "cand", "placed", "done")

    def __init__(self, shape: Shape) -> None:
        n = shape.n
        self.n = n
        self.full = (1 << n) - 1
        self.houses, self.houses_of = _layout(shape)
        self.peers = shape.peers
        self.cand = [self.full] * (n * n)
        self.placed = [0] * (n * n)
        self.done = [0] * len(self.houses)

    @classmethod
    def from_givens(cls, puzzle: Puzzle) -> CandidateGrid | None:
        """Return the grid after rule 1 from the givens alone, None if two share an axiom.

        Rule 1 on each house axiom with a given: the digit leaves the house's other cells, all
        at once (one mask per house). Cells left with no candidate are not a contradiction here.

        >>> CandidateGrid.from_givens(Puzzle(Shape.latin(2), (1, 0, 0, 0))).cand
        [1, 2, 2, 3]
        >>> CandidateGrid.from_givens(Puzzle(Shape.latin(2), (1, 1, 0, 0))) is None
        True
        """
        grid = cls(puzzle.shape)
        done, houses_of, cand, placed = grid.done, grid.houses_of, grid.cand, grid.placed
        for cell, digit in enumerate(puzzle.cells):
            if digit:
                bit = 1 << (digit - 1)
                for h in houses_of[cell]:
                    if done[h] & bit:
                        return None
                    done[h] |= bit
                placed[cell] = digit
                cand[cell] = bit
        full = grid.full
        for cell, houses in enumerate(houses_of):
            if not placed[cell]:
                m = full
                for h in houses:
                    m &= ~done[h]
                cand[cell] = m
        return grid

    def strike(self, cell: int, bit: int) -> list[int]:
        """Rule 1 on the house axioms of the claim (cell, bit): the peers holding bit lose it.

        Return the peers struck, so that a search can give the bit back to them.

        >>> grid = CandidateGrid(Shape.latin(2))
        >>> grid.strike(0, 0b01), grid.cand
        ([1, 2], [3, 2, 2, 3])
        """
        cand = self.cand
        hit = [p for p in self.peers[cell] if cand[p] & bit]
        for p in hit:
            cand[p] ^= bit
        return hit

    def place(self, cell: int, digit: int, singles: list[Single]) -> bool:
        """Make the claim true and apply rule 1 to its axioms; False on a contradiction.

        The cell's other claims become false, and the digit's claims in its peers. Peers left
        with one candidate are appended to ``singles`` (rule 2 is due on their cell axioms). A
        claim already false, or a peer left with no candidate (an axiom with none left, or
        with two true claims when the peer held the digit), is a contradiction; the rest of the
        work is done all the same, so a caller may carry on past it.

        >>> grid = CandidateGrid(Shape.latin(2))
        >>> grid.place(0, 1, []), grid.place(3, 2, [])
        (True, False)
        """
        placed = self.placed
        if placed[cell]:
            return placed[cell] == digit
        bit = 1 << (digit - 1)
        cand = self.cand
        if not cand[cell] & bit:
            return False
        placed[cell] = digit
        cand[cell] = bit
        done = self.done
        for h in self.houses_of[cell]:
            done[h] |= bit
        ok = True
        for p in self.strike(cell, bit):
            m = cand[p]
            if not m & (m - 1):
                if m and not placed[p]:
                    singles.append((p, m.bit_length()))
                else:
                    ok = False
        return ok

    def naked_singles(self) -> list[Single] | None:
        """Rule 2 on every cell axiom: return the open cells with one candidate left.

        None when an open cell has no candidate left (a cell axiom with none).

        >>> grid = CandidateGrid(Shape.latin(2))
        >>> grid.cand[3] = 0b10
        >>> grid.naked_singles()
        [(3, 2)]
        """
        found: list[Single] = []
        placed = self.placed
        for cell, m in enumerate(self.cand):
            if not m & (m - 1) and not placed[cell]:
                if not m:
                    return None
                found.append((cell, m.bit_length()))
        return found

    def hidden_singles(self, singles: list[Single], among: Iterable[int] | None = None) -> bool:
        """Rule 2 on every house axiom: append each digit with one place left in a house.

        False when a house has a digit not placed and with no place left (an axiom with none).
        ``among``: the indices of the only houses to look at (default: all).

        >>> grid = CandidateGrid(Shape.latin(2))
        >>> grid.cand[0] = 0b01
        >>> found: list[Single] = []
        >>> grid.hidden_singles(found), found
        (True, [(1, 2), (2, 2)])
        """
        cand, placed, done, full, houses = self.cand, self.placed, self.done, self.full, self.houses
        for h in range(len(houses)) if among is None else among:
            cells = houses[h]
            once = twice = 0
            for cell in cells:
                if not placed[cell]:
                    m = cand[cell]
                    twice |= once & m
                    once |= m
            open_digits = full & ~done[h]
            if open_digits & ~once:
                return False
            lone = once & ~twice & open_digits
            while lone:
                bit = lone & -lone
                lone ^= bit
                for cell in cells:
                    if cand[cell] & bit and not placed[cell]:
                        singles.append((cell, bit.bit_length()))
                        break
        return True

    def settle(self, singles: list[Single], *, hidden: bool = True) -> bool:
        """Place the singles and those they lead to, to the fixpoint of rules 1 and 2.

        With ``hidden`` False, rule 2 applies to cell axioms only. False on a contradiction.

        >>> grid = CandidateGrid(Shape.latin(2))
        >>> grid.settle([(0, 1)]), grid.placed
        (True, [1, 2, 2, 1])
        """
        place = self.place
        while True:
            while singles:
                cell, digit = singles.pop()
                if not place(cell, digit, singles):
                    return False
            if not hidden:
                return True
            if not self.hidden_singles(singles):
                return False
            if not singles:
                return True

    def states(self) -> list[int]:
        """Return the claim states, index = claim variable (index 0 unused).

        >>> grid = CandidateGrid(Shape.latin(2))
        >>> grid.settle([(0, 1)]) and grid.states()[1:5]
        [1, -1, -1, 1]
        """
        n = self.n
        onehot = [[FALSE] * n for _ in range(n + 1)]
        for d in range(1, n + 1):
            onehot[d][d - 1] = TRUE
        widths = [8] * (n // 8) + ([n % 8] if n % 8 else [])
        chunks = [(shift * 8, (1 << w) - 1, _chunk_states(w)) for shift, w in enumerate(widths)]
        known = [UNKNOWN]
        extend = known.extend
        for m, d in zip(self.cand, self.placed, strict=True):
            if d:
                extend(onehot[d])
            elif len(chunks) == 1:
                extend(chunks[0][2][m])
            else:
                for shift, low, table in chunks:
                    extend(table[m >> shift & low])
        return known
