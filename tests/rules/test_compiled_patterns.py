"""The compiled pattern finders (XY-, XYZ- and W-wings, simple colouring, unique rectangles,
BUG+1) against their Python references: the same step, whole, on every stall of the rating's
climb of hard puzzles of tests/data and on random boards of several shapes.

Random boards hold random candidates (mostly two or three per open cell, so wings, colours
and rectangles are frequent) or, for BUG+1, two solutions' digits in every cell and a third
digit in one or two cells.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiled_finders import compiled_and_python
from data_files import FORUM_HARDEST, TOP1465, puzzle_lines
from satdoku.api import solve
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules.techniques import Board, TechniqueStep
from satdoku.rules.techniques._colouring import simple_colouring
from satdoku.rules.techniques._compiled import layout_of, native, python_only
from satdoku.rules.techniques._uniqueness import bug_plus_1, unique_rectangle
from satdoku.rules.techniques._wings import w_wing, xy_wing, xyz_wing
from technique_positions import climb

pytestmark = pytest.mark.skipif(
    layout_of(Shape.sudoku(4)) is None, reason="the techniques' extension is not built"
)

Finder = Callable[[Board], TechniqueStep | None]

FINDERS: tuple[Finder, ...] = (
    xy_wing,
    xyz_wing,
    w_wing,
    simple_colouring,
    unique_rectangle,
    bug_plus_1,
)

JIGSAW_5 = (0, 0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3, 4, 4, 2, 3, 4, 4, 4, 2)

SHAPES = (
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.latin(5),
    Shape.latin(6, diagonals=True),
    Shape.sudoku(4, diagonals=True),
    Shape.sudoku(6, diagonals=True),
    Shape.jigsaw(JIGSAW_5),
)

CLIMBED = ((TOP1465, 0), (TOP1465, 11), (TOP1465, 38), (TOP1465, 55), (TOP1465, 196))
CLIMBED += ((FORUM_HARDEST, 0), (FORUM_HARDEST, 3))
"""Puzzles whose climbs meet each of the patterns (every kind of rectangle, BUG+1)."""


def same_answers(board: Board) -> list[TechniqueStep]:
    """Assert every finder's compiled step is its Python step; return the steps found."""
    found = []
    for finder in FINDERS:
        compiled, reference = compiled_and_python(finder, board.shape, board.cand)
        assert compiled == reference, finder.__name__
        if reference is not None:
            found.append(reference)
    return found


def test_every_stall_of_the_climbs_gets_the_same_steps() -> None:
    kinds = set()
    for path, index in CLIMBED:
        puzzle = parse_line(puzzle_lines(path)[index])
        for _, board, _ in climb(puzzle):
            kinds |= {step.technique for step in same_answers(board)}
    assert len(kinds) == len(FINDERS) + 3  # every kind of rectangle


_SOLUTIONS: dict[Shape, tuple[int, ...]] = {}


def solution(shape: Shape) -> tuple[int, ...]:
    if shape not in _SOLUTIONS:
        solved = solve(Puzzle.empty(shape))
        assert solved is not None
        _SOLUTIONS[shape] = tuple(solved)
    return _SOLUTIONS[shape]


def random_board(shape: Shape, seed: int, solved: float) -> Board:
    """Open cells with two candidates mostly, three or more sometimes; ``solved`` of them 0;
    and a rectangle's corners sharing a pair, two or three of them holding only the pair (two
    opposite corners on a diagonal a third of the time)."""
    rng, n = random.Random(seed), shape.n
    cand = []
    for _ in range(n * n):
        size = rng.choices((2, 3, 4), (6, 3, 1))[0]
        digits = rng.sample(range(n), min(size, n))
        cand.append(0 if rng.random() < solved else sum(1 << d for d in digits))
    rows, cols = sorted(rng.sample(range(n), 2)), sorted(rng.sample(range(n), 2))
    cols = rng.choice((cols, rows, [n - 1 - rows[1], n - 1 - rows[0]]))  # or on the diagonals
    corners = [r * n + c for r in rows for c in cols]
    pair = sum(1 << d for d in rng.sample(range(n), 2))
    roof = rng.choice(((3,), (0, 1), (2, 3), (0, 2), (1, 3), (0, 3)))
    extras = [1 << d for d in rng.sample(range(n), 2)]
    if rng.random() < 0.5:
        extras[1] = extras[0]
    for k, corner in enumerate(corners):
        cand[corner] = pair | (extras[roof.index(k)] if k in roof else 0)
    if len(roof) == 2 and extras[0] != extras[1]:  # a cell completing a subset with the roof
        a, b = corners[roof[0]], corners[roof[1]]
        line = [a // n * n + c for c in range(n)] if a // n == b // n else range(a % n, n * n, n)
        cand[rng.choice([c for c in line if c not in corners])] = extras[0] | extras[1]
    return Board(shape, cand)


def bug_board(shape: Shape, seed: int) -> Board:
    """Every cell holds its digit in two solutions (one a relabelling of the other); one or two
    cells hold a third digit, and sometimes a cell is solved."""
    rng, n = random.Random(seed), shape.n
    relabel = list(range(n))
    rng.shuffle(relabel)
    shift = rng.randrange(1, n)
    first = [relabel[d - 1] for d in solution(shape)]
    second = [(d + shift) % n for d in first]
    cand = [1 << a | 1 << b for a, b in zip(first, second, strict=True)]
    for cell in rng.sample(range(n * n), rng.choice((1, 1, 1, 2))):
        cand[cell] |= 1 << rng.randrange(n)
    if rng.random() < 0.2:
        cand[rng.randrange(n * n)] = 0
    return Board(shape, cand)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHAPES), st.integers(0, 2**32), st.floats(0.0, 0.6))
def test_random_boards_get_the_same_steps(shape: Shape, seed: int, solved: float) -> None:
    same_answers(random_board(shape, seed, solved))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 2**32))
def test_random_bug_boards_get_the_same_steps(shape: Shape, seed: int) -> None:
    same_answers(bug_board(shape, seed))


def test_the_random_boards_hold_every_pattern() -> None:
    """The boards the properties draw make each finder find steps, of every kind."""
    kinds: dict[str, int] = {}
    for seed in range(240):
        shape = SHAPES[seed % len(SHAPES)]
        for board in (random_board(shape, seed, 0.3 * (seed % 3)), bug_board(shape, seed)):
            with python_only():
                for finder in FINDERS:
                    step = finder(board)
                    if step is not None:
                        kinds[step.technique.value] = kinds.get(step.technique.value, 0) + 1
    assert len(kinds) == 9, kinds
    assert min(kinds.values()) >= 3, kinds


@pytest.mark.parametrize("finder", [f.__name__ for f in FINDERS])
def test_a_board_the_layout_does_not_fit_is_refused(finder: str) -> None:
    compiled = native()
    assert compiled is not None
    layout = layout_of(Shape.sudoku(4))
    search = getattr(compiled, finder)
    for board, error in (([0b11] * 15, ValueError), ([0b10000] * 16, ValueError)):
        with pytest.raises(error):
            search(layout, board)
    with pytest.raises(TypeError):
        search(None, [0b11] * 16)
    with pytest.raises(ValueError):
        search(compiled.Layout.__new__(compiled.Layout), [0b11] * 16)
