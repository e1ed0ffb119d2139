"""Every kind of rule on 6×6 grids (2×3-box Sudoku and Latin squares): the solutions of its
axioms (the SAT path and the full CNF) are exactly the grids its independent checker accepts,
enumerated in this test by filling the few blank cells a puzzle with most cells given leaves
(no 6×6 enumeration of every grid is feasible: there are 28 million Sudoku grids)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from formula_support import formula_grids
from satdoku.backends._constraint_sat import constrained_solutions
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms import ENCODERS
from satdoku.core.constraints import (
    AntiKing,
    AntiKnight,
    ArithmeticCage,
    Arrow,
    Comparison,
    Consecutive,
    Constraint,
    KillerCage,
    KropkiNegative,
    NonConsecutive,
    Operation,
    Side,
    Skyscraper,
    XVNegative,
)
from test_constraint_axioms import keen_target
from test_variant_rules import consecutive, double, having, kinds_of, orthogonal, pairs_of

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
N = 6
BOX = (2, 3)
BLANKS = 20
"""The most blank cells of a puzzle: its grids are enumerated by filling them."""
BASE = (
    (1, 2, 3, 4, 5, 6),
    (4, 5, 6, 1, 2, 3),
    (2, 3, 1, 5, 6, 4),
    (5, 6, 4, 2, 3, 1),
    (3, 1, 2, 6, 4, 5),
    (6, 4, 5, 3, 1, 2),
)
"""A 6×6 Sudoku grid with 2×3 boxes; the grids drawn are its relabellings and the row and
column permutations that keep boxes."""


def _box_preserving(parts: int, size: int) -> st.SearchStrategy[list[int]]:
    """An order of ``parts * size`` lines that keeps each band of ``size`` lines together."""
    return st.tuples(
        st.permutations(range(parts)),
        st.lists(st.permutations(range(size)), min_size=parts, max_size=parts),
    ).map(lambda drawn: [band * size + i for band in drawn[0] for i in drawn[1][band]])


@st.composite
def sudoku_grids(draw: st.DrawFn) -> Grid:
    """A 6×6 Sudoku grid (2×3 boxes): the base grid relabelled, its bands and stacks shuffled."""
    rows = draw(_box_preserving(N // BOX[0], BOX[0]))
    cols = draw(_box_preserving(N // BOX[1], BOX[1]))
    label = (0, *draw(st.permutations(range(1, N + 1))))
    return tuple(label[BASE[r][c]] for r in rows for c in cols)


def _houses(shape: Shape) -> list[list[int]]:
    """The rows, columns and (for Sudoku) boxes, written here from the side and box alone."""
    houses = [[r * N + c for c in range(N)] for r in range(N)]
    houses += [[r * N + c for r in range(N)] for c in range(N)]
    if shape.box is not None:
        h, w = BOX
        houses += [
            [(top + r) * N + left + c for r in range(h) for c in range(w)]
            for top in range(0, N, h)
            for left in range(0, N, w)
        ]
    return houses


def completions(puzzle: Puzzle) -> set[Grid]:
    """Every grid keeping the givens and the houses (by backtracking over the blank cells) that
    every rule's own checker accepts."""
    houses = _houses(puzzle.shape)
    peers = [{p for h in houses if cell in h for p in h if p != cell} for cell in range(N * N)]
    cells = list(puzzle.cells)
    blanks = [i for i, d in enumerate(cells) if not d]
    found: set[Grid] = set()

    def fill(k: int) -> None:
        if k == len(blanks):
            found.add(tuple(cells))
            return
        cell = blanks[k]
        seen = {cells[p] for p in peers[cell]}
        for digit in range(1, N + 1):
            if digit not in seen:
                cells[cell] = digit
                fill(k + 1)
        cells[cell] = 0

    if all(cells[a] != cells[b] for h in houses for a in h for b in h if a < b and cells[a]):
        fill(0)
    return {g for g in found if all(rule.broken(g, N) is None for rule in puzzle.constraints)}


Made = st.SearchStrategy[tuple[Constraint, ...]]


def _digits(square: Grid, members: tuple[int, ...]) -> list[int]:
    return [square[cell] for cell in members]


@st.composite
def keen_cages(draw: st.DrawFn, square: Grid) -> tuple[Constraint, ...]:
    operation = draw(st.sampled_from(list(Operation)))
    size = 2 if operation in (Operation.SUBTRACT, Operation.DIVIDE) else draw(st.integers(1, 4))
    members = tuple(
        draw(st.lists(st.integers(0, N * N - 1), min_size=size, max_size=size, unique=True))
    )
    target = keen_target(operation, _digits(square, members))
    target = max(target + draw(st.sampled_from((0, 0, 1, -1))), 1)
    return (ArithmeticCage(members, operation, target),)


@st.composite
def killer_cages(draw: st.DrawFn, square: Grid) -> tuple[Constraint, ...]:
    members = tuple(draw(st.lists(st.integers(0, N * N - 1), min_size=1, max_size=4, unique=True)))
    total = sum(_digits(square, members)) + draw(st.sampled_from((0, 0, 1, -1)))
    return (KillerCage(members, max(total, 1)),)


