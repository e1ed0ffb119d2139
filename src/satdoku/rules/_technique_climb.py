"""The climb beyond set logic: at each stall the weakest technique's step, struck, and on.

The rating (:func:`satdoku.rules._rating.rate`), the tests' positions and the benchmarks climb
the same way: from a stepper at the fixpoint of its rules and set logic, make the board of its
claims, take the weakest step :func:`~satdoku.rules.techniques.next_step` finds (uniqueness
allowed: the climb is for a puzzle with one solution), strike what it removes and run the rules
again, until the grid is solved or contradicted or no step removes a candidate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from ._propagator import Propagator
from .techniques import Board, TechniqueStep, next_step

__all__ = ["Stall", "settle", "technique_climb"]


class Stall(NamedTuple):
    """One stall of the climb: the board there and the weakest step (None: no technique applies)."""

    board: Board
    step: TechniqueStep | None


def settle(p: Propagator) -> None:
    """Run the stepper's rules and set logic to their fixpoint, keeping no step."""
    for _ in p.propagate():
        pass


def technique_climb(
    p: Propagator, after_step: Callable[[Propagator], None] = settle
) -> Iterator[Stall]:
    """Yield each stall of the climb from the stepper's state, striking each step's eliminations
    in ``p`` and calling ``after_step(p)`` (the rules to their fixpoint) before the next stall;
    the last stall has no step (the grid solved or contradicted, or no technique applies).

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._strategies import RUNGS
    >>> puzzle = parse_line(
    ...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    >>> p = Propagator(puzzle.shape, RUNGS[-1])
    >>> for _ in p.givens(puzzle):
    ...     pass
    >>> settle(p)
    >>> first = next(technique_climb(p))
    >>> first.step.technique.value
    '2-string-kite'
    """
    n = p.n
    board = None
    while True:
        board = Board.from_values(p.shape, p.value, earlier=board)
        over = p.solved or p.conflict is not None
        step = None if over else next_step(board, unique=True)
        yield Stall(board, step)
        if step is None or not step.eliminated:
            return
        p.strike(cell * n + digit for cell, digit in step.eliminated)  # claims.variable
        after_step(p)
