"""Published variant puzzles (tests/data/variants/published.jsonl, sources in each record) are
solved end to end: the SAT path finds their one solution, the stepper reaches it too, and the
checker names what a wrong grid breaks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import satdoku.core.constraints as kinds
from satdoku.api._constraint_steps import solve_by_steps
from satdoku.backends._constraint_sat import count_constrained, solve_constrained
from satdoku.core._puzzle import Puzzle
from satdoku.core._rule_check import broken_rules
from satdoku.core._shape import Shape
from satdoku.core.constraints import Constraint

PUBLISHED = Path(__file__).parents[1] / "data" / "variants" / "published.jsonl"


def rule_of(record: dict[str, Any]) -> Constraint:
    """A rule from its class name and its dataclass fields (lists become tuples)."""
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in record.items() if k != "type"}
    made: Constraint = getattr(kinds, record["type"])(**fields)
    return made


def published() -> list[tuple[str, Puzzle, tuple[int, ...]]]:
    found = []
    for line in PUBLISHED.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        n, box = record["n"], tuple(record["box"])
        cells = tuple(0 if ch == "." else int(ch) for ch in record["givens"])
        rules = tuple(rule_of(rule) for rule in record["rules"])
        solution = tuple(int(ch) for ch in record["solution"])
        found.append(
            (record["name"], Puzzle(Shape.sudoku(n, box), cells, constraints=rules), solution)
        )
    return found


@pytest.mark.parametrize(
    ("name", "puzzle", "solution"), published(), ids=[p[0] for p in published()]
)
def test_published_puzzles_have_their_one_solution(
    name: str, puzzle: Puzzle, solution: tuple[int, ...]
) -> None:
    assert count_constrained(puzzle, 2) == 1
    assert solve_constrained(puzzle) == solution
    assert solve_by_steps(puzzle) == solution
    assert broken_rules(solution, puzzle) == []


def test_a_wrong_grid_of_the_miracle_is_named_by_the_rules_it_breaks() -> None:
    [(_, puzzle, solution)] = [p for p in published() if p[0] == "miracle"]
    swapped = list(solution)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # r1c1 and r1c2: 8,4 instead of 4,8
    broken = broken_rules(swapped, puzzle)
    assert broken[-1] == "non-consecutive: r1c1 and r2c1 hold 8 and 7"
    assert "column 1 has exactly one 8 (found 2: r1c1, r4c1)" in broken
