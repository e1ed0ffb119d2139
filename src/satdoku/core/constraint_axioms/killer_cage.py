"""A killer cage as axioms: its digits never repeat and (with a total) fill one digit set."""

from __future__ import annotations

from ..constraints import KillerCage
from ..literal_axioms import HelperClaims, LiteralAxiom
from ..puzzle import Puzzle
from .sum_axioms import sum_axioms
from .sum_region import SumRegion

__all__ = ["killer_cage_axioms"]


def killer_cage_axioms(
    rule: KillerCage, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return the axioms of the killer cage at ``index`` of the puzzle's constraints.

    With a total: one helper claim per set of distinct digits summing to it, one presence
    helper per digit, and each present digit in exactly one cell; without: no digit twice.

    >>> from satdoku.core.shape import Shape
    >>> cage = KillerCage((0, 1), 17)
    >>> puzzle = Puzzle(Shape.sudoku(9), (0,) * 81, constraints=(cage,))
    >>> helpers = HelperClaims(9)
    >>> axioms = killer_cage_axioms(cage, 0, puzzle, helpers)
    >>> axioms[0].name, axioms[0].literals, helpers.names[0]
    ('cage 17 over r1c1,r1c2: one set of digits', (730,), 'cage 17 over r1c1,r1c2 holds {8,9}')
    """
    n = puzzle.n
    region = SumRegion(rule.members, rule.total, rule.title(n), rule.kind, index)
    return sum_axioms(region, n, helpers)
