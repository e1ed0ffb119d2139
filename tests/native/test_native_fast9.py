"""The compiled engine's fast path (cell and house axioms of at most 128 cells): its solutions
pass the independent checker, its counts are the generic engine's, clashes and guess limits
come out as they do there."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.backends._compiled import compiled
from satdoku.core._axioms import axioms
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._random_regions import random_region_map
from satdoku.core._shape import Shape

ENGINE = compiled()
pytestmark = pytest.mark.skipif(ENGINE is None, reason="no compiled engine")


def _regions(n: int) -> Shape:
    """Irregular regions that admit a solution (not every random map does)."""
    assert ENGINE is not None
    for seed in range(1000):
        shape = Shape.jigsaw(random_region_map(n, random.Random(seed)))
        plain = ENGINE(n, [axiom.variables for axiom in axioms(shape)], fast=False)
        if isinstance(plain.solve(bytes(n * n), 20_000, 1), bytes):
            return shape
    raise AssertionError(f"no solvable {n}x{n} region map in 1000 seeds")


SHAPES = (
    {}
    if ENGINE is None
    else {
        "sudoku 9": Shape.sudoku(9),
        "sudoku 4": Shape.sudoku(4),
        "sudoku 6 (2x3)": Shape.sudoku(6),
        "latin 7": Shape.latin(7),
        "diagonal 9": Shape.sudoku(9, diagonals=True),
        "regions 6": _regions(6),
        "regions 9": _regions(9),
        "latin 11": Shape.latin(11),
    }
)
GUESSES = 10**7  # far more than any of these puzzles needs
COUNT_GUESSES = 200_000  # a count is compared when the generic engine finishes within this


def _engines(shape: Shape) -> tuple[object, object]:
    assert ENGINE is not None
    rows = [axiom.variables for axiom in axioms(shape)]
    return ENGINE(shape.n, rows), ENGINE(shape.n, rows, fast=False)


ENGINES = {name: _engines(shape) for name, shape in SHAPES.items()}


def _grids(name: str) -> list[bytes]:
    """A few random full grids of the shape, from the generic engine's seeded solve."""
    shape, (_, generic) = SHAPES[name], ENGINES[name]
    drawn = (generic.solve(bytes(shape.n * shape.n), 20_000, seed) for seed in range(1, 300))  # type: ignore[attr-defined]
    grids = [grid for grid in drawn if isinstance(grid, bytes)][:6]
    assert grids
    return grids


GRIDS = {name: _grids(name) for name in SHAPES}


def _puzzle(name: str, seed: int, keep: float) -> tuple[Shape, bytes]:
    """One of the shape's grids with cells removed at random."""
    rng = random.Random(seed)
    grid = rng.choice(GRIDS[name])
    return SHAPES[name], bytes(d if rng.random() < keep else 0 for d in grid)


@pytest.mark.parametrize("name", list(SHAPES))
def test_the_fast_path_is_taken_for_cell_and_house_axioms(name: str) -> None:
    fast, generic = ENGINES[name]
    assert fast.fast and not generic.fast  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "shape", [Shape.sudoku(16), Shape.latin(12), Shape.latin(1)], ids=["16x16", "latin 12", "1x1"]
)
def test_shapes_past_128_cells_or_trivial_keep_the_generic_engine(shape: Shape) -> None:
    fast, _ = _engines(shape)
    assert not fast.fast  # type: ignore[attr-defined]
    grid = fast.solve(bytes(shape.n * shape.n), GUESSES)  # type: ignore[attr-defined]
    assert is_solution(grid, Puzzle(shape, tuple(bytes(shape.n * shape.n))))


def test_other_axioms_keep_the_generic_engine_with_the_same_answers() -> None:
    assert ENGINE is not None
    shape = Shape.sudoku(4)
    rows = [axiom.variables for axiom in axioms(shape)]
    for changed, fast in [
        (rows[:-1], False),  # a house without one of its digits
        (rows[1:], False),  # a cell without its axiom
        ([*rows, (1, 6)], False),  # an axiom of two claims
        ([*rows, rows[-1]], True),  # an axiom twice is the same axiom
        ([rows[0][::-1], *rows[1:]], True),  # the order of claims does not matter
    ]:
        engine = ENGINE(4, changed)
        assert engine.fast == fast
        plain = ENGINE(4, changed, fast=False)
        empty = bytes(16)
        assert engine.count(empty, 1000, GUESSES) == plain.count(empty, 1000, GUESSES)


