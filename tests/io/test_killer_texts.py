"""Killer texts of the public collections: the enjoysudoku forum's 81-character arrows text and
SudoCue's ``3x3::k:`` text, read exactly, written back, refused by column when broken, and read
as puzzle lines by every command (published killers solve to their published solutions)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.cli import main
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import Comparison, KillerCage, broken_constraints
from satdoku.io._line import parse_line
from satdoku.io.killer_text import FORMS, format_killer, killer_form_of, parse_killer
from satdoku.io.tatham import parse_game_id

DATA = Path(__file__).resolve().parents[1] / "data"
SIDE = 9


def _published(form: str) -> list[tuple[str, str]]:
    lines = (DATA / "killer_texts" / f"{form}.tsv").read_text().splitlines()
    return [(text, solution) for text, solution in (line.split("\t") for line in lines)]


def _tatham_killers() -> list[tuple[str, str]]:
    rows = [line.split("\t") for line in (DATA / "tatham" / "solo.tsv").read_text().splitlines()]
    return [
        (f"solo:{game_id}", solution)
        for game_id, solution, _ in rows
        if game_id.startswith("3x3k:")
    ]


def _killer(*cages: KillerCage, diagonals: bool = False) -> Puzzle:
    return Puzzle(Shape.sudoku(SIDE, diagonals=diagonals), (0,) * 81, constraints=cages)


def _error(text: str, form: str | None = None) -> str:
    with pytest.raises(InputError) as caught:
        parse_killer(text, form)
    return caught.value.message


# --- hand-made cages: a 2-cell, a 1-cell, a long snake; the rest outside every cage -----------

# r1c1-r1c2 total 3; r1c3 total 9; a snake r1c4..r1c9, r2c9, r2c8 total 40 ('e')
HAND_ARROWS = "3<9e<<<<<" + "0000000^^" + "0" * 63
HAND_PUZZLE = _killer(
    KillerCage((0, 1), 3), KillerCage((2,), 9), KillerCage((3, 4, 5, 6, 7, 8, 16, 17), 40)
)
# cage numbers by first cell: 0, 1, 2 the cages, then 3, 4, ... each cell outside them
_OUTSIDE = [cell for cell in range(81) if cell not in range(9) and cell not in (16, 17)]
_NUMBERS = {cell: 3 + index for index, cell in enumerate(_OUTSIDE)}
HAND_SUDOCUE = (
    "3x3::k:768:768:2305:"
    + "10242:" * 6
    + "".join(f"{_NUMBERS[cell]}:" if cell in _NUMBERS else "10242:" for cell in range(9, 81))
)


@pytest.mark.parametrize("form, text", [("arrows", HAND_ARROWS), ("sudocue", HAND_SUDOCUE)])
def test_hand_made_cages_are_read_exactly_and_written_back(form: str, text: str) -> None:
    assert killer_form_of(text) == form
    assert parse_killer(text) == HAND_PUZZLE
    assert parse_killer(text, form) == HAND_PUZZLE
    assert format_killer(HAND_PUZZLE, form) == text


def test_diagonal_arrows_lead_to_the_total() -> None:
    # r2c2 total 25 ('P'); r1c1 '.' (down-right), r1c3 ',' (down-left), r3c1 "'" (up-right),
    # r3c3 '`' (up-left): a 5-cell X-shaped cage; every other cell outside the cages
    text = ".0," + "0" * 6 + "0P0" + "0" * 6 + "'0`" + "0" * 6 + "0" * 54
    assert parse_killer(text) == _killer(KillerCage((0, 2, 10, 18, 20), 25))
    assert parse_killer(format_killer(parse_killer(text), "arrows")) == parse_killer(text)


def test_the_writer_prefers_row_and_column_arrows() -> None:
    snake = _killer(KillerCage((0, 1, 10, 11, 20), 15))
    assert format_killer(snake, "arrows")[:21] == "F<" + "0" * 8 + "^<" + "0" * 8 + "^"


def test_sudocue_d_is_a_killer_with_diagonals() -> None:
    text = HAND_SUDOCUE.replace("3x3::k:", "3x3:d:k:")
    assert parse_killer(text) == _killer(*HAND_PUZZLE.constraints, diagonals=True)
    assert format_killer(parse_killer(text), "sudocue") == text


def test_sudocue_without_the_final_colon_is_the_same_puzzle() -> None:
    assert parse_killer(HAND_SUDOCUE.rstrip(":")) == HAND_PUZZLE


# --- round trips -------------------------------------------------------------------------------

_SOLUTION = "432851769786239415159467823263974581971583642548612397397148256614725938825396174"


def _random_killer(rng: random.Random, outside: float, diagonals: bool) -> Puzzle:
    """Cages grown at random over a solved grid (no digit twice in a cage, each cell's cage
    joined by row, column or diagonal steps); totals are the grid's sums, so they fit."""
    digits = [int(d) for d in _SOLUTION]
    owner: dict[int, int] = {}
    cages: list[KillerCage] = []
    for cell in range(81):
        if cell in owner or rng.random() < outside:
            continue
        members, size = [cell], rng.randint(1, SIDE)
        owner[cell] = len(cages)
        while len(members) < size:
            options = [
                near
                for member in members
                for near in _around(member)
                if near not in owner and digits[near] not in {digits[m] for m in members}
            ]
            if not options:
                break
            near = rng.choice(options)
            owner[near] = len(cages)
            members.append(near)
        members.sort()
        cages.append(KillerCage(tuple(members), sum(digits[m] for m in members)))
    cages.sort(key=lambda cage: cage.members[0])  # the order texts state them in
    return _killer(*cages, diagonals=diagonals)


