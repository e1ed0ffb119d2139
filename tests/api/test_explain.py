"""Why a puzzle is impossible: minimal conflicting givens (minimality checked) and rule chains."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hard_instances import pigeonhole_latin
from satdoku.api._explain import Explainer, Explanation, explain, rule_chain
from satdoku.backends._sat import SatBackend
from satdoku.backends._stepper import StepperBackend
from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._claims import FALSE, TRUE, variable
from satdoku.core._limits import Limits
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Result, Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle
from satdoku.io._line import parse_line
from satdoku.rules._steps import Rule
from satdoku.views._explanation import annotated, explanation_lines

SEED000_LAST = "48.9.2....93..5.866..3...1....5.1.9....9......3.2.6........3..524.1..36....6.4.27"
"""Seed 000's last puzzle as written: two 9s in column 4 (r1c4 and r5c4)."""

NO_RULE_CHAIN = "....84....7....3.448..7....952...7..3176.9.42........98.1...4.6..54....8.2.138..."
"""An unsolvable 9x9 puzzle whose minimal conflict the two rules alone cannot refute."""


def only(puzzle: Puzzle, claims: object) -> Puzzle:
    """Return the puzzle keeping only the given claims as givens."""
    n = puzzle.n
    cells = [0] * (n * n)
    for c in claims:  # type: ignore[attr-defined]
        cells[c.row * n + c.col] = c.digit
    return Puzzle(puzzle.shape, tuple(cells))


def assert_minimal(e: Explanation, backend: SatBackend) -> None:
    """The conflict cannot hold, and dropping any one of its givens leaves a solvable puzzle."""
    puzzle = e.puzzle
    assert set(e.conflict) <= set(puzzle.givens()), "the conflict is made of givens"
    assert backend.solve(only(puzzle, e.conflict)).status is Status.UNSOLVABLE
    for drop in e.conflict:
        rest = [c for c in e.conflict if c != drop]
        result = backend.solve(only(puzzle, rest))
        assert result.status is Status.SOLVED, f"{drop.label()} is not needed"
        assert result.solution is not None and is_solution(result.solution, only(puzzle, rest))


def assert_chain_valid(e: Explanation) -> None:
    """Replay the chain with its own claims: every step follows from earlier ones by its rule."""
    n = e.puzzle.n
    values: dict[int, int] = {}
    givens = {variable(c, n) for c in e.conflict}
    *steps, last = e.steps
    assert last.rule is Rule.CONTRADICTION
    for step in steps:
        if step.rule is Rule.GIVEN:
            assert set(step.decided) <= givens
            values[step.decided[0]] = TRUE
        elif step.rule is Rule.ONE:
            (t,) = step.because
            assert values.get(t) == TRUE and step.axiom is not None
            assert t in step.axiom.variables and set(step.decided) <= set(step.axiom.variables)
            for v in step.decided:
                values[v] = FALSE
        else:
            assert step.rule is Rule.TWO and step.axiom is not None
            (v,) = step.decided
            assert all(values.get(u) == FALSE for u in step.axiom.variables if u != v)
            values[v] = TRUE
    assert last.axiom is not None
    members = last.axiom.variables
    if len(last.because) == 2:
        assert all(values.get(v) == TRUE for v in last.because)
        assert set(last.because) <= set(members)
    else:
        assert all(values.get(v) == FALSE for v in members)


def test_seed000_last_puzzle_two_nines_in_column_4() -> None:
    e = explain(parse_line(SEED000_LAST))
    assert e is not None and e.minimal
    assert e.conflict_json() == [[0, 3, 9], [4, 3, 9]]
    assert [c.label() for c in e.conflict] == ["r1c4=9", "r5c4=9"]
    assert [s.rule for s in e.steps] == [Rule.GIVEN, Rule.GIVEN, Rule.CONTRADICTION]
    assert explanation_lines(e)[-1] == (
        "contradiction: in 'column 4 has exactly one 9' both r1c4=9 and r5c4=9 are true"
    )
    assert_chain_valid(e)


def test_solvable_puzzle_has_no_explanation() -> None:
    assert explain(parse_line("1" + "." * 15)) is None
    assert explain(parse_line(SEED000_LAST.replace("48.9", "48.7", 1))) is None


def test_a_conflict_the_rules_cannot_reach_has_no_steps() -> None:
    with SatBackend() as backend:
        e = explain(parse_line(NO_RULE_CHAIN))
        assert e is not None and e.steps == ()
        assert_minimal(e, backend)
    assert "search proves it" in explanation_lines(e)[-1]
    # the stepper confirms: from the conflict alone rules 1 and 2 stall without a contradiction
    assert rule_chain(only(e.puzzle, e.conflict)) == ()


