"""The Sudoku-variant rules: per kind, the solutions of its axioms (the SAT path, the full and the
compact CNF) are exactly the 4×4 grids its independent checker accepts, on Latin squares and on
2×2-box Sudoku; hand-made cases of each rule's meaning; refusals."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from formula_support import formula_grids
from satdoku.backends._constraint_sat import constrained_solutions
from satdoku.core._checker import broken_axioms
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms import ENCODERS, constraint_axioms
from satdoku.core.constraint_axioms import _windows as windows
from satdoku.core.constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    Clone,
    Constraint,
    Distinct,
    EntropicLine,
    Extremum,
    Kropki,
    KropkiNegative,
    LittleKiller,
    ModularLine,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    RegionSumLine,
    Renban,
    Sandwich,
    Side,
    Thermometer,
    Whisper,
    XSum,
    XVNegative,
    ZipperLine,
    extrema,
)
from test_constraint_axioms import latin_squares

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
N = 4
SHAPES = (Shape.latin(N), Shape.sudoku(N))
Rules = st.SearchStrategy[tuple[Constraint, ...]]


@cache
def grids_of(shape: Shape) -> tuple[Grid, ...]:
    """Every solution grid of an empty puzzle of the shape (Latin squares keeping its houses)."""
    return tuple(s for s in latin_squares(shape.n) if not broken_axioms(s, shape))


def accepted(puzzle: Puzzle) -> set[Grid]:
    """The grids of the shape keeping the givens that every rule's own checker accepts."""
    n = puzzle.n
    return {
        grid
        for grid in grids_of(puzzle.shape)
        if all(g in (0, s) for g, s in zip(puzzle.cells, grid, strict=True))
        and all(rule.broken(grid, n) is None for rule in puzzle.constraints)
    }


def cells_of(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n * n - 1)


cells = cells_of(N)


def paths(least: int, most: int, n: int = N) -> st.SearchStrategy[tuple[int, ...]]:
    return st.lists(cells_of(n), min_size=least, max_size=most, unique=True).map(tuple)


def one(make: st.SearchStrategy[Constraint]) -> Rules:
    return make.map(lambda rule: (rule,))


def a_square() -> st.SearchStrategy[Grid]:
    return st.sampled_from(latin_squares(N))


def pairs_of(n: int) -> st.SearchStrategy[tuple[int, int]]:
    return st.tuples(cells_of(n), cells_of(n)).filter(lambda pair: pair[0] != pair[1])


def orthogonal(n: int) -> list[tuple[int, int]]:
    across = [(a, a + 1) for a in range(n * n) if a % n < n - 1]
    return across + [(a, a + n) for a in range(n * n - n)]


def marked(n: int) -> st.SearchStrategy[tuple[tuple[int, int], ...]]:
    return st.lists(st.sampled_from(orthogonal(n)), max_size=2 * n, unique=True).map(tuple)


sides = st.sampled_from(list(Side))


@st.composite
def little_killers(draw: st.DrawFn, n: int, squares: st.SearchStrategy[Grid]) -> LittleKiller:
    """A little killer clue outside an n×n grid, its total that of a square drawn (or off by 1)."""
    direction = draw(st.sampled_from([(1, 1), (1, -1), (-1, 1), (-1, -1)]))
    row = draw(st.sampled_from([-1, n])) if draw(st.booleans()) else draw(st.integers(-1, n))
    col = draw(st.integers(-1, n)) if row in (-1, n) else draw(st.sampled_from([-1, n]))
    probe = LittleKiller(row, col, direction, 1)
    try:
        diagonal = probe.cells(n)
    except InputError:
        row, col, direction = -1, -1, (1, 1)
        diagonal = LittleKiller(row, col, direction, 1).cells(n)
    square = draw(squares)
    total = sum(square[cell] for cell in diagonal) + draw(st.sampled_from((0, 0, 1, -1)))
    return LittleKiller(row, col, direction, max(total, 1))


@st.composite
def arrows(draw: st.DrawFn, n: int) -> Arrow:
    chosen = draw(st.lists(cells_of(n), min_size=3, max_size=7, unique=True))
    ring = draw(st.sampled_from((1, 1, 1, 2)))
    rest = chosen[ring:]
    cut = draw(st.integers(1, len(rest)))
    shafts = (tuple(rest[:cut]),) + ((tuple(rest[cut:]),) if rest[cut:] else ())
    return Arrow(tuple(chosen[:ring]), shafts)


