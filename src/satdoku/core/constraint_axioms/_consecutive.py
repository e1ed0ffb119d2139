"""Adjacent's marks ("differ by one") and their absence as two-cell tables."""

from __future__ import annotations

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import Consecutive, Constraint
from ._tables import Filling, fillings, rule_table_axioms

__all__ = ["consecutive_axioms", "consecutive_fillings"]


def _differ_by_one(pair: Filling) -> bool:
    return abs(pair[0] - pair[1]) == 1


def _do_not_differ_by_one(pair: Filling) -> bool:
    return abs(pair[0] - pair[1]) != 1


def consecutive_fillings(rule: Constraint, puzzle: Puzzle) -> list[Filling]:
    """Return the pairs of digits a mark (or its absence) allows.

    >>> from satdoku.core._shape import Shape
    >>> consecutive_fillings(Consecutive(0, 1), Puzzle.empty(Shape.latin(3)))
    [(1, 2), (2, 1), (2, 3), (3, 2)]
    """
    if not isinstance(rule, Consecutive):
        raise TypeError(f"a mark's encoder got a {rule.kind} rule")
    keeps = _differ_by_one if rule.consecutive else _do_not_differ_by_one
    return fillings(rule.cells(puzzle.n), puzzle.shape, keeps)


def consecutive_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a mark's axioms: one helper claim per pair of digits that keeps it.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(3)
    >>> made = consecutive_axioms(Consecutive(0, 1), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> [name[-3:] for name in helpers.names]
    ['1,2', '2,1', '2,3', '3,2']
    """
    return rule_table_axioms(rule, index, puzzle, helpers, consecutive_fillings(rule, puzzle))
