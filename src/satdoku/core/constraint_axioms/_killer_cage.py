"""A killer cage as axioms: its digits never repeat and (with a total) fill one digit set."""

from __future__ import annotations

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import Constraint, KillerCage, Operation
from ._keen_cage import arithmetic_fillings
from ._sum_axioms import sum_axioms
from ._sum_region import SumRegion
from ._tables import Filling, fillings

__all__ = ["killer_cage_axioms", "killer_cage_fillings"]


def killer_cage_fillings(rule: Constraint, puzzle: Puzzle) -> list[Filling]:
    """Return the fillings of a killer cage's cells: distinct digits, summing to its total if
    it has one (the SAT path states two-cell cages by them, without helper claims).

    >>> from satdoku.core._shape import Shape
    >>> killer_cage_fillings(KillerCage((0, 5), 4), Puzzle.empty(Shape.sudoku(4)))
    [(1, 3), (3, 1)]
    """
    if not isinstance(rule, KillerCage):
        raise TypeError(f"a killer cage's encoder got a {rule.kind} rule")
    size, n = len(rule.members), puzzle.n
    if rule.total is not None:  # a sum whose every two positions clash: no digit repeats
        every = tuple(tuple(range(i)) for i in range(size))
        return list(arithmetic_fillings(Operation.ADD, rule.total, every, n))
    return fillings(rule.cells(n), puzzle.shape, _distinct, _distinct)


def _distinct(digits: Filling) -> bool:
    return len(set(digits)) == len(digits)


def killer_cage_axioms(
    rule: KillerCage, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return the axioms of the killer cage at ``index`` of the puzzle's constraints.

    With a total: one helper claim per set of distinct digits summing to it, one presence
    helper per digit, and each present digit in exactly one cell; without: no digit twice.

    >>> from satdoku.core._shape import Shape
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
