"""Tests of two-rule propagation: justified steps, PySAT's fixpoint, seed 001's candidates."""

from __future__ import annotations

import random

import pytest

from satdoku.core._claims import FALSE, TRUE
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules._propagator import Propagator, fixpoint, propagation
from satdoku.rules._replay import replay
from satdoku.rules._search import TraceStatus, trace
from satdoku.rules._state import State
from satdoku.rules._steps import Rule
from satdoku.rules._strategies import LADDER, RULES_1, RULES_1_2, RULES_ALL, Technique
from satdoku.views._trace_json import trace_record
from stepper_support import check_trace, pysat_fixpoint, random_puzzle, seventeen_sample

SHAPES = {
    "sudoku4": Shape.sudoku(4),
    "sudoku6": Shape.sudoku(6),
    "sudoku9": Shape.sudoku(9),
    "latin5": Shape.latin(5),
    "latin6-diagonals": Shape.latin(6, diagonals=True),
    "sudoku9-diagonals": Shape.sudoku(9, diagonals=True),
    "jigsaw6": Shape.jigsaw(
        [
            0,
            0,
            0,
            1,
            1,
            1,
            0,
            0,
            2,
            1,
            1,
            1,
            0,
            2,
            2,
            2,
            3,
            3,
            4,
            2,
            2,
            3,
            3,
            3,
            4,
            4,
            5,
            5,
            5,
            3,
            4,
            4,
            4,
            5,
            5,
            5,
        ]
    ),
}


def _puzzles(shape: Shape, seed: int, count: int) -> list[Puzzle]:
    rng = random.Random(seed)
    puzzles = []
    for i in range(count):
        keep = rng.choice([0.15, 0.25, 0.35, 0.5])
        puzzles.append(random_puzzle(shape, rng, keep, corrupt=i % 4 == 3))
    return puzzles


def _check(t, **flags: bool) -> None:  # type: ignore[no-untyped-def]
    rec = trace_record(t)
    check_trace(t.puzzle, rec["steps"], rec["status"], t.solution, **flags)


@pytest.mark.parametrize("name", SHAPES)
def test_fixpoint_equals_pysat_propagate(name: str) -> None:
    for puzzle in _puzzles(SHAPES[name], 1, 12):
        state, conflict = fixpoint(puzzle)
        ok, lits = pysat_fixpoint(puzzle)
        assert ok == (conflict is None), puzzle.cells
        if ok:
            mine = {v if x == TRUE else -v for v, x in enumerate(state.values) if x and v}
            assert mine == lits, puzzle.cells


def test_fixpoint_equals_pysat_on_17_clue_puzzles() -> None:
    for puzzle in seventeen_sample(40):
        state, conflict = fixpoint(puzzle)
        ok, lits = pysat_fixpoint(puzzle)
        assert ok and conflict is None
        assert {v if x == TRUE else -v for v, x in enumerate(state.values) if x and v} == lits


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize("rules", LADDER, ids=["1", "1+lone-cell", "1,2", "1,2,twins"])
def test_every_propagation_step_is_justified(name: str, rules: frozenset[Technique]) -> None:
    flags = {
        "rule1": Technique.ELIMINATION in rules,
        "rule2_cells": Technique.LONE_CELL in rules,
        "rule2_houses": Technique.LONE_RANGER in rules,
    }
    for puzzle in _puzzles(SHAPES[name], 2, 6):
        _check(trace(puzzle, rules), **flags)


def test_replayed_states_equal_the_propagators_live_state() -> None:
    puzzle = _puzzles(Shape.sudoku(9), 3, 1)[0]
    p = Propagator(puzzle.shape)
    live = []
    steps = []
    for source in (p.givens(puzzle), p.propagate(0)):
        for step in source:
            steps.append(step)
            live.append(p.state())
    assert list(replay(steps, 9)) == live


def test_contradiction_is_a_value_naming_the_axiom() -> None:
    steps = list(propagation(parse_line("11..............")))
    last = steps[-1]
    assert last.rule is Rule.CONTRADICTION
    assert last.axiom is not None and last.axiom.name == "row 1 has exactly one 1"
    assert [c.label() for c in last.reasons] == ["r1c1=1", "r1c2=1"]
    t = trace(parse_line("11.............."), search=True)
    assert t.status is TraceStatus.UNSOLVABLE


def test_all_false_contradiction() -> None:
    # r1c4 can hold no digit: 1, 2, 3 in its row, 4 in its column.
    steps = list(propagation(parse_line("123............4")))
    last = steps[-1]
    assert last.rule is Rule.CONTRADICTION and last.axiom is not None
    assert len(last.because) == 4


def test_seed_002_figure_1_solves_by_the_two_rules() -> None:
    puzzle = parse_line(
        "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
    )
    t = trace(puzzle)
    assert t.status is TraceStatus.SOLVED and t.guesses == 0
    assert "".join(map(str, t.solution or ())) == (
        "253861497149752368678349512597218634381476259462593871735984126826137945914625783"
    )
    _check(t)


