"""The compiled forcing chains find the step their Python search finds, on every shape.

``satdoku.rules.techniques._native.forcing`` searches forcing chains and nested forcing chains
in C; ``_forcing._search`` makes the step from its answer. Each test compares that step, the
whole record, with the Python search's (``python_only()``): on every stall of the rating's climb
of hard puzzles (top1465 and the forum's hardest in tests/data), and on random boards of
small shapes (a random puzzle's candidates, some struck; candidates scattered around a random
solution) and on 9x9 stalls of the forum's
hardest with a few candidates struck.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data_files import FORUM_HARDEST, TOP1465, puzzle_lines
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules._candidate_grid import CandidateGrid
from satdoku.rules.techniques import Advanced, Board, TechniqueStep
from satdoku.rules.techniques._board import bits_of
from satdoku.rules.techniques._compiled import native, python_only
from satdoku.rules.techniques._forcing import forcing_chain, nested_forcing_chain
from stepper_support import random_solution
from technique_positions import PUBLISHED, PUBLISHED_FORUM, climb

pytestmark = pytest.mark.skipif(native() is None, reason="the techniques' C extension is not built")

FINDERS = (forcing_chain, nested_forcing_chain)

SHAPES = (
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.latin(5),
    Shape.latin(6),
    Shape.latin(5, diagonals=True),
    Shape.sudoku(6, diagonals=True),
    Shape.jigsaw([0, 0, 1, 1, 1, 0, 0, 2, 1, 1, 3, 0, 2, 2, 2, 3, 3, 4, 4, 2, 3, 3, 4, 4, 4]),
)


def both(finder, board: Board) -> tuple[TechniqueStep | None, TechniqueStep | None]:
    """The finder's step compiled, then its Python search's step on the same board (on a
    climb's board the Python search then refines the earlier board's outcomes, as in a rating)."""
    compiled = finder(board)
    with python_only():
        reference = finder(board)
    return compiled, reference


def climbed(path, count: int) -> list[Board]:
    """Every stall of the rating's climb of the first puzzles of a file."""
    return [board for line in puzzle_lines(path, count) for _, board, _ in climb(parse_line(line))]


@pytest.fixture(scope="module")
def hard_stalls() -> list[Board]:
    top = sorted({index for index, _ in PUBLISHED.values() if index < 2})
    forum = [index for index, _ in PUBLISHED_FORUM.values()]
    boards = [b for i in top for b in climbed_one(TOP1465, i)]
    return boards + [b for i in forum for b in climbed_one(FORUM_HARDEST, i)]


def climbed_one(path, index: int) -> list[Board]:
    line = puzzle_lines(path)[index]
    return [board for _, board, _ in climb(parse_line(line))]


def test_every_stall_of_hard_climbs_gets_the_same_step(hard_stalls) -> None:
    found: Counter[object] = Counter()
    for board in hard_stalls:
        for finder in FINDERS:
            compiled, reference = both(finder, board)
            assert compiled == reference, (finder.__name__, board.cand)
            found[None if compiled is None else compiled.technique] += 1
    # the climbs meet every kind of answer: contradiction, cell, unit, nested, none
    kinds = {
        Advanced.CONTRADICTION_FORCING_CHAIN,
        Advanced.CELL_FORCING_CHAIN,
        Advanced.UNIT_FORCING_CHAIN,
        Advanced.NESTED_FORCING_CHAIN,
    }
    assert kinds <= set(found), found


def random_board(shape: Shape, seed: int, givens: float, settled: bool, struck: float) -> Board:
    """A board of a random puzzle of a shape: a share of a random solution's cells given, the
    givens struck from their peers (and with ``settled``, rules 1 and 2 to their fixpoint), then
    other digits struck at the rate ``struck`` and, as often, a cell's solution digit too."""
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    puzzle = Puzzle(shape, tuple(d if rng.random() < givens else 0 for d in solution))
    grid = CandidateGrid.from_givens(puzzle)
    assert grid is not None
    if settled:
        grid.settle([])  # on a contradiction the grid stops part way: a board all the same
    cand = [0 if grid.placed[c] else m for c, m in enumerate(grid.cand)]
    for cell, m in enumerate(cand):
        for d in bits_of(m):
            bit = 1 << (d - 1)
            kept = d == solution[cell] and rng.random() >= struck / 10
            if not kept and rng.random() < struck and cand[cell] & ~bit:
                cand[cell] &= ~bit
    return Board(shape, cand)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SHAPES),
    st.integers(0, 10**6),
    st.floats(0.1, 0.6),
    st.booleans(),
    st.floats(0.0, 0.4),
)
def test_random_boards_get_the_same_step(shape, seed, givens, settled, struck) -> None:
    board = random_board(shape, seed, givens, settled, struck)
    for finder in FINDERS:
        compiled, reference = both(finder, board)
        assert compiled == reference, (finder.__name__, shape.describe(), board.cand)


def scattered_board(shape: Shape, seed: int, keep: float, solved: float) -> Board:
    """A board around a random solution: each cell solved at the rate ``solved`` (its digit
    struck from its peers), else open with its solution digit and others kept at ``keep``."""
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    cand = [
        0
        if rng.random() < solved
        else sum(1 << i for i in range(shape.n) if rng.random() < keep) | 1 << (d - 1)
        for d in solution
    ]
    for cell, d in enumerate(solution):
        if not cand[cell]:
            for p in shape.peers[cell]:
                cand[p] &= ~(1 << (d - 1))
    return Board(shape, cand)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from((*SHAPES, Shape.sudoku(9))),
    st.integers(0, 10**6),
    st.floats(0.0, 0.8),
    st.floats(0.0, 0.5),
)
def test_scattered_boards_get_the_same_step(shape, seed, keep, solved) -> None:
    board = scattered_board(shape, seed, keep, solved)
    for finder in FINDERS:
        compiled, reference = both(finder, board)
        assert compiled == reference, (finder.__name__, shape.describe(), board.cand)


FORUM = puzzle_lines(FORUM_HARDEST, 300)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(FORUM) - 1), st.integers(0, 12), st.integers(0, 3), st.integers(0, 999))
def test_hard_stalls_with_candidates_struck_get_the_same_step(index, stall, strikes, seed) -> None:
    boards = climbed_one(FORUM_HARDEST, index)[: stall + 1]
    board = boards[-1]
    rng = random.Random(seed)
    cand = board.cand[:]
    for _ in range(strikes):
        cell = rng.choice([c for c, m in enumerate(cand) if m & (m - 1)] or [0])
        if cand[cell] & (cand[cell] - 1):
            cand[cell] &= ~(1 << rng.choice([d for d in range(9) if cand[cell] >> d & 1]))
    for finder in FINDERS:
        compiled, reference = both(finder, Board(board.shape, cand))
        assert compiled == reference, (finder.__name__, cand)


def test_the_compiled_search_refuses_a_layout_not_made_or_a_board_of_another_size() -> None:
    module = native()
    assert module is not None
    with pytest.raises(ValueError, match="Layout"):
        module.forcing(module.Layout.__new__(module.Layout), [], False)
    with pytest.raises(ValueError, match="16 cells, got 3"):
        module.forcing(module.Layout(4, [h.cells for h in Shape.sudoku(4).houses]), [1] * 3, True)
