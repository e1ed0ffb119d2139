"""Shape solvers lent to puzzles with rules: what one puzzle added never reaches the next one."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.backends import _rule_sessions as rule_sessions
from satdoku.backends._constraint_sat import (
    constrained_solutions,
    count_constrained,
    solve_constrained,
)
from satdoku.backends._rule_sessions import rule_session
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import Comparison, Side, Skyscraper
from test_constraint_axioms import accepted

LATIN3 = Shape.latin(3)


@pytest.fixture(autouse=True)
def own_solvers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no shape solver in this thread."""
    monkeypatch.setattr(rule_sessions, "_KEPT", threading.local())


def puzzle(*rules: Comparison | Skyscraper, cells: tuple[int, ...] = (0,) * 9) -> Puzzle:
    return Puzzle(LATIN3, cells, constraints=rules)


def test_blocking_clauses_of_a_count_leave_the_next_puzzle_its_solutions() -> None:
    first = puzzle(Comparison(0, 1))
    assert count_constrained(first, 100) == len(accepted(first)) == 6
    again = puzzle(Comparison(0, 1), cells=(1, 2, 3) + (0,) * 6)
    assert set(constrained_solutions(again)) == accepted(again)  # blocked while counting
    assert set(constrained_solutions(first)) == accepted(first)


def test_rules_of_one_puzzle_hold_no_more_for_the_next() -> None:
    assert solve_constrained(puzzle(Comparison(1, 0), cells=(0, 0, 3) + (0,) * 6))[:3] == (2, 1, 3)
    following = puzzle(Comparison(0, 1), cells=(0, 0, 3) + (0,) * 6)
    assert solve_constrained(following)[:3] == (1, 2, 3)


def seen(clue: Skyscraper, square: tuple[int, ...]) -> Skyscraper:
    """The clue on the same line that the square meets."""
    heights = [square[cell] for cell in clue.cells(3)]
    visible = sum(h == max(heights[: i + 1]) for i, h in enumerate(heights))
    return Skyscraper(clue.side, clue.line, visible)


def test_a_puzzle_with_more_helpers_than_the_room_below_the_guards_gets_a_new_solver() -> None:
    small = puzzle(Comparison(0, 1))
    with rule_session(small, "minisat22") as session:
        before = session.solver
    square = (1, 2, 3, 2, 3, 1, 3, 1, 2)
    clues = [seen(Skyscraper(side, line, 1), square) for side in Side for line in range(3)]
    big = puzzle(*clues)
    with rule_session(big, "minisat22") as session:
        assert session.solver is not before  # its helpers would reach the first guards
    assert set(constrained_solutions(big)) == accepted(big) != set()
    assert set(constrained_solutions(small)) == accepted(small)


def test_a_solver_is_renewed_after_its_puzzles_and_freed_after_its_last_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rule_sessions, "PUZZLES_PER_SOLVER", 2)
    rules = puzzle(Comparison(0, 1))
    open_count = constrained_solutions(rules)  # a session left open while others come and go
    found = {next(open_count)}
    seen = []
    for _ in range(3):
        with rule_session(rules, "minisat22") as session:
            seen.append(session.solver)
            assert session.solver.solve(session.assumptions)
    assert seen[0] is not seen[1] is seen[2]
    found.update(open_count)  # its solver left the thread's keeping but serves it to the end
    assert found == accepted(rules)


def test_threads_have_solvers_of_their_own() -> None:
    puzzles = [puzzle(Comparison(a, b)) for a, b in [(0, 1), (1, 0), (3, 4), (8, 5)] * 4]
    with ThreadPoolExecutor(4) as pool:
        counts = list(pool.map(lambda p: set(constrained_solutions(p)), puzzles))
    assert counts == [accepted(p) for p in puzzles]


def test_a_small_rule_stays_loaded_for_the_next_puzzle_that_has_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sign = Comparison(0, 1)
    with rule_session(puzzle(sign), "minisat22") as session:
        first, kept = session.solver, session.assumptions[1]
        assert session.solver.solve([*session.assumptions, 1])  # r1c1=1 allows r1c1 < r1c2
    again = puzzle(sign, Comparison(4, 3))
    with rule_session(again, "minisat22") as session:
        assert session.solver is first and kept in session.assumptions
        assert not session.solver.solve([*session.assumptions, 3])  # r1c1=3 is past r1c2
    assert set(constrained_solutions(again)) == accepted(again)
    monkeypatch.setattr(rule_sessions, "KEPT_LIMIT", 0)  # past it: a new solver
    with rule_session(again, "minisat22") as session:
        assert session.solver is not first


def test_a_small_puzzle_after_a_big_one_gets_a_new_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    square = (1, 2, 3, 2, 3, 1, 3, 1, 2)
    big = puzzle(*(seen(Skyscraper(side, line, 1), square) for side in Side for line in range(3)))
    with rule_session(big, "minisat22") as session:
        before = session.solver
    small = puzzle(Comparison(0, 1))
    monkeypatch.setattr(rule_sessions, "IDLE_FACTOR", 1_000)
    with rule_session(small, "minisat22") as session:
        assert session.solver is before
    monkeypatch.setattr(rule_sessions, "IDLE_FACTOR", 2)  # the clues' helpers would stay idle
    with rule_session(small, "minisat22") as session:
        assert session.solver is not before
    assert set(constrained_solutions(small)) == accepted(small)


