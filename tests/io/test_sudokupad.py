"""SudokuPad's links and puzzle IDs: the scl form read (givens, regions, killer cages), every
other element refused by kind, fpuzzles IDs read as f-puzzles, short IDs refused."""

from __future__ import annotations

import base64
import json
import random
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data_files import DATA
from satdoku.api._solve import solve
from satdoku.api._space import is_unique
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import KillerCage, Parity
from satdoku.io._line import parse_line
from satdoku.io.fpuzzles import format_fpuzzles
from satdoku.io.fpuzzles._lz_base64 import ALPHABET, compress_to_base64
from satdoku.io.sudokupad import format_sudokupad, parse_sudokupad, puzzle_of_scl
from satdoku.io.sudokupad._document import scl_text
from satdoku.io.sudokupad._writer import scl_data
from satdoku.io.sudokupad._zipped import SHORT_KEYS, format_zipped, long_keys, parse_zipped

SUDOKUPAD = DATA / "sudokupad"
KILLER_SOLUTION = "1234341221434321"


def _grid(n: int = 4, **keys: Any) -> dict[str, Any]:
    """An SCL document of an empty n×n grid (no regions), with the keys given."""
    return {"cells": [[{} for _ in range(n)] for _ in range(n)], **keys}


def _refusal(data: object) -> str:
    with pytest.raises(InputError) as caught:
        puzzle_of_scl(data)
    return caught.value.message


def _killer() -> Puzzle:
    return parse_sudokupad((SUDOKUPAD / "killer_4x4.json").read_text())


# reading: the grid, givens, regions and killer cages


def test_the_compact_form_reads_as_its_plain_json() -> None:
    compact = (SUDOKUPAD / "killer_4x4.zipped").read_text()
    puzzle = _killer()
    assert parse_sudokupad(compact) == puzzle
    assert puzzle.shape == Shape.sudoku(4, (2, 2))
    assert puzzle.cells == (0,) * 5 + (4,) + (0,) * 10
    assert [rule.title(4) for rule in puzzle.constraints] == [
        "cage 3 over r1c1,r1c2",
        "cage 4 over r1c3,r2c3",
        "cage 5 over r2c1,r3c1",
        "cage 8 over r3c3,r3c4,r4c4",
        "cage 7 over r4c1,r4c2",
    ]


def test_every_link_and_id_form_is_read_as_its_puzzle() -> None:
    text = compress_to_base64((SUDOKUPAD / "killer_4x4.zipped").read_text().strip())
    escaped = text.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    for line in [
        f"https://sudokupad.app/scl{text}",
        f"  sudokupad.app/ctc{text}  ",
        f"https://sudokupad.app/?puzzle=scl{escaped}&setting-nogrid=1",
        f"https://sudokupad.app/scl{text}?setting-conflictchecker=1",
        f"https://app.crackingthecryptic.com/sudoku/scl{text}",
        f"scl{text}",
        f"ctc{text}",
    ]:
        assert parse_line(line) == _killer(), line


