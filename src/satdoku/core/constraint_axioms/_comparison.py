"""Unequal's ``<`` signs as two-cell tables of the pairs in order."""

from __future__ import annotations

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import Comparison, Constraint
from ._tables import Filling, fillings, rule_table_axioms

__all__ = ["comparison_axioms", "comparison_fillings"]


def _in_order(pair: Filling) -> bool:
    return pair[0] < pair[1]


def comparison_fillings(rule: Constraint, puzzle: Puzzle) -> list[Filling]:
    """Return the pairs of digits a ``<`` sign allows, the smaller first.

    >>> from satdoku.core._shape import Shape
    >>> comparison_fillings(Comparison(0, 1), Puzzle.empty(Shape.latin(3)))
    [(1, 2), (1, 3), (2, 3)]
    """
    if not isinstance(rule, Comparison):
        raise TypeError(f"a sign's encoder got a {rule.kind} rule")
    return fillings(rule.cells(puzzle.n), puzzle.shape, _in_order)


def comparison_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a ``<`` sign's axioms: one helper claim per pair of digits, the smaller first.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(3)
    >>> made = comparison_axioms(Comparison(0, 1), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> helpers.names
    ['r1c1 < r1c2 is filled 1,2', 'r1c1 < r1c2 is filled 1,3', 'r1c1 < r1c2 is filled 2,3']
    """
    return rule_table_axioms(rule, index, puzzle, helpers, comparison_fillings(rule, puzzle))
