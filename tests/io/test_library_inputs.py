"""The library takes what a notebook holds (strings, rows, arrays) and the CLI's names, limits."""

from __future__ import annotations

import re

import pytest

from satdoku import (
    InputError,
    Limits,
    Puzzle,
    Shape,
    count,
    explain,
    is_solution,
    is_unique,
    parse_puzzle,
    solutions,
    solve,
    trace,
)
from satdoku.api._predicates import diagonal_has_2

np = pytest.importorskip("numpy")

LINE = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
PUZZLE = parse_puzzle(LINE)
ROWS = [list(PUZZLE.cells[r * 9 : (r + 1) * 9]) for r in range(9)]
STRINGS = [LINE[r * 9 : (r + 1) * 9] for r in range(9)]


@pytest.mark.parametrize(
    "value",
    [
        ROWS,
        tuple(tuple(r) for r in ROWS),
        STRINGS,
        list(PUZZLE.cells),
        np.array(ROWS),
        np.array(ROWS, dtype=np.int8),
        np.array(PUZZLE.cells, dtype=np.uint16),
        np.array(ROWS, dtype=float),
        PUZZLE,
    ],
    ids=["rows", "tuples", "strings", "flat", "array", "int8", "flat-uint16", "floats", "puzzle"],
)
def test_every_form_of_a_puzzle_is_the_same_puzzle(value: object) -> None:
    assert parse_puzzle(value) == PUZZLE
    solution = solve(value)
    assert solution is not None and is_solution(solution, PUZZLE)
    assert is_unique(value) and count(value).count == 1
    assert trace(value).puzzle == PUZZLE


def test_a_puzzle_of_an_array_solves_and_checks() -> None:
    """Puzzle(shape, ndarray) once made solve() call a correct grid 'not a solution'."""
    puzzle = Puzzle(Shape.sudoku(9), np.array(PUZZLE.cells))
    assert type(puzzle.cells) is tuple and all(type(d) is int for d in puzzle.cells)
    solution = solve(puzzle)
    assert solution is not None and is_solution(solution, PUZZLE)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ({"cells": 1}, "expected a puzzle"),
        (42, "expected a puzzle"),
        ([[1, 0], [0]], "ragged grid"),
        ([1, 0, 0], "expected n*n cells"),
        (np.array([[1.5, 0], [0, 0]]), "whole numbers"),
        ([[True, False], [False, False]], "whole numbers"),
        ([[5, 0], [0, 0]], "expected 0 (blank) or 1..2"),
        (["1..", ".."], "row"),
    ],
)
def test_what_is_not_a_puzzle_is_an_input_error(value: object, said: str) -> None:
    with pytest.raises(InputError, match=re.escape(said)):
        parse_puzzle(value)


def test_the_readme_library_example_with_a_numpy_array() -> None:
    """The README's first library example, with the puzzle as a notebook user holds it."""
    grid = np.array([[0 if ch == "." else int(ch) for ch in row] for row in STRINGS])
    solution = solve(grid)
    assert solution is not None and is_solution(solution, PUZZLE)
    assert solution[:3] == (2, 5, 3)


def test_where_takes_a_predicate_name_as_the_cli_does() -> None:
    latin = Puzzle(Shape.latin(4), (0,) * 16)
    by_name = solve(latin, where="diagonal-has-2", order="reading")
    assert by_name == solve(latin, where=diagonal_has_2, order="reading")
    assert by_name is not None and diagonal_has_2(Puzzle(latin.shape, by_name)) is True
    assert len(list(solutions(latin, limit=3, where="diagonal-has-2"))) == 3
    with pytest.raises(InputError, match="unknown predicate 'nope'"):
        solve(latin, where="nope")


def test_limits_by_keyword_as_the_cli_takes_them() -> None:
    assert solve(PUZZLE, timeout=5) is not None
    assert solve(PUZZLE, conflicts=10_000) is not None
    assert count(PUZZLE, timeout=5).count == 1
    assert solve(PUZZLE, limits=Limits(timeout=5)) is not None
    for bad in ({"timeout": 0}, {"timeout": "soon"}, {"conflicts": -3}, {"conflicts": 1.5}):
        with pytest.raises(InputError):
            solve(PUZZLE, **bad)
    with pytest.raises(InputError, match="not both"):
        solve(PUZZLE, timeout=1, limits=Limits(timeout=2))


def test_explain_takes_rows() -> None:
    assert explain([[1, 2, 0, 0], [0, 0, 3, 4], [0] * 4, [0] * 4]) is not None