def test_the_sixteen_bit_packing_of_the_same_code_reads_alike() -> None:
    # SudokuPad may pack the LZ code in 16-bit words, bytes then standard base64: the same bits
    text = compress_to_base64((SUDOKUPAD / "killer_4x4.zipped").read_text().strip())
    bits = "".join(f"{ALPHABET.index(char):06b}" for char in text.rstrip("="))
    bits += "0" * (-len(bits) % 16)
    packed = base64.b64encode(int(bits, 2).to_bytes(len(bits) // 8, "big")).decode()
    assert packed != text
    assert parse_line("https://sudokupad.app/scl" + quote(packed, safe="")) == _killer()


def test_the_killer_has_its_one_solution() -> None:
    puzzle = _killer()
    assert is_unique(puzzle)
    solution = solve(puzzle)
    assert solution is not None and "".join(map(str, solution)) == KILLER_SOLUTION


@pytest.mark.parametrize(
    ("regions", "shape"),
    [
        ([], Shape.latin(4)),
        ([[[r, c] for c in range(4)] for r in range(4)], Shape.latin(4)),
        ([[[r, 2 * b], [r, 2 * b + 1]] for r in range(2) for b in range(2)], None),
        (
            [[[0, 0], [0, 1], [0, 2], [1, 0]], [[0, 3], [1, 1], [1, 2], [1, 3]]]
            + [[[2, c] for c in range(4)], [[3, c] for c in range(4)]],
            Shape.jigsaw([0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]),
        ),
    ],
)
def test_regions_give_boxes_a_jigsaw_or_rows_and_columns_only(
    regions: list[Any], shape: Shape | None
) -> None:
    if shape is None:
        assert "expected no regions or 4 regions of 4 cells" in _refusal(_grid(regions=regions))
    else:
        assert puzzle_of_scl(_grid(regions=regions)).shape == shape


def test_outline_cages_of_a_region_or_the_grid_are_regions() -> None:
    boxes = scl_data(Puzzle.empty(Shape.sudoku(4)))["regions"]
    assert isinstance(boxes, list)
    grid = [[r, c] for r in range(4) for c in range(4)]
    outlines = [{"cells": box} for box in boxes] + [{"cells": grid}]
    puzzle = puzzle_of_scl(_grid(regions=boxes, cages=outlines))
    assert (puzzle.shape, puzzle.constraints) == (Shape.sudoku(4), ())
    assert "1 cage without a total" in _refusal(_grid(cages=outlines[:1]))  # no such region


_KEYS = st.sampled_from([*SHORT_KEYS, "unique", "style", "x1", "hidden"])
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**5), 10**5 - 1) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, min_size=1, max_size=3)
        | st.dictionaries(_KEYS, inner, max_size=3).filter(lambda d: [] not in d.values())
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(data=st.dictionaries(_KEYS, _VALUES, max_size=4))
def test_compact_json_reads_back_as_the_data_written(data: dict[str, Any]) -> None:
    # (six digits after a key are a colour to SudokuPad: the writer refuses such numbers)
    assert long_keys(parse_zipped(format_zipped(data))) == data


def test_six_digits_after_a_key_are_a_colour() -> None:
    assert parse_zipped("{c:a0b1c2,v:123456,x:[123456]}") == {
        "c": "#a0b1c2",
        "v": "#123456",
        "x": [123456],
    }
    with pytest.raises(ValueError, match="as a colour"):
        format_zipped({"value": 123456})


# refusals: every element a picture explains, by kind and count


def test_a_puzzle_with_drawings_is_refused_naming_them_and_its_rules() -> None:
    message = _refusal(json.loads((SUDOKUPAD / "drawings_4x4.json").read_text()))
    assert message == (
        "this SudokuPad puzzle has elements whose meaning only its picture and rules text give "
        "(2 lines, 1 arrow, 5 overlays, 1 underlay, 1 cage without a total, 1 cage with text, "
        '1 cell with "pencilMarks"); its rules say: "Digits along a grey line increase from '
        'the bulb. Cells joined by a white dot are consecutive.": satdoku reads the givens, '
        "regions and killer cages of SudokuPad's puzzles and does not guess what drawings mean"
    )


_PAIR = [[0, 0], [0, 1]]


@pytest.mark.parametrize(
    ("keys", "named"),
    [
        ({"lines": [{}]}, "(1 line)"),
        ({"arrows": [{}, {}]}, "(2 arrows)"),
        ({"overlays": [{"text": "5"}]}, "(1 overlay)"),
        ({"underlays": [{}]}, "(1 underlay)"),
        ({"cages": [{"cells": _PAIR}]}, "(1 cage without a total)"),
        ({"cages": [{"cells": _PAIR, "value": "x2"}]}, "(1 cage with text)"),
        ({"cages": [{"value": "Digits may repeat"}]}, "(1 cage with text)"),
        ({"cages": [{"cells": _PAIR, "value": 3, "unique": False}]}, "(1 cage whose digits"),
        ({"cages": [{"cells": _PAIR, "value": 3, "style": "box"}]}, "(1 cage of another style)"),
        ({"cages": [{"cells": _PAIR, "value": 3, "hidden": True}]}, "(1 hidden cage)"),
        ({"cages": [{"value": "antiknight: true"}]}, '(the setting "antiknight")'),
        ({"metaData": {"antiking": True}}, '(the setting "antiking")'),
        ({"foglight": [[0, 0]]}, '(the setting "foglight")'),
    ],
)
def test_each_element_satdoku_does_not_read_is_refused_by_kind(
    keys: dict[str, Any], named: str
) -> None:
    message = _refusal(_grid(**keys))
    assert named in message and "does not guess what drawings mean" in message
    assert "its rules say" not in message  # none given


def test_information_changes_nothing() -> None:
    info = [{"value": f"{name}: x"} for name in ("title", "author", "rules", "solution")]
    data = _grid(id="p1", cellSize=64, cages=info, metadata={"source": "x"}, lines=[])
    assert puzzle_of_scl(data) == Puzzle.empty(Shape.latin(4))


