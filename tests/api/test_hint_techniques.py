"""Hints beyond set logic: when rules 1-2 and set logic stall, the hint names the weakest
technique that applies (checked by the independent checker), with its premises, and says
"guess" only where no technique applies; its drawing shades the pattern and draws the chain.

Positions: magictour's top1465 (tests/data/magictour_top1465.txt), partly solved by singles
and set logic (and a few technique steps), with seeded choices; the published position of each
family (tests/support/technique_positions.py), where it is the weakest technique.
"""

from __future__ import annotations

import json
import random
import re
from itertools import islice
from pathlib import Path
from xml.etree import ElementTree

import pytest

from data_files import TOP1465, puzzle_lines
from satdoku import hint
from satdoku.api import _hint_techniques as hint_techniques
from satdoku.api._hint import Hint, HintStatus
from satdoku.api._marks import format_marks
from satdoku.cli import main
from satdoku.cli._hint import hint_record
from satdoku.core._errors import InternalError
from satdoku.core._puzzle import Puzzle
from satdoku.io._line import parse_line
from satdoku.rules._counting import completions
from satdoku.rules._technique_check import check_step
from satdoku.rules.techniques import Advanced, Board, TechniqueStep, next_step
from satdoku.views._hint_drawing import hint_page, hint_svg
from technique_positions import PUBLISHED, climb_to, player_grid

NS = "{http://www.w3.org/2000/svg}"
LINES = puzzle_lines(TOP1465)


def _partly_solved(index: int, rnd: random.Random) -> tuple[Puzzle, Puzzle, list[set[int] | None]]:
    """Puzzle ``index`` after singles and set logic and up to three technique steps."""
    puzzle = parse_line(LINES[index])
    p, _ = climb_to(puzzle, rnd.randrange(4), exact=False)
    return (puzzle, *player_grid(puzzle, p.value))


def _premise_cells_said(found: Hint) -> None:
    """The level-3 words and record name every cell of the step's premises."""
    step = found.advanced
    assert step is not None
    words = str(found)
    rec = hint_record(found)
    assert rec["premises"], rec
    if step.family != "forcing" and step.family != "nested":  # a forcing chain names its cases
        for row, col in rec["premises"]:
            assert f"r{row + 1}c{col + 1}" in words, (words, row, col)
    if step.family in ("single-digit", "chains") and rec["chain"]:
        assert rec["chain"] in words  # in Eureka notation
    assert words.startswith(step.technique.title) and f"SE {step.se}" in words


def test_two_hundred_partly_solved_grids_never_say_guess_where_a_technique_applies() -> None:
    rnd = random.Random(1465)
    families: dict[str, int] = {}
    stuck = 0
    for index in rnd.sample(range(len(LINES)), len(LINES)):
        original, grid, marks = _partly_solved(index, rnd)
        if all(grid.cells):  # set logic solved it: not a partly solved grid
            continue
        found = hint(grid, marks, original=original)
        board = Board.from_values(grid.shape, found.state.values)
        if found.status is HintStatus.STUCK:
            assert next_step(board, unique=True) is None, index
            stuck += 1
        else:
            assert found.status is HintStatus.STEP and found.advanced is not None, index
            _check_technique_hint(found, original, board)
            family = found.advanced.family
            families[family] = families.get(family, 0) + 1
        if stuck + sum(families.values()) == 200:
            break
    assert stuck + sum(families.values()) == 200 and len(families) >= 5, families


def _check_technique_hint(found: Hint, original: Puzzle, board: Board) -> None:
    """The hint's step is the weakest that applies, passes the checker, keeps the solution and
    names its premises."""
    step = found.advanced
    assert step is not None
    assert check_step(step, board.shape, board.cand) is None
    assert next_step(board, unique=True) == step
    solution = next(completions(original))
    assert all(solution[c] != d for c, d in step.eliminated)
    assert all(solution[c] == d for c, d in step.placed)
    _premise_cells_said(found)


FAMILY_POSITIONS = {
    "wings": Advanced.XY_WING,
    "single-digit": Advanced.TWO_STRING_KITE,
    "uniqueness": Advanced.UNIQUE_RECTANGLE_1,
    "chains": Advanced.X_CHAIN,
    "forcing": Advanced.CONTRADICTION_FORCING_CHAIN,
    "nested": Advanced.NESTED_FORCING_CHAIN,
}


def _published(technique: Advanced) -> tuple[Puzzle, Puzzle, list[set[int] | None]]:
    index, steps = PUBLISHED[technique]
    puzzle = parse_line(LINES[index])
    p, _ = climb_to(puzzle, steps)
    return (puzzle, *player_grid(puzzle, p.value))


