"""The solution space: counts, solutions, order, predicates by blocking, backbone, candidates."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satdoku import solve
from satdoku.api._explorer import SAT_FIRST, Count, Explorer
from satdoku.api._predicates import PredicateError, Reject, diagonal_has_2, is_sudoku, no, yes
from satdoku.api._space import backbone, candidates, count, first, is_unique, solutions
from satdoku.backends._strategy import Strategy
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme
from satdoku.core._checker import is_solution
from satdoku.core._limits import Limits
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import format_line


def puzzle(text: str, shape: Shape | None = None) -> Puzzle:
    n = int(len(text) ** 0.5)
    cells = tuple(0 if ch == "." else int(ch) for ch in text)
    return Puzzle(shape or Shape.sudoku(n), cells)


def lines(grids: object) -> list[str]:
    return [format_line(g) for g in grids]  # type: ignore[attr-defined]


# -- seed 004 (Effekt 4x4): counts and the exact solution sets ------------------------------------

SEED004 = {
    "filled": ("1423324121344312", {"1423324121344312"}),
    "impossible": ("142332412134.412", set()),
    "example": ("..2....1.1..4...", {"1423324121344312", "1324243131424213"}),
    "diagonal": ("1....2....3....4", {"1342421324313124", "1423324141322314"}),
}


@pytest.mark.parametrize("name", list(SEED004))
def test_seed004_boards(name: str) -> None:
    text, expected = SEED004[name]
    p = puzzle(text)
    assert count(p) == Count(len(expected), True)
    assert set(lines(solutions(p))) == expected
    assert set(lines(solutions(p, order="reading"))) == expected
    assert is_unique(p) is (len(expected) == 1)
    found = solve(p, order="reading")
    assert (found is None) == (not expected)
    if found is not None:
        assert format_line(found) == min(expected)


def test_seed004_empty_board_has_288() -> None:
    empty = Puzzle.empty(Shape.sudoku(4))
    assert count(empty) == Count(288, True)
    every = list(solutions(empty))
    assert len(every) == len(set(every)) == 288
    assert all(is_solution(g, empty) for g in every)
    assert format_line(first(empty, order="reading")) == "1234341221434321"


def test_impossible_board_is_a_count_of_zero_not_an_error() -> None:
    p = puzzle("142332412134.412")
    assert count(p, limit=5) == Count(0, True)
    assert list(solutions(p, where=yes, order="reading")) == []
    assert backbone(p) is None
    assert all(not c for c in candidates(p))
    for strategy in (Strategy.PERSISTENT, Strategy.FRESH):
        with Explorer(strategy=strategy) as ex:
            assert ex.count(p, where=yes) == Count(0, True)


@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 2), (3, 12), (4, 576)])
def test_latin_square_counts(n: int, expected: int) -> None:
    assert count(Puzzle.empty(Shape.latin(n))) == Count(expected, True)


def test_latin_order_5_is_161280() -> None:
    """About 2 seconds (the cover search with its cache); the benchmark times it against PySAT."""
    assert count(Puzzle.empty(Shape.latin(5))) == Count(161_280, True)


# -- limits ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [0, 1, 2, 5, 287, 288, 289, 1000])
def test_limit_semantics(limit: int) -> None:
    got = count(Puzzle.empty(Shape.sudoku(4)), limit=limit)
    assert got == (Count(288, True) if limit >= 288 else Count(limit, False))
    assert len(list(solutions(Puzzle.empty(Shape.sudoku(4)), limit=limit))) == min(limit, 288)


@pytest.mark.parametrize("limit", [0, 1, 2, 3])
def test_limit_with_two_solutions(limit: int) -> None:
    got = count(puzzle("1....2....3....4"), limit=limit)
    assert got == (Count(2, True) if limit >= 2 else Count(limit, False))


def test_timeout_stops_a_huge_count() -> None:
    with Explorer(limits=Limits(timeout=0.3)) as ex:
        got = ex.count(Puzzle.empty(Shape.sudoku(9)))
    assert not got.complete and got.timed_out and got.count > 0


# -- an independent brute-force counter ------------------------------------------------------------


def brute_houses(shape: Shape) -> list[list[int]]:
    """Rows, columns, boxes, diagonals and regions written out here, not taken from Shape."""
    n, box, diagonals = shape.n, shape.box, shape.diagonals
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    if box:
        br, bc = box
        houses += [
            [(top + i) * n + left + j for i in range(br) for j in range(bc)]
            for top in range(0, n, br)
            for left in range(0, n, bc)
        ]
    if diagonals:
        houses += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if shape.regions is not None:
        houses += [[i for i, r in enumerate(shape.regions) if r == region] for region in range(n)]
    return houses


def brute_count(shape: Shape, cells: list[int]) -> int:
    """Count by plain backtracking in reading order: a digit fits if no house already has it."""
    n = shape.n
    houses = brute_houses(shape)
    of_cell: list[list[list[int]]] = [[h for h in houses if i in h] for i in range(n * n)]
    grid = list(cells)
    for i, d in enumerate(grid):
        if d and any(grid[j] == d for h in of_cell[i] for j in h if j != i):
            return 0

    def fits(i: int, d: int) -> bool:
        return all(grid[j] != d for h in of_cell[i] for j in h)

    def rec(i: int) -> int:
        while i < n * n and grid[i]:
            i += 1
        if i == n * n:
            return 1
        total = 0
        for d in range(1, n + 1):
            if fits(i, d):
                grid[i] = d
                total += rec(i + 1)
                grid[i] = 0
        return total

    return rec(0)


SMALL_SHAPES = [
    (Shape.sudoku(4), 0.0),
    (Shape.latin(4), 0.0),
    (Shape.sudoku(4, diagonals=True), 0.0),
    (Shape.latin(5), 0.35),
    (Shape.sudoku(6), 0.45),
    (Shape.latin(6), 0.55),
    (
        Shape.jigsaw([0, 0, 0, 1, 1, 0, 0, 2, 1, 1, 3, 2, 2, 2, 1, 3, 3, 4, 2, 4, 3, 3, 4, 4, 4]),
        0.2,
    ),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(range(len(SMALL_SHAPES))),
    st.randoms(use_true_random=False),
    st.floats(0.0, 0.5),
    st.booleans(),
)
def test_counts_match_an_independent_brute_force_counter(
    which: int, rng: random.Random, extra: float, clash: bool
) -> None:
    shape, keep_at_least = SMALL_SHAPES[which]
    n = shape.n
    base = first(Puzzle.empty(shape), order="reading")
    assert base is not None
    # shuffle digits and rows within the solution's symmetry is not needed: random givens suffice
    keep = keep_at_least + extra
    cells = [d if rng.random() < keep else 0 for d in base]
    if clash:
        i = rng.randrange(n * n)
        cells[i] = rng.randrange(1, n + 1)
    p = Puzzle(shape, tuple(cells))
    expected = brute_count(shape, cells)
    assert count(p) == Count(expected, True)
    assert count(p, limit=3) == (Count(expected, True) if expected <= 3 else Count(3, False))
    with Explorer() as ex:  # the blocking-clause path (one SAT call per model) agrees
        assert ex.count(p, where=yes) == Count(expected, True)


# -- order ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", [Shape.sudoku(4), Shape.latin(4), Shape.latin(3)])
def test_reading_order_enumerates_in_lexicographic_order(shape: Shape) -> None:
    p = Puzzle.empty(shape)
    ordered = list(solutions(p, order="reading"))
    assert ordered == sorted(solutions(p))
    assert ordered[0] == tuple(min(ordered))


def test_reading_order_with_givens_and_limit() -> None:
    p = puzzle("..2....1.1..4...")
    assert list(solutions(p, order="reading", limit=1)) == [min(solutions(p))]


# -- seed 000's solve-latin, answered by the SAT backend -------------------------------------------

P23 = "....3...2"
P324 = "..3...2..4......"


@pytest.mark.parametrize(
    ("text", "pred", "expected"),
    [
        (P23, yes, "123231312"),
        (P324, yes, "1234412334122341"),
        (P324, diagonal_has_2, "1234432124133142"),
        (P324, no, None),
    ],
)
def test_seed000_solve_latin(text: str, pred: object, expected: str | None) -> None:
    n = int(len(text) ** 0.5)
    got = solve(puzzle(text, Shape.latin(n)), where=pred, order="reading")  # type: ignore[arg-type]
    assert (None if got is None else format_line(got)) == expected


LATIN9 = "473562198625314789164785932248931675351479826739628541586297314917846253892153467"


def test_seed000_sample_sudoku_reconstruction_as_a_latin_puzzle() -> None:
    sample = ".7....1.8..5.1..8..6.7.5...2..93....3.1...8.6....28..1...2.7.1..1..4.2..8.2....6."
    got = first(puzzle(sample, Shape.latin(9)), yes, "reading")
    assert got is not None and format_line(got) == LATIN9


def test_seed000_sudoku_predicate_on_a_latin_puzzle() -> None:
    variant = "48.9.2....93..5.866..3...1....5.1.9.....9.....3.2.6....7...3..524.1..36....6.4.27"
    got = first(puzzle(variant, Shape.latin(9)), is_sudoku, "reading")
    assert got is not None and format_line(got) == (
        "481962753793415286652387419827531694164798532539246871976823145245179368318654927"
    )
    clashing = "48.9.2....93..5.866..3...1....5.1.9....9......3.2.6........3..524.1..36....6.4.27"
    assert first(puzzle(clashing, Shape.latin(9)), is_sudoku, "reading") is None


# -- predicates by blocking clauses ---------------------------------------------------------------


def full_blocking(grid: Puzzle) -> bool:
    """is_sudoku without its reason: a rejected grid is blocked by all its claims."""
    return bool(is_sudoku(grid))


def test_reasons_prune_more_than_full_blocking() -> None:
    latin4 = Puzzle.empty(Shape.latin(4))
    calls = {}
    for name, pred in [("reason", is_sudoku), ("full", full_blocking)]:
        with Explorer() as ex:
            assert ex.count(latin4, where=pred) == Count(288, True)
            calls[name] = ex.sat_calls
    # full blocking: one call per Latin square (576) plus the last UNSAT one
    assert calls["full"] == 577
    assert calls["reason"] < calls["full"] * 0.75
    # and on a 9x9 Latin puzzle, the first Sudoku in reading order
    variant = "48.9.2....93..5.866..3...1....5.1.9.....9.....3.2.6....7...3..524.1..36....6.4.27"
    with Explorer() as ex:
        ex.first(puzzle(variant, Shape.latin(9)), is_sudoku, "reading")
        assert ex.sat_calls < 20_000


def test_no_rejects_with_an_empty_reason_in_two_calls() -> None:
    with Explorer() as ex:
        assert ex.first(Puzzle.empty(Shape.sudoku(9)), no).solution is None
        assert ex.sat_calls == 2


def test_blocking_clauses_do_not_poison_later_questions() -> None:
    p = puzzle("1....2....3....4")
    with Explorer() as ex:
        for strategy_question in range(3):
            assert ex.first(p, no).solution is None
            assert ex.count(p, where=yes) == Count(2, True)
            assert ex.first(p, lambda g: g.cells[1] == 4).solution == (
                1,
                4,
                2,
                3,
                3,
                2,
                4,
                1,
                4,
                1,
                3,
                2,
                2,
                3,
                1,
                4,
            )
            assert ex.is_unique(p) is False
            assert ex.count(Puzzle.empty(Shape.sudoku(4)), where=yes) == Count(288, True)
            assert strategy_question >= 0


def test_a_user_predicate_may_return_claims() -> None:
    def not_one_in_corner(grid: Puzzle) -> bool | list[tuple[int, int, int]]:
        return [(0, 0, 1)] if grid.cells[0] == 1 else True

    got = list(solutions(Puzzle.empty(Shape.sudoku(4)), where=not_one_in_corner))
    assert len(got) == 288 - 72 and all(g[0] != 1 for g in got)


def test_a_predicate_that_raises_or_lies_is_a_predicate_error() -> None:
    def boom(grid: Puzzle) -> bool:
        raise KeyError("x")

    with pytest.raises(PredicateError, match="predicate boom raised KeyError"):
        first(Puzzle.empty(Shape.sudoku(4)), boom)
    with pytest.raises(PredicateError, match="not true in the grid"):
        first(Puzzle.empty(Shape.sudoku(4)), lambda g: Reject(((0, 0, g.cells[0] % 4 + 1),)))


@pytest.mark.parametrize(
    "encoding",
    [
        Encoding(Scheme.EXTENDED, AtMostOne.SEQUENTIAL),
        Encoding(Scheme.MINIMAL, AtMostOne.SEQUENTIAL),
        Encoding(Scheme.EFFICIENT, AtMostOne.PAIRWISE),
    ],
)
@pytest.mark.parametrize("strategy", [Strategy.PERSISTENT, Strategy.FRESH])
def test_auxiliary_variables_do_not_inflate_counts(encoding: Encoding, strategy: Strategy) -> None:
    with Explorer(encoding=encoding, strategy=strategy) as ex:
        assert ex.count(Puzzle.empty(Shape.sudoku(4)), where=yes) == Count(288, True)
        assert ex.count(puzzle("..2....1.1..4..."), where=yes) == Count(2, True)
        assert lines(
            ex.solutions(
                puzzle(P324, Shape.latin(4)), where=diagonal_has_2, order="reading", limit=1
            )
        ) == ["1234432124133142"]


# -- backbone and candidates ----------------------------------------------------------------------


def enumerated_backbone(p: Puzzle) -> tuple[int, ...] | None:
    every = list(solutions(p))
    if not every:
        return None
    return tuple(col[0] if len(set(col)) == 1 else 0 for col in zip(*every, strict=True))


def enumerated_candidates(p: Puzzle) -> tuple[frozenset[int], ...]:
    every = list(solutions(p))
    if not every:
        return tuple(frozenset() for _ in p.cells)
    return tuple(frozenset(col) for col in zip(*every, strict=True))


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(range(len(SMALL_SHAPES))),
    st.randoms(use_true_random=False),
    st.floats(0.0, 0.4),
)
def test_backbone_and_candidates_match_enumeration(
    which: int, rng: random.Random, extra: float
) -> None:
    shape, keep_at_least = SMALL_SHAPES[which]
    base = first(Puzzle.empty(shape))
    assert base is not None
    cells = tuple(d if rng.random() < keep_at_least + extra + 0.1 else 0 for d in base)
    p = Puzzle(shape, cells)
    assert backbone(p) == enumerated_backbone(p)
    assert candidates(p) == enumerated_candidates(p)


def test_backbone_without_enumerating() -> None:
    """A 9x9 with 63,701 solutions: the backbone takes at most one SAT call per open cell."""
    p = puzzle("..3....91..2.7.....5..2.....6.5....4.41.......7...18.........2....6...8..........")
    with Explorer() as ex:
        forced = ex.backbone(p)
        assert forced is not None and ex.sat_calls <= 1 + p.blanks()
    assert all(forced[i] == d for i, d in enumerate(p.cells) if d)
    sample = list(itertools.islice(solutions(p), 2000))
    for i, d in enumerate(forced):
        if d:
            assert all(g[i] == d for g in sample)


def test_fresh_and_persistent_strategies_agree() -> None:
    p = puzzle("..2....1.1..4...")
    answers = []
    for strategy in (Strategy.PERSISTENT, Strategy.FRESH):
        with Explorer(strategy=strategy) as ex:
            answers.append(
                (
                    ex.backbone(p),
                    ex.candidates(p),
                    ex.count(p, where=yes),
                    list(ex.solutions(p, order="reading")),
                )
            )
    assert answers[0] == answers[1]


def test_sat_first_then_cover_yields_no_duplicates() -> None:
    every = list(solutions(Puzzle.empty(Shape.latin(4))))
    assert len(every) == len(set(every)) == 576 > SAT_FIRST
