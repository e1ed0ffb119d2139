"""Counting by the two rules and splitting: a pure-Python search over candidate sets, with a cache.

Each open cell keeps the digits it may still hold (its claims not yet false).  Placing a digit
makes the cell's other claims and the peers' claims of that digit false (rule 1, by
:meth:`~satdoku.rules._candidate_grid.CandidateGrid.strike`); the search
always splits on the open cell with the fewest candidates, so a cell with one candidate is
filled first (rule 2) and a cell with none ends the branch.  The number of completions of a
branch depends only on its open cells and their candidates, so small branches are cached and
counted once: that, not one SAT call per model, is what makes counting fast.

>>> from satdoku.core._puzzle import Puzzle
>>> from satdoku.core._shape import Shape
>>> count_completions(Puzzle.empty(Shape.sudoku(4)))
(288, True)
>>> count_completions(Puzzle.empty(Shape.latin(4)), limit=100)
(100, False)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

from ..core._houses_only import houses_only
from ..core._puzzle import Grid, Puzzle
from ._candidate_grid import CandidateGrid

__all__ = ["count_completions", "completions", "CACHE_CELLS", "DeadlinePassed"]

CACHE_CELLS = 12
"""Branches with at most this many open cells are cached (measured best on 5x5 Latin, 9x9)."""

_CACHE_MAX = 300_000  # about 60 MB of small tuples; cleared when full
_CHECK_EVERY = 4096


class DeadlinePassed(Exception):
    """Raised by :func:`completions` when its deadline has passed (no more solutions come)."""


class _Stop(Exception):
    """Raised inside the search when the limit or the deadline is reached."""


class _Search:
    """The state of one search: the candidate grid (:mod:`satdoku.rules._candidate_grid`), the
    open cells, and the digits placed so far."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.n = puzzle.shape.n
        grid = CandidateGrid.from_givens(puzzle)
        self.ok = grid is not None and grid.naked_singles() is not None
        self.grid = grid if grid is not None else CandidateGrid(puzzle.shape)
        self.cand = self.grid.cand
        self.placed = self.grid.placed
        self.open: set[int] = set(range(self.n * self.n))  # built as before: same order
        self.open.difference_update(cell for cell, d in enumerate(self.placed) if d)

    def _pick(self) -> tuple[int, int]:
        """Return (cell, number of candidates) of the open cell with the fewest candidates."""
        best, fewest = -1, self.n + 1
        cand = self.cand
        for cell in self.open:
            k = cand[cell].bit_count()
            if k < fewest:
                best, fewest = cell, k
                if k <= 1:
                    break
        return best, fewest


class _CompletionCounter(_Search):
    """The counting search: completions of each branch, cached for small branches."""

    def __init__(
        self, puzzle: Puzzle, limit: int | None, deadline: float | None, cache_cells: int
    ) -> None:
        super().__init__(puzzle)
        self.limit = limit
        self.deadline = deadline
        self.cache_cells = cache_cells
        self.cache: dict[tuple[int, ...], int] = {}
        self.found = 0
        self.nodes = 0

    def _add(self, k: int) -> int:
        self.found += k
        if self.limit is not None and self.found > self.limit:
            raise _Stop
        return k

    def count(self) -> int:
        self.nodes += 1
        deadline = self.deadline
        if deadline is not None and self.nodes % _CHECK_EVERY == 0 and time.monotonic() > deadline:
            raise _Stop
        best, fewest = self._pick()
        if best < 0:
            return self._add(1)
        if fewest == 0:
            return 0
        opened = self.open
        cand = self.cand
        if len(opened) == 1:
            return self._add(fewest)
        key = None
        if len(opened) <= self.cache_cells:
            shift = self.n
            key = tuple(sorted((c << shift) | cand[c] for c in opened))
            known = self.cache.get(key)
            if known is not None:
                return self._add(known)
        mask = whole = cand[best]
        opened.remove(best)
        strike = self.grid.strike
        total = 0
        # No try/finally: a stopped search is thrown away, so its state need not be restored.
        while mask:
            bit = mask & -mask
            mask ^= bit
            cand[best] = bit
            hit = strike(best, bit)
            total += self.count()
            for p in hit:
                cand[p] |= bit
        cand[best] = whole
        opened.add(best)
        if key is not None:
            if len(self.cache) >= _CACHE_MAX:
                self.cache.clear()
            self.cache[key] = total
        return total


def count_completions(
    puzzle: Puzzle,
    limit: int | None = None,
    *,
    timeout: float | None = None,
    cache_cells: int = CACHE_CELLS,
) -> tuple[int, bool]:
    """Return (count, complete): the number of solutions, stopped past ``limit`` or ``timeout``.

    When stopped, the count is ``limit`` (or what was found before the timeout) and complete is
    False; a count equal to ``limit`` with complete True means exactly ``limit`` solutions.

    >>> from satdoku.core._shape import Shape
    >>> count_completions(Puzzle.empty(Shape.latin(3)))
    (12, True)
    """
    houses_only(puzzle, "counting by the two rules and splitting")
    search = _CompletionCounter(
        puzzle, limit, None if timeout is None else time.monotonic() + timeout, cache_cells
    )
    if not search.ok:
        return 0, True
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, len(search.open) + 500))
    try:
        return search.count(), True
    except _Stop:
        found = search.found
        return (min(found, limit) if limit is not None else found), False
    finally:
        sys.setrecursionlimit(old)


def completions(puzzle: Puzzle, deadline: float | None = None) -> Iterator[Grid]:
    """Yield every solution of the puzzle, by the same search (fewest candidates first).

    Past ``deadline`` (a ``time.monotonic()`` value) it raises :class:`DeadlinePassed`.

    >>> from satdoku.core._shape import Shape
    >>> sorted(completions(Puzzle(Shape.latin(2), (1, 0, 0, 0))))
    [(1, 2, 2, 1)]
    >>> next(completions(Puzzle.empty(Shape.sudoku(9)), deadline=0.0))
    Traceback (most recent call last):
    ...
    satdoku.rules._counting.DeadlinePassed: the time limit passed during the search
    """
    houses_only(puzzle, "counting by the two rules and splitting")
    search = _Search(puzzle)
    if not search.ok:
        return
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, len(search.open) + 500))
    try:
        yield from _walk(search, deadline, [0])
    finally:
        sys.setrecursionlimit(old)


def _walk(search: _Search, deadline: float | None, nodes: list[int]) -> Iterator[Grid]:
    if deadline is not None:
        nodes[0] += 1
        if nodes[0] % 64 == 1 and time.monotonic() > deadline:
            raise DeadlinePassed("the time limit passed during the search")
    best, fewest = search._pick()
    if best < 0:
        yield tuple(search.placed)
        return
    if fewest == 0:
        return
    cand, placed = search.cand, search.placed
    opened = search.open
    mask = whole = cand[best]
    opened.remove(best)
    strike = search.grid.strike
    while mask:
        bit = mask & -mask
        mask ^= bit
        cand[best] = bit
        placed[best] = bit.bit_length()
        hit = strike(best, bit)
        yield from _walk(search, deadline, nodes)
        for p in hit:
            cand[p] |= bit
    placed[best] = 0
    cand[best] = whole
    opened.add(best)