def _around(cell: int) -> list[int]:
    row, col = divmod(cell, SIDE)
    return [
        (row + dr) * SIDE + col + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= row + dr < SIDE and 0 <= col + dc < SIDE
    ]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    outside=st.sampled_from([0.0, 0.1]),
    form=st.sampled_from(FORMS),
    diagonals=st.booleans(),
)
def test_format_then_parse_gives_the_same_puzzle(
    seed: int, outside: float, form: str, diagonals: bool
) -> None:
    puzzle = _random_killer(random.Random(seed), outside, diagonals and form == "sudocue")
    assert not broken_constraints(tuple(int(d) for d in _SOLUTION), SIDE, puzzle.constraints)
    text = format_killer(puzzle, form)
    assert killer_form_of(text) == form
    assert parse_killer(text) == puzzle
    assert parse_line(text) == puzzle
    assert format_killer(parse_killer(text), form) == text


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="123456789.0", min_size=81, max_size=81))
def test_no_sudoku_line_is_taken_for_a_killer_text(line: str) -> None:
    assert killer_form_of(line) is None
    assert parse_line(line).constraints == ()


# --- errors, each with its column --------------------------------------------------------------

ARROW_ERRORS = [
    ("3<#" + "9" * 78, 3, "expected a total (0-9, A-Z, a-j) or an arrow"),
    ("9999^" + "9" * 76, 5, "the arrow '^' at r1c5 points off the grid"),
    ("9" * 8 + ">" + "9" * 72, 9, "the arrow '>' at r1c9 points off the grid"),
    ("9" * 72 + "," + "9" * 8, 73, "the arrow ',' at r9c1 points off the grid"),
    ("><" + "9" * 79, 1, "the arrows of r1c1,r1c2 go round in a loop and never reach a total"),
    ("9v" + "9" * 8 + ">`" + "9" * 69, 2, "r1c2,r2c2,r2c3 go round in a loop"),
    ("0<" + "9" * 79, 2, "leads to r1c1, a '0' (a cell outside every cage), not to a total"),
    ("1<" + "9" * 79, 1, "total 1 cannot be the sum of 2 different digits (3..17)"),
    ("I<" + "9" * 79, 1, "total 18 cannot be the sum of 2 different digits"),
    ("j<<<<<<<<" + "^" + "9" * 71, 1, "a cage of 10 cells: a killer cage holds 9 at most"),
    ("  3<#" + "9" * 78, 5, "expected a total"),
]


def test_arrows_text_of_another_length_is_refused() -> None:
    assert _error("3<" + "9" * 78, "arrows") == (
        "killer text (arrows), column 1: expected 81 characters, one for each cell, got 80"
    )


def _sudocue(*fields: str, head: str = "3x3::k:") -> str:
    return head + "".join(f"{field}:" for field in fields)


_NINES = [str(9 * 256 + number) for number in range(2, 81)]  # one-cell cages of 9
# columns: 'k:' ends at 7, the two numbers '768:' take 8..15, then each of _NINES five
SUDOCUE_ERRORS = [
    ("4x4::k:" + ":".join(["768", "768", *_NINES]), 1, "expected '3x3'"),
    ("3x3:x:k:" + ":".join(["768", "768", *_NINES]), 5, "expected 'd' (diagonals) or nothing"),
    ("3x3::j:" + ":".join(["768", "768", *_NINES]), 6, "expected 'k' (killer), got 'j'"),
    ("3x3:", 5, "expected ':' and 'k' (killer), got the end"),
    (_sudocue("768", "76a", *_NINES), 12, "expected a number (total × 256 + cage number)"),
    (_sudocue("768", "", *_NINES), 12, "got ''"),
    (_sudocue("768", "1024", *_NINES), 12, "r1c2 is in cage 0 with total 4, but r1c1"),
    (_sudocue("1", "1", *_NINES), 10, "r1c2 and r1c1 share cage 1 with total 0"),
    (_sudocue("768", "768", *_NINES[:-1], str(46 * 256 + 99)), 406, "more than 45"),
    (_sudocue("4608", "4608", *_NINES), 8, "total 18 cannot be the sum of 2 different digits"),
    (_sudocue(*["2816"] * 10, *_NINES[8:]), 8, "a cage of 10 cells"),
    (_sudocue("768", "768", *_NINES[:-1]), 406, "got 80"),  # after the text's end
    (_sudocue("768", "768", *_NINES, "9"), 411, "got 82"),  # the 82nd number
]