@pytest.mark.parametrize("family", list(FAMILY_POSITIONS))
def test_each_family_is_named_where_it_is_the_weakest(family: str) -> None:
    technique = FAMILY_POSITIONS[family]
    original, grid, marks = _published(technique)
    found = hint(grid, marks, original=original)
    assert found.status is HintStatus.STEP and found.advanced is not None
    assert found.advanced.technique is technique and found.technique_name == technique.value
    step = found.advanced
    said = [str(found.at(level)) for level in (1, 2, 3)]
    assert all(words.startswith(technique.title) for words in said)
    assert f"SE {step.se}" in said[0] and family in said[0]
    assert not re.search(r"r\d+c\d+", said[0])  # level 1 names no cell
    where = hint_record(found.at(2))["cells"]
    assert where and all(f"r{r + 1}c{c + 1}" in said[1] for r, c in where)
    assert (found.at(1).advanced, found.stage, found.rung) == (step, 7 + _index(family), 5)
    if family == "uniqueness":
        assert found.unique and all("the puzzle has one solution" in words for words in said)
    _premise_cells_said(found)


def _index(family: str) -> int:
    return list(FAMILY_POSITIONS).index(family)


def test_uniqueness_needs_a_puzzle_known_to_have_one_solution() -> None:
    original, grid, marks = _published(Advanced.UNIQUE_RECTANGLE_1)
    assert hint(grid, marks, original=original).advanced.family == "uniqueness"  # type: ignore[union-attr]
    # the same grid and candidates, judged by the puzzle less its first given: several solutions
    first = next(i for i, d in enumerate(original.cells) if d)
    loose = original.with_cells(tuple(0 if i == first else d for i, d in enumerate(original.cells)))
    assert len(list(islice(completions(loose), 2))) == 2
    found = hint(grid, marks, original=loose)
    assert not found.unique and found.status is HintStatus.STEP and found.advanced is not None
    assert found.advanced.family != "uniqueness"
    assert found.advanced == next_step(
        Board.from_values(grid.shape, found.state.values), unique=False
    )


def test_a_step_the_checker_refuses_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    original, grid, marks = _published(Advanced.XY_WING)
    good = hint(grid, marks, original=original).advanced
    assert good is not None
    (cell, digit), *_ = good.eliminated
    broken = TechniqueStep(good.technique, ((cell + 1, digit),), chain=good.chain)
    monkeypatch.setattr(hint_techniques, "next_step", lambda board, unique: broken)
    with pytest.raises(InternalError, match="failed the checker"):
        hint(grid, marks, original=original)


def test_the_drawing_shades_the_pattern_draws_the_links_and_strikes_the_removals() -> None:
    original, grid, marks = _published(Advanced.X_CHAIN)
    found = hint(grid, marks, original=original)
    step = found.advanced
    assert step is not None and step.technique is Advanced.X_CHAIN
    root = ElementTree.fromstring(hint_svg(found))
    n = 9
    shaded = {
        int(e.get("data-row", "")) * n + int(e.get("data-col", ""))
        for e in root.iter(f"{NS}rect")
        if "role-pattern" in e.get("class", "")
    }
    assert shaded == {c for node in step.chain for c in node.cells}
    links = [e.get("class") for e in root.iter() if "link" in (e.get("class") or "").split()]
    assert links == [
        "link strong" if i % 2 == 0 else "link weak" for i in range(len(step.chain) - 1)
    ]
    removed = {
        e.get("data-claim") for e in root.iter(f"{NS}text") if "mk-removed" in e.get("class", "")
    }
    assert removed == {f"{c // n},{c % n},{d}" for c, d in step.eliminated}
    nodes = {e.get("data-claim") for e in root.iter(f"{NS}text") if "mk-node" in e.get("class", "")}
    assert nodes == {f"{x.cell // n},{x.cell % n},{x.digit}" for x in step.chain}
    assert hint_svg(found.at(1)).count("link") == 0  # level 1 draws nothing
    level2 = ElementTree.fromstring(hint_svg(found.at(2)))
    assert not [e for e in level2.iter() if "link" in (e.get("class") or "").split()]
    assert "strong link" in hint_page(found)


def test_the_command_writes_the_technique_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original, grid, marks = _published(Advanced.XY_WING)
    (tmp_path / "grid.txt").write_text("".join(str(d or ".") for d in grid.cells) + "\n")
    (tmp_path / "pm.txt").write_text(format_marks([m or () for m in marks], grid.shape))
    (tmp_path / "puzzle.txt").write_text(LINES[PUBLISHED[Advanced.XY_WING][0]] + "\n")
    argv = [str(tmp_path / "grid.txt"), "--marks", str(tmp_path / "pm.txt"), "--original"]
    code = main(
        ["hint", *argv, str(tmp_path / "puzzle.txt"), "--json", "--svg", str(tmp_path / "h.svg")]
    )
    assert code == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["status"] == "step" and rec["technique"] == "xy-wing" and rec["se"] == 4.2
    assert rec["family"] == "wings" and rec["rung"] == 5 and rec["stage"] == 7
    assert rec["chain"] and rec["eliminated"] and len(rec["links"]) == 5
    assert "role-pattern" in (tmp_path / "h.svg").read_text()
