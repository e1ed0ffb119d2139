"""How a puzzle's givens reach a PySAT solver: assumptions on a pooled solver, or a fresh one.

*Persistent*: one solver per shape (from :mod:`satdoku.backends._pool`) holds the shape's clauses
and each puzzle's givens go in as assumptions (fast for many small grids). *Fresh*: per puzzle a
new solver gets the formula simplified by the givens (Kwon & Jain), which wins on big grids where
assumptions slow the solver down; :func:`fresh_encoding` picks that formula's encoding.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from ..cnf._encodings import AtMostOne, Encoding
from ..core._claims import UNKNOWN
from ..core._shape import Shape

__all__ = ["Strategy", "PAIRWISE_BUDGET", "fresh_encoding"]


class Strategy(Enum):
    """How givens reach the solver: assumptions on a persistent solver, or a fresh solver."""

    PERSISTENT = "persistent"
    FRESH = "fresh"
    AUTO = "auto"

    def resolve(self, n: int) -> Strategy:
        """Return the concrete strategy for side n (AUTO: persistent up to 16, then fresh).

        >>> Strategy.AUTO.resolve(9), Strategy.AUTO.resolve(25)
        (<Strategy.PERSISTENT: 'persistent'>, <Strategy.FRESH: 'fresh'>)
        """
        if self is not Strategy.AUTO:
            return self
        return Strategy.PERSISTENT if n <= 16 else Strategy.FRESH


PAIRWISE_BUDGET = 2_000_000
"""Most pairwise at-most-one clauses a simplified formula may have under ``--amo auto``."""


def fresh_encoding(shape: Shape, encoding: Encoding, known: Sequence[int]) -> Encoding:
    """Return the encoding of a formula simplified by ``known``: AUTO picks by its size.

    After the givens, each axiom keeps only its undecided claims; pairwise at-most-one on those
    solved the 25x25 and 36x36 puzzles faster than the sequential counter, so under
    ``AtMostOne.AUTO`` it is pairwise unless the estimated pairwise clause count passes
    :data:`PAIRWISE_BUDGET` (sparse givens on a big grid), then sequential.

    >>> from satdoku.core._puzzle import Puzzle
    >>> from satdoku.rules._singles import eliminate
    >>> for n in (25, 64):
    ...     shape = Shape.sudoku(n)
    ...     print(n, fresh_encoding(shape, Encoding(), eliminate(Puzzle.empty(shape))).amo.value)
    25 pairwise
    64 sequential
    """
    if encoding.amo is not AtMostOne.AUTO:
        return encoding
    n = shape.n
    pairs = 0
    for base in range(1, n**3 + 1, n):
        m = known[base : base + n].count(UNKNOWN)
        pairs += m * (m - 1) // 2
    houses_per_cell = 1 + len(shape.houses) * n / (n * n)  # the cell axiom, then its houses
    amo = AtMostOne.PAIRWISE if pairs * houses_per_cell <= PAIRWISE_BUDGET else AtMostOne.SEQUENTIAL
    return Encoding(encoding.scheme, amo)