@st.composite
def clones(draw: st.DrawFn, n: int) -> Clone:
    size = draw(st.integers(1, 3))
    chosen = draw(st.lists(cells_of(n), min_size=2 * size, max_size=2 * size, unique=True))
    return Clone(tuple(chosen[:size]), tuple(chosen[size:]))


def kinds_of(n: int, squares: st.SearchStrategy[Grid]) -> dict[str, Rules]:
    """Per kind of rule, one or more rules of it on an n×n grid (totals from ``squares``)."""
    pairs = pairs_of(n)
    lines = st.integers(0, n - 1)
    return {
        "distinct": one(st.builds(Distinct, paths(2, 4, n))),
        "parity": one(st.builds(Parity, cells_of(n), st.booleans())),
        "extremum": st.builds(extrema, paths(1, 4, n), st.booleans(), st.just(n)),
        "kropki": one(
            pairs.flatmap(
                lambda p: st.builds(
                    Kropki, st.just(p[0]), st.just(p[1]), st.booleans(), st.integers(0, 3)
                )
            )
        ),
        "xv": one(
            pairs.flatmap(
                lambda p: st.builds(XV, st.just(p[0]), st.just(p[1]), st.integers(3, 2 * n - 1))
            )
        ),
        "thermometer": one(st.builds(Thermometer, paths(2, 4, n), st.booleans())),
        "whisper": one(st.builds(Whisper, paths(2, 5, n), st.integers(1, n - 1))),
        "renban": one(st.builds(Renban, paths(2, 4, n))),
        "palindrome": one(st.builds(Palindrome, paths(2, 5, n))),
        "between line": one(st.builds(BetweenLine, paths(3, 5, n))),
        "entropic line": one(st.builds(EntropicLine, paths(3, 5, n))),
        "modular line": one(st.builds(ModularLine, paths(3, 5, n))),
        "zipper line": one(st.builds(ZipperLine, paths(2, 6, n))),
        "region sum line": one(st.builds(RegionSumLine, paths(2, 6, n))),
        "clone": one(clones(n)),
        "quadruple": one(
            st.builds(
                Quadruple,
                st.sampled_from([r * n + c for r in range(n - 1) for c in range(n - 1)]),
                st.lists(st.integers(1, n), min_size=1, max_size=4).map(tuple),
            )
        ),
        "little killer": one(little_killers(n, squares)),
        "sandwich": one(st.builds(Sandwich, sides, lines, st.integers(0, n * (n - 1) // 2))),
        "x-sum": one(st.builds(XSum, sides, lines, st.integers(1, n * (n + 1) // 2))),
        "arrow": one(arrows(n)),
    }


KINDS: dict[str, Rules] = kinds_of(N, a_square())


@st.composite
def puzzles_of(draw: st.DrawFn, kind: str) -> Puzzle:
    """A 4×4 Latin or 2×2-box puzzle with one or two rules of a kind and up to two givens."""
    shape = draw(st.sampled_from(SHAPES))
    rules = draw(KINDS[kind])
    if kind != "extremum" and draw(st.booleans()):
        rules += draw(KINDS[kind])
    square = draw(st.sampled_from(grids_of(shape)))
    shown = draw(st.lists(cells, max_size=2, unique=True))
    givens = tuple(square[i] if i in shown else 0 for i in range(N * N))
    return Puzzle(shape, givens, constraints=rules)


WIDE = 5
"""The side of the Latin squares global rules are tested on: no 4×4 grid keeps anti-king,
non-consecutive or a Kropki negative constraint."""


@cache
def wide_squares() -> np.ndarray:
    return np.array(latin_squares(WIDE), dtype=np.uint8)


@cache
def keeping(rules: tuple[Constraint, ...]) -> tuple[Grid, ...]:
    return tuple(s for s in latin_squares(WIDE) if all(r.broken(s, WIDE) is None for r in rules))


def having(
    square: Grid, test: Callable[[int, int], bool], n: int = WIDE
) -> st.SearchStrategy[tuple[tuple[int, int], ...]]:
    """The orthogonal pairs whose digits in the square pass the test, and maybe some more."""
    found = [(a, b) for a, b in orthogonal(n) if test(square[a], square[b])]
    return st.lists(st.sampled_from(orthogonal(n)), max_size=3).map(
        lambda more: tuple(dict.fromkeys(found + more))
    )


def double(x: int, y: int) -> bool:
    return x == 2 * y or y == 2 * x


def consecutive(x: int, y: int) -> bool:
    return abs(x - y) == 1


@st.composite
def wide_rules(draw: st.DrawFn, kind: str) -> tuple[Grid, tuple[Constraint, ...]]:
    """A global rule and a square it keeps (when one does): negatives mark the square's pairs."""
    fixed = {
        "anti-knight": AntiKnight(),
        "anti-king": AntiKing(),
        "non-consecutive": NonConsecutive(),
    }
    if kind in fixed:
        rules = (fixed[kind],)
        return draw(st.sampled_from(keeping(rules) or latin_squares(WIDE))), rules
    square = draw(st.sampled_from(latin_squares(WIDE)))
    if kind == "kropki negative":
        ratio = draw(st.booleans())
        pairs = draw(having(square, double if ratio else consecutive))
        return square, (KropkiNegative(ratio, pairs),)
    totals = tuple(draw(st.lists(st.integers(3, 9), min_size=1, max_size=2, unique=True)))
    pairs = draw(having(square, lambda x, y: x + y in totals))
    return square, (XVNegative(totals, pairs),)


GLOBAL = ("anti-knight", "anti-king", "non-consecutive", "kropki negative", "xv negative")


FIXED = {"anti-knight": AntiKnight(), "anti-king": AntiKing(), "non-consecutive": NonConsecutive()}


@st.composite
def wide_puzzles_of(draw: st.DrawFn, kind: str) -> Puzzle:
    """A 5×5 Latin puzzle with a global rule and givens from a square it keeps: up to 3 givens
    for the rules without marks (a few hundred squares keep each), 3 to 8 for the negatives."""
    square, rules = draw(wide_rules(kind))
    least, most = (0, 3) if kind in FIXED else (3, 8)
    shown = draw(
        st.lists(st.integers(0, WIDE * WIDE - 1), min_size=least, max_size=most, unique=True)
    )
    givens = tuple(square[i] if i in shown else 0 for i in range(WIDE * WIDE))
    return Puzzle(Shape.latin(WIDE), givens, constraints=rules)


def wide_accepted(puzzle: Puzzle) -> set[Grid]:
    """The 5×5 Latin squares keeping the givens that every rule's own checker accepts."""
    rules = puzzle.constraints

    def keeps_givens(square: Grid) -> bool:
        return all(g in (0, s) for g, s in zip(puzzle.cells, square, strict=True))

    if all(rule in FIXED.values() for rule in rules):
        return {s for s in keeping(rules) if keeps_givens(s)}
    squares = wide_squares()
    keep = np.ones(len(squares), dtype=bool)
    for cell, digit in enumerate(puzzle.cells):
        if digit:
            keep &= squares[:, cell] == digit
    candidates = (tuple(int(d) for d in row) for row in squares[keep])
    return {s for s in candidates if all(r.broken(s, WIDE) is None for r in rules)}


def test_every_kind_is_tested() -> None:
    old = {"keen cage", "comparison", "consecutive", "skyscraper", "killer cage"}
    assert set(ENCODERS) - old == set(KINDS) | set(GLOBAL)


def assert_solutions_are_accepted(puzzle: Puzzle) -> None:
    expected = wide_accepted(puzzle) if puzzle.n == WIDE else accepted(puzzle)
    assert set(constrained_solutions(puzzle)) == expected
    assert formula_grids(puzzle, compact=False) == expected


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_solutions_are_the_grids_the_checker_accepts(kind: str) -> None:
    SETTINGS(given(puzzles_of(kind))(assert_solutions_are_accepted))()


@pytest.mark.parametrize("kind", sorted(GLOBAL))
def test_global_rules_solutions_are_the_5x5_grids_the_checker_accepts(kind: str) -> None:
    SETTINGS(given(wide_puzzles_of(kind))(assert_solutions_are_accepted))()


def test_a_region_sum_line_on_a_latin_square_lets_a_box_repeat_a_digit() -> None:
    line = RegionSumLine((4, 0, 1))  # r2c1, r1c1, r1c2: one 2x2 box, which no rule keeps distinct
    puzzle = Puzzle(Shape.latin(4), (3, 4) + (0,) * 2 + (4,) + (0,) * 11, constraints=(line,))
    assert accepted(puzzle)  # 4+3+4 = 11, above the 10 a box of distinct digits can hold
    assert_solutions_are_accepted(puzzle)


WINDOWED = ["thermometer", "whisper", "palindrome", "between line", "entropic line"]
WINDOWED += ["modular line", "zipper line", "clone", "quadruple"]


@pytest.mark.parametrize("kind", WINDOWED)
def test_a_rule_past_the_table_limit_is_stated_window_by_window(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(windows, "TABLE_LIMIT", 0)
    SETTINGS(given(puzzles_of(kind))(assert_solutions_are_accepted))()


def test_a_long_whisper_gets_a_table_per_pair_of_neighbours() -> None:
    whisper = Whisper(tuple(range(0, 81, 10)))  # the main diagonal: 8,808 fillings in all
    puzzle = Puzzle(Shape.sudoku(9), (0,) * 81, constraints=(whisper,))
    names = constraint_axioms(puzzle).helpers.names
    assert names[0] == "whisper r1c1→r9c9: r1c1,r2c2 is filled 1,6"
    assert len(names) == 8 * 20  # 8 pairs, 20 pairs of digits 5 or more apart each


REFUSED: list[tuple[Callable[[], object], str]] = [
    (lambda: Distinct((3,)), "needs two cells or more"),
    (lambda: Distinct((3, 3)), "names a cell twice"),
    (lambda: Kropki(2, 2, True), "names cell 2 twice"),
    (lambda: Kropki(0, 1, False, -1), "value must be positive"),
    (lambda: XV(0, 1, 1), "total must be 2 or more"),
    (lambda: KropkiNegative(True, ((0, 0),)), "two different cells"),
    (lambda: XVNegative((), ()), "one total or more"),
    (lambda: Thermometer((0,)), "a thermometer needs 2 cells or more"),
    (lambda: Renban((0, 1, 0)), "a renban passes a cell twice"),
    (lambda: BetweenLine((0, 1)), "a between line needs 3 cells or more"),
    (lambda: Whisper((0, 1), 0), "difference must be positive"),
    (lambda: Clone((0, 1), (2,)), "the same number of cells"),
    (lambda: Quadruple(0, ()), "one to four digits"),
    (lambda: Quadruple(3, (1,)).cells(4), "block at r1c4 leaves the grid"),
    (lambda: Arrow((0,), ()), "a circle and shafts"),
    (lambda: Arrow((0,), ((0, 1),)), "names a cell twice"),
    (lambda: LittleKiller(0, 0, (1, 1), 5).cells(4), "just outside the 4x4 grid"),
    (lambda: LittleKiller(-1, 3, (1, 1), 5).cells(4), "misses the 4x4 grid"),
    (lambda: LittleKiller(-1, 0, (1, 0), 5), "along a diagonal"),
    (lambda: Sandwich(Side.TOP, 4, 3).cells(4), "top clue on line 5 of a 4x4 grid"),
    (
        lambda: XSum(Side.TOP, 0, 0),
        "x-sum 0 at the top of column 1: a clue needs line 0.. and a total 1",
    ),
    (lambda: RegionSumLine((0, 1)).cells(5), "boxes that tile the 5x5 grid"),
    (lambda: RegionSumLine((0, 1), (2, 3)).cells(4), "boxes that tile the 4x4 grid"),
    (lambda: extrema((), True, 4), "one cell or more"),
]


@pytest.mark.parametrize(("make", "message"), REFUSED)
def test_a_rule_that_cannot_be_is_refused_with_what_is_wrong(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        make()


def test_neighbouring_extrema_compared_both_ways_are_refused_and_a_fortress_is_not() -> None:
    both = (Extremum(0, True), Extremum(1, True))
    with pytest.raises(InputError, match="r1c1 and r1c2 are neighbouring maxima each compared"):
        constraint_axioms(Puzzle(Shape.latin(4), (0,) * 16, constraints=both))
    fortress = Puzzle(Shape.latin(4), (0,) * 16, constraints=extrema((0, 1), True, 4))
    found = list(constrained_solutions(fortress))
    assert all(grid[0] > grid[4] and grid[1] > max(grid[2], grid[5]) for grid in found)
    assert {grid[0] < grid[1] for grid in found} == {True, False}  # the two are not compared
