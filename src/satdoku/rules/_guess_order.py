"""Where the stepper guesses when the rules stall (kept apart from the search, heavy to load)."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._propagator import Propagator

__all__ = ["GuessOrder"]


class GuessOrder(Enum):
    """Where to guess: the first open cell in reading order, or the one with fewest candidates.

    >>> GuessOrder("fewest").describe()
    'the open cell with the fewest candidates (first in reading order on ties)'
    """

    FIRST = "first"
    FEWEST = "fewest"
    AXIOM = "axiom"

    def describe(self) -> str:
        """Say in words which claim is guessed."""
        if self is GuessOrder.FIRST:
            return "the first open cell in reading order"
        if self is GuessOrder.FEWEST:
            return "the open cell with the fewest candidates (first in reading order on ties)"
        return "the first claim left in the axiom with the fewest claims left (cell or house)"

    def choose(self, p: Propagator) -> int:
        """Return the claim variable to guess (in a cell: its smallest candidate)."""
        n = p.n
        if self is GuessOrder.AXIOM:
            open_, true_of = p.open, p.true_of
            best = min(
                (a for a in range(len(open_)) if not true_of[a]), key=lambda a: (open_[a], a)
            )
            return next(v for v in p.members[best] if p.value[v] == 0)
        if self is GuessOrder.FIRST:
            cell = next(p.open_cells())
        else:
            open_ = p.open
            cell = min(p.open_cells(), key=lambda c: (open_[c], c))
        return cell * n + p.cell_candidates(cell)[0]  # its variable (core.claims.variable)
