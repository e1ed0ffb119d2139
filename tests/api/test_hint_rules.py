"""Hints on puzzles with rules beyond houses (Keen, Towers, Unequal, killers, variants): every
deduction, and every elimination it rests on, is true of the published solution (itself checked
by the independent checkers, never by the stepper); premises are the player's entries; mistakes,
clashes with a rule, solved grids and stalls are said as such."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satdoku import hint, parse_puzzle
from satdoku.api._hint import Hint, HintStatus
from satdoku.core._checker import is_solution
from satdoku.core._claims import claim_of
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import Thermometer, broken_constraints
from satdoku.io.variant_file import puzzle_of_variant
from test_variant_puzzles import published

DATA = Path(__file__).resolve().parents[1] / "data"
VARIANT = DATA / "variants" / "thermo-arrow-kropki.json"
VARIANT_SOLUTION = tuple(int(ch) for ch in "146352523641264513315426651234432165")


def _rows(path: Path, prefix: str = "") -> list[tuple[Puzzle, tuple[int, ...]]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text, solution = line.split("\t")[:2]
        found.append((parse_puzzle(prefix + text), tuple(int(ch) for ch in solution)))
    return found


def _cases() -> list[tuple[str, Puzzle, tuple[int, ...]]]:
    cases = [
        (
            "thermo-arrow-kropki",
            puzzle_of_variant(json.loads(VARIANT.read_text())),
            VARIANT_SOLUTION,
        )
    ]
    cases += [(name, puzzle, solution) for name, puzzle, solution in published()]
    for game in ("keen", "towers", "unequal"):
        rows = _rows(DATA / "tatham" / f"{game}.tsv", f"{game}:")
        cases += [(f"{game}-{i}", *rows[i]) for i in (0, len(rows) // 2, len(rows) - 1)]
    killers = _rows(DATA / "killer_texts" / "sudocue.tsv") + _rows(
        DATA / "killer_texts" / "arrows.tsv"
    )
    cases += [(f"killer-{i}", *row) for i, row in enumerate(killers[2:5])]
    return cases


CASES = [case for case in _cases() if case[1].constraints]  # a Latin square without signs: houses


def _checked(puzzle: Puzzle, solution: tuple[int, ...]) -> tuple[int, ...]:
    """The published solution, accepted by the independent checkers of houses and rules."""
    assert is_solution(solution, puzzle)
    assert broken_constraints(solution, puzzle.n, puzzle.constraints) == []
    return solution


def _true_of(literal: int, solution: tuple[int, ...], n: int) -> bool:
    claim = claim_of(abs(literal), n)
    holds = solution[claim.row * n + claim.col] == claim.digit
    return holds if literal > 0 else not holds


def _check_deduction(found: Hint, solution: tuple[int, ...]) -> None:
    """Every claim the deduction and its lead decide is true of the solution; its premises are
    the player's state; it names its rule when it comes from one."""
    deduction = found.deduction
    assert found.status is HintStatus.STEP and deduction is not None and deduction.step is not None
    n = found.puzzle.n
    steps = [deduction.trail[i] for i in deduction.lead] + [deduction.step]
    decided = [u for s in steps for u in s.decided if abs(u) <= n**3]
    assert decided and all(_true_of(u, solution, n) for u in decided)
    for u in deduction.premises:  # each premise is a claim the player's state already decides
        assert found.state.values[abs(u)] == (1 if u > 0 else -1)
    step = deduction.step
    if step.axiom is not None and step.axiom.source is not None:
        title = found.puzzle.constraints[step.axiom.source].title(n)
        assert title in str(found.at(2)) and title in str(found)


WALK = 30
"""The most hints a walk takes (the small puzzles are solved within it)."""


@pytest.mark.parametrize(("name", "puzzle", "solution"), CASES, ids=[c[0] for c in CASES])
def test_hints_walk_towards_the_solution_or_say_a_guess_is_next(
    name: str, puzzle: Puzzle, solution: tuple[int, ...]
) -> None:
    solution = _checked(puzzle, solution)
    n = puzzle.n
    grid = puzzle
    for _ in range(min(n * n + 1, WALK)):
        found = hint(grid, original=puzzle)
        if found.status is HintStatus.SOLVED:
            assert grid.cells == solution
            return
        if found.status is HintStatus.STUCK:
            assert "the next step is a guess" in str(found)
            return
        _check_deduction(found, solution)
        assert found.deduction is not None and found.deduction.step is not None
        placed = [claim_of(u, n) for u in found.deduction.step.decided if 0 < u <= n**3]
        assert placed  # without marks a hint places a digit
        cells = list(grid.cells)
        for claim in placed:
            cells[claim.row * n + claim.col] = claim.digit
        grid = grid.with_cells(tuple(cells))
    assert n * n + 1 > WALK, "no hint filled the grid"


