"""Rebuilding the stepper's states from its steps alone, forward, as a viewer does.

Steps of the techniques beyond set logic are replayed from their premises by the independent
checker (:func:`replay_techniques`), which refuses one that does not follow.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core._claims import FALSE, TRUE, UNKNOWN
from ..core._shape import Shape
from ._state import State
from ._steps import Rule, Step
from ._technique_check import apply_step
from .techniques._step import TechniqueStep

__all__ = ["Replayer", "replay", "replay_techniques"]


class Replayer:
    """Rebuild states from steps alone, forward, as a viewer does (see :func:`replay`).

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import propagation
    >>> r = Replayer(2)
    >>> for step in propagation(parse_line("1...")):
    ...     r.apply(step)
    >>> r.state().grid(), r.position
    ((1, 2, 2, 1), 8)
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.values = [UNKNOWN] * (n**3 + 1)
        self.saved: dict[int, list[int]] = {}
        self.position = 0

    def apply(self, step: Step) -> None:
        """Apply one step: a guess saves the state, a backtrack of its depth restores it."""
        if step.rule is Rule.GUESS:
            self.saved[step.depth] = self.values[:]
        elif step.rule is Rule.BACKTRACK:
            self.values = self.saved.pop(step.depth)[:]
            for deeper in [d for d in self.saved if d > step.depth]:
                del self.saved[deeper]
        mark = TRUE if step.value else FALSE
        values = self.values
        for v in step.decided:
            values[v] = mark
        self.position += 1

    def state(self) -> State:
        """Return the state after the steps applied so far."""
        return State(self.n, tuple(self.values))


def replay(steps: Iterable[Step], n: int) -> Iterator[State]:
    """Yield the state after each step, rebuilt from the steps alone (as a viewer does).

    False claims remove candidates and true claims set cells; a guess remembers the state before
    it, and a backtrack of the same depth returns to that state, then applies its own claim.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import propagation
    >>> states = list(replay(propagation(parse_line("1...")), 2))
    >>> states[-1].grid()
    (1, 2, 2, 1)
    """
    replayer = Replayer(n)
    for step in steps:
        replayer.apply(step)
        yield replayer.state()


def replay_techniques(
    steps: Iterable[TechniqueStep], shape: Shape, cand: list[int]
) -> Iterator[list[int]]:
    """Yield the candidates after each technique's step, each checked from its premises first.

    ``cand`` holds per cell the mask of its candidates (bit d - 1), 0 for a solved cell; a step
    that does not follow raises ValueError with the reason.

    >>> from satdoku.rules.techniques import Advanced, Node
    >>> cand = [0] * 81
    >>> cand[0], cand[6], cand[36], cand[42] = 0b11, 0b101, 0b110, 0b111000100
    >>> chain = (Node((6,), 3), Node((6,), 1), Node((0,), 1), Node((0,), 2), Node((36,), 2),
    ...          Node((36,), 3))
    >>> step = TechniqueStep(Advanced.XY_WING, ((42, 3),), chain=chain)
    >>> [after[42] for after in replay_techniques([step], Shape.sudoku(9), cand)]
    [448]
    """
    for step in steps:
        cand = apply_step(step, shape, cand)
        yield cand