@settings(max_examples=120, deadline=None)
@given(
    name=st.sampled_from(list(SHAPES)),
    seed=st.integers(0, 10**6),
    keep=st.sampled_from([0.0, 0.2, 0.35, 0.5, 0.7]),
    most=st.sampled_from([0, 1, 2, 7, 40]),
)
def test_solutions_pass_the_checker_and_counts_match_the_generic_engine(
    name: str, seed: int, keep: float, most: int
) -> None:
    shape, cells = _puzzle(name, seed, keep)
    fast, generic = ENGINES[name]
    solved = fast.solve(cells, GUESSES)  # type: ignore[attr-defined]
    assert isinstance(solved, bytes)  # a grid's own digits always have a solution
    assert is_solution(solved, Puzzle(shape, tuple(cells)))
    expected = generic.count(cells, most, COUNT_GUESSES)  # type: ignore[attr-defined]
    if expected is not None:
        assert fast.count(cells, most, GUESSES) == expected  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(list(SHAPES)), seed=st.integers(0, 10**6))
def test_clashing_givens_have_no_solution(name: str, seed: int) -> None:
    shape, cells = _puzzle(name, seed, 0.3)
    rng = random.Random(seed)
    cell = rng.randrange(shape.n * shape.n)
    peer = rng.choice(shape.peers[cell])
    digit = cells[peer] or rng.randrange(1, shape.n + 1)
    clash = bytearray(cells)
    clash[cell] = clash[peer] = digit
    fast, generic = ENGINES[name]
    assert fast.solve(bytes(clash), GUESSES) is False  # type: ignore[attr-defined]
    assert fast.count(bytes(clash), 5, GUESSES) == (0, True)  # type: ignore[attr-defined]
    assert generic.solve(bytes(clash), GUESSES) is False  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(SHAPES))
def test_a_guess_limit_is_kept(name: str) -> None:
    shape, (fast, _) = SHAPES[name], ENGINES[name]
    empty = bytes(shape.n * shape.n)  # an empty grid needs guesses in every one of these shapes
    grid = fast.solve(empty, GUESSES)  # type: ignore[attr-defined]
    needed = fast.nodes  # type: ignore[attr-defined]
    assert needed >= 1
    assert fast.solve(empty, needed) == grid  # type: ignore[attr-defined]
    assert fast.solve(empty, needed - 1) is None  # type: ignore[attr-defined]
    assert fast.count(empty, 10, needed - 1) is None  # type: ignore[attr-defined]
    assert fast.solve(grid, 0) == grid and fast.nodes == 0  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(list(SHAPES)), seed=st.integers(0, 10**6))
def test_no_guess_allowed_asks_what_rules_1_and_2_alone_settle(name: str, seed: int) -> None:
    _, cells = _puzzle(name, seed, 0.45)  # (the fast engine's own rules settle more)
    fast, generic = ENGINES[name]
    assert fast.solve(cells, 0) == generic.solve(cells, 0)  # type: ignore[attr-defined]
    assert fast.count(cells, 3, 0) == generic.count(cells, 3, 0)  # type: ignore[attr-defined]


def test_a_seeded_solve_between_unseeded_ones_gives_its_own_grid() -> None:
    shape, (fast, _) = SHAPES["sudoku 9"], ENGINES["sudoku 9"]
    _, cells = _puzzle("sudoku 9", 3, 0.4)
    puzzle, empty = Puzzle(shape, tuple(cells)), Puzzle(shape, tuple(bytes(81)))
    first = fast.solve(cells, GUESSES)  # type: ignore[attr-defined]
    drawn = fast.solve(bytes(81), GUESSES, 12345)  # type: ignore[attr-defined]
    again = fast.solve(cells, GUESSES)  # type: ignore[attr-defined]
    assert is_solution(first, puzzle) and is_solution(again, puzzle) and first == again
    assert is_solution(drawn, empty)
    assert drawn == fast.solve(bytes(81), GUESSES, 12345)  # type: ignore[attr-defined]


def test_the_sixteen_given_puzzle_is_counted_exactly() -> None:
    text = ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2....91...."
    cells = bytes(0 if ch == "." else int(ch) for ch in text)
    fast, _ = ENGINES["sudoku 9"]
    assert fast.count(cells, 10**9, 10**9) == (101_034, True)  # type: ignore[attr-defined]