@st.composite
def skyscrapers(draw: st.DrawFn, square: Grid) -> tuple[Constraint, ...]:
    side, line = draw(st.sampled_from(list(Side))), draw(st.integers(0, N - 1))
    probe = Skyscraper(side, line, 1)
    heights = _digits(square, probe.cells(N))
    seen = sum(h == max(heights[: i + 1]) for i, h in enumerate(heights))
    return (Skyscraper(side, line, min(max(seen + draw(st.sampled_from((0, 0, 1, -1))), 1), N)),)


@st.composite
def arrows_kept(draw: st.DrawFn, square: Grid) -> tuple[Constraint, ...]:
    """An arrow whose shaft's digits in the square sum to its circle's (else a random one)."""
    order = draw(st.permutations(range(N * N)))
    circle, total, shaft = order[0], 0, []
    for cell in order[1:]:
        if total + square[cell] <= square[circle] and len(shaft) < 4:
            shaft.append(cell)
            total += square[cell]
    if total != square[circle]:
        return draw(kinds_of(N, st.just(square))["arrow"])
    return (Arrow((circle,), (tuple(shaft),)),)


@st.composite
def comparisons(draw: st.DrawFn, square: Grid) -> tuple[Constraint, ...]:
    a, b = draw(pairs_of(N))
    return (Comparison(a, b) if square[a] < square[b] or draw(st.booleans()) else Comparison(b, a),)


@st.composite
def consecutive_marks(draw: st.DrawFn, square: Grid) -> tuple[Constraint, ...]:
    a, b = draw(st.sampled_from(orthogonal(N)))
    marked = consecutive(square[a], square[b]) != draw(st.sampled_from((False, False, True)))
    return (Consecutive(a, b, marked),)


@st.composite
def negatives(draw: st.DrawFn, square: Grid, kind: str) -> tuple[Constraint, ...]:
    """A negative constraint with every marked pair of the square (and maybe some more)."""
    if kind == "kropki negative":
        ratio = draw(st.booleans())
        return (KropkiNegative(ratio, draw(having(square, double if ratio else consecutive, N))),)
    totals = tuple(draw(st.lists(st.integers(3, 11), min_size=1, max_size=2, unique=True)))
    return (XVNegative(totals, draw(having(square, lambda x, y: x + y in totals, N))),)


GLOBAL = {"anti-knight": AntiKnight(), "anti-king": AntiKing(), "non-consecutive": NonConsecutive()}
BUILT = {
    "arrow": arrows_kept,
    "keen cage": keen_cages,
    "killer cage": killer_cages,
    "skyscraper": skyscrapers,
    "comparison": comparisons,
    "consecutive": consecutive_marks,
}
KINDS = sorted({*kinds_of(N, sudoku_grids()), *GLOBAL, *BUILT, "kropki negative", "xv negative"})


def rules_of(kind: str, square: Grid) -> Made:
    if kind in GLOBAL:
        return st.just((GLOBAL[kind],))
    if kind in BUILT:
        return BUILT[kind](square)
    if kind in ("kropki negative", "xv negative"):
        return negatives(square, kind)
    return kinds_of(N, st.just(square))[kind]


@st.composite
def puzzles_of(draw: st.DrawFn, kind: str) -> Puzzle:
    """A 6×6 Sudoku or Latin puzzle with a rule of a kind (two for most kinds) and most cells
    given from a Sudoku grid that keeps the rules when one of 24 drawn does: up to
    :data:`BLANKS` blanks, some of them on the rule's cells."""
    squares = draw(st.lists(sudoku_grids(), min_size=24, max_size=24))
    shape = draw(st.sampled_from((Shape.sudoku(N, BOX), Shape.latin(N))))
    rules = draw(rules_of(kind, squares[0]))
    if kind not in GLOBAL and kind != "extremum" and draw(st.booleans()):
        rules += draw(rules_of(kind, squares[0]))
    kept = [s for s in squares if all(rule.broken(s, N) is None for rule in rules)]
    square = (kept or squares)[0]
    on_rules = sorted({cell for rule in rules for cell in rule.cells(N)})
    count = draw(st.integers(BLANKS // 2, BLANKS))
    ruled = st.lists(st.sampled_from(on_rules), max_size=count, unique=True) if on_rules else None
    blanks = set(draw(ruled)) if ruled is not None else set()
    rest = [cell for cell in draw(st.permutations(range(N * N))) if cell not in blanks]
    blanks |= set(rest[: count - len(blanks)])
    givens = tuple(0 if i in blanks else square[i] for i in range(N * N))
    return Puzzle(shape, givens, constraints=rules)


def test_every_kind_is_tested_on_6x6() -> None:
    assert set(ENCODERS) == set(KINDS)


def test_the_grids_drawn_are_sudoku_grids() -> None:
    @settings(max_examples=30, deadline=None)
    @given(sudoku_grids())
    def check(square: Grid) -> None:
        assert completions(Puzzle(Shape.sudoku(N, BOX), square)) == {square}

    check()


@pytest.mark.parametrize("kind", KINDS)
def test_solutions_are_the_6x6_grids_the_checker_accepts(kind: str) -> None:
    @SETTINGS
    @given(puzzles_of(kind))
    def check(puzzle: Puzzle) -> None:
        expected = completions(puzzle)
        assert set(constrained_solutions(puzzle)) == expected
        assert formula_grids(puzzle, compact=False) == expected

    check()
