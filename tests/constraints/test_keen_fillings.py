"""Keen cages' fillings by arithmetic are those of the plain search with the target's own test."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms._keen_cage import keen_cage_fillings, meets_target
from satdoku.core.constraint_axioms._tables import fillings
from satdoku.core.constraints import ArithmeticCage, Operation


@st.composite
def cages(draw: st.DrawFn) -> tuple[ArithmeticCage, Shape]:
    """A cage of one to five cells of a Latin or Sudoku shape, with any target up to past its
    largest (most targets of products have no filling)."""
    shape = draw(st.sampled_from((Shape.latin(3), Shape.latin(5), Shape.sudoku(4), Shape.latin(7))))
    n = shape.n
    operation = draw(st.sampled_from(list(Operation)))
    size = draw(st.integers(1, 5)) if operation in (Operation.ADD, Operation.MULTIPLY) else 2
    members = draw(st.lists(st.integers(0, n * n - 1), min_size=size, max_size=size, unique=True))
    largest = n**size if operation is Operation.MULTIPLY else n * size
    target = draw(st.integers(1, largest + 1))
    return ArithmeticCage(tuple(members), operation, target), shape


@settings(max_examples=300, deadline=None)
@given(cages())
def test_fillings_by_arithmetic_are_those_the_target_test_accepts(
    made: tuple[ArithmeticCage, Shape],
) -> None:
    cage, shape = made
    reference = fillings(cage.cells(shape.n), shape, meets_target(cage.operation, cage.target))
    assert keen_cage_fillings(cage, Puzzle.empty(shape)) == reference
