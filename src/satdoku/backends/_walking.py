"""Taking turns: the compiled engine's local search and a CDCL solver on one big puzzle.

The engine's :meth:`~satdoku.backends._compiled.Engine.walk` (probSAT's rule over the open axioms
after rules 1 and 2) finds solutions of big puzzles in the hard region that clause learning
stalls on, above all Latin squares near the *quasigroup with holes* peak, but it never proves
there is none and stalls where the solutions are few. :class:`TakingTurns` wraps a PySAT solver
so that each of its conflict slices is preceded by a walk whenever the walks have had less CPU
time than the solver: each walk is a restart with a new seed and twice the flips of the one
before (from :data:`FIRST_FLIPS`). It answers like a PySAT solver
(``conf_budget``, ``solve_limited``, ``solve``, ``get_model``), so
:func:`satdoku.backends._limits.solve_within` keeps timeouts and Ctrl-C for it and a portfolio's
child runs it as it runs a solver. A puzzle either of the two can solve costs at most about
twice the CPU of the faster. Ctrl-C stops a walk within a tenth of a second or so (the engine
looks at signals every 2**20 flips); only the solver's slices are shielded from it
(:func:`~satdoku.backends._interrupts.shielded`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from . import _stop_flag as stop_flag
from ._interrupts import shielded

__all__ = ["FIRST_FLIPS", "FIRST_CONFLICTS", "TakingTurns", "Walk"]

FIRST_FLIPS = 1 << 18
"""Flips of the first walk (a few hundredths of a second); each later walk has twice as many.

Growing walks, not short restarts, by measurement. On the sweep's Latin squares of order 50
at 70 % given, seeds 0, 3 and 4, one CPU, 120 s: turns with walks growing twofold from 2**16
flips solved all three (37.5 s, 20.5 s, 71.2 s), from 2**18 two (5.9 s, 65.5 s), and with walks
of Luby's lengths (units of 2**20 or 2**22 flips) none. A single walk on seed 0 found a
solution after 0.6 s to 13 s (and once not in 40 s), depending on its seed."""

FIRST_CONFLICTS = 1_000
"""Conflicts of the first slice when :meth:`TakingTurns.solve` runs without a caller's slices."""

Walk = Callable[[int, int], "bytes | bool | None"]
"""A walk of ``flips`` flips drawn from ``seed``: the grid's digits, False (rules 1 and 2 found a
contradiction) or None (no solution within the flips)."""


class TakingTurns:
    """A PySAT solver whose conflict slices take turns with the engine's walks.

    >>> from satdoku.backends._compiled import engine_for
    >>> from satdoku.backends._solvers import new_solver
    >>> from satdoku.cnf._encodings import encode
    >>> from satdoku.core._puzzle import Puzzle
    >>> from satdoku.core._shape import Shape
    >>> puzzle = Puzzle.empty(Shape.latin(3))
    >>> engine = engine_for(puzzle.shape)
    >>> walk = None if engine is None else (lambda f, s: engine.walk(puzzle.cells, f, s))
    >>> turns = TakingTurns(new_solver("cadical153", encode(puzzle.shape).clauses), walk, 3)
    >>> turns.solve(), len([v for v in turns.get_model() if v > 0])
    (True, 9)
    >>> turns.delete()
    """

    shields_itself = True
    """Only the solver's slices are shielded from Ctrl-C, not the walks (see ``_sliced``)."""

    def __init__(self, solver: Any, walk: Walk | None, n: int) -> None:
        self.solver = solver
        self.walk = walk
        self.n = n
        self.seed = 0  # walks so far (the next one's seed is one more)
        self.walked = 0.0  # CPU seconds of the walks so far
        self.searched = 0.0  # ... and of the solver's slices
        self.budget = -1
        self.found: list[int] | None = None  # the walk's solution, as true claim variables
        self.settled = False  # the walk found a contradiction: only the solver goes on

    def conf_budget(self, budget: int) -> None:
        """Set the conflicts of the solver's next slice (-1: no limit)."""
        self.budget = budget

    def solve_limited(
        self, assumptions: Sequence[int] = (), expect_interrupt: bool = False
    ) -> bool | None:
        """Take one turn: a walk when its share of the CPU is due, then one slice of the solver;
        True or False as the solver says, None when neither finished."""
        if self.walk is not None and not self.settled and self.walked <= self.searched:
            self.seed += 1
            start = time.process_time()
            flips = FIRST_FLIPS << min(self.seed - 1, 40)
            grid = stop_flag.interruptible(self.walk, flips, self.seed)  # it looks at signals
            self.walked += time.process_time() - start
            if grid:
                n = self.n
                self.found = [cell * n + d for cell, d in enumerate(bytes(grid)) if d]
                return True
            if grid is False:
                self.settled = True  # (the solver will say unsatisfiable too)
        start = time.process_time()
        self.solver.conf_budget(self.budget)
        ok = shielded(self.solver.solve_limited, list(assumptions))  # Ctrl-C after the slice
        self.searched += time.process_time() - start
        return None if ok is None else bool(ok)

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """Take turns until one of the two answers; slices grow twofold."""
        budget = FIRST_CONFLICTS
        while True:
            self.conf_budget(budget)
            ok = self.solve_limited(assumptions)
            if ok is not None:
                return ok
            budget *= 2

    def get_model(self) -> list[int]:
        """Return the model: the walk's true claims, or the solver's model."""
        if self.found is not None:
            return self.found
        model: list[int] = self.solver.get_model()
        return model

    def delete(self) -> None:
        """Free the solver."""
        self.solver.delete()

    def __enter__(self) -> TakingTurns:
        return self

    def __exit__(self, *exc: object) -> None:
        self.delete()
