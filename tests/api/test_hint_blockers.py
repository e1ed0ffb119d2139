"""Hints a player learns from: the blockers of a single named, the hint drawn (its house, target,
blockers and every premise as a struck pencil mark), links for chains, in the puzzle's symbols.

Blockers are checked against the grid by an independent check written here (peers from row,
column and box arithmetic), on hand-made positions and on 50 partly solved 17-clue grids.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, NamedTuple
from xml.etree import ElementTree

from hypothesis import given
from hypothesis import strategies as st

from satdoku import hint
from satdoku.api._hint import Hint, HintStatus
from satdoku.cli import main
from satdoku.cli._hint import hint_record
from satdoku.core._axioms import Axiom
from satdoku.core._claims import Claim
from satdoku.core._puzzle import Puzzle
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import trace
from satdoku.rules._set_logic import SetMove
from satdoku.rules._strategies import RUNGS
from satdoku.views._board_overlay import Link, mark_centre
from satdoku.views._hint_drawing import hint_svg, step_overlay
from satdoku.views._notebook import hint_html
from satdoku.views._svg import board_svg
from satdoku.views._trace_json import step_record
from stepper_support import seventeen_sample
from test_hint import _grid_and_marks, _replay

NS = "{http://www.w3.org/2000/svg}"
LETTERS = "ABCDEFGHIJKLMNOP"


def _grid(n: int, placed: dict[tuple[int, int], str], symbols: str) -> Puzzle:
    cells = ["."] * (n * n)
    for (r, c), s in placed.items():
        cells[r * n + c] = s
    return parse_line("".join(cells), alphabet=Alphabet(symbols))


# a hidden single in box 5: r5c4 and r6c6 see an 8 in their row and column, the rest is full
BOX5 = {(4, 0): "8", (8, 5): "8", (3, 3): "1", (3, 5): "2", (4, 4): "3", (4, 5): "4"}
BOX5 |= {(5, 3): "5", (5, 4): "6"}
# a naked single: r1c1 sees 1-8 in its row, column and box
NAKED = {(0, 3): "1", (0, 8): "2", (4, 0): "3", (8, 0): "4", (1, 1): "5", (2, 2): "6"}
NAKED |= {(0, 5): "7", (6, 0): "8"}


def _peers(a: int, b: int, n: int, box: tuple[int, int]) -> str | None:
    """The house two cells share, worked out from their coordinates (None: not peers)."""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    if a == b:
        return None
    if ra == rb:
        return f"row {ra + 1}"
    if ca == cb:
        return f"column {ca + 1}"
    h, w = box
    if (ra // h, ca // w) == (rb // h, cb // w):
        return f"box {(ra // h) * (n // w) + ca // w + 1}"
    return None


def check_blockers(found: Hint, marks: list[set[int]] | None) -> int:
    """Check each blocker of a single against the grid; return how many were checked."""
    step, puzzle = found.step, found.puzzle
    assert step is not None and step.axiom is not None
    n = puzzle.shape.n
    box = puzzle.shape.box or (n, n)
    grid = found.state.grid()
    target = step.claims[0]
    # the premises are the n-1 other claims of the axiom, each with one blocker, in order
    others = [c for c in step.axiom.claims if c != target]
    assert [b.premise for b in found.blockers] == others
    for b in found.blockers:
        p = b.premise
        cell = p.row * n + p.col
        if b.by is None:  # nothing placed excludes it: the player crossed it out
            assert marks is not None and p.digit not in marks[cell], b
            assert not grid[cell]
            assert all(
                grid[o] != p.digit for o in range(n * n) if _peers(cell, o, n, box) is not None
            ), b
        elif b.house is None:  # the premise's own cell holds another digit
            assert (b.by.row, b.by.col) == (p.row, p.col) and grid[cell] == b.by.digit != p.digit
        else:  # a peer holds the premise's digit, in the house named
            other = b.by.row * n + b.by.col
            assert b.by.digit == p.digit and grid[other] == p.digit
            assert _peers(cell, other, n, box) is not None
            shared = {h.title() for h in puzzle.shape.houses if {cell, other} <= set(h.cells)}
            assert b.house in shared
    return len(found.blockers)


# --- hand-made positions --------------------------------------------------------------------


def test_hidden_single_names_each_other_cell_and_what_blocks_it() -> None:
    found = hint(_grid(9, BOX5, "123456789"))
    assert found.technique is not None and found.technique.value == "lone-ranger"
    check_blockers(found, None)
    said = str(found)
    assert "hidden single (lone ranger)" in said
    assert "r4c5=8 is the only place for 8 in box 5" in said
    assert "r5c4 sees r5c1=8 (row 5)" in said and "r6c6 sees r9c6=8 (column 6)" in said
    assert "r4c4 holds 1" in said and "r6c5 holds 6" in said
    record = hint_record(found)
    assert {"premise": [4, 3, 8], "by": [4, 0, 8], "house": "row 5"} in record["blockers"]
    assert {"premise": [3, 3, 8], "by": [3, 3, 1], "house": None} in record["blockers"]
    assert len(record["blockers"]) == 8


def test_naked_single_names_each_other_digit_and_the_cell_that_holds_it() -> None:
    found = hint(_grid(9, NAKED, "123456789"))
    assert found.technique is not None and found.technique.value == "lone-cell"
    assert found.step is not None and found.step.claims == (Claim(0, 0, 9),)
    check_blockers(found, None)
    said = str(found)
    assert "naked single (lone cell): r1c1 sees every other digit" in said
    for words in ("1 in r1c4 (row 1)", "3 in r5c1 (column 1)", "5 in r2c2 (box 1)"):
        assert words in said


def test_sixteen_in_letters_names_blockers_in_letters() -> None:
    # box 1 holds A-M; N, O and P are left for r1c1, r2c2, r3c3, and rows 2 and 3 have a P
    cells = [(r, c) for r in range(4) for c in range(4) if (r, c) not in ((0, 0), (1, 1), (2, 2))]
    placed = {rc: LETTERS[k] for k, rc in enumerate(cells)}
    placed |= {(1, 8): "P", (2, 12): "P"}
    found = hint(_grid(16, placed, LETTERS), alphabet=LETTERS)
    assert found.step is not None and found.step.claims == (Claim(0, 0, 16),)
    check_blockers(found, None)
    said = str(found)
    assert "r1c1=P is the only place for P in box 1" in said
    assert "r2c2 sees r2c9=P (row 2)" in said and "r1c2 holds A" in said
    assert not re.search(r"=1[0-6]\b", said)
    assert hint_record(found)["blockers"][0] == {
        "premise": [0, 1, 16],
        "by": [0, 1, 1],
        "house": None,
    }


def test_a_crossed_out_candidate_is_said_as_such() -> None:
    puzzle = _grid(4, {(0, 0): "1"}, "1234")
    marks: list[set[int]] = [{1, 2, 3, 4} for _ in range(16)]
    marks[0] = {1}
    for cell in (2, 3, 4, 5, 8, 12):  # the 1s r1c1 rules out, the player took out too
        marks[cell] = {2, 3, 4}
    marks[1] = {2}  # and r1c2 keeps 2 alone: 3 and 4 crossed out, nothing placed sees them
    found = hint(puzzle, marks)
    assert found.step is not None and found.step.claims == (Claim(0, 1, 2),)
    check_blockers(found, marks)
    assert [b.by for b in found.blockers] == [Claim(0, 0, 1), None, None]
    assert str(found).endswith("1 in r1c1 (row 1), 3 crossed out and 4 crossed out.")


def test_set_logic_names_its_base_and_cover_houses() -> None:
    grid = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
    puzzle = parse_line(grid)
    t = trace(puzzle, RUNGS[4])
    cut = next(k for k, s in enumerate(t.steps) if s.sets and s.sets.size == 2)
    value = _replay([step_record(s) for s in t.steps[:cut]], 9)
    cells, marks = _grid_and_marks(value, 9)
    found = hint(Puzzle(puzzle.shape, cells), marks)
    move = found.step.sets if found.step is not None else None
    assert move is not None and move.size == 2
    said = str(found)
    bases, covers = (list(dict.fromkeys(x)) for x in (move.base_labels, move.cover_labels))
    assert said.endswith(
        f"Bases {bases[0]} and {bases[1]}; cover{'s' if len(covers) > 1 else ''} "
        f"{' and '.join(covers)}."
    )
    # drawn: bases and covers shaded, the eliminations struck in red, the premises struck
    root = ElementTree.fromstring(hint_svg(found))
    classes = [e.get("class", "") for e in root.iter(f"{NS}rect")]
    assert any("role-base" in c for c in classes) and any("role-cover" in c for c in classes)
    removed = {
        e.get("data-claim") for e in root.iter(f"{NS}text") if "mk-removed" in e.get("class", "")
    }
    assert removed == {f"{c.row},{c.col},{c.digit}" for c in found.step.claims}  # type: ignore[union-attr]


# --- 50 partly solved grids -------------------------------------------------------------------


def test_hints_on_50_partly_solved_grids_name_their_blockers() -> None:
    rng = random.Random(37)
    singles = 0
    for puzzle in seventeen_sample(50, seed=37):
        t = trace(puzzle, RUNGS[4])
        records = [step_record(s, puzzle.shape) for s in t.steps]
        last = max(i for i, rec in enumerate(records) if rec["value"])
        k = rng.randrange(sum(1 for d in puzzle.cells if d), last)
        cells, marks = _grid_and_marks(_replay(records[:k], 9), 9)
        grid = Puzzle(puzzle.shape, cells)
        for found, kept in ((hint(grid), None), (hint(grid, marks), marks)):
            if found.status is not HintStatus.STEP or found.step is None:
                continue
            step = found.step
            said = str(found)
            root = ElementTree.fromstring(hint_svg(found))
            struck = {
                e.get("data-claim")
                for e in root.iter(f"{NS}text")
                if "mk-struck" in e.get("class", "")
            }
            if step.rule.value == 2:
                singles += 1
                assert check_blockers(found, kept) == 8
                assert ("naked single" in said) is (step.axiom is not None and step.axiom.is_cell)
                # every premise drawn as a struck mark, every blocker's cell ringed
                assert struck == {
                    f"{b.premise.row},{b.premise.col},{b.premise.digit}" for b in found.blockers
                }
                rings = len(
                    list(e for e in root.iter(f"{NS}rect") if e.get("class") == "ring-blocker")
                )
                assert rings == len({b.by[:2] for b in found.blockers if b.by and b.house})
            elif step.sets is not None:
                assert re.search(r"\. Bases? .*; covers? .*\.$", said), said
                premises = {f"{c.row},{c.col},{c.digit}" for c in step.reasons}
                assert struck == premises - {f"{c.row},{c.col},{c.digit}" for c in step.claims}
    assert singles >= 50


# --- the drawing: CLI, notebook card, links -------------------------------------------------


def test_cli_writes_the_drawing_as_svg_and_html(tmp_path: Path) -> None:
    source = tmp_path / "g.txt"
    source.write_text(_line(BOX5) + "\n")
    svg, page = tmp_path / "h.svg", tmp_path / "h.html"
    assert main(["hint", str(source), "--svg", str(svg), "--html", str(page)]) == 0
    root = ElementTree.fromstring(svg.read_text())
    struck = [e for e in root.iter(f"{NS}text") if "mk-struck" in e.get("class", "")]
    assert len(struck) == 8 and {e.text for e in struck} == {"8"}
    placed = [e for e in root.iter(f"{NS}text") if "mk-placed" in e.get("class", "")]
    assert [e.get("data-claim") for e in placed] == ["3,4,8"]
    house = [e for e in root.iter(f"{NS}rect") if "role-house" in e.get("class", "")]
    assert len(house) == 9
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "hidden single (lone ranger)" in text
    assert main(["hint", str(source), "--svg", str(tmp_path / "no" / "h.svg")]) == 2


def _line(placed: dict[tuple[int, int], str]) -> str:
    cells = ["."] * 81
    for (r, c), s in placed.items():
        cells[r * 9 + c] = s
    return "".join(cells)


def test_the_notebook_card_draws_the_hint_with_every_premise_struck() -> None:
    found = hint(_grid(9, NAKED, "123456789"))
    card = hint_html(found)
    assert card.count('class="strike mk-struck"') == 8  # 1-8, every one, none clipped
    assert card.count('class="ring-blocker"') == 8
    assert found._repr_html_() == card
    assert hint_html(found.at(1)).count('class="strike') == 0  # level 1 gives nothing away
    assert hint_html(found.at(2)).count('role-target"') == 0  # level 2: where, not what


class ChainStep(NamedTuple):
    """A step as a chain technique would make it: premises, a decided claim, and links."""

    axiom: Axiom | None
    sets: SetMove | None
    value: bool
    claims: tuple[Claim, ...]
    reasons: tuple[Claim, ...]
    links: tuple[Link, ...]


def test_a_step_that_supplies_links_has_them_drawn() -> None:
    a, b, c = Claim(0, 0, 1), Claim(0, 3, 1), Claim(3, 3, 1)
    step = ChainStep(
        None, None, False, (Claim(3, 0, 1),), (), (Link(a, b, True), Link(b, c, False))
    )
    values = [0] * (4**3 + 1)
    overlay = step_overlay(step, values, 4)
    svg = board_svg((0,) * 16, parse_line("." * 16).shape, overlay=overlay)
    root = ElementTree.fromstring(svg)
    lines = [e for e in root.iter() if "link" in e.get("class", "")]
    assert [e.get("class") for e in lines] == ["link strong", "link weak"]
    assert {e.tag for e in lines} == {f"{NS}path"}  # between cells: arcs beside the candidates
    x1, y1 = mark_centre(a, 4, 48)
    assert lines[0].get("d", "").startswith(f"M{x1:.1f},{y1:.1f} Q")
    assert [
        e.get("data-claim") for e in root.iter(f"{NS}text") if "mk-removed" in e.get("class", "")
    ] == ["3,0,1"]


@given(st.integers(2, 25), st.data())
def test_a_mark_lies_inside_its_own_cell(n: int, data: Any) -> None:
    r, c = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    d = data.draw(st.integers(1, n))
    x, y = mark_centre(Claim(r, c, d), n, 48)
    assert c * 48 < x < (c + 1) * 48 and r * 48 < y < (r + 1) * 48


def test_json_keeps_its_fields_and_adds_blockers() -> None:
    found = hint(_grid(9, BOX5, "123456789"))
    record = hint_record(found)
    assert {"status", "level", "text", "technique", "rung", "stage", "axiom", "step"} <= set(record)
    assert "blockers" in record and "blockers" not in hint_record(found.at(2))
    json.dumps(record)