def test_levels_name_the_kind_then_the_rule_then_the_whole_step() -> None:
    puzzle = parse_puzzle("keen:3:a3_ac,a3m6a9")
    marks = " ".join(["123"] * 9)  # every candidate kept: the first step is the cage's
    words = [str(hint(puzzle, marks, level=level)) for level in (1, 2, 3)]
    assert words[0] == "keen cage (a deduction from one of the puzzle's keen cage rules)"
    assert words[1] == "cage 3+ over r1c1,r1c2, at r1c1"
    assert words[2] == (
        "cage 3+ over r1c1,r1c2: only fillings 1,2 and 2,1 remain, so r1c1 is not 3. "
        "No entry is needed: the rules alone say so."
    )


def test_a_placement_names_the_eliminations_it_rests_on_and_the_entries() -> None:
    puzzle = puzzle_of_variant(json.loads(VARIANT.read_text()))
    found = hint(puzzle)
    said = str(found)
    assert found.technique_name == "lone-cell" and found.rung == 0 and found.stage == 1
    assert said.startswith("thermometer r6c4→r5c1: ") and "; then rule 2 on 'cell r6c2" in said
    assert said.endswith("It rests on r2c2=2 and r6c1=4.")


def test_a_wrong_entry_is_a_mistake_and_the_rule_it_breaks_is_named() -> None:
    puzzle = puzzle_of_variant(json.loads(VARIANT.read_text()))
    cells = list(puzzle.cells)
    cells[0], cells[1] = 5, 3  # r1c1=5, r1c2=3 on the thermometer r1c1→r1c3: not increasing
    found = hint(puzzle.with_cells(tuple(cells)), original=puzzle, level=3)
    assert found.status is HintStatus.MISTAKE
    assert [m.claim.label() for m in found.mistakes] == ["r1c1=5", "r1c2=3"]
    assert "thermometer r1c1→r1c3" in str(found)
    alone = hint(puzzle.with_cells(tuple(cells)))  # no original: the grid has no solution
    assert alone.status is HintStatus.UNSOLVABLE
    assert "thermometer r1c1→r1c3" in str(alone) and "r1c1=5" in str(alone)
    assert "thermometer r1c1→r1c3" in str(alone.at(2))


def test_a_solved_grid_and_a_grid_that_needs_a_guess() -> None:
    puzzle = puzzle_of_variant(json.loads(VARIANT.read_text()))
    assert hint(puzzle.with_cells(VARIANT_SOLUTION)).status is HintStatus.SOLVED
    open_grid = Puzzle(Shape.latin(4), (0,) * 16, constraints=(Thermometer((0, 1)),))
    stuck = hint(open_grid)
    assert stuck.status is HintStatus.STUCK and stuck.rung is None
    assert str(stuck.at(1)).endswith("make no progress: the next step is a guess")
    assert "has the fewest candidates" in str(stuck.at(2))


def test_crossed_out_marks_a_solution_needs_are_mistakes() -> None:
    puzzle = puzzle_of_variant(json.loads(VARIANT.read_text()))
    every = ["123456"] * 36
    found = hint(puzzle, " ".join(["12", *every[1:]]))  # 3 to 6 crossed out at r1c1, which is 1
    assert found.status is HintStatus.STEP and found.deduction is not None
    bad = hint(puzzle, " ".join(["23", *every[1:]]))  # 1 crossed out at r1c1
    assert bad.status is HintStatus.MISTAKE and bad.mistakes[0].kind == "removed"
    assert str(bad) == "r1c1=1 was crossed out, but the solution has 1 there"


_PARTLY = [case for case in CASES if case[0] in ("thermo-arrow-kropki", "keen-0", "killer-0")]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(_PARTLY))), st.data())
def test_hints_on_partly_filled_puzzles_are_true_of_the_solution(
    which: int, data: st.DataObject
) -> None:
    _, puzzle, solution = _PARTLY[which]
    n = puzzle.n
    filled = data.draw(st.sets(st.integers(0, n * n - 1), max_size=n * n - 1))
    cells = tuple(solution[i] if i in filled or puzzle.cells[i] else 0 for i in range(n * n))
    kept = data.draw(st.booleans())
    marks = None
    if kept:  # candidates that keep the solution's digit: some crossed out at random
        tokens = []
        for i in range(n * n):
            extra = data.draw(st.sets(st.integers(1, n), max_size=n))
            tokens.append("".join(str(d) for d in sorted(extra | {solution[i]})))
        marks = " ".join(tokens)
    found = hint(puzzle.with_cells(cells), marks, original=puzzle)
    assert found.status in (HintStatus.STEP, HintStatus.STUCK, HintStatus.SOLVED)
    if found.status is HintStatus.STEP:
        _check_deduction(found, solution)
