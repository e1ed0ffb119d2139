"""Reading and writing puzzles: line, grid, tokens, JSON, Markdown tables; errors with places."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from satdoku.core._errors import InputError
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_grid
from satdoku.io._alphabet import Alphabet
from satdoku.io._grid import format_grid, format_pretty
from satdoku.io._line import format_line, parse_line
from satdoku.io._puzzle_values import parse_puzzle
from satdoku.io._reading import FileLayout, read_puzzles
from satdoku.io._shape_options import ShapeOptions

SEED002 = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"


def entries(text: str, **kw: object) -> list:
    return list(read_puzzles(text.splitlines(), **kw))  # type: ignore[arg-type]


def test_line_format_with_every_blank_symbol() -> None:
    assert parse_line("1.0?_" + "." * 11).cells[:5] == (1, 0, 0, 0, 0)


def test_letters_are_case_insensitive_digits_above_nine() -> None:
    line = "A" + "." * 255
    assert parse_line(line).cells[0] == 10
    assert parse_line(line.lower()).cells[0] == 10


def test_custom_alphabets_of_the_large_collections() -> None:
    assert parse_line("Y" + "." * 624, Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXY")).cells[0] == 25
    assert (
        parse_line("0" + "." * 1295, Alphabet("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")).cells[0] == 1
    )


def test_comments_are_skipped_and_each_line_is_a_puzzle() -> None:
    got = entries(f"# header\n{SEED002}\n\n# more\n{SEED002}\n")
    assert [e.line for e in got] == [2, 5]
    assert all(e.puzzle is not None for e in got)


def test_a_file_of_n_rows_of_n_symbols_is_one_grid() -> None:
    text = "\n".join(SEED002[i : i + 9] for i in range(0, 81, 9))
    (entry,) = entries(text)
    assert entry.puzzle is not None and format_line(entry.puzzle.cells) == SEED002


def test_pretty_printed_board_reads_back() -> None:
    puzzle = parse_line(SEED002)
    (entry,) = entries(format_pretty(puzzle.cells, puzzle.shape))
    assert entry.puzzle == puzzle


def test_markdown_table_of_the_seed_reads_as_is() -> None:
    rows = ["| | | | | | | | | |", "|---|---|---|---|---|---|---|---|---|"]
    for r in range(9):
        rows.append(
            "| " + " | ".join(c if c != "." else "" for c in SEED002[r * 9 : r * 9 + 9]) + " |"
        )
    (entry,) = entries("\n".join(rows))
    assert entry.puzzle is not None and format_line(entry.puzzle.cells) == SEED002


def test_seed_list_of_strings_form_is_the_grid_format() -> None:
    (entry,) = entries('"??3?"\n"??2?"\n"?4??"\n"????"')
    assert entry.puzzle is not None and format_line(entry.puzzle.cells) == "..3...2..4......"


def test_garbled_sample_sudoku_of_seed_000_is_rejected_with_a_line() -> None:
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
    got = entries("\n".join(f'"{r}"' for r in rows), layout=FileLayout.GRID)
    assert got[0].error is not None
    assert "ragged grid" in got[0].error.message and got[0].error.line == 1


def test_token_format_for_big_grids_round_trips() -> None:
    shape = Shape.sudoku(36)
    grid = random_grid(shape, 1)
    assert grid is not None
    text = format_line(grid)
    assert " " in text
    assert parse_line(text).cells == grid
    (entry,) = entries(format_grid(grid))
    assert entry.puzzle is not None and entry.puzzle.cells == grid


def test_json_grid() -> None:
    (entry,) = entries("[[1, 0], [0, 0]]", options=ShapeOptions(latin=True))
    assert entry.puzzle is not None and entry.puzzle.cells == (1, 0, 0, 0)


def test_a_json_list_of_grids_gives_one_entry_per_grid_each_with_its_own_error() -> None:
    got = entries('[[[1, 0], [0, null]], [[1, 0], [0]], [[0, 0], [0, "A"]]]')
    assert [e.index for e in got] == [0, 1, 2]
    assert got[0].puzzle is not None and got[0].puzzle.cells == (1, 0, 0, 0)
    assert got[1].error is not None and "ragged grid" in got[1].error.message
    assert got[2].error is not None and "digit 10 is more than 2" in got[2].error.message


def test_a_forced_layout_wins_over_the_guess() -> None:
    text = "1...\n....\n....\n...."  # four rows of four: read as one 4x4 grid unless told
    (grid,) = entries(text)
    assert grid.puzzle is not None and grid.puzzle.n == 4
    lines = entries(text, layout=FileLayout.LINES)
    assert [e.puzzle.n for e in lines if e.puzzle is not None] == [2, 2, 2, 2]
    (forced,) = entries(SEED002, layout=FileLayout.GRID)
    assert forced.error is not None and "ragged grid" in forced.error.message
    assert [FileLayout(v) for v in ("auto", "lines", "grid")] == list(FileLayout)


@pytest.mark.parametrize(
    "text",
    [
        SEED002,  # the fast path: ASCII symbols and blanks only
        "|".join(SEED002[i : i + 9] for i in range(0, 81, 9)),  # borders: the full parser
        ",".join(SEED002),
    ],
)
def test_the_fast_path_and_the_full_parser_read_the_same_puzzle(text: str) -> None:
    assert parse_line(text) == parse_line(SEED002)
    assert format_line(parse_line(text).cells) == SEED002


def test_a_digit_over_n_on_the_fast_path_gets_the_full_error() -> None:
    with pytest.raises(InputError, match="digit 5 is more than 4") as info:
        parse_line("1..." * 3 + "...5", line=2)
    assert (info.value.line, info.value.column) == (2, 16)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("1234567", "expected n\\*n symbols", None),
        ("12*4" + "." * 12, "unknown symbol '\\*'", 3),
        ("1.A." + "." * 12, "digit 10 is more than 4", 3),
    ],
)
def test_bad_lines_say_what_and_where(text: str, message: str, column: int | None) -> None:
    with pytest.raises(InputError, match=message) as info:
        parse_line(text, line=7, source="f.txt")
    assert info.value.line == 7 and info.value.column == column
    assert info.value.located().startswith("f.txt:7")


def test_box_that_does_not_divide_is_an_input_error() -> None:
    with pytest.raises(InputError, match="does not tile"):
        parse_line("." * 81, options=ShapeOptions(box=(2, 4)))


def test_parse_puzzle_of_two_puzzles_is_an_error() -> None:
    with pytest.raises(InputError, match="expected one puzzle"):
        parse_puzzle(SEED002 + "\n" + SEED002)


@given(st.sampled_from([4, 6, 8, 9, 12, 16, 25, 36]), st.integers(0, 10**6), st.floats(0, 1))
def test_line_and_grid_round_trips(n: int, seed: int, keep: float) -> None:
    shape = Shape.sudoku(n)
    grid = random_grid(shape, seed)
    assert grid is not None
    cells = tuple(d if (i * 7919 + seed) % 100 < keep * 100 else 0 for i, d in enumerate(grid))
    assert parse_line(format_line(cells)).cells == cells
    (entry,) = entries(format_grid(cells), layout=FileLayout.GRID)
    assert entry.puzzle is not None and entry.puzzle.cells == cells
    (entry,) = entries(format_pretty(cells, shape), layout=FileLayout.GRID)
    assert entry.puzzle is not None and entry.puzzle.cells == cells
