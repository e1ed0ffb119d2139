"""Conformance with the seed documents: their examples, transcribed here, solved by our solver."""

import pytest

from satdoku.backends._sat import SatBackend
from satdoku.core._checker import broken_axioms, is_solution
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.io._line import format_line, parse_line
from satdoku.io._reading import FileLayout, read_puzzles
from satdoku.io._shape_options import ShapeOptions

LATIN = ShapeOptions(latin=True)


def solve_line(text: str, options: ShapeOptions = ShapeOptions()) -> tuple[Status, str | None]:
    puzzle = parse_line(text, options=options)
    with SatBackend() as backend:
        result = backend.solve(puzzle)
    if result.solution is not None:
        assert is_solution(result.solution, puzzle)
        return result.status, format_line(result.solution)
    return result.status, None


def test_seed_002_figure_1_puzzle_and_its_printed_solution() -> None:
    puzzle = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
    solution = "253861497149752368678349512597218634381476259462593871735984126826137945914625783"
    assert solve_line(puzzle) == (Status.SOLVED, solution)


SHORTZ_GRID = """\
-----
| 9 . 8 | 3 . . | 7 4 2 |
| . 4 . | 5 8 . | . 9 . |
| 2 . . | . 7 . | 1 . 8 |
-----
| . . 6 | 2 9 4 | 8 3 . |
| 4 8 . | . . . | . . 1 |
| 3 7 . | 6 . 8 | . 2 . |
-----
| . 3 . | . 5 6 | . . . |
| 6 . . | 1 . . | . 8 3 |
| . 2 . | . . 3 | . 1 5 |
-----"""


def test_seed_001_will_shortz_puzzle_read_as_printed_and_checked() -> None:
    (entry,) = read_puzzles(SHORTZ_GRID.splitlines())
    assert entry.puzzle is not None
    with SatBackend() as backend:
        result = backend.solve(entry.puzzle)
    assert result.solution is not None
    assert broken_axioms(result.solution, entry.puzzle.shape) == []
    assert is_solution(result.solution, entry.puzzle)


def test_seed_001_given_list_puzzle() -> None:
    # ((x y) v): x = column, y = row, 0-based
    given_list = [
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
    assert len(given_list) == 28
    cells = ["."] * 81
    for (x, y), v in given_list:
        cells[y * 9 + x] = str(v)
    status, solution = solve_line("".join(cells))
    assert status is Status.SOLVED and solution is not None


@pytest.mark.parametrize(
    ("rows", "options"),
    [
        (["...", ".3.", "..2"], LATIN),
        (["..3.", "..2.", ".4..", "...."], LATIN),
    ],
)
def test_seed_000_latin_examples_solve(rows: list[str], options: ShapeOptions) -> None:
    status, solution = solve_line("".join(rows), options)
    assert status is Status.SOLVED


def test_seed_000_four_by_four_latin_square_checks() -> None:
    assert broken_axioms(parse_line("1324421324313142").cells, Shape.latin(4)) == []


SUDOKU_T = "123456789465789123789123456456789123123456789789123456789123654456789123321456789"
SUDOKU_F = "123456789456789123789123456456789123123456789789123456789123457456789123123456789"
LATIN_NOT_SUDOKU = (
    "473562198625314789164785932248931675351479826739628541586297314917846253892153467"
)


def box_problems(line: str) -> list[str]:
    return [
        p for p in broken_axioms(parse_line(line).cells, Shape.sudoku(9)) if p.startswith("box")
    ]


def test_seed_000_sudoku_examples_as_check() -> None:
    # sudoku? looks at the boxes only: T passes it, F fails in the bottom-right box
    assert box_problems(SUDOKU_T) == []
    assert box_problems(SUDOKU_F) == [
        "box 9 has exactly one 6 (found 0)",
        "box 9 has exactly one 7 (found 2: r7c9, r9c7)",
    ]
    assert broken_axioms(parse_line(LATIN_NOT_SUDOKU).cells, Shape.latin(9)) == []
    assert len({p.split(" has")[0] for p in box_problems(LATIN_NOT_SUDOKU)}) == 8


def test_seed_000_garbled_sample_sudoku_is_rejected_clearly() -> None:
    rows = [
        "?????1?8",
        "??5?1??8?",
        "?6??75???",
        "2??93?????",
        "3?1???8?6",
        "????28??1",
        "???2?7?1?",
        "?1???4?2???",
        "8?2????6?",
    ]
    (entry,) = read_puzzles([f'"{r}"' for r in rows], layout=FileLayout.GRID)
    assert entry.error is not None
    assert entry.error.line == 1 and "this row has 8 cells, expected 9" in entry.error.message


def test_seed_000_last_puzzle_two_nines_in_column_4_is_unsolvable() -> None:
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
    status, _ = solve_line("".join(rows))
    assert status is Status.UNSOLVABLE


SEED004_SOLUTIONS = {
    "..2....1.1..4...": {"1423324121344312", "1324243131424213"},
    "1....2....3....4": {"1342421324313124", "1423324141322314"},
}


@pytest.mark.parametrize("board", sorted(SEED004_SOLUTIONS))
def test_seed_004_boards_with_two_solutions(board: str) -> None:
    status, solution = solve_line(board)
    assert status is Status.SOLVED and solution in SEED004_SOLUTIONS[board]


def test_seed_004_filled_impossible_and_empty_boards() -> None:
    assert solve_line("1423324121344312") == (Status.SOLVED, "1423324121344312")
    assert solve_line("142332412134.412") == (Status.UNSOLVABLE, None)
    assert solve_line("." * 16)[0] is Status.SOLVED
