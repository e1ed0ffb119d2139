"""Rules beyond houses in every picture: cages, signs between cells, clues outside the grid."""

from __future__ import annotations

import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    KillerCage,
    Operation,
    Side,
    Skyscraper,
)
from satdoku.io._line import parse_line
from satdoku.rules._propagator import fixpoint
from satdoku.rules._search import Trace, trace
from satdoku.rules._state import State
from satdoku.views._constraint_drawing import constraint_drawing, inset_outline
from satdoku.views._plain_board import format_board
from satdoku.views._svg import board_svg, puzzle_svg
from satdoku.views._terminal_board import board_text
from satdoku.views._terminal_layout import LAYOUTS
from satdoku.views._trace_json import trace_record


def _state(puzzle: Puzzle) -> State:
    """The candidates rules 1 and 2 leave from the givens, over the houses alone (the drawing
    is what is tested, not the stepper)."""
    return fixpoint(Puzzle(puzzle.shape, puzzle.cells))[0]


def _trace(puzzle: Puzzle) -> Trace:
    """A trace of the grid's houses, recorded as the puzzle's (its rules drawn on the page)."""
    return dataclasses.replace(trace(Puzzle(puzzle.shape, puzzle.cells)), puzzle=puzzle)


DATA = Path(__file__).parents[1] / "data" / "views"
SVG = "{http://www.w3.org/2000/svg}"
CELL = 48  # the SVG board's cell, in its units

# a 4x4 Latin square every hand-made puzzle below agrees with
SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
A, S, M, D = Operation.ADD, Operation.SUBTRACT, Operation.MULTIPLY, Operation.DIVIDE
KEEN_CAGES = (
    ArithmeticCage((0, 4), A, 4),
    ArithmeticCage((1, 2), M, 6),
    ArithmeticCage((3, 7), D, 2),
    ArithmeticCage((5, 6), S, 3),
    ArithmeticCage((8, 9, 12), A, 7),
    ArithmeticCage((10,), A, 4),
    ArithmeticCage((11, 15, 14), M, 6),
    ArithmeticCage((13,), A, 3),
)
KEEN = Puzzle(Shape.latin(4), (0,) * 16, constraints=KEEN_CAGES)
KILLER_CAGES = (
    KillerCage((0, 4), 4),
    KillerCage((1, 2, 6), 6),
    KillerCage((3, 7), 6),
    KillerCage((5, 9, 8), 7),
    KillerCage((10, 11), 7),
    KillerCage((12, 13), 7),
    KillerCage((14, 15), 3),
)
KILLER = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=KILLER_CAGES)
TOWER_CLUES = (
    Skyscraper(Side.TOP, 0, 3),
    Skyscraper(Side.TOP, 3, 1),
    Skyscraper(Side.BOTTOM, 3, 3),
    Skyscraper(Side.LEFT, 1, 2),
    Skyscraper(Side.RIGHT, 0, 1),
    Skyscraper(Side.RIGHT, 2, 2),
)
TOWERS = Puzzle(Shape.latin(4), (0,) * 15 + (1,), constraints=TOWER_CLUES)
UNEQUAL_MARKS = (
    Comparison(0, 1),  # r1c1 < r1c2: "<"
    Comparison(6, 5),  # r2c3 < r2c2: ">"
    Comparison(0, 4),  # r1c1 < r2c1: "∧"
    Comparison(14, 10),  # r4c3 < r3c3: "∨"
    Consecutive(1, 2, True),  # 2,3: a bar
    Consecutive(10, 11, True),  # 4,3: a bar
    Consecutive(5, 9, False),  # 4,1: no bar, and none is drawn
)
UNEQUAL = Puzzle(Shape.latin(4), (0,) * 16, constraints=UNEQUAL_MARKS)


def svg_root(text: str) -> ET.Element:
    return ET.fromstring(text)


def elements(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if cls in (e.get("class") or "").split()]


def cage_of(cages: tuple[Constraint, ...], n: int) -> list[int]:
    owner = [-1] * (n * n)
    for k, cage in enumerate(cages):
        for cell in cage.cells(n):
            owner[cell] = k
    return owner