def test_the_chain_keeps_only_needed_steps() -> None:
    e = explain(parse_line("12....34........"))
    assert e is not None
    assert_chain_valid(e)
    decided = [v for s in e.steps for v in s.decided]
    assert len(decided) == len(set(decided)) <= 8


def test_shape_without_solution_has_an_empty_conflict() -> None:
    e = explain(Puzzle.empty(Shape.latin(2, diagonals=True)))
    assert e is not None and e.conflict == ()
    assert explanation_lines(e)[0].startswith("the shape itself has no solution")


def unsolvable_puzzles(seed: int, count: int) -> list[Puzzle]:
    """Random unsolvable puzzles: a random puzzle with one wrong but peer-consistent given."""
    rng = random.Random(seed)
    out: list[Puzzle] = []
    shapes = [
        Shape.sudoku(4),
        Shape.sudoku(6),
        Shape.sudoku(9),
        Shape.latin(5),
        Shape.sudoku(9, diagonals=True),
        Shape.latin(6),
    ]
    while len(out) < count:
        shape = rng.choice(shapes)
        puzzle, grid = random_puzzle(shape, rng.uniform(0.15, 0.6), rng)
        cells = list(puzzle.cells)
        blanks = [i for i, d in enumerate(cells) if not d]
        i = rng.choice(blanks)
        wrong = [d for d in range(1, shape.n + 1) if d != grid[i]]
        cells[i] = rng.choice(wrong)
        candidate = Puzzle(shape, tuple(cells))
        if SatBackend().solve(candidate).status is Status.UNSOLVABLE:
            out.append(candidate)
    return out


@pytest.mark.parametrize("puzzle", unsolvable_puzzles(7, 25), ids=lambda p: p.shape.describe())
def test_conflicts_are_minimal_and_chains_valid(puzzle: Puzzle) -> None:
    e = explain(puzzle)
    assert e is not None and e.minimal
    with SatBackend("minisat22") as other:  # another solver checks the core of the first
        assert_minimal(e, other)
    if e.steps:
        assert_chain_valid(e)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_stepper_agrees_conflict_is_impossible(seed: int) -> None:
    (puzzle,) = unsolvable_puzzles(seed, 1)
    e = explain(puzzle)
    assert e is not None
    sub = only(puzzle, e.conflict)
    assert StepperBackend().solve(sub).status is Status.UNSOLVABLE


def test_a_limit_leaves_a_conflict_that_is_not_minimised() -> None:
    puzzle = pigeonhole_latin(8)
    result = Result(Status.UNSOLVABLE, puzzle=puzzle)
    with Explainer("minisat22", limits=Limits(conflicts=50)) as ex:
        found = annotated(result, ex.explain_result(result))
        assert ex.explain(puzzle) is None  # unknown within the limit: no claim either way
    assert found.extra["conflict_minimal"] is False
    assert len(found.extra["conflict"]) == sum(1 for _ in puzzle.givens())


def test_annotate_leaves_other_results_alone() -> None:
    solved = SatBackend().solve(parse_line("1" + "." * 15))
    assert Explainer().explain_result(solved) is None
    assert annotated(solved, None) is solved


def test_cli_explain_json_carries_conflict(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    path = f"{tmp_path}/p.txt"
    with open(path, "w") as f:
        f.write(SEED000_LAST + "\n" + "1" + "." * 15 + "\n" + "12" + "\n")
    assert main(["solve", path, "--json", "--explain"]) == 2
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["unsolvable", "solved", "invalid"]
    assert records[0]["conflict"] == [[0, 3, 9], [4, 3, 9]]
    assert records[0]["explanation"]["steps"][-1]["rule"] == "contradiction"
    assert "conflict" not in records[1] and "conflict" not in records[2]
    assert main(["solve", path, "--json"]) == 2
    plain = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert "conflict" not in plain[0]


def test_cli_explain_text(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    path = f"{tmp_path}/p.txt"
    with open(path, "w") as f:
        f.write(SEED000_LAST + "\n")
    assert main(["solve", path, "--explain"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "unsolvable"
    assert out[1] == "  these givens cannot all hold: r1c4=9, r5c4=9"
    assert out[-1].startswith("  contradiction: in 'column 4 has exactly one 9'")


def test_explain_with_the_solution_space_options(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    path = f"{tmp_path}/p.txt"
    with open(path, "w") as f:
        f.write(SEED000_LAST + "\n" + "1" + "." * 15 + "\n")
    assert main(["solve", path, "--all", "--limit", "2", "--explain", "--json"]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["status"] == "unsolvable" and first["conflict"] == [[0, 3, 9], [4, 3, 9]]
    assert second["status"] == "solved" and "conflict" not in second
    # a predicate's rejection is no clash of givens: the two options are refused together
    assert main(["solve", path, "--where", "sudoku", "--explain"]) == 2
    assert "drop --where or --explain" in capsys.readouterr().err
