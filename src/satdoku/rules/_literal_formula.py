"""A puzzle as the stepper over literals sees it: its axioms, helper claims and givens."""

from __future__ import annotations

from dataclasses import dataclass

from ..core._literal_axioms import HelperNames, LiteralAxiom
from ..core._puzzle import Puzzle
from ..core.constraint_axioms import puzzle_axioms

__all__ = ["Formula", "formula"]


@dataclass(frozen=True)
class Formula:
    """A puzzle's axioms as exactly-one groups of literals, its helpers, and its givens' claims.

    >>> from satdoku.io._line import parse_line
    >>> f = formula(parse_line("1..............."))
    >>> len(f.axioms), f.givens, f.variables
    (64, (1,), 64)
    """

    axioms: tuple[LiteralAxiom, ...]
    helpers: HelperNames
    givens: tuple[int, ...]

    @property
    def variables(self) -> int:
        """Return the highest variable: the last helper, else the last claim."""
        return self.helpers.last


def formula(puzzle: Puzzle) -> Formula:
    """Return a puzzle's cell, house and constraint axioms over literals, and its givens."""
    n = puzzle.shape.n
    made = puzzle_axioms(puzzle)
    givens = tuple(cell * n + d for cell, d in enumerate(puzzle.cells) if d)
    return Formula(made.axioms, made.helpers, givens)