SEED_001_BOARD = """
(2 3 7) (3 8) (2 3 7 8) (2 3 4) [6] [5] (2 3 4 8) [9] [1]
(1 2 3 6 7) (1 3 6 8) (2 3 6 7 8) (2 3 4 9) (2 3 7 8) (2 3 7 8 9) [5] (4 6 8) (2 3 4 6 8)
[4] [5] [9] [1] (2 3 8) (2 3 8) (2 3 8) [7] (2 3 6 8)
(2 5 6) (4 6 8) (2 5 6 8) (2 5) [9] (1 2 7) (1 2 4 8) [3] (2 4 6 8)
(2 3 5 9) (3 4) [1] [8] (2 3) [6] [7] (4 5) (2 4 9)
(2 3 5 6 9) [7] (2 3 5 6 8) (2 3 5) [4] (1 2 3) (1 2 8 9) (1 5 6 8) (2 6 8 9)
(1 3 7) [9] (3 7) (3) (1 3 8) [4] [6] [2] [5]
(1 3 5 6 7) (1 3 6) [4] (2 3 6 9) (1 2 3 8) (1 2 3 8 9) (1 3 8 9) (1 8) (3 7 8 9)
[8] [2] (3 6) [7] [5] (1 3 9) (1 3 4 9) (1 4) (3 4 9)
"""

SEED_001_GIVENS = [
    ((4, 0), 6),
    ((5, 0), 5),
    ((7, 0), 9),
    ((8, 0), 1),
    ((6, 1), 5),
    ((0, 2), 4),
    ((1, 2), 5),
    ((2, 2), 9),
    ((3, 2), 1),
    ((7, 2), 7),
    ((4, 3), 9),
    ((7, 3), 3),
    ((2, 4), 1),
    ((3, 4), 8),
    ((5, 4), 6),
    ((6, 4), 7),
    ((1, 5), 7),
    ((4, 5), 4),
    ((1, 6), 9),
    ((5, 6), 4),
    ((6, 6), 6),
    ((7, 6), 2),
    ((8, 6), 5),
    ((2, 7), 4),
    ((0, 8), 8),
    ((1, 8), 2),
    ((3, 8), 7),
    ((4, 8), 5),
]


def _seed_001_board() -> list[tuple[tuple[int, ...], bool]]:
    import re

    cells = []
    for token in re.findall(r"[\[(][\d ]*[\])]", SEED_001_BOARD):
        digits = tuple(int(d) for d in token[1:-1].split())
        cells.append((digits, token.startswith("[")))
    return cells


def test_seed_001_candidate_board_is_rule_1_from_the_givens() -> None:
    cells = [0] * 81
    for (x, y), v in SEED_001_GIVENS:  # x = column, y = row
        cells[y * 9 + x] = v
    puzzle = Puzzle(Shape.sudoku(9), tuple(cells))
    expected = _seed_001_board()
    assert len(expected) == 81 and sum(given for _, given in expected) == 28
    t = trace(puzzle, RULES_1)
    assert t.status is TraceStatus.STALLED
    state = t.state(len(t.steps))
    for i, (digits, given) in enumerate(expected):
        r, c = divmod(i, 9)
        assert state.candidates(r, c) == digits, (r, c)
        assert (state.digit(r, c) != 0) == given, (r, c)
    # The one new single, r7c4 = 3, is not propagated by rule 1 alone (seed 001: no cascading).
    assert state.candidates(6, 3) == (3,) and state.digit(6, 3) == 0
    _check(t, rule2_cells=False, rule2_houses=False)


def test_twins_rule_fires_and_is_justified() -> None:
    rng = random.Random(5)
    fired = 0
    for _ in range(60):
        puzzle = random_puzzle(Shape.sudoku(9), rng, 0.3)
        t = trace(puzzle, RULES_ALL)
        if any(s.rule is Rule.TWINS for s in t.steps):
            fired += 1
            _check(t)
    assert fired >= 3


def test_twins_never_loses_a_solution() -> None:
    rng = random.Random(6)
    for _ in range(30):
        puzzle = random_puzzle(Shape.sudoku(9), rng, 0.3)
        t = trace(puzzle, RULES_ALL, search=True)
        assert t.status is TraceStatus.SOLVED


def test_state_accessors() -> None:
    state, _ = fixpoint(parse_line("1.3..4..2...4..1"))
    assert state.solved() and state.grid()[:4] == (1, 2, 3, 4)
    s = State.initial(3)
    assert s.candidates(2, 2) == (1, 2, 3) and s.board()[0][0] == (1, 2, 3)
    assert FALSE == -1


def test_rule_sets_are_exclusive() -> None:
    """With rule 1 only, nothing but givens is ever true."""
    puzzle = _puzzles(Shape.sudoku(9), 8, 1)[0]
    steps = list(propagation(puzzle, RULES_1))
    assert {s.rule for s in steps} <= {Rule.GIVEN, Rule.ONE, Rule.CONTRADICTION}
    assert RULES_1 < RULES_1_2


def test_16x16_fixpoint_and_steps() -> None:
    shape = Shape.sudoku(16)
    for puzzle in _puzzles(shape, 14, 3):
        state, conflict = fixpoint(puzzle)
        ok, lits = pysat_fixpoint(puzzle)
        assert ok == (conflict is None)
        if ok:
            assert {v if x == TRUE else -v for v, x in enumerate(state.values) if x and v} == lits
    puzzle = random_puzzle(shape, random.Random(15), 0.45)
    t = trace(puzzle, search=True)
    assert t.status is TraceStatus.SOLVED
    _check(t)
