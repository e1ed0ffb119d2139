"""Seed 000's check-expects (the ones not garbled), ported to Python, and its walkthroughs."""

from __future__ import annotations

import random

import pytest

from satdoku.core._errors import InputError
from satdoku.rules._seed_solver import (
    Board,
    all_satisfy,
    any_satisfy,
    diagonal_has_2,
    find_where,
    is_sudoku,
    no,
    remove_singles,
    solve_latin,
    strings_to_puzzle,
    yes,
)


def is_int(x: object) -> bool:
    return isinstance(x, int)


def is_symbol(x: object) -> bool:
    return isinstance(x, str)


def is_list(x: object) -> bool:
    return isinstance(x, list)


def is_empty(x: object) -> bool:
    return x == []


def test_all_satisfy() -> None:
    assert all_satisfy(is_int, [[2, 3, 4], [5, 6, 7]]) is True
    assert all_satisfy(is_int, [[2, 3, 4], [5, "six", 7]]) is False


def test_any_satisfy() -> None:
    assert any_satisfy(is_symbol, [[2, 3, 4], [5, 6, 7]]) is False
    assert any_satisfy(is_symbol, [[2, 3, 4], [5, "six", 7]]) is True


WHEREMATRIX = [[1, 2, 3, 4], [4, 5, [3, 6], [1, 2]], [[7], 8, 9, []]]


@pytest.mark.parametrize(
    ("pred", "expected"), [(is_list, (2, 1)), (is_empty, (3, 2)), (is_int, (0, 0))]
)
def test_find_where_gives_column_then_row(pred, expected) -> None:  # type: ignore[no-untyped-def]
    assert find_where(pred, WHEREMATRIX) == expected


def test_strings_to_puzzle() -> None:
    assert strings_to_puzzle(["???", "?3?", "??2"]) == [
        [[1, 2, 3], [1, 2, 3], [1, 2, 3]],
        [[1, 2, 3], [3], [1, 2, 3]],
        [[1, 2, 3], [1, 2, 3], [2]],
    ]
    # The seed's second example has a garbled row "?4???"; the corrected rows:
    assert strings_to_puzzle(["??3?", "??2?", "?4??", "????"]) == [
        [[1, 2, 3, 4], [1, 2, 3, 4], [3], [1, 2, 3, 4]],
        [[1, 2, 3, 4], [1, 2, 3, 4], [2], [1, 2, 3, 4]],
        [[1, 2, 3, 4], [4], [1, 2, 3, 4], [1, 2, 3, 4]],
        [[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]],
    ]


@pytest.mark.parametrize("rows", [["?4???", "??", "??", "??"], ["?5", "??"], ["x?", "??"]])
def test_strings_to_puzzle_rejects_bad_rows(rows: list[str]) -> None:
    with pytest.raises(InputError):
        strings_to_puzzle(rows)


def test_remove_singles_3x3() -> None:
    assert remove_singles(strings_to_puzzle(["???", "?3?", "??2"])) == [
        [1, 2, 3],
        [2, 3, 1],
        [3, 1, 2],
    ]


def test_remove_singles_4x4_stops_with_choices_left() -> None:
    assert remove_singles(strings_to_puzzle(["??3?", "??2?", "?4??", "????"])) == [
        [[1, 2, 4], [1, 2], 3, [1, 2, 4]],
        [[1, 3, 4], [1, 3], 2, [1, 3, 4]],
        [[2, 3], 4, 1, [2, 3]],
        [[1, 2, 3], [1, 2, 3], 4, [1, 2, 3]],
    ]


def test_remove_singles_walkthrough_contradiction_state() -> None:
    """The seed's guess (1,0)=3 after (0,0)=1: two empty cells, (3,3) keeps (1 2)."""
    start = remove_singles(strings_to_puzzle(["??3?", "??2?", "?4??", "????"]))
    start[0][0] = [1]
    after_first = remove_singles(start)
    assert after_first == [
        [1, 2, 3, 4],
        [[3, 4], [1, 3], 2, [1, 3]],
        [[2, 3], 4, 1, [2, 3]],
        [[2, 3], [1, 3], 4, [1, 2, 3]],
    ]
    after_first[1][0] = [3]
    assert remove_singles(after_first) == [
        [1, 2, 3, 4],
        [3, 1, 2, []],
        [2, 4, 1, 3],
        [[], 3, 4, [1, 2]],
    ]


def test_remove_singles_does_not_change_its_argument() -> None:
    board = strings_to_puzzle(["???", "?3?", "??2"])
    remove_singles(board)
    assert board[1][1] == [3]


def test_predicates() -> None:
    assert yes(None) is True and no(None) is False
    assert diagonal_has_2([[3, 2, 1], [2, 1, 3], [1, 3, 1]]) is False
    assert diagonal_has_2([[1, 2, 3, 4], [4, 3, 2, 1], [2, 4, 1, 3], [3, 1, 4, 2]]) is True
    assert diagonal_has_2([]) is False


PUZZLE_23 = ["???", "?3?", "??2"]
PUZZLE_324 = ["??3?", "??2?", "?4??", "????"]


