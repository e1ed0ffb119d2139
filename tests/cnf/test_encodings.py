"""Axiom groups and clause counts for known sizes, and every solution satisfying every clause."""

from itertools import product

import pytest

from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme, encode
from satdoku.core._axioms import axioms
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_grid
from satdoku.rules._singles import eliminate

ENCODINGS = [Encoding(s, a) for s, a in product(Scheme, AtMostOne)]


def test_9x9_extended_pairwise_counts() -> None:
    shape = Shape.sudoku(9)
    assert len(axioms(shape)) == 324
    formula = encode(shape, Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE))
    assert len(formula.clauses) == 324 * 37 == 11_988
    assert formula.top == 729


def test_9x9_minimal_pairwise_counts() -> None:
    formula = encode(Shape.sudoku(9), Encoding(Scheme.MINIMAL, AtMostOne.PAIRWISE))
    assert len(formula.clauses) == 81 + 243 * 36


def test_sequential_counter_is_linear_and_numbers_aux_above_claims() -> None:
    formula = encode(Shape.sudoku(9), Encoding(Scheme.EXTENDED, AtMostOne.SEQUENTIAL))
    # each group of 9: one at-least-one clause + 3*9-4 counter clauses, 8 auxiliaries
    assert len(formula.clauses) == 324 * (1 + 23)
    assert formula.top == 729 + 324 * 8
    aux = {abs(l) for c in formula.clauses for l in c if abs(l) > 729}
    assert aux == set(range(730, formula.top + 1))


def test_64x64_fits_with_the_linear_encoding() -> None:
    formula = encode(Shape.sudoku(64), Encoding(Scheme.EXTENDED, AtMostOne.SEQUENTIAL))
    assert len(formula.clauses) == 4 * 64 * 64 * (1 + 3 * 64 - 4)


@pytest.mark.parametrize("encoding", ENCODINGS, ids=lambda e: e.label())
@pytest.mark.parametrize(
    "shape",
    [Shape.sudoku(4), Shape.sudoku(6), Shape.latin(5), Shape.sudoku(9, diagonals=True)],
    ids=lambda s: s.describe(),
)
def test_a_solution_satisfies_every_claim_clause(encoding: Encoding, shape: Shape) -> None:
    grid = random_grid(shape, 7)
    assert grid is not None
    n = shape.n
    true = {cell * n + d for cell, d in enumerate(grid)}
    formula = encode(shape, encoding)
    for clause in formula.clauses:
        claims = [l for l in clause if abs(l) <= n**3]
        if len(claims) == len(clause):
            assert any((l > 0) == (abs(l) in true) for l in clause), clause


def test_simplified_formula_drops_decided_claims_and_keeps_numbers() -> None:
    shape = Shape.sudoku(4)
    puzzle = Puzzle(shape, (1, 2, 3, 4) + (0,) * 12)
    known = eliminate(puzzle)
    assert known is not None
    formula = encode(shape, known=known)
    used = {abs(l) for c in formula.clauses for l in c}
    assert not used & {1, 2, 3, 4, 6}  # r1c1's claims and r1c2=2 are decided
    assert max(used) <= 64
    assert len(formula.clauses) < len(encode(shape).clauses)


@pytest.mark.parametrize("enabled", [True, False])
def test_encode_leaves_the_garbage_collector_as_it_found_it(enabled: bool) -> None:
    import gc

    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        encode(Shape.sudoku(4))
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