@pytest.mark.parametrize(
    "form, text, column, message",
    [("arrows", *case) for case in ARROW_ERRORS] + [("sudocue", *case) for case in SUDOCUE_ERRORS],
)
def test_broken_texts_are_refused_at_their_column(
    form: str, text: str, column: int, message: str
) -> None:
    found = _error(text, form)
    assert found.startswith(f"killer text ({form}), column {column}: ")
    assert message in found


def test_a_text_in_neither_form_is_refused_saying_how_to_be_explicit() -> None:
    assert 'say form="arrows"' in _error("9" * 81)
    assert len(parse_killer("9" * 81, "arrows").constraints) == 81
    assert "not a killer text" in _error("hello")
    assert "unknown killer text form 'dots'" in _error(HAND_ARROWS, "dots")


# --- writing what the form cannot state is refused -----------------------------------------


@pytest.mark.parametrize(
    "puzzle, form, message",
    [
        (HAND_PUZZLE.with_cells((5,) + (0,) * 80), "arrows", "has no givens"),
        (_killer(*HAND_PUZZLE.constraints, diagonals=True), "arrows", "no diagonals"),
        (Puzzle(Shape.latin(9), (0,) * 81), "sudocue", "not a 9x9 latin square"),
        (_killer(KillerCage((0, 1))), "sudocue", "cage over r1c1,r1c2 has no total"),
        (_killer(KillerCage((0, 1), 3), KillerCage((1, 2), 3)), "arrows", "r1c2 is in two cages"),
        (_killer(KillerCage((0, 2), 4)), "arrows", "r1c3 touch none of the cells joined"),
        (
            Puzzle(Shape.sudoku(9), (0,) * 81, constraints=(Comparison(0, 1),)),
            "sudocue",
            "killer cages only",
        ),
        (HAND_PUZZLE, "svg", "unknown killer text form 'svg'"),
    ],
)
def test_what_a_form_cannot_state_is_refused(puzzle: Puzzle, form: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        format_killer(puzzle, form)


# --- published killers, and Tatham's Solo killers written in both forms, solved -------------


@pytest.mark.parametrize("form", FORMS)
def test_published_killers_read_to_puzzles_their_solutions_meet(form: str) -> None:
    for text, solution in _published(form):
        puzzle = parse_killer(text)
        grid = tuple(int(d) for d in solution)
        assert broken_constraints(grid, SIDE, puzzle.constraints) == []
        assert puzzle.shape.diagonals == text.startswith("3x3:d:")
        assert parse_killer(format_killer(puzzle, form)) == puzzle


def _solve(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], *argv: str):
    path = tmp_path / "killers.txt"
    path.write_text("".join(f"{line}\n" for line in lines))
    status = main(["solve", str(path), *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _solutions(out: str) -> list[str]:
    """The solution lines of line output (a ``# shape:`` line above tells a diagonal one)."""
    return [line for line in out.splitlines() if not line.startswith("# shape:")]


STEPPED = {"arrows": (2,), "sudocue": (1, 2, 3)}
"""The published killers the pure-Python stepper solves in about a second each (the others take
it 4-12 s of guessing; the SAT path solves every one)."""


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("backend", ["sat", "stepper"])
def test_satdoku_solve_gives_the_published_solutions(
    form: str, backend: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _published(form)
    if backend == "stepper":
        rows = [rows[index] for index in STEPPED[form]]
    status, out, err = _solve([text for text, _ in rows], tmp_path, capsys, "--backend", backend)
    assert (status, err) == (0, "")
    assert _solutions(out) == [solution for _, solution in rows]


def test_tatham_killers_written_in_both_forms_solve_to_tathams_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _tatham_killers()
    assert rows
    lines = [format_killer(parse_game_id(game_id), form) for game_id, _ in rows for form in FORMS]
    status, out, err = _solve(lines, tmp_path, capsys)
    assert (status, err) == (0, "")
    assert _solutions(out) == [solution for _, solution in rows for _ in FORMS]


def test_a_broken_killer_line_exits_2_with_one_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _ = _published("arrows")[0]
    status, _, err = _solve([text[:40] + "#" + text[41:]], tmp_path, capsys)
    assert status == 2
    assert "killers.txt:1: killer text (arrows), column 41: expected a total" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_killer_text_gives_its_own_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _solve([HAND_ARROWS], tmp_path, capsys, "--latin")
    assert status == 2
    assert "a killer text gives its own shape, ask for none" in err


@pytest.mark.parametrize("form", ["arrows", "sudocue"])
def test_show_writes_a_killer_text_read_back_as_the_puzzle(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from satdoku.cli import main

    rows = (DATA / "tatham" / "solo.tsv").read_text().splitlines()
    game_id, solution, _ = next(r.split("\t") for r in rows if r.split("\t")[2].startswith("3x3k"))
    source = tmp_path / "solo.txt"
    source.write_text(f"solo:{game_id}\n")
    assert main(["show", str(source), "--format", form]) == 0
    written = tmp_path / "killer.txt"
    written.write_text(capsys.readouterr().out)
    assert main(["solve", str(written)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == solution