def test_solve_latin_check_expects() -> None:
    assert solve_latin(yes, strings_to_puzzle(PUZZLE_23)) == [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
    assert solve_latin(yes, strings_to_puzzle(PUZZLE_324)) == [
        [1, 2, 3, 4],
        [4, 1, 2, 3],
        [3, 4, 1, 2],
        [2, 3, 4, 1],
    ]
    assert solve_latin(diagonal_has_2, strings_to_puzzle(PUZZLE_324)) == [
        [1, 2, 3, 4],
        [4, 3, 2, 1],
        [2, 4, 1, 3],
        [3, 1, 4, 2],
    ]
    assert solve_latin(no, strings_to_puzzle(PUZZLE_324)) is None


SUDOKU_T = [
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [4, 6, 5, 7, 8, 9, 1, 2, 3],
    [7, 8, 9, 1, 2, 3, 4, 5, 6],
    [4, 5, 6, 7, 8, 9, 1, 2, 3],
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [7, 8, 9, 1, 2, 3, 4, 5, 6],
    [7, 8, 9, 1, 2, 3, 6, 5, 4],
    [4, 5, 6, 7, 8, 9, 1, 2, 3],
    [3, 2, 1, 4, 5, 6, 7, 8, 9],
]
SUDOKU_F = [
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [4, 5, 6, 7, 8, 9, 1, 2, 3],
    [7, 8, 9, 1, 2, 3, 4, 5, 6],
    [4, 5, 6, 7, 8, 9, 1, 2, 3],
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [7, 8, 9, 1, 2, 3, 4, 5, 6],
    [7, 8, 9, 1, 2, 3, 4, 5, 7],
    [4, 5, 6, 7, 8, 9, 1, 2, 3],
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
]
LATIN_NOT_SUDOKU = (
    "473562198625314789164785932248931675351479826739628541586297314917846253892153467"
)


def test_is_sudoku_check_expects() -> None:
    assert is_sudoku(SUDOKU_T) is True
    assert is_sudoku(SUDOKU_F) is False
    rows = [[int(ch) for ch in LATIN_NOT_SUDOKU[r * 9 : r * 9 + 9]] for r in range(9)]
    assert is_sudoku(rows) is False


def test_latin_square_example_is_latin() -> None:
    rows = [[1, 3, 2, 4], [4, 2, 1, 3], [2, 4, 3, 1], [3, 1, 4, 2]]
    assert all(sorted(r) == [1, 2, 3, 4] for r in rows)
    assert all(sorted(c) == [1, 2, 3, 4] for c in zip(*rows, strict=True))
    assert solve_latin(yes, [[[d] for d in r] for r in rows]) == rows


def test_solve_latin_sudoku_puzzle_as_written_is_unsolvable() -> None:
    """The seed's last puzzle has two 9s in column 4: remove-singles makes an empty cell."""
    rows = [
        "48?9?2???",
        "?93??5?86",
        "6??3???1?",
        "???5?1?9?",
        "???9?????",
        "?3?2?6???",
        "?????3??5",
        "24?1??36?",
        "???6?4?27",
    ]
    assert solve_latin(is_sudoku, strings_to_puzzle(rows)) is None


def test_sample_sudoku_reconstruction_gives_the_seed_latin_square() -> None:
    """The seed's sample-sudoku is garbled; this 9-row reconstruction (outside the seed) fits it."""
    rows = [
        "?7????1?8",
        "??5?1??8?",
        "?6?7?5???",
        "2??93????",
        "3?1???8?6",
        "????28??1",
        "???2?7?1?",
        "?1??4?2??",
        "8?2????6?",
    ]
    solution = solve_latin(yes, strings_to_puzzle(rows))
    assert solution == [[int(ch) for ch in LATIN_NOT_SUDOKU[r * 9 : r * 9 + 9]] for r in range(9)]


def seed_remove_singles(board: Board) -> Board:
    """The seed's loop, literally: fill the first Single in reading order; remove its digit from
    the lists of its row and column; repeat."""
    out: Board = [[list(x) if isinstance(x, list) else x for x in row] for row in board]
    while True:
        where = next(
            (
                (r, c)
                for r, row in enumerate(out)
                for c, x in enumerate(row)
                if isinstance(x, list) and len(x) == 1
            ),
            None,
        )
        if where is None:
            return out
        r, c = where
        cell = out[r][c]
        assert isinstance(cell, list)
        v = out[r][c] = cell[0]
        for k in range(len(out)):
            for other in (out[r][k], out[k][c]):
                if isinstance(other, list) and v in other:
                    other.remove(v)


def test_remove_singles_follows_the_seed_order_on_random_boards() -> None:
    """Same board as the seed's loop, contradictions ([]) and filled cells included."""
    rng = random.Random(7)
    for _ in range(1500):
        n = rng.randint(1, 5)
        board: Board = [
            [
                sorted(rng.sample(range(1, n + 1), rng.randint(0, n)))
                if rng.random() < 0.9
                else rng.randint(1, n)
                for _ in range(n)
            ]
            for _ in range(n)
        ]
        assert remove_singles(board) == seed_remove_singles(board), board
