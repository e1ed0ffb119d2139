"""Adjacent's marks ("differ by one") and their absence as two-cell tables."""

from __future__ import annotations

from ..constraints import Consecutive, Constraint
from ..literal_axioms import HelperClaims, LiteralAxiom
from ..puzzle import Puzzle
from .tables import Filling, rule_table_axioms

__all__ = ["consecutive_axioms"]


def consecutive_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a mark's axioms: one helper claim per pair of digits that keeps it.

    >>> from satdoku.core.shape import Shape
    >>> helpers = HelperClaims(3)
    >>> made = consecutive_axioms(Consecutive(0, 1), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> [name[-3:] for name in helpers.names]
    ['1,2', '2,1', '2,3', '3,2']
    """
    if not isinstance(rule, Consecutive):
        raise TypeError(f"a mark's encoder got a {rule.kind} rule")
    wanted = rule.consecutive

    def keeps(pair: Filling) -> bool:
        return (abs(pair[0] - pair[1]) == 1) == wanted

    return rule_table_axioms(rule, index, puzzle, helpers, keeps)
