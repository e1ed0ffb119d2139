"""The step page draws every variant rule in its cells, and lights up the rule a step cites
(chromium, driven by playwright)."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import browser_fixture, require_browser  # noqa: F401

require_browser()

from satdoku.core._puzzle import Puzzle  # noqa: E402
from satdoku.core._shape import Shape  # noqa: E402
from satdoku.core.constraints import LittleKiller  # noqa: E402
from satdoku.views._constraint_drawing import constraint_drawing  # noqa: E402
from satdoku.views._html_player import render_trace_html  # noqa: E402
from satdoku.views._trace_json import trace_record  # noqa: E402
from test_constraint_views import _trace  # noqa: E402
from test_variant_views import SAMPLES  # noqa: E402

N = 9
LINE_KINDS = {
    "thermometer": "thermometer",
    "whisper": "whisper",
    "renban": "renban",
    "palindrome": "palindrome",
    "between line": "between",
    "entropic line": "entropic",
    "modular line": "modular",
    "zipper line": "zipper",
    "region sum line": "region-sum",
}
"""The kinds drawn as a line through their path, and the class of the line."""

READ_MARKS = """() => {
  const num = (e, a) => Number(e.getAttribute(a));
  return Array.from(document.querySelectorAll('#board svg.rules g.mk')).map((g) => ({
    rule: g.dataset.rule,
    cited: g.classList.contains('cited'),
    parts: Array.from(g.children).filter((e) => e.tagName !== 'title').map((e) => ({
      tag: e.tagName, cls: e.getAttribute('class'), text: e.textContent,
      cx: num(e, 'cx'), cy: num(e, 'cy'), r: num(e, 'r'), x: num(e, 'x'), y: num(e, 'y'),
      width: num(e, 'width'), height: num(e, 'height'),
      points: (e.getAttribute('points') || '').split(' ').filter(Boolean)
        .map((p) => p.split(',').map(Number)),
      stroke: getComputedStyle(e).stroke, fill: getComputedStyle(e).fill,
    })),
  }));
}"""

READ_SLOTS = """() => Array.from(document.querySelectorAll('.clues i')).map((i) => {
  const band = i.closest('.clues'), slot = i.parentElement;
  return { band: band.className, at: Array.from(band.children).indexOf(slot),
           text: i.textContent, rule: i.dataset.rule, cited: i.classList.contains('cited') };
})"""


def centre(cell: int) -> tuple[float, float]:
    return cell % N + 0.5, cell // N + 0.5


def near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6


@pytest.fixture(scope="module", name="drawn")
def drawn_fixture(browser: Any) -> dict[str, Any]:
    """The marks and outside clues of one page holding every sample rule, by rule title."""
    puzzle = Puzzle(Shape.sudoku(N), (0,) * N * N, constraints=tuple(SAMPLES.values()))
    page = browser.new_page(viewport={"width": 1000, "height": 760})
    page.set_content(render_trace_html(trace_record(_trace(puzzle))))
    page.wait_for_selector("body[data-ready='1']")
    marks: dict[str, list[Any]] = {}
    for group in page.evaluate(READ_MARKS):
        marks.setdefault(group["rule"], []).append(group)
    slots = {clue["rule"]: clue for clue in page.evaluate(READ_SLOTS)}
    notes = page.inner_text(".legend.notes")
    page.close()
    return {"marks": marks, "slots": slots, "notes": notes}


def parts(drawn: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """Every element drawn for the sample rule of a kind."""
    groups = drawn["marks"].get(SAMPLES[kind].title(N), [])
    return [part for group in groups for part in group["parts"]]


@pytest.mark.parametrize("kind", sorted(LINE_KINDS))
def test_a_line_runs_through_the_centres_of_its_cells_in_its_colour(
    drawn: dict[str, Any], kind: str
) -> None:
    lines = [p for p in parts(drawn, kind) if p["tag"] == "polyline"]
    assert len(lines) == 1 and LINE_KINDS[kind] in lines[0]["cls"].split()
    path = SAMPLES[kind].path  # type: ignore[attr-defined]
    assert len(lines[0]["points"]) == len(path)
    assert all(near(tuple(p), centre(c)) for p, c in zip(lines[0]["points"], path, strict=True))
    assert lines[0]["stroke"] not in ("none", "", "rgb(0, 0, 0)")  # drawn in a colour


def test_a_thermometer_has_its_bulb_and_a_between_line_its_two_ends(drawn: dict[str, Any]) -> None:
    (bulb,) = [p for p in parts(drawn, "thermometer") if p["cls"] == "bulb"]
    assert near((bulb["cx"], bulb["cy"]), centre(0)) and bulb["r"] < 0.5
    ends = [p for p in parts(drawn, "between line") if p["cls"] == "ends"]
    assert sorted((e["cx"], e["cy"]) for e in ends) == sorted([centre(18), centre(45)])


def test_an_arrow_has_its_circle_and_a_shaft_ending_in_a_head(drawn: dict[str, Any]) -> None:
    drawn_parts = parts(drawn, "arrow")
    rings = [(p["cx"], p["cy"]) for p in drawn_parts if p["cls"] == "ring"]
    assert sorted(rings) == sorted([centre(36), centre(37)])
    shaft, head = [p for p in drawn_parts if p["tag"] == "polyline"]
    assert near(tuple(shaft["points"][-1]), centre(55)) and near(
        tuple(shaft["points"][1]), centre(46)
    )
    assert near(tuple(head["points"][1]), centre(55))  # the head's tip at the shaft's end


@pytest.mark.parametrize(
    ("kind", "cls", "cells"),
    [
        ("parity", "even", [80]),
        ("extremum", "maximum", [78]),
        ("clone", "clone", [8, 17, 26, 35]),
    ],
)
def test_a_mark_in_a_cell_covers_that_cell(
    drawn: dict[str, Any], kind: str, cls: str, cells: list[int]
) -> None:
    rects = [p for p in parts(drawn, kind) if p["tag"] == "rect"]
    assert {p["cls"] for p in rects} == {cls}
    middles = sorted((p["x"] + p["width"] / 2, p["y"] + p["height"] / 2) for p in rects)
    assert middles == sorted(centre(c) for c in cells)


def test_dots_and_letters_sit_on_the_edge_between_their_cells(drawn: dict[str, Any]) -> None:
    (dot,) = parts(drawn, "kropki")
    assert dot["cls"] == "dot black" and (dot["cx"], dot["cy"]) == (5.0, 0.5)  # r1c5|r1c6
    (letter,) = parts(drawn, "xv")
    assert letter["text"] == "X" and (letter["x"], letter["y"]) == (5.0, 2.5)  # r3c5|r3c6


def test_a_quadruple_is_a_circle_with_its_digits_on_the_corner(drawn: dict[str, Any]) -> None:
    circle, text = parts(drawn, "quadruple")
    assert (circle["cx"], circle["cy"]) == (4.0, 4.0)  # r4c4's bottom-right corner
    assert text["text"] == "123" and (text["x"], text["y"]) == (4.0, 4.0)


def test_an_extra_region_is_outlined_inside_its_cells(drawn: dict[str, Any]) -> None:
    (outline,) = parts(drawn, "distinct")
    assert outline["tag"] == "path" and outline["cls"] == "killer"


@pytest.mark.parametrize(
    ("kind", "band", "at", "text"),
    [
        ("little killer", "top", 0, "20\u2198"),
        ("sandwich", "left", 4, "15"),
        ("x-sum", "top", 7, "x22"),
    ],
)
def test_clues_outside_stand_beside_their_line(
    drawn: dict[str, Any], kind: str, band: str, at: int, text: str
) -> None:
    clue = drawn["slots"][SAMPLES[kind].title(N)]
    assert band in clue["band"].split() and clue["at"] == at and clue["text"] == text


@pytest.mark.parametrize(
    "kind", ["anti-knight", "anti-king", "non-consecutive", "kropki negative", "xv negative"]
)
def test_a_rule_over_the_whole_grid_is_a_note_in_the_legend(
    drawn: dict[str, Any], kind: str
) -> None:
    for note in constraint_drawing((SAMPLES[kind],), N).notes:
        assert note in drawn["notes"]


def test_every_kind_is_drawn(drawn: dict[str, Any]) -> None:
    for kind, rule in SAMPLES.items():
        noted = constraint_drawing((rule,), N).notes
        title = rule.title(N)
        assert title in drawn["marks"] or title in drawn["slots"] or noted, kind


def test_the_rule_a_step_cites_lights_up(browser: Any) -> None:
    thermometer, clue = SAMPLES["thermometer"], SAMPLES["sandwich"]
    rules = (thermometer, clue, SAMPLES["kropki"])
    puzzle = Puzzle(Shape.sudoku(N), (0,) * N * N, constraints=rules)
    record = trace_record(_trace(puzzle))
    record["steps"] = [
        {"rule": 1, "claims": [[0, 0, 9]], "value": False, "text": "a",
         "constraint": thermometer.title(N)},
        {"rule": 1, "claims": [[4, 0, 9]], "value": False, "text": "b",
         "axiom": {"name": "b", "claims": [[4, 0, 9]], "constraint": clue.title(N)}},
    ]  # fmt: skip
    page = browser.new_page(viewport={"width": 1000, "height": 760})
    page.set_content(render_trace_html(record))
    page.wait_for_selector("body[data-ready='1']")
    lit = "() => Array.from(document.querySelectorAll('.cited')).map((e) => e.dataset.rule)"
    assert page.evaluate(lit) == []
    page.click("#next")
    assert page.evaluate(lit) == [thermometer.title(N)]
    page.click("#next")
    assert page.evaluate(lit) == [clue.title(N)]
    page.click("#first")
    assert page.evaluate(lit) == []
    page.close()


def test_little_killers_in_the_corners_stand_in_the_corners(browser: Any) -> None:
    rules = (LittleKiller(-1, -1, (1, 1), 45), LittleKiller(N, N, (-1, -1), 44))
    puzzle = Puzzle(Shape.sudoku(N), (0,) * N * N, constraints=rules)
    page = browser.new_page(viewport={"width": 1000, "height": 760})
    page.set_content(render_trace_html(trace_record(_trace(puzzle))))
    page.wait_for_selector("body[data-ready='1']")
    clues = {c["text"]: c for c in page.evaluate(READ_SLOTS)}
    assert "top-left" in clues["45\u2198"]["band"].split()
    assert "bottom-right" in clues["44\u2196"]["band"].split()
    board = page.eval_on_selector("#board", "e => e.getBoundingClientRect().toJSON()")
    corner = page.eval_on_selector(".clues.top-left i", "e => e.getBoundingClientRect().toJSON()")
    assert corner["right"] <= board["left"] + 1 and corner["bottom"] <= board["top"] + 1
    page.close()
