"""The step page carries the marks of every variant rule, as the SVG board draws them, each with
its rule's title (the one a step cites), and refuses by name a mark of a style it does not know."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from satdoku.cli import main
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    Arrow,
    Kropki,
    LittleKiller,
    Quadruple,
    Thermometer,
)
from satdoku.views._constraint_drawing import ConstraintDrawing, constraint_drawing, drawing_json
from satdoku.views._html_player import render_trace_html
from satdoku.views._literal_records import constraint_step_records
from satdoku.views._marks import CellMark, LineDrawing
from satdoku.views._trace_json import trace_record
from test_constraint_views import _trace
from test_html_player import embedded_json
from test_variant_views import SAMPLES

FIELDS = ("cages", "signs", "outside", "lines", "marks", "points", "diagonals")
"""The lists of marks of the page's JSON, each mark with its rule's title."""


def _page_marks(rule: Any) -> dict[str, Any]:
    """The constraints of the page of an empty 9x9 with one rule, read back from the page."""
    puzzle = Puzzle(Shape.sudoku(9), (0,) * 81, constraints=(rule,))
    page = render_trace_html(trace_record(_trace(puzzle)))
    marks: dict[str, Any] = embedded_json(page)["constraints"]
    return marks


def _titled(marks: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The marks of each field, by their rule's title."""
    out: dict[str, list[dict[str, Any]]] = {}
    for field in FIELDS:
        for mark in marks.get(field, []):
            out.setdefault(mark["title"], []).append({"field": field, **mark})
    return out


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_the_page_carries_the_marks_of_every_kind(kind: str) -> None:
    rule = SAMPLES[kind]
    marks = _page_marks(rule)
    notes = constraint_drawing((rule,), 9).notes
    if notes and not _titled(marks):  # a rule over the whole grid: a note in the legend
        assert marks["notes"] == list(notes)
    else:
        assert rule.title(9) in _titled(marks)


def test_lines_carry_their_cells_in_order_and_their_style() -> None:
    rule = Thermometer((0, 1, 2, 11))
    (line,) = _page_marks(rule)["lines"]
    assert line == {
        "cells": [[0, 0], [0, 1], [0, 2], [1, 2]],
        "style": "thermometer",
        "title": "thermometer r1c1→r2c3",
    }


def test_an_arrow_is_a_ring_per_circle_cell_and_a_line_from_the_circle() -> None:
    marks = _page_marks(Arrow((36, 37), ((46, 55),)))
    assert [m["cell"] for m in marks["marks"]] == [[4, 0], [4, 1]]
    assert {m["shape"] for m in marks["marks"]} == {"ring"}
    assert marks["lines"][0]["cells"] == [[4, 1], [5, 1], [6, 1]]  # the nearer circle cell first
    assert marks["lines"][0]["style"] == "arrow"


def test_dots_quadruples_and_little_killers_keep_their_places_and_values() -> None:
    dot = _page_marks(Kropki(13, 4, False, 3))["signs"][0]
    assert dot["cells"] == [[0, 4], [1, 4]] and dot["sign"] == "white 3"
    point = _page_marks(Quadruple(30, (1, 2, 3)))["points"][0]
    assert point["corner"] == [3, 3] and point["text"] == "123"
    killer = _page_marks(LittleKiller(-1, 0, (1, 1), 20))["diagonals"][0]
    assert killer["at"] == [-1, 0] and killer["direction"] == [1, 1] and killer["text"] == "20"


@given(st.lists(st.integers(0, 15), min_size=1, max_size=6, unique=True))
def test_a_line_of_any_cells_is_carried_cell_by_cell(path: list[int]) -> None:
    drawing = ConstraintDrawing((), (), (), (), lines=(LineDrawing(tuple(path), "renban", "r"),))
    made = drawing_json(drawing, 4)
    assert made["lines"][0]["cells"] == [[c // 4, c % 4] for c in path]


def test_a_mark_of_a_style_the_page_does_not_know_is_refused_by_name() -> None:
    fog = ConstraintDrawing((), (), (), (), lines=(LineDrawing((0, 1), "fog", "fog r1c1"),))
    with pytest.raises(InputError, match="cannot draw fog r1c1 on the HTML step page"):
        drawing_json(fog, 4)
    odd = ConstraintDrawing((), (), (), (), cell_marks=(CellMark(0, "star", "star r1c1"),))
    with pytest.raises(InputError, match="cannot draw star r1c1 on the HTML step page"):
        drawing_json(odd, 4)


def test_the_steps_cite_the_titles_the_marks_carry() -> None:
    rules = (Thermometer((0, 1, 2, 3)), Kropki(4, 8, True))
    puzzle = Puzzle(Shape.latin(4), (0,) * 16, constraints=rules)
    titles = set(_titled(drawing_json(constraint_drawing(rules, 4), 4)))
    cited = {r["constraint"] for r in constraint_step_records(puzzle)} - {None}
    assert cited and cited <= titles


def test_the_documented_thermo_arrow_kropki_puzzle_is_unique_and_its_page_draws_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = str(Path(__file__).parents[1] / "data" / "variants" / "thermo-arrow-kropki.json")
    assert main(["count", source, "--limit", "2"]) == 0
    assert capsys.readouterr().out.split()[-1] == "1"
    page = tmp_path / "steps.html"
    assert main(["step", source, "--search", "--html", str(page)]) == 0
    trace = embedded_json(page.read_text(encoding="utf-8"))
    marks = trace["constraints"]
    assert [line["style"] for line in marks["lines"]] == ["thermometer"] * 3 + ["arrow"]
    assert {sign["sign"] for sign in marks["signs"]} == {"white", "black"}
    titles = set(_titled(marks))
    assert {step["constraint"] for step in trace["steps"]} - {None} <= titles
    assert trace["status"] == "solved"
