"""Keen's arithmetic cages as tables of the fillings that meet the target."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from math import prod

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import ArithmeticCage, Constraint, Operation
from ._tables import Filling, clash_positions, fillings, rule_table_axioms

__all__ = ["arithmetic_fillings", "keen_cage_axioms", "keen_cage_fillings", "meets_target"]


def meets_target(operation: Operation, target: int) -> Callable[[Filling], bool]:
    """Return the test of a whole filling: its digits combined by the operation give the target.

    A one-cell cage's digit is its target, whatever the operation.

    >>> meets_target(Operation.DIVIDE, 3)((6, 2)), meets_target(Operation.SUBTRACT, 1)((2, 4))
    (True, False)
    """

    def meets(filling: Filling) -> bool:
        if len(filling) == 1:
            return filling[0] == target
        if operation is Operation.ADD:
            return sum(filling) == target
        if operation is Operation.MULTIPLY:
            return prod(filling) == target
        low, high = min(filling), max(filling)
        if operation is Operation.SUBTRACT:
            return high - low == target
        return high == low * target

    return meets


def _may_grow(operation: Operation, target: int, size: int, n: int) -> Callable[[Filling], bool]:
    """Return the test of a start of a filling: some digits after it can still meet the target."""

    def may_grow(start: Filling) -> bool:
        rest = size - len(start)
        if operation is Operation.ADD:
            total = sum(start)
            return total + rest <= target <= total + rest * n
        if operation is Operation.MULTIPLY:
            return target % prod(start) == 0
        return True

    return may_grow


def keen_cage_fillings(rule: Constraint, puzzle: Puzzle) -> list[Filling]:
    """Return the fillings of a Keen cage's cells that meet its target.

    >>> from satdoku.core._shape import Shape
    >>> cage = ArithmeticCage((0, 1), Operation.DIVIDE, 2)
    >>> keen_cage_fillings(cage, Puzzle.empty(Shape.latin(4)))
    [(1, 2), (2, 1), (2, 4), (4, 2)]
    """
    if not isinstance(rule, ArithmeticCage):
        raise TypeError(f"a Keen cage's encoder got a {rule.kind} rule")
    size, target, operation = len(rule.members), rule.target, rule.operation
    cells = rule.cells(puzzle.n)
    if size == 1 or operation in (Operation.ADD, Operation.MULTIPLY):
        clashes = clash_positions(cells, puzzle.shape)
        return list(arithmetic_fillings(operation, target, clashes, puzzle.n))
    may_grow = _may_grow(operation, target, size, puzzle.n)
    return fillings(cells, puzzle.shape, meets_target(operation, target), may_grow)


@lru_cache(maxsize=4096)
def arithmetic_fillings(
    operation: Operation, target: int, clashes: tuple[tuple[int, ...], ...], n: int
) -> tuple[Filling, ...]:
    """Return the fillings of a sum or product cage (or a one-cell cage) whose positions clash
    so, in the order :func:`~._tables.fillings` gives them: each digit is taken only where the
    rest can still meet the target (bounded sums; divisors of what the product still needs).

    >>> arithmetic_fillings(Operation.ADD, 5, ((), (0,)), 4)  # two cells of a row
    ((1, 4), (2, 3), (3, 2), (4, 1))
    """
    size = len(clashes)
    if size == 1:
        return ((target,),) if 1 <= target <= n else ()
    adding = operation is Operation.ADD

    def grow(prefix: Filling, left: int) -> Iterator[Filling]:
        i = len(prefix)
        rest = size - i - 1  # cells after this one
        taken = {prefix[j] for j in clashes[i]}
        if adding:
            digits = range(max(1, left - rest * n), min(n, left - rest) + 1)
        else:
            digits = range(1, min(n, left) + 1)
        for digit in digits:
            if digit in taken or (not adding and left % digit):
                continue
            after = left - digit if adding else left // digit
            if not rest:
                if after == (0 if adding else 1):
                    yield (*prefix, digit)
            elif adding or after <= n**rest:
                yield from grow((*prefix, digit), after)

    return tuple(grow((), target))


def keen_cage_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a Keen cage's axioms: one helper claim per filling that meets its target.

    >>> from satdoku.core._shape import Shape
    >>> cage = ArithmeticCage((0, 1), Operation.DIVIDE, 2)
    >>> helpers = HelperClaims(4)
    >>> made = keen_cage_axioms(cage, 0, Puzzle.empty(Shape.latin(4)), helpers)
    >>> helpers.names[:2], len(made)
    (['cage 2÷ over r1c1,r1c2 is filled 1,2', 'cage 2÷ over r1c1,r1c2 is filled 2,1'], 9)
    """
    return rule_table_axioms(rule, index, puzzle, helpers, keen_cage_fillings(rule, puzzle))
