"""Predicates on finished grids: seed 000's yes, no, diagonal-has-2?, sudoku?, and reasons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.api._explorer import Explorer
from satdoku.api._predicates import (
    PREDICATES,
    PredicateError,
    Reject,
    diagonal_has_2,
    is_sudoku,
    judge,
    no,
    predicate_named,
    yes,
)
from satdoku.api._space import solutions
from satdoku.cli import main
from satdoku.core._claims import Claim
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import format_line


def grid(rows: list[str] | list[list[int]], shape: Shape | None = None) -> Puzzle:
    digits = [[int(ch) for ch in row] for row in rows]
    return Puzzle.from_rows(digits, shape or Shape.latin(len(digits)))


def test_yes_and_no() -> None:
    g = grid(["12", "21"])
    assert yes(g) is True
    assert not no(g) and no(g) == Reject()


def test_seed000_diagonal_has_2() -> None:
    assert not diagonal_has_2(grid([[3, 2, 1], [2, 1, 3], [1, 3, 1]]))
    assert diagonal_has_2(grid(["1234", "4321", "2413", "3142"])) is True  # 1,3,1,2
    assert not diagonal_has_2(grid(["1234", "4123", "3412", "2341"]))  # all 1s
    assert diagonal_has_2(grid(["1432", "4321", "3214", "2143"])) is not True  # 1,3,1,3


def test_diagonal_has_2_looks_at_the_main_diagonal_only() -> None:
    anti_only = grid(["1342", "3421", "4213", "2134"])  # anti-diagonal 2,2,2,2; main 1,4,1,4
    assert not diagonal_has_2(anti_only)


SUDOKU_T = [
    "123456789",
    "465789123",
    "789123456",
    "456789123",
    "123456789",
    "789123456",
    "789123654",
    "456789123",
    "321456789",
]
SUDOKU_F = [
    "123456789",
    "456789123",
    "789123456",
    "456789123",
    "123456789",
    "789123456",
    "789123457",
    "456789123",
    "123456789",
]
LATIN9 = [
    "473562198",
    "625314789",
    "164785932",
    "248931675",
    "351479826",
    "739628541",
    "586297314",
    "917846253",
    "892153467",
]


def test_seed000_sudoku_predicate() -> None:
    assert is_sudoku(grid(SUDOKU_T)) is True  # not a Latin square, but every box is fine
    reject = is_sudoku(grid(SUDOKU_F))
    assert isinstance(reject, Reject)
    assert {(c.row, c.col) for c in reject.claims} <= {
        (r, c) for r in range(6, 9) for c in range(6, 9)
    }
    assert not is_sudoku(grid(LATIN9))


def test_sudoku_predicate_on_a_prime_side_raises() -> None:
    with pytest.raises(ValueError, match="no boxes"):
        is_sudoku(grid(["12345", "23451", "34512", "45123", "51234"]))


def test_registry_by_command_line_name() -> None:
    assert list(PREDICATES) == ["yes", "no", "diagonal-has-2", "sudoku"]
    assert predicate_named("diagonal-has-2") is diagonal_has_2
    with pytest.raises(InputError, match="unknown predicate 'maybe'"):
        predicate_named("maybe")


def test_judge_turns_every_kind_of_answer_into_a_reject() -> None:
    g = grid(["12", "21"])
    assert judge(yes, g) is None
    assert judge(lambda p: True, g) is None
    assert judge(lambda p: False, g) == Reject(tuple(g.givens()))
    assert judge(lambda p: [Claim(0, 0, 1)], g) == Reject((Claim(0, 0, 1),))
    assert judge(lambda p: [(1, 1, 1)], g) == Reject(((1, 1, 1),))  # type: ignore[arg-type]
    with pytest.raises(PredicateError, match="not true in the grid"):
        judge(lambda p: [Claim(0, 0, 2)], g)
    with pytest.raises(PredicateError, match="absent claim r1c1=1 is true"):
        judge(lambda p: Reject(absent=(Claim(0, 0, 1),)), g)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([Shape.latin(4), Shape.sudoku(4), Shape.latin(6)]), st.data())
def test_reasons_are_sound(shape: Shape, data: st.DataObject) -> None:
    """Every grid that holds a reject's claims (and none of its absent ones) fails too."""
    every = list(solutions(Puzzle.empty(shape), limit=300))
    g = data.draw(st.sampled_from(every))
    for pred in (diagonal_has_2, is_sudoku):
        reject = judge(pred, Puzzle(shape, g))
        if reject is None:
            continue
        n = shape.n
        for other in every:
            holds = all(other[r * n + c] == d for r, c, d in reject.claims) and not any(
                other[r * n + c] == d for r, c, d in reject.absent
            )
            if holds:
                assert judge(pred, Puzzle(shape, other)) is not None, format_line(other)


def test_the_predicates_work_is_in_the_result_and_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """How many solutions a predicate rejected, and the claims its reasons blocked, are said."""
    latin = Puzzle(Shape.latin(4), (0,) * 16)
    with Explorer() as explorer:
        result = explorer.first(latin, diagonal_has_2, "reading")
    assert result.rejected is not None and result.rejected >= 1
    assert "rejected" not in result.extra
    assert [c.label() for c in result.blocked[0].absent] == [
        "r1c1=2",
        "r2c2=2",
        "r3c3=2",
        "r4c4=2",
    ]
    path = tmp_path / "latin.txt"
    path.write_text("." * 16 + "\n")
    argv = ["solve", str(path), "--latin", "--where", "diagonal-has-2", "--order", "reading"]
    assert main([*argv, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rejected"] == result.rejected
    assert record["blocked"][0] == ["r1c1!=2", "r2c2!=2", "r3c3!=2", "r4c4!=2"]
    assert main(argv) == 0
    assert "--where diagonal-has-2 rejected 1 solution(s)" in capsys.readouterr().err
