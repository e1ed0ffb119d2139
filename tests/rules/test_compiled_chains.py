"""The compiled chain finders find the step their Python search finds.

Four-node chains, X-chains, XY-chains and AICs run in C where the techniques' extension was
built; each answer (the whole step: technique, chain, eliminations) must equal the answer of
the Python search, on every stall of the rating's climb of hard puzzles (tests/data) and on
random boards of many shapes. The compiled graph walks cells in the order CPython lists a set
of them, which it reproduces: that order is checked too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiled_finders import compiled_and_python
from data_files import FORUM_HARDEST, TOP1465, puzzle_lines
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules.techniques import Board, TechniqueStep
from satdoku.rules.techniques._chain_graph import ChainGraph, chain_tables, set_order_holds
from satdoku.rules.techniques._chains import aic, four_node_chains, x_chain, xy_chain
from satdoku.rules.techniques._compiled import layout_of, native
from technique_positions import climb

if native() is None:
    pytest.skip("the techniques' extension is not built", allow_module_level=True)

Finder = Callable[[Board], TechniqueStep | None]
FINDERS: tuple[Finder, ...] = (four_node_chains, x_chain, xy_chain, aic)


def _swapped(shape: Shape, pairs: tuple[tuple[int, int], ...]) -> Shape:
    """A jigsaw: the shape's boxes as regions, with pairs of cells of two boxes swapped."""
    region = [0] * (shape.n * shape.n)
    for house in shape.houses:
        if house.kind == "box":
            for c in house.cells:
                region[c] = house.number
    for a, b in pairs:
        region[a], region[b] = region[b], region[a]
    return Shape.jigsaw(region)


SUDOKU = Shape.sudoku(9)
SHAPES = (
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.latin(5),
    Shape.latin(6),
    Shape.sudoku(9, diagonals=True),
    Shape.latin(7, diagonals=True),
    _swapped(Shape.sudoku(6), ((2, 3), (14, 20))),
    _swapped(Shape.sudoku(9), ((2, 3), (26, 27), (40, 49))),
    Shape.sudoku(16),
)


def random_board(shape: Shape, rnd: random.Random, solved: float, wide: int) -> Board:
    """A board whose cells are solved at a rate, else hold 1 to ``wide`` random candidates."""
    n, cand = shape.n, []
    for _ in range(n * n):
        if rnd.random() < solved:
            cand.append(0)
        else:
            digits = rnd.sample(range(n), min(n, rnd.randint(1, wide)))
            cand.append(sum(1 << d for d in digits))
    return Board(shape, cand)


def both(finder: Finder, cand: list[int], shape: Shape) -> tuple[object, object]:
    """The compiled and the Python answer of a finder, each on a fresh board."""
    assert layout_of(shape) is not None and set_order_holds(native())
    return compiled_and_python(finder, shape, cand)


CLIMBED = [
    *puzzle_lines(FORUM_HARDEST, 3),
    *(puzzle_lines(TOP1465, 41)[i] for i in (0, 12, 35, 40)),
]


STALLS: dict[str, list[list[int]]] = {}
"""Each climbed puzzle's boards, stall by stall (made once)."""


def stalls(line: str) -> list[list[int]]:
    if line not in STALLS:
        STALLS[line] = [board.cand for _, board, _ in climb(parse_line(line))]
    return STALLS[line]


@pytest.mark.parametrize("line", CLIMBED, ids=lambda line: line[:12])
def test_every_stall_of_a_climb_gets_the_python_answer(line: str) -> None:
    found = 0
    for cand in stalls(line):
        for finder in FINDERS:
            compiled, reference = both(finder, cand, SUDOKU)
            assert compiled == reference, (finder.__name__, cand)
            found += compiled is not None
    assert found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CLIMBED[:4]), st.data(), st.randoms(use_true_random=False))
def test_stalls_with_a_few_more_candidates_gone_get_the_python_answer(line, data, rnd) -> None:
    """Hard positions a little further on: AICs there often need grouped nodes."""
    boards = stalls(line)
    cand = list(boards[data.draw(st.integers(0, len(boards) - 1))])
    rate = data.draw(st.floats(0.0, 0.05))
    for c, mask in enumerate(cand):
        for d in range(9):
            if mask >> d & 1 and cand[c] != 1 << d and rnd.random() < rate:
                cand[c] &= ~(1 << d)
    for finder in FINDERS:
        compiled, reference = both(finder, cand, SUDOKU)
        assert compiled == reference, (finder.__name__, cand)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SHAPES),
    st.randoms(use_true_random=False),
    st.floats(0.0, 0.6),
    st.integers(2, 4),
)
def test_random_boards_get_the_python_answer(shape, rnd, solved, wide) -> None:
    board = random_board(shape, rnd, solved, wide)
    for finder in FINDERS:
        compiled, reference = both(finder, board.cand, shape)
        assert compiled == reference, (finder.__name__, shape.describe(), board.cand)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from((*SHAPES, Shape.sudoku(25), Shape.sudoku(16, diagonals=True))),
    st.randoms(use_true_random=False),
    st.floats(0.0, 0.6),
    st.integers(2, 5),
    st.sampled_from(["digit", "bivalue", "groups"]),
)
def test_the_compiled_graph_is_the_python_graph(shape, rnd, solved, wide, kind) -> None:
    """Nodes, strong links and weak links, in order, on every kind of graph the chains use."""
    board = random_board(shape, rnd, solved, wide)
    digit = rnd.randint(1, shape.n) if kind == "digit" else 0
    bivalue, groups, tables = kind == "bivalue", kind == "groups", chain_tables(shape)
    graph = ChainGraph(board, digit=digit, bivalue=bivalue, groups=groups)
    module = native()
    assert module is not None
    dump = module.chain_graph_dump(layout_of(shape), board.cand, digit, bivalue, groups, tables)
    nodes, strong, weak = dump
    assert nodes == tuple((node.cells, node.digit) for node in graph.nodes)
    assert strong == tuple(tuple(links) for links in graph.strong)
    assert weak == tuple(tuple(graph.weak(i)) for i in range(len(nodes)))


@pytest.mark.parametrize("finder", FINDERS, ids=lambda finder: finder.__name__)
def test_the_random_boards_often_hold_a_chain(finder: Finder) -> None:
    """The property above compares steps, not just two Nones."""
    rnd = random.Random(7)
    boards = [random_board(shape, rnd, 0.3, 3) for shape in SHAPES[:9] for _ in range(4)]
    assert sum(finder(board) is not None for board in boards) >= len(boards) // 3


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 5000), max_size=150))
def test_the_compiled_set_order_is_the_interpreter_s(keys: list[int]) -> None:
    module = native()
    assert module is not None
    assert module.chain_set_order(keys) == tuple(frozenset(keys))


def test_the_set_order_check_holds_here() -> None:
    assert set_order_holds(native())


def test_tables_that_are_not_the_shape_s_are_refused() -> None:
    module, shape = native(), SUDOKU
    assert module is not None
    layout, tables, cand = layout_of(shape), chain_tables(shape), [0b11] * 81
    for wrong in (tables[:-4], b"", bytes(len(tables)), None):
        with pytest.raises((ValueError, TypeError)):
            module.chain_search(layout, cand, 3, 14, wrong)
    with pytest.raises(ValueError):
        module.chain_search(layout, cand, 4, 14, tables)
    with pytest.raises(ValueError):
        module.chain_search(layout, [1 << 9] * 81, 1, 12, tables)