def edge_of_line(line: ET.Element) -> tuple[int, int]:
    """Return the two cells an SVG grid line separates."""
    x1, y1, x2, y2 = (float(line.get(a, "0")) for a in ("x1", "y1", "x2", "y2"))
    if x1 == x2:  # upright: between (row, col-1) and (row, col)
        row, col = int(y1 // CELL), int(x1 // CELL)
        return row * 4 + col - 1, row * 4 + col
    row, col = int(y1 // CELL), int(x1 // CELL)
    return (row - 1) * 4 + col, row * 4 + col


def test_keen_svg_draws_cage_borders_exactly_where_cages_change() -> None:
    root = svg_root(puzzle_svg(KEEN))
    owner = cage_of(KEEN_CAGES, 4)
    drawn = {edge_of_line(e) for e in elements(root, "line", "cage")}
    thin = {edge_of_line(e) for e in elements(root, "line", "thin")}
    expected = {
        (a, b)
        for a in range(16)
        for b in (a + 1, a + 4)
        if b < 16 and not (b == a + 1 and b % 4 == 0) and owner[a] != owner[b]
    }
    assert drawn == expected
    assert thin and not thin & expected  # inside a cage the lines stay thin


def test_keen_svg_writes_each_clue_in_its_cage_top_left_cell() -> None:
    root = svg_root(puzzle_svg(KEEN))
    clues = {
        (int(float(e.get("x", "0")) // CELL), int(float(e.get("y", "0")) // CELL)): e.text
        for e in elements(root, "text", "clue")
    }
    expected = {}
    for cage in KEEN_CAGES:
        first = min(cage.members)
        sign = "" if len(cage.members) == 1 else cage.operation.value
        expected[first % 4, first // 4] = f"{cage.target}{sign}"
    assert clues == expected
    assert {"4+", "6×", "2÷", "3−", "7+", "4", "3"} == set(clues.values())


def test_killer_svg_draws_dashed_outline_and_total_per_cage_over_boxes() -> None:
    root = svg_root(puzzle_svg(KILLER))
    paths = elements(root, "path", "killer")
    assert len(paths) == len(KILLER_CAGES)
    assert sorted(e.text or "" for e in elements(root, "text", "clue")) == sorted(
        str(c.total) for c in KILLER_CAGES
    )
    assert len(elements(root, "line", "thick")) == 8  # the 2x2 boxes' borders, as before
    assert not elements(root, "line", "cage")  # a killer's cages are not thick lines
    for path, cage in zip(paths, KILLER_CAGES, strict=True):
        points = [float(v) for v in re.findall(r"-?[\d.]+", path.get("d", ""))]
        for x, y in zip(points[::2], points[1::2], strict=True):
            cell = int(y // CELL) * 4 + int(x // CELL)
            assert cell in cage.members  # the outline runs inside the cage's cells


def test_unequal_svg_puts_each_sign_on_its_edge_pointing_to_the_smaller() -> None:
    root = svg_root(puzzle_svg(UNEQUAL))
    signs = {
        (float(e.get("x", "0")), float(e.get("y", "0"))): e.text
        for e in elements(root, "text", "sign")
    }
    assert signs == {
        (48.0, 24.0): "<",
        (96.0, 72.0): ">",
        (24.0, 48.0): "∧",
        (120.0, 144.0): "∨",
    }
    bars = elements(root, "rect", "bar")
    middles = {
        (
            round(float(e.get("x", "0")) + float(e.get("width", "0")) / 2),
            round(float(e.get("y", "0")) + float(e.get("height", "0")) / 2),
        )
        for e in bars
    }
    assert middles == {(96, 24), (144, 120)}  # the marks made True, not the False one
    title = root.find(SVG + "title")
    assert title is not None and "neighbours without a bar do not differ by one" in (
        title.text or ""
    )


def test_towers_svg_writes_clues_outside_beside_their_lines() -> None:
    root = svg_root(puzzle_svg(TOWERS))
    size = 4 * CELL
    placed = {}
    for e in elements(root, "text", "outside"):
        x, y = float(e.get("x", "0")), float(e.get("y", "0"))
        if y < 0:
            placed[Side.TOP, int(x // CELL)] = e.text
        elif y > size:
            placed[Side.BOTTOM, int(x // CELL)] = e.text
        elif x < 0:
            placed[Side.LEFT, int(y // CELL)] = e.text
        else:
            assert x > size
            placed[Side.RIGHT, int(y // CELL)] = e.text
    assert placed == {(c.side, c.line): str(c.visible) for c in TOWER_CLUES}
    labels = elements(root, "text", "label")
    assert all(float(e.get("x", "0")) < -CELL * 0.6 for e in labels if (e.text or "")[0] == "r")


def test_boards_without_constraints_are_drawn_exactly_as_before() -> None:
    p = parse_line("1.3..4..2...4..1")
    assert puzzle_svg(p) == (DATA / "sudoku4.svg").read_text(encoding="utf-8")
    state = _state(p)
    boards = format_board(state, p.shape, givens=p.cells, labels=True) + "\n"
    boards += "\n".join(
        board_text(state, p.shape, layout, givens=p.cells, labels=True).plain for layout in LAYOUTS
    )
    assert boards + "\n" == (DATA / "sudoku4_boards.txt").read_text(encoding="utf-8")
    assert "constraints" not in trace_record(_trace(p))


@dataclass(frozen=True)
class Fog:
    """A kind of rule no view knows."""

    kind: ClassVar[str] = "fog"
    bulb: int

    def cells(self, n: int) -> tuple[int, ...]:
        return (self.bulb,)

    def title(self, n: int) -> str:
        return "fog over r1c1"

    def broken(self, grid: object, n: int) -> str | None:
        return None


def test_a_kind_no_view_knows_is_refused_by_name() -> None:
    with pytest.raises(InputError, match="cannot draw a 'fog' rule"):
        board_svg((0,) * 16, Shape.latin(4), constraints=(Fog(0),))
    with pytest.raises(InputError, match="fog"):
        format_board(_state(KEEN), KEEN.shape, constraints=(Fog(0),))


def test_a_sign_between_cells_that_do_not_touch_is_refused() -> None:
    with pytest.raises(InputError, match="neighbours only, not r1c4 and r2c1"):
        constraint_drawing((Comparison(3, 4),), 4)


def test_plain_board_draws_cages_signs_and_outside_clues() -> None:
    keen = format_board(_state(KEEN), KEEN.shape, labels=True, constraints=KEEN_CAGES)
    lines = keen.splitlines()
    assert lines[2] == "  | 1 2 # 1 2 | 1 2 # 1 2 |"  # r1: cages end after c1 and c3
    assert lines[4] == "  +-----+=====+=====+-----+"  # r1|r2: c2 and c3 change cages
    assert lines[14] == "cages: 4+ r1c1,r2c1; 6× r1c2,r1c3; 2÷ r1c4,r2c4;"
    assert lines[16] == "3 r4c2"  # a cage's clue and cells are never split
    unequal = format_board(_state(UNEQUAL), UNEQUAL.shape, constraints=UNEQUAL_MARKS)
    rows = unequal.splitlines()
    assert rows[2] == "| 3 4 < 3 4 = 3 4 | 3 4 |"
    assert rows[3] == "+--^--+-----+-----+-----+"
    assert rows[5] == "| 3 4 | 3 4 > 3 4 | 3 4 |"
    assert rows[8] == "| 3 4 | 3 4 | 3 4 = 3 4 |"
    assert rows[9] == "+-----+-----+--v--+-----+"
    assert "neighbours without a bar do not differ by one" in unequal
    towers = format_board(_state(TOWERS), TOWERS.shape, constraints=TOWER_CLUES)
    first, *_, last = towers.splitlines()
    assert first == "     3                 1"
    assert last == "                       3"
    assert towers.splitlines()[3].endswith("| 1") and towers.splitlines()[6].startswith("2 |")


def test_terminal_board_draws_killer_cages_dashed_and_boxes_heavy() -> None:
    text = board_text(_state(KILLER), KILLER.shape, LAYOUTS[-1], constraints=KILLER_CAGES).plain
    assert text.splitlines()[:5] == [
        "┏━┳━┳━┳━┓",
        "┃·┇·┃·┇·┃",
        "┃ ┣╍┫ ┃ ┃",
        "┃·┇·┃·┇·┃",
        "┣━┻━╋━┻━┫",
    ]
    assert "cages: 4 r1c1,r2c1; 6 r1c2,r1c3,r2c3;" in text


def test_terminal_board_writes_towers_clues_around_the_values() -> None:
    text = board_text(_state(TOWERS), TOWERS.shape, LAYOUTS[-1], constraints=TOWER_CLUES)
    assert text.plain.splitlines() == [
        "   3     1",
        "  ┏━━━━━━━┓",
        "  ┃· · · ·┃ 1",
        "2 ┃· · · ·┃",
        "  ┃· · · ·┃ 2",
        "  ┃· · · 1┃",
        "  ┗━━━━━━━┛",
        "         3",
    ]


def test_trace_record_carries_what_the_step_page_draws() -> None:
    record = trace_record(_trace(KEEN))
    drawn = record["constraints"]
    assert [c["clue"] for c in drawn["cages"]] == ["4+", "6×", "2÷", "3−", "7+", "4", "6×", "3"]
    assert drawn["cages"][0]["cells"] == [[0, 0], [1, 0]]
    json.dumps(record)  # JSON as it is


def cells_of(codes: list[int]) -> tuple[int, ...]:
    return tuple(sorted(set(codes)))


@given(st.lists(st.integers(0, 24), min_size=1, max_size=12).map(cells_of))
def test_inset_outline_has_one_segment_per_open_side_inside_the_cage(
    cells: tuple[int, ...],
) -> None:
    n, inset = 5, 0.1
    inside = set(cells)
    open_sides = 0
    for cell in cells:
        r, c = divmod(cell, n)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            open_sides += not (0 <= rr < n and 0 <= cc < n and rr * n + cc in inside)
    segments = inset_outline(cells, n, inset)
    assert len(segments) == open_sides
    for x1, y1, x2, y2 in segments:
        assert x1 == x2 or y1 == y2
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        assert int(my) * n + int(mx) in inside  # the middle of a side lies in its cell
        across = mx if x1 == x2 else my  # inset from the cell's side it outlines
        assert round(across % 1, 4) in (inset, 1 - inset)
