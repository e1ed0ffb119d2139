"""f-puzzles puzzles: links, compressed texts and JSON read with f-puzzles' semantics exactly,
rules satdoku does not read refused by their f-puzzles names, and puzzles written back."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from format_support import refused_solve
from satdoku.backends._sat import SatBackend
from satdoku.cli import main
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    Comparison,
    Consecutive,
    Distinct,
    KillerCage,
    Kropki,
    KropkiNegative,
    NonConsecutive,
    Thermometer,
    broken_constraints,
)
from satdoku.io._line import parse_line
from satdoku.io.fpuzzles import format_fpuzzles, fpuzzles_data, parse_fpuzzles
from satdoku.io.fpuzzles._lz_base64 import compress_to_base64
from satdoku.io.fpuzzles._refusals import RULE_NAMES
from satdoku.io.tatham import parse_game_id

DATA = Path(__file__).resolve().parents[1] / "data"


def _doc(n: int = 4, **keys: Any) -> dict[str, Any]:
    """An f-puzzles document of an empty n×n grid, with the keys given."""
    return {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)], **keys}


def _read(doc: dict[str, Any]) -> Puzzle:
    return parse_fpuzzles(compress_to_base64(json.dumps(doc)))


def _refusal(doc: dict[str, Any]) -> str:
    with pytest.raises(InputError) as caught:
        _read(doc)
    return caught.value.message


def _converted() -> list[tuple[str, str, str]]:
    lines = (DATA / "fpuzzles" / "converted.tsv").read_text().splitlines()
    return [(text, solution, origin) for text, solution, origin in (r.split("\t") for r in lines)]


# reading: the grid, its shape and its givens


def test_cells_are_row_then_column_and_only_givens_count() -> None:
    doc = _doc()
    doc["grid"][1][2] = {"value": 3, "given": True}  # R2C3
    doc["grid"][0][1] = {"value": 4}  # a player's entry
    doc["grid"][3][3] = {"centerPencilMarks": [1, 2], "cornerPencilMarks": [3], "c": "#FF0000"}
    puzzle = _read(doc)
    assert puzzle.cells == (0,) * 6 + (3,) + (0,) * 9
    assert puzzle.shape == Shape.sudoku(4) and puzzle.constraints == ()


def test_default_regions_are_the_most_square_boxes() -> None:
    assert _read(_doc(6)).shape == Shape.sudoku(6, (2, 3))  # two rows of three
    assert _read(_doc(5)).shape == Shape.latin(5)  # a prime size: no boxes


def test_region_numbers_give_boxes_or_a_jigsaw_and_null_gives_none() -> None:
    doc = _doc(6)
    for r in range(6):
        for c in range(6):
            doc["grid"][r][c]["region"] = (r // 3) * 3 + c // 2  # boxes three rows tall
    assert _read(doc).shape == Shape.sudoku(6, (3, 2))
    jigsaw = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3]
    doc = _doc()
    for cell, region in enumerate(jigsaw):
        doc["grid"][cell // 4][cell % 4]["region"] = region
    assert _read(doc).shape == Shape.jigsaw(jigsaw)
    doc = _doc()
    for row in doc["grid"]:
        for cell in row:
            cell["region"] = None
    assert _read(doc).shape == Shape.latin(4)
    doc["grid"][0][0]["region"] = doc["grid"][1][1]["region"] = 0
    assert _read(doc).shape == Shape.latin(4)  # a region of two cells: they differ
    assert _read(doc).constraints == (Distinct((0, 5)),)


def test_prime_sides_default_to_row_regions_as_f_puzzles_does() -> None:
    doc = _doc(5)
    assert _read(doc).shape == Shape.latin(5)
    regions = [0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 0, 2, 2, 2, 1]  # rows 4 and 5 keep their rows
    for cell, region in enumerate(regions):
        doc["grid"][cell // 5][cell % 5]["region"] = region
    read = _read(doc).shape
    assert read.regions is not None and read.regions[15:] == (3,) * 5 + (4,) * 5


def test_both_diagonals_are_houses_and_one_alone_is_a_region() -> None:
    assert _read(_doc(**{"diagonal+": True, "diagonal-": True})).shape.diagonals
    rising = _read(_doc(**{"diagonal+": True}))
    assert not rising.shape.diagonals
    assert rising.constraints == (Distinct((3, 6, 9, 12), "rising diagonal"),)
    assert _read(_doc(**{"diagonal-": True})).constraints[0].cells(4) == (0, 5, 10, 15)


def test_given_pencil_marks_are_refused_not_dropped() -> None:
    doc = _doc()
    doc["grid"][0][0] = {"givenPencilMarks": [1, 2]}
    assert "given pencil marks" in _refusal(doc)


# reading: the rules


def test_killer_cages_with_and_without_totals() -> None:
    cages = [{"cells": ["R1C1", "R2C1"], "value": "7"}, {"cells": ["R4C4", "R4C3"]}]
    puzzle = _read(_doc(killercage=cages))
    assert puzzle.constraints == (KillerCage((0, 4), 7), KillerCage((15, 14)))


def test_white_dots_are_consecutive_pairs() -> None:
    puzzle = _read(_doc(difference=[{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C2", "R3C2"]}]))
    assert puzzle.constraints == (Consecutive(0, 1), Consecutive(5, 9))


def test_negative_difference_says_unmarked_neighbours_do_not_differ_by_one() -> None:
    puzzle = _read(_doc(difference=[{"cells": ["R1C2", "R1C1"]}], negative=["difference"]))
    assert puzzle.constraints[0] == Consecutive(1, 0)
    apart = {(r.first, r.second) for r in puzzle.constraints if not r.consecutive}
    assert len(apart) == 2 * 4 * 3 - 1 and (0, 1) not in apart and (0, 4) in apart


def test_nonconsecutive_covers_every_orthogonal_pair() -> None:
    assert _read(_doc(nonconsecutive=True)).constraints == (NonConsecutive(),)
    assert _read(_doc(nonconsecutive=False)).constraints == ()


def test_nonconsecutive_beside_dots_exempts_every_dotted_pair() -> None:
    dots = {"difference": [{"cells": ["R1C1", "R1C2"]}], "ratio": [{"cells": ["R2C1", "R3C1"]}]}
    puzzle = _read(_doc(nonconsecutive=True, **dots))
    assert puzzle.constraints == (
        Consecutive(0, 1),
        Kropki(4, 8, True),
        KropkiNegative(False, ((4, 8), (0, 1))),
    )


def test_negative_constraints_come_only_from_their_keys() -> None:
    rules = "Normal sudoku rules apply. Cells separated by a white dot are consecutive. " + (
        "All possible dots are given."
    )
    puzzle = _read(_doc(ruleset=rules, difference=[{"cells": ["R1C1", "R1C2"]}]))
    assert puzzle.constraints == (Consecutive(0, 1),)


@pytest.mark.parametrize("key", sorted(RULE_NAMES))
def test_every_rule_satdoku_does_not_read_is_refused_by_its_name(key: str) -> None:
    value: object = True if key in ("antiking", "antiknight", "disjointgroups") else [{}]
    message = _refusal(_doc(**{key: value}))
    assert message == f"{key}: satdoku cannot read f-puzzles' {RULE_NAMES[key]} rules yet"


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"thermometer": []}, None),  # an empty list states nothing
        ({"antiknight": False}, None),
        ({"clock": [{"cells": ["R1C1"]}]}, "clock: satdoku cannot read f-puzzles' clock rules"),
        ({"negative": ["sum"]}, "negative[0]: satdoku cannot read f-puzzles' negative sum"),
        (
            {"negative": ["ratio"], "ratio": [{"cells": ["R1C1", "R1C2"], "value": "3"}]},
            "negative[0]: satdoku reads f-puzzles' negative ratio rule beside black dots of",
        ),
        ({"mysteryrule": [1]}, "f-puzzles' 'mysteryrule' rules yet"),
    ],
)
def test_what_is_refused_and_what_states_nothing(keys: dict[str, Any], message: str | None) -> None:
    if message is None:
        assert _read(_doc(**keys)).constraints == ()
    else:
        assert message in _refusal(_doc(**keys))


def test_drawings_are_refused_with_the_rules_text_shown() -> None:
    doc = _doc(
        title="Arrowless",
        ruleset="Digits on a line sum to 10.",
        line=[{"lines": [["R1C1", "R1C2"]], "outlineC": "#000", "width": 0.1}],
        text=[{"cells": ["R1C1"], "value": "10"}, {"cells": ["R2C1"], "value": "?"}],
    )
    message = _refusal(doc)
    assert message.startswith("this puzzle has drawings (1 line, 2 text)")
    assert '"Arrowless Digits on a line sum to 10."' in message


def test_drawings_made_for_a_rule_are_that_rules() -> None:
    cage = {"cells": ["R1C1", "R1C2"], "value": "3"}
    drawn = {"cells": ["R1C1", "R1C2"], "fromConstraint": "Killer Cage"}
    assert _read(_doc(killercage=[cage], cage=[drawn])).constraints == (KillerCage((0, 1), 3),)
    thermo = {"lines": [["R1C1", "R1C2"]], "fromConstraint": "Slow Thermometer"}
    slow = [{"lines": [["R1C1", "R1C2"]]}]
    assert _read(_doc(line=[thermo], slowthermometer=slow)).constraints == (
        Thermometer((0, 1), slow=True),
    )
    double = {"lines": [["R1C1", "R1C2"]], "fromConstraint": "Double Arrow"}
    assert "f-puzzles' Double Arrow rules yet" in _refusal(_doc(line=[double]))


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"size": 0}, "size: expected the grid's size 1..256, got 0"),
        ({"size": "9"}, 'size: expected the grid\'s size: a whole number 1..256, got "9"'),
        ({"grid": [[{}] * 4] * 3}, "grid: expected 4 rows of 4 cells"),
        ({"killercage": [{"cells": ["R1C5"]}]}, "killercage[0].cells[0]: expected a cell R1C1"),
        ({"killercage": [{"cells": ["R1C1"], "value": "x"}]}, "killercage[0].value: expected"),
        ({"killercage": [{"cells": ["R1C1", "R1C1"]}]}, "killercage[0].cells: expected a list"),
        ({"difference": [{"cells": ["R1C1", "R2C2"]}]}, "difference[0].cells: expected two"),
    ],
)
def test_bad_documents_are_refused_by_json_path(keys: dict[str, Any], message: str) -> None:
    assert message in _refusal({**_doc(), **keys})


# links and lines


def test_links_and_compressed_texts_are_puzzle_lines() -> None:
    doc = _doc(killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}])
    text = compress_to_base64(json.dumps(doc))
    expected = _read(doc)
    escaped = text.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    for line in [
        text,
        f"  {text}  ",
        f"https://www.f-puzzles.com/?load={text}",
        f"https://f-puzzles.com/?load={escaped}&other=1",
        f"https://sudokupad.app/fpuzzles{text}",
        f"https://sudokupad.app/?puzzleid=fpuzzles{text}",
    ]:
        assert parse_line(line) == expected, line


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("https://f-puzzles.com/?id=abc123", "this link holds no f-puzzles puzzle"),
        ("N4IgzglgXgpiBcBOAv", "f-puzzles text: the data ends before its end mark"),
        ("https://f-puzzles.com/?load=N4Igzg", "text (from column 29): the data ends before"),
        ("https://sudokupad.app/fpuzzlesN4Ig*A", "column 35: expected a base64 character"),
        ("N4IgzglgXgpiBcBOAvkA", "grid: expected the grid: a list of 9 rows, got null"),
        (compress_to_base64('{"size": 4, oops'), "its content is not JSON"),
    ],
)
def test_bad_links_are_refused_saying_where(line: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_line(line)
    assert message in caught.value.message


# writing


def test_published_puzzles_converted_read_to_their_published_solutions() -> None:
    rows = _converted()
    assert len(rows) >= 10
    with SatBackend() as backend:
        for text, solution, origin in rows:
            puzzle = parse_line(text)
            grid = tuple(int(d, 36) for d in solution)
            assert broken_constraints(grid, puzzle.n, puzzle.constraints) == [], origin
            assert backend.solve(puzzle).solution == grid, origin


def test_converted_texts_are_what_the_encoder_writes_today() -> None:
    for text, _, origin in _converted():
        assert format_fpuzzles(parse_line(text)) == text, origin


def _meaning(puzzle: Puzzle) -> set[Any]:
    """The puzzle's rules, f-puzzles' nonconsecutive rule spelt out pair by pair."""
    pairs = [(a, b) for a in range(puzzle.n**2) for b in (a + 1, a + puzzle.n)]
    apart = {
        Consecutive(a, b, False)
        for a, b in pairs
        if b < puzzle.n**2 and (b != a + 1 or b % puzzle.n)
    }
    rules = set(puzzle.constraints)
    return rules - {NonConsecutive()} | (apart if NonConsecutive() in rules else set())


def test_tatham_puzzles_read_back_as_the_same_puzzles() -> None:
    for name in ("solo", "unequal"):
        for row in (DATA / "tatham" / f"{name}.tsv").read_text().splitlines():
            game_id, _, params = row.split("\t")
            if name == "unequal" and "a" not in params:
                continue  # Unequal's < signs: f-puzzles has no such rule
            puzzle = parse_game_id(game_id, name)
            back = parse_fpuzzles(format_fpuzzles(puzzle, link=True))
            assert (back.shape, back.cells) == (puzzle.shape, puzzle.cells), game_id
            assert _meaning(back) == _meaning(puzzle), game_id


def _random_puzzle(rng: random.Random, n: int) -> Puzzle:
    shapes = [Shape.sudoku(n), Shape.latin(n), Shape.sudoku(n, diagonals=True)]
    if n == 6:
        shapes.append(Shape.sudoku(6, (3, 2)))
    if n == 4:
        shapes.append(Shape.jigsaw([0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3]))
    cells = tuple(rng.choice([0] * 3 + list(range(1, n + 1))) for _ in range(n * n))
    rules: list[Any] = []
    free = list(range(n * n))
    rng.shuffle(free)
    for _ in range(rng.randint(0, 3)):
        size = rng.randint(1, min(4, len(free)))
        members, free = tuple(free[:size]), free[size:]
        rules.append(KillerCage(members, rng.choice([None, rng.randint(size, size * n)])))
    pairs = [(c, c + 1) for c in range(n * n) if c % n + 1 < n] + [
        (c, c + n) for c in range(n * n - n)
    ]
    dots = rng.sample(pairs, rng.randint(0, 3))
    rules += [Consecutive(a, b) for a, b in dots]
    if rng.random() < 0.5:
        rules += [Consecutive(a, b, False) for a, b in pairs if (a, b) not in dots]
    return Puzzle(rng.choice(shapes), cells, constraints=tuple(rules))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([4, 6, 9]), link=st.booleans())
def test_written_puzzles_read_back_as_the_same_puzzles(seed: int, n: int, link: bool) -> None:
    puzzle = _random_puzzle(random.Random(seed), n)
    text = format_fpuzzles(puzzle, link=link)
    assert text.startswith("https://www.f-puzzles.com/?load=N4Ig" if link else "N4Ig")
    back = parse_line(text)
    assert (back.shape, back.cells) == (puzzle.shape, puzzle.cells)
    assert _meaning(back) == _meaning(puzzle)
    assert parse_fpuzzles(json.dumps(fpuzzles_data(puzzle))) == back


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ((Comparison(0, 1),), "f-puzzles has no comparison rules"),
        ((Consecutive(0, 5),), "f-puzzles marks orthogonal neighbours only"),
        ((Consecutive(0, 1, False),), "for every unmarked pair of neighbours or for none"),
    ],
)
def test_what_f_puzzles_cannot_state_is_refused(rules: tuple[Any, ...], message: str) -> None:
    with pytest.raises(InputError, match=message):
        format_fpuzzles(Puzzle(Shape.sudoku(4), (0,) * 16, constraints=rules))
    with pytest.raises(InputError, match="f-puzzles draws grids up to 16x16, not 25x25"):
        format_fpuzzles(Puzzle.empty(Shape.sudoku(25)))


def test_every_cell_states_its_region_so_no_default_box_decides() -> None:
    for shape in (Shape.sudoku(6), Shape.sudoku(6, (3, 2)), Shape.latin(5)):
        grid = fpuzzles_data(Puzzle.empty(shape))["grid"]
        regions = [cell["region"] for row in grid for cell in row]  # type: ignore[attr-defined]
        expected = (
            [None] * 25
            if shape.box is None
            else [
                (i // 6) // shape.box[0] * (6 // shape.box[1]) + (i % 6) // shape.box[1]
                for i in range(36)
            ]
        )
        assert regions == expected


# the command line


def test_solve_reads_links_json_files_and_the_named_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, solution, _ = next(row for row in _converted() if row[2].startswith("killer"))
    links = tmp_path / "links.txt"
    links.write_text(f"# two links\nhttps://www.f-puzzles.com/?load={text}\n{text}\n")
    document = tmp_path / "killer.json"
    document.write_text(json.dumps(fpuzzles_data(parse_line(text)), indent=2))
    for argv, count in (
        ([str(links)], 2),
        ([str(links), "--input-format", "fpuzzles"], 2),
        ([str(document)], 1),
        ([str(document), "--input-format", "fpuzzles"], 1),
    ):
        assert main(["solve", *argv]) == 0, argv
        captured = capsys.readouterr()
        assert (captured.out.split(), captured.err) == ([solution] * count, "")


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        (
            "https://f-puzzles.com/?load=N4Ig*\n",
            [],
            "p.txt:1: f-puzzles text, column 33: expected a base64",
        ),
        (
            json.dumps(_doc(clock=[{"cells": ["R1C1"]}])),
            [],
            "p.txt:1: clock: satdoku cannot read f-puzzles' clock rules yet",
        ),
        ('{"size": 4,\n "grid": [}', [], "p.txt:2:11: invalid JSON: Expecting value"),
        ("1234\n", ["--input-format", "fpuzzles"], "p.txt:1: expected an f-puzzles puzzle"),
        (json.dumps(_doc()), ["--latin"], "p.txt:1: this puzzle of f-puzzles is a 4x4 sudoku, 2x2"),
        (
            compress_to_base64(json.dumps(_doc())),
            ["--input-format", "fpuzzles", "--box", "1x4"],
            "a puzzle of f-puzzles gives its own shape, ask for none",
        ),
    ],
)
def test_bad_input_exits_2_with_one_located_line(
    content: str,
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert message in refused_solve(tmp_path / "p.txt", content, argv, capsys)


@pytest.mark.parametrize("form", ["fpuzzles", "fpuzzles-link"])
def test_show_writes_f_puzzles_texts_that_read_back(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = (DATA / "tatham" / "solo.tsv").read_text().splitlines()
    game_id, solution, _ = next(r.split("\t") for r in rows if r.split("\t")[2].startswith("9jk"))
    source = tmp_path / "solo.txt"
    source.write_text(f"solo:{game_id}\n")
    assert main(["show", str(source), "--format", form]) == 0
    written = capsys.readouterr().out
    assert written.startswith("https://www.f-puzzles.com/?load=N4Ig" if "link" in form else "N4Ig")
    (tmp_path / "f.txt").write_text(written)
    assert main(["solve", str(tmp_path / "f.txt")]) == 0
    assert capsys.readouterr().out.split()[-1] == solution
