"""Tests of set logic: each kind on a known position, steps checked independently, soundness."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from satdoku.cnf._encodings import shape_clauses
from satdoku.core._axioms import axioms
from satdoku.core._claims import FALSE, UNKNOWN
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules._propagator import Propagator
from satdoku.rules._quiet_families import QuietFamilies
from satdoku.rules._search import TraceStatus, trace
from satdoku.rules._set_logic import SetMove, families, find_move
from satdoku.rules._steps import Rule, Step
from satdoku.rules._strategies import RUNGS, Technique, parse_rules, set_rules
from satdoku.views._sentences import sentence
from satdoku.views._trace_json import trace_record
from stepper_support import EXTENDED_PAIRWISE, check_trace, random_puzzle, seventeen_sample

SUDOKU = Shape.sudoku(9)
ALL = set(Technique) - {Technique.TWINS}


def _state(shape: Shape, remove: dict[tuple[int, int], set[int]]) -> list[int]:
    """Return claim values with every claim open but the (row, col) -> digits removed."""
    n = shape.n
    value = [UNKNOWN] * (n**3 + 1)
    for (r, c), digits in remove.items():
        for d in digits:
            value[(r * n + c) * n + d] = FALSE
    return value


def _find(shape: Shape, value: list[int], techniques: set[Technique]) -> SetMove | None:
    return find_move(shape, value, [0] * len(axioms(shape)), techniques)


def _claims(move: SetMove, n: int) -> set[tuple[int, int, int]]:
    """Return the eliminated claims as 1-based (row, col, digit)."""
    return {
        ((v - 1) // (n * n) + 1, (v - 1) // n % n + 1, (v - 1) % n + 1) for v in move.eliminated
    }


def _digit_only_in(rows_cols: dict[int, Sequence[int]], digit: int) -> dict:
    """Remove a digit from rows (0-based) except in the given columns."""
    return {(r, c): {digit} for r, cols in rows_cols.items() for c in range(9) if c not in cols}


def test_x_wing() -> None:
    """The 5s of rows 2 and 6 only in columns 3 and 7: no other 5 in those columns."""
    value = _state(SUDOKU, _digit_only_in({1: (2, 6), 5: (2, 6)}, 5))
    assert _find(SUDOKU, value, set_rules(1)) is None
    move = _find(SUDOKU, value, ALL)
    assert move is not None and move.technique is Technique.X_WING
    assert move.base_labels == ("row 2", "row 6") and move.cover_labels == ("column 3", "column 7")
    expected = {(r, c, 5) for r in range(1, 10) for c in (3, 7) if r not in (2, 6)}
    assert _claims(move, 9) == expected
    assert len(move.because) == 2 * 7  # the bases' 5s outside the covers, all false


def test_x_wing_by_columns() -> None:
    remove = {(r, c): {8} for c in (0, 4) for r in range(9) if r not in (3, 7)}
    move = _find(SUDOKU, _state(SUDOKU, remove), {Technique.X_WING})
    assert move is not None and move.base_labels == ("column 1", "column 5")
    assert _claims(move, 9) == {(r, c, 8) for r in (4, 8) for c in range(1, 10) if c not in (1, 5)}


def test_swordfish() -> None:
    """Rows 1, 5, 9 hold their 7 only in columns 1, 4, 7 (two each): a swordfish, no X-wing."""
    value = _state(SUDOKU, _digit_only_in({0: (0, 3), 4: (3, 6), 8: (0, 6)}, 7))
    assert _find(SUDOKU, value, set_rules(2)) is None
    move = _find(SUDOKU, value, ALL)
    assert move is not None and move.technique is Technique.SWORDFISH and move.size == 3
    expected = {(r, c, 7) for r in range(1, 10) for c in (1, 4, 7) if r not in (1, 5, 9)}
    assert _claims(move, 9) == expected


def test_jellyfish() -> None:
    rows = {0: (0, 3), 3: (3, 6), 6: (6, 4), 8: (4, 0)}
    value = _state(SUDOKU, _digit_only_in(rows, 3))
    assert _find(SUDOKU, value, set_rules(3)) is None
    move = _find(SUDOKU, value, ALL)
    assert move is not None and move.technique is Technique.JELLYFISH
    assert move.cover_labels == ("column 1", "column 4", "column 5", "column 7")


def test_naked_triple() -> None:
    """r1c1, r1c5, r1c9 hold only {1,2}, {2,3}, {1,3}: 1, 2, 3 leave the rest of row 1."""
    remove = {(0, 0): set(range(3, 10)), (0, 4): {1} | set(range(4, 10))}
    remove[(0, 8)] = {2} | set(range(4, 10))
    value = _state(SUDOKU, remove)
    assert _find(SUDOKU, value, set_rules(2)) is None
    move = _find(SUDOKU, value, ALL)
    assert move is not None and move.technique is Technique.NAKED_TRIPLE
    assert move.base_labels == ("r1c1", "r1c5", "r1c9") and move.digits == (1, 2, 3)
    assert _claims(move, 9) == {
        (1, c, d) for c in range(1, 10) if c not in (1, 5, 9) for d in (1, 2, 3)
    }
    assert sentence_of(move).startswith("naked triple: in row 1 r1c1, r1c5 and r1c9 hold only 1, 2")


def test_naked_pair_in_a_box() -> None:
    remove = {(1, 1): set(range(1, 10)) - {4, 6}, (2, 2): set(range(1, 10)) - {4, 6}}
    move = _find(SUDOKU, _state(SUDOKU, remove), {Technique.NAKED_PAIR})
    assert move is not None and move.cover_labels[0] == "box 1" and move.digits == (4, 6)
    assert _claims(move, 9) == {
        (r, c, d)
        for r in (1, 2, 3)
        for c in (1, 2, 3)
        if (r, c) not in ((2, 2), (3, 3))
        for d in (4, 6)
    }


def test_hidden_pair() -> None:
    """1 and 2 fit only r1c1 and r1c5 in row 1: the other digits leave those two cells."""
    remove = {(0, c): {1, 2} for c in range(9) if c not in (0, 4)}
    value = _state(SUDOKU, remove)
    assert _find(SUDOKU, value, set_rules(1)) is None
    move = _find(SUDOKU, value, ALL)
    assert move is not None and move.technique is Technique.HIDDEN_PAIR
    assert move.base_labels == ("row 1", "row 1") and move.cover_labels == ("r1c1", "r1c5")
    assert _claims(move, 9) == {(1, c, d) for c in (1, 5) for d in range(3, 10)}


def test_hidden_triple_in_a_column() -> None:
    remove = {(r, 3): {4, 5, 9} for r in range(9) if r not in (1, 4, 7)}
    move = _find(SUDOKU, _state(SUDOKU, remove), {Technique.HIDDEN_TRIPLE})
    assert move is not None and move.base_labels[0] == "column 4" and move.digits == (4, 5, 9)
    assert _claims(move, 9) == {
        (r, 4, d) for r in (2, 5, 8) for d in range(1, 10) if d not in (4, 5, 9)
    }


def test_pointing() -> None:
    """Box 1 holds its 4 only in row 1: no 4 elsewhere in row 1."""
    remove = {(r, c): {4} for r in (1, 2) for c in range(3)}
    move = _find(SUDOKU, _state(SUDOKU, remove), ALL)
    assert move is not None and move.technique is Technique.LOCKED_CANDIDATES
    assert move.kind == "pointing" and move.base_labels == ("box 1",)
    assert move.cover_labels == ("row 1",)
    assert _claims(move, 9) == {(1, c, 4) for c in range(4, 10)}


def test_claiming() -> None:
    """Row 1 holds its 4 only in box 1: no 4 elsewhere in box 1."""
    remove = {(0, c): {4} for c in range(3, 9)}
    move = _find(SUDOKU, _state(SUDOKU, remove), ALL)
    assert move is not None and move.kind == "claiming"
    assert move.base_labels == ("row 1",) and move.cover_labels == ("box 1",)
    assert _claims(move, 9) == {(r, c, 4) for r in (2, 3) for c in (1, 2, 3)}
    assert sentence_of(move) == (
        "locked candidates (claiming): in row 1 the digit 4 lies only in box 1, so r2c1=4, "
        "r2c2=4, r2c3=4, r3c1=4, r3c2=4 and r3c3=4 are false"
    )


def test_jigsaw_pointing_and_diagonal_locked() -> None:
    """A jigsaw region's 2s in one row, and a diagonal's 1s in one box, lock the same way."""
    regions = tuple(r // 3 * 3 + c // 3 for r in range(9) for c in range(9))
    jigsaw = Shape.jigsaw(regions)
    move = _find(jigsaw, _state(jigsaw, {(r, c): {2} for r in (1, 2) for c in range(3)}), ALL)
    assert move is not None and move.base_labels == ("region 1",) and move.kind == "pointing"
    x = Shape.sudoku(9, diagonals=True)
    remove = {(i, i): {1} for i in range(3, 9)}
    move = _find(x, _state(x, remove), ALL)
    assert move is not None and move.technique is Technique.LOCKED_CANDIDATES
    assert move.base_labels == ("main diagonal",) and move.cover_labels == ("box 1",)


def test_diagonals_crossing_are_never_two_bases() -> None:
    x = Shape.latin(5, diagonals=True)
    fish = [f for f in families(x) if f.base_labels == ("main diagonal", "anti-diagonal")]
    assert fish and all(f.clashes == (2, 1) for f in fish)


def sentence_of(move: SetMove) -> str:
    return sentence(Step(Rule.SET, None, move.eliminated, False, move.because, 0, 9, None, move))


def _check(t) -> None:  # type: ignore[no-untyped-def]
    rec = trace_record(t)
    check_trace(t.puzzle, rec["steps"], rec["status"], t.solution)


def _refuted(puzzle, claims: Sequence[int]) -> bool:  # type: ignore[no-untyped-def]
    """Tell (by PySAT) whether no solution of the puzzle holds any of these claims."""
    formula = shape_clauses(puzzle.shape, EXTENDED_PAIRWISE)
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        return not any(solver.solve(assumptions=puzzle.assumptions() + [v]) for v in claims)


def _jigsaw() -> Shape:
    """Return a 9x9 jigsaw: the boxes with three pairs of cells swapped across borders."""
    regions = [r // 3 * 3 + c // 3 for r in range(9) for c in range(9)]
    for a, b in ((2, 3), (20, 21), (56, 57)):
        regions[a], regions[b] = regions[b], regions[a]
    return Shape.jigsaw(tuple(regions))


SHAPES = [
    Shape.sudoku(9),
    Shape.sudoku(6),
    Shape.sudoku(8),
    Shape.latin(7),
    Shape.sudoku(9, diagonals=True),
    _jigsaw(),
]


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    seed=st.integers(0, 10**6),
    shape=st.sampled_from(SHAPES),
    keep=st.floats(0.15, 0.45),
    rules=st.sampled_from(["1,2,set4", "1,set2", "1,2,x-wing,naked-pair", "1,2,twins", "1,set3"]),
)
def test_set_steps_are_justified_and_sound(
    seed: int, shape: Shape, keep: float, rules: str
) -> None:
    puzzle = random_puzzle(shape, random.Random(seed), keep)
    t = trace(puzzle, parse_rules(rules), search=True, max_steps=3000)  # a search can be long
    assume(not t.truncated)  # a cut trace ends "stalled" where the rules still apply
    _check(t)
    for step in t.steps:
        if step.sets is not None and step.depth == 0:
            assert _refuted(puzzle, step.decided), sentence(step, shape)


def test_set_logic_fires_on_seventeen_clue_puzzles_and_is_sound() -> None:
    fired: set[Technique] = set()
    for puzzle in seventeen_sample(25, seed=3):
        t = trace(puzzle, RUNGS[-1])
        _check(t)
        sets = [s for s in t.steps if s.rule is Rule.SET]
        fired |= {s.technique for s in sets if s.technique is not None}
        if sets:
            assert _refuted(puzzle, [v for s in sets for v in s.decided])
    assert Technique.LOCKED_CANDIDATES in fired and len(fired) >= 2


def test_set_logic_fires_on_a_jigsaw() -> None:
    rng = random.Random(8)
    jigsaw = _jigsaw()
    kinds = set()
    for _ in range(40):
        puzzle = random_puzzle(jigsaw, rng, 0.3)
        t = trace(puzzle, RUNGS[-1], search=True)
        _check(t)
        kinds |= {s.sets.kind for s in t.steps if s.sets is not None}
    assert kinds & {"pointing", "claiming"}


def test_set_step_records() -> None:
    grid = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
    t = trace(parse_line(grid), RUNGS[2])
    assert t.status is TraceStatus.SOLVED
    rec = trace_record(t)
    sets = [s for s in rec["steps"] if s["rule"] == "set"]
    assert {s["technique"] for s in sets} == {"locked-candidates", "naked-pair"}
    for s in sets:
        assert set(s) >= {"rule", "axiom", "claims", "value", "because", "depth", "text"}
        assert s["size"] == len(s["bases"]) == len(s["covers"]) and s["value"] is False
        assert all(set(a) == {"name", "claims"} for a in s["bases"] + s["covers"])
    pair = next(s for s in sets if s["technique"] == "naked-pair")
    assert pair["house"] == "column 9" and pair["digits"] == [3, 6]
    assert [a["name"] for a in pair["covers"]] == [
        "column 9 has exactly one 3",
        "column 9 has exactly one 6",
    ]


def test_twins_stays_the_hidden_pair_in_its_old_form() -> None:
    rng = random.Random(5)
    for _ in range(60):
        puzzle = random_puzzle(SUDOKU, rng, 0.3)
        t = trace(puzzle, parse_rules("1,2,twins"))
        twins = [s for s in t.steps if s.rule is Rule.TWINS]
        if twins:
            assert all(
                s.sets is not None and s.sets.technique is Technique.HIDDEN_PAIR for s in twins
            )
            assert all(s.axiom is not None and s.axiom.is_cell for s in twins)
            _check(t)
            named = trace(puzzle, parse_rules("1,2,hidden-pair"))
            assert not any(s.rule is Rule.TWINS for s in named.steps)
            assert any(s.rule is Rule.SET for s in named.steps)
            return
    raise AssertionError("no twins found")


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_set_k_uses_no_larger_move(k: int) -> None:
    for puzzle in seventeen_sample(8, seed=11):
        for step in trace(puzzle, RUNGS[k]).steps:
            if step.sets is not None:
                assert step.sets.size <= k


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([1, 2, 4]))
def test_quiet_families_are_skipped_only_when_they_have_no_move(seed: int, most: int) -> None:
    """Along a climb that strikes random claims, the move found with ``quiet`` is the full one."""
    rnd = random.Random(seed)
    puzzle = random_puzzle(SUDOKU, rnd, 0.3)
    n = SUDOKU.n
    p = Propagator(SUDOKU, RUNGS[-1])
    list(p.givens(puzzle))
    quiet = QuietFamilies(p.open)
    while p.conflict is None and not p.solved:
        list(p.propagate(0))  # the propagator keeps its own quiet families
        plain = find_move(SUDOKU, p.value, p.true_of, ALL, most)
        assert find_move(SUDOKU, p.value, p.true_of, ALL, most, quiet) == plain
        assert plain is None or p.conflict is not None
        open_claims = [v for v in range(1, n**3 + 1) if p.value[v] == UNKNOWN]
        if not open_claims:
            break
        p.strike(rnd.sample(open_claims, min(len(open_claims), rnd.randint(1, 3))))