def shown(heights: list[int]) -> int:
    return sum(h == max(heights[: i + 1]) for i, h in enumerate(heights))


LATIN4 = Shape.latin(4)


def latin_squares(rows: tuple[tuple[int, ...], ...] = ()) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every Latin square of order 4 whose first rows are these, as rows."""
    if len(rows) == 4:
        yield rows
        return
    for row in permutations(range(1, 5)):
        if all(row[c] != above[c] for above in rows for c in range(4)):
            yield from latin_squares((*rows, row))


SQUARES4 = list(latin_squares())


@given(
    st.sampled_from(SQUARES4),
    st.lists(st.tuples(st.sampled_from(list(Side)), st.integers(0, 3)), max_size=8),
    st.lists(st.integers(1, 4), max_size=3),
)
@settings(max_examples=60, deadline=None)
def test_clues_loaded_as_needed_count_like_the_brute_force(
    square: tuple[tuple[int, ...], ...], places: list[tuple[Side, int]], wrong: list[int]
) -> None:
    cells = tuple(d for row in square for d in row)
    clues = [
        Skyscraper(side, line, shown([cells[c] for c in Skyscraper(side, line, 1).cells(4)]))
        for side, line in dict.fromkeys(places)
    ]
    clues += [Skyscraper(Side.LEFT, i, seen) for i, seen in enumerate(wrong)]  # maybe none fits
    rules = tuple(dict.fromkeys(clues))
    expected = sum(
        not any(rule.broken(tuple(d for row in grid for d in row), 4) for rule in rules)
        for grid in SQUARES4
    )
    assert count_constrained(Puzzle(LATIN4, (0,) * 16, constraints=rules), 600) == expected


def test_a_towers_puzzle_loads_only_the_clues_its_grids_break() -> None:
    # every clue of a 4x4 grid: the bounds and the houses keep many of them
    square = (1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2, 4, 1, 2, 3)
    rules = tuple(
        Skyscraper(side, line, shown([square[c] for c in Skyscraper(side, line, 1).cells(4)]))
        for side in Side
        for line in range(4)
    )
    puzzle = Puzzle(LATIN4, (0,) * 16, constraints=rules)
    with rule_session(puzzle, "minisat22") as session:
        assert session.pending == dict(enumerate(rules))
        assert session.solver.solve(session.assumptions)
        session.load([0, 1])
        assert set(session.pending) == set(range(2, 16))
    assert solve_constrained(puzzle) == square
    with rule_session(puzzle, "minisat22") as session:  # a new session waits for all again
        assert len(session.pending) == 16


def test_a_broken_clue_gets_the_half_of_its_clauses_the_grid_breaks() -> None:
    clue = Skyscraper(Side.LEFT, 0, 3)  # row 1, 3 seen: its bounds put 1-2 first, 1-3 second
    puzzle = Puzzle(LATIN4, (0,) * 16, constraints=(clue,))
    too_many, too_few = (1, 2, 3, 4), (2, 1, 4, 3)  # 4 seen, 2 seen

    def allowed(session: rule_sessions.RuleSession, row: tuple[int, ...]) -> bool:
        claims = [c * 4 + d for c, d in enumerate(row)]
        return bool(session.solver.solve([*session.assumptions, *claims]))

    with rule_session(puzzle, "minisat22") as session:
        assert allowed(session, too_many) and allowed(session, too_few)
        assert not session.load_broken((1, 3, 2, 4) + (0,) * 12)  # 3 seen: nothing to load
        assert session.load_broken(too_many + (0,) * 12)  # the at-most half only
        assert not allowed(session, too_many) and allowed(session, too_few)
        assert session.pending == {0: clue}
        assert not session.load_broken(too_many + (0,) * 12)  # loaded already
        assert session.load_broken(too_few + (0,) * 12)
        assert not allowed(session, too_few) and session.pending == {}
        assert allowed(session, (2, 3, 1, 4))


@pytest.mark.parametrize("room", [1, 10**9])  # room for every clue's helpers, or for none
def test_deferred_clues_number_their_helpers_when_loaded(
    monkeypatch: pytest.MonkeyPatch, room: int
) -> None:
    monkeypatch.setattr(rule_sessions, "DEFERRED_ROOM", room)
    rules = (Skyscraper(Side.LEFT, 0, 3), Skyscraper(Side.TOP, 1, 2), Skyscraper(Side.RIGHT, 2, 2))
    puzzle = Puzzle(LATIN4, (0,) * 16, constraints=rules)
    with rule_session(puzzle, "glucose4") as session:  # a solver of its own: a fresh numbering
        session.load([0, 1, 2])  # each clause ends in the guard's negation
        numbered = session.solver.nof_vars()
        assert (numbered == session.guard) == (room == 1)  # within the room, or above the guard
    expected = sum(
        not any(rule.broken(tuple(d for row in grid for d in row), 4) for rule in rules)
        for grid in SQUARES4
    )
    assert expected and count_constrained(puzzle, 600, "glucose4") == expected