# broken data: one line saying where and what was expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("https://sudokupad.app/sclN4Ig*A", "SudokuPad data, column 30: expected a base64"),
        ("https://sudokupad.app/sclN4IgzglgXg", "the data ends before its end mark"),
        ("scl" + compress_to_base64("hello"), "its content is not a puzzle's JSON ('hello')"),
        ("scl" + compress_to_base64('{"cells": [[{}],]}'), "invalid JSON: Expecting value"),
        ("scl" + compress_to_base64("{ce:[[{v:1}]],re:}"), "character 18: expected a value"),
        ("scl" + compress_to_base64("{ce:[[{}]],v:1,value:2}"), "the key 'value' is given twice"),
        ("scl" + scl_text(_grid(2, cages=[{"cells": [[2, 0]], "value": 1}])), "cages[0].cells[0]"),
        ("scl" + scl_text({"cells": [[{}, {}], [{}]]}), "cells[1]: expected a row of 2 cells"),
        ("scl" + scl_text({"cells": [[{"value": 3}]]}), "cells[0][0].value: expected a digit 1..1"),
        ("scl" + scl_text(_grid(2, regions=[[[0, 0]], [[0, 0]]])), "regions[1][0]: this cell is"),
        ("scl" + scl_text({"id": "x"}), "cells: expected the grid's cells: a list of rows"),
        ("https://sudokupad.app/scfoooook", "column 26: satdoku does not read SudokuPad's scf"),
        ("https://sudokupad.app/psx7e4q2", "names the puzzle 'psx7e4q2' stored on SudokuPad's"),
        ("https://sudokupad.app/user/my-puzzle", "names the puzzle 'user/my-puzzle'"),
        ("https://sudokupad.app/", "column 23: this SudokuPad link holds no puzzle: paste"),
    ],
)
def test_broken_data_is_refused_saying_where(line: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_line(line)
    assert message in caught.value.message
    assert "\n" not in caught.value.message


# the fpuzzles form, and the scl links satdoku writes


def test_fpuzzles_ids_are_read_as_f_puzzles_links() -> None:
    puzzle = Puzzle(Shape.sudoku(4), (1,) + (0,) * 15, constraints=(Parity(5, True),))
    text = format_fpuzzles(puzzle)
    for line in [
        f"https://sudokupad.app/fpuzzles{text}",
        f"https://sudokupad.app/fpuz{text}",
        f"https://sudokupad.app/?puzzle=fpuzzles{text}",
    ]:
        assert parse_line(line) == parse_line(text), line


def _random_puzzle(rng: random.Random) -> Puzzle:
    """A 4x4 puzzle of a random shape, givens from a solution, and killer cages."""
    shape = rng.choice([Shape.sudoku(4), Shape.latin(4), _JIGSAW])
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    if shape is _JIGSAW:
        solution = [1, 2, 3, 4, 4, 3, 1, 2, 2, 1, 4, 3, 3, 4, 2, 1]
    cells = tuple(d if rng.random() < 0.3 else 0 for d in solution)
    free = rng.sample(range(16), 16)
    cages = []
    while free and rng.random() < 0.8:
        members = tuple(free.pop() for _ in range(min(len(free), rng.randint(1, 3))))
        cages.append(KillerCage(members, sum(solution[c] for c in members)))
    return Puzzle(shape, cells, constraints=tuple(cages))


_JIGSAW = Shape.jigsaw([0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_written_links_read_back_as_the_same_puzzles(seed: int) -> None:
    puzzle = _random_puzzle(random.Random(seed))
    link = format_sudokupad(puzzle)
    assert link.startswith("https://sudokupad.app/scl")
    assert parse_line(link) == puzzle
    assert puzzle_of_scl(scl_data(puzzle)) == puzzle


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (Puzzle.empty(Shape.sudoku(4, diagonals=True)), "SudokuPad draws diagonals as lines"),
        (Puzzle(Shape.latin(4), (0,) * 16, constraints=(KillerCage((0, 1)),)), "cages without"),
        (Puzzle(Shape.latin(4), (0,) * 16, constraints=(Parity(0, True),)), "not parity rules"),
    ],
)
def test_what_an_scl_link_cannot_state_is_refused(puzzle: Puzzle, message: str) -> None:
    with pytest.raises(InputError, match=message):
        format_sudokupad(puzzle)
