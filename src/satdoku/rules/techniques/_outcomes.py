"""What assuming each candidate leads to, computed once per board or refined from an earlier board.

Rules 1 and 2 to their fixpoint form a closure: applied to fewer candidates they end with
fewer (or in a contradiction), and applied to their own result they change nothing. So when a
board ``B'`` has a subset of the candidates of an earlier board ``B`` (a climb only removes
candidates), the outcome of a candidate ``a`` on ``B'`` is the closure of ``G ∩ B'``, where
``G`` is its outcome on ``B``; and a contradiction on ``B`` stays one on ``B'``. Refining ``G``
rechecks only the cells the two boards differ in, where a fresh assumption starts again from the
assumed candidate. The same holds for any closure of this kind (nested forcing: rules 1 and 2
plus striking every candidate whose assumption contradicts), given the step that closes a grid.
"""

from __future__ import annotations

from collections.abc import Callable

from .._candidate_grid import CandidateGrid, Single
from ._board import Board
from ._settle import settle_touched
from ._step import Candidate

__all__ = ["Outcome", "Outcomes", "base_grid", "copy_grid", "refine"]

Outcome = CandidateGrid | None
"""The grid after assuming a candidate and applying the rules; None on a contradiction."""


def base_grid(board: Board) -> CandidateGrid:
    """Return a trace-free grid of the board: solved cells are marked placed with no candidate.

    >>> from satdoku.core._shape import Shape
    >>> grid = base_grid(Board(Shape.latin(2), [0, 0b10, 0b10, 0b01]))
    >>> grid.placed, grid.done
    ([-1, 0, 0, 0], [1, 0, 1, 0])
    """
    grid = CandidateGrid(board.shape)
    full = grid.full
    grid.cand = board.cand[:]
    grid.placed = [0 if m else -1 for m in board.cand]
    for h, cells in enumerate(board.houses):
        seen = 0
        for c in cells:
            seen |= board.cand[c]
        grid.done[h] = full & ~seen
    return grid


def copy_grid(grid: CandidateGrid) -> CandidateGrid:
    """Return a copy of a grid that shares only its shape's tables with it."""
    twin = CandidateGrid.__new__(CandidateGrid)
    twin.n, twin.full, twin.houses = grid.n, grid.full, grid.houses
    twin.houses_of, twin.peers = grid.houses_of, grid.peers
    twin.cand, twin.placed, twin.done = grid.cand[:], grid.placed[:], grid.done[:]
    return twin


def refine(old: CandidateGrid, base: CandidateGrid, solved: list[int]) -> Outcome:
    """Return the fixpoint of rules 1 and 2 on ``old ∩ base``.

    ``old``: a grid at that fixpoint, of an earlier board with every candidate of ``base``'s
    board; ``base``: the grid of the later board (:func:`base_grid`); ``solved``: the digit each
    cell holds on the later board (0: open). None on a contradiction.
    """
    grid = copy_grid(base)
    cand, placed, done, houses_of = grid.cand, grid.placed, grid.done, grid.houses_of
    was, held = old.cand, old.placed
    singles: list[Single] = []
    changed: list[int] = []
    for c, m in enumerate(cand):
        digit = held[c]
        if not m:  # solved on the later board (or both)
            if digit < 0:
                continue
            if not (solved[c] and was[c] >> (solved[c] - 1) & 1):
                return None
            changed.append(c)
        elif digit:
            bit = 1 << (digit - 1)
            if not m & bit:
                return None
            cand[c], placed[c] = bit, digit
            for h in houses_of[c]:
                done[h] |= bit
        else:
            m &= was[c]
            if not m:
                return None
            cand[c] = m
            if m != was[c]:
                changed.append(c)
                if not m & (m - 1):
                    singles.append((c, m.bit_length()))
    return grid if settle_touched(grid, singles, changed) else None


Assume = Callable[[CandidateGrid, int, int], Outcome]


class Outcomes:
    """Each candidate's outcome on one board, computed when first asked, kept on the board.

    ``assume(base, cell, digit)`` computes one; ``close(grid)`` closes a refined grid as
    ``assume`` would (None: it already is). ``key`` names the kind of outcome on the board.
    """

    def __init__(
        self,
        board: Board,
        base: CandidateGrid,
        assume: Assume,
        close: Callable[[CandidateGrid], Outcome] | None,
        key: object,
    ) -> None:
        self.base, self.assume, self.close = base, assume, close
        kept = board.derived.setdefault(key, {})
        assert isinstance(kept, dict)
        self.kept: dict[Candidate, Outcome] = kept
        self.solved = board.solved
        self.earlier: dict[Candidate, Outcome] = {}
        earlier = board.earlier
        if earlier is not None and board.solved is not None and _within(board, earlier):
            found = earlier.derived.get(key)
            if isinstance(found, dict):
                self.earlier = found

    def __call__(self, cell: int, digit: int) -> Outcome:
        """Return the outcome of assuming the candidate."""
        key = (cell, digit)
        kept = self.kept
        if key in kept:
            return kept[key]
        if key in self.earlier:
            old = self.earlier[key]
            assert self.solved is not None
            found = None if old is None else refine(old, self.base, self.solved)
            if found is not None and self.close is not None:
                found = self.close(found)
        else:
            found = self.assume(self.base, cell, digit)
        kept[key] = found
        return found


def _within(board: Board, earlier: Board) -> bool:
    """Tell whether every candidate of the board, and every digit it holds, was on the earlier."""
    if earlier.solved is None or board.solved is None or earlier.shape != board.shape:
        return False
    solved, held = board.solved, earlier.solved
    for c, (m, old) in enumerate(zip(board.cand, earlier.cand, strict=True)):
        if old:
            if m & ~old or not (m or solved[c] and old >> (solved[c] - 1) & 1):
                return False
        elif m or solved[c] != held[c]:
            return False
    return True
