"""f-puzzles' variant rules: each key read with f-puzzles' meaning (as its own solvers read
it), every variant kind written and read back, malformed items refused by JSON path, and the
benchmark of another solver's published puzzles."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from format_support import refused_solve
from satdoku import solve
from satdoku.cli import main
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    XV,
    Arrow,
    Clone,
    Consecutive,
    Distinct,
    EntropicLine,
    Extremum,
    KillerCage,
    Kropki,
    KropkiNegative,
    LittleKiller,
    ModularLine,
    Parity,
    Quadruple,
    RegionSumLine,
    Sandwich,
    Side,
    Skyscraper,
    Whisper,
    XSum,
    XVNegative,
    broken_constraints,
)
from satdoku.io.fpuzzles import format_fpuzzles, fpuzzles_data, parse_fpuzzles
from variant_examples import VARIANT_PUZZLES

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "published_variants.py"


def _doc(n: int = 9, **keys: Any) -> dict[str, Any]:
    return {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)], **keys}


def _rules(n: int = 9, **keys: Any) -> tuple[Any, ...]:
    return parse_fpuzzles(json.dumps(_doc(n, **keys))).constraints


def _same(first: Puzzle, second: Puzzle) -> bool:
    """Tell whether two puzzles are the same but for their rules' order (f-puzzles keeps rules
    by key)."""
    rules = sorted(map(repr, first.constraints)), sorted(map(repr, second.constraints))
    return (first.shape, first.cells) == (second.shape, second.cells) and rules[0] == rules[1]


def _refusal(doc: dict[str, Any]) -> str:
    with pytest.raises(InputError) as caught:
        parse_fpuzzles(json.dumps(doc))
    return caught.value.message


# reading, key by key


def test_little_killers_start_beside_the_grid_or_on_the_diagonal_s_first_cell() -> None:
    clue = {"cell": "R0C4", "direction": "DL", "value": "17"}
    (read,) = _rules(littlekillersum=[clue])
    assert read == LittleKiller(-1, 3, (1, -1), 17) and read.cells(9) == (2, 10, 18)
    assert _rules(littlekillersum=[{**clue, "cell": "R1C3"}]) == (read,)
    up = _rules(littlekillersum=[{"cell": "R10C1", "direction": "UR", "value": "9"}])
    assert up[0].cells(9)[:2] == (73, 65)  # r9c2, r8c3
    assert _rules(littlekillersum=[{**clue, "value": ""}]) == ()  # no total: no clue


@pytest.mark.parametrize(
    ("cell", "side", "line"),
    [("R0C2", Side.TOP, 1), ("R10C5", Side.BOTTOM, 4), ("R3C0", Side.LEFT, 2)]
    + [("R8C10", Side.RIGHT, 7)],
)
def test_line_clues_stand_on_the_side_their_place_is(cell: str, side: Side, line: int) -> None:
    assert _rules(sandwichsum=[{"cell": cell, "value": "12"}]) == (Sandwich(side, line, 12),)
    assert _rules(xsum=[{"cell": cell, "value": "7"}]) == (XSum(side, line, 7),)
    assert _rules(skyscraper=[{"cell": cell, "value": "3"}]) == (Skyscraper(side, line, 3),)


def test_whispers_differ_by_half_the_side_rounded_up_unless_a_value_says() -> None:
    line = {"lines": [["R1C1", "R1C2", "R2C2"]]}
    assert _rules(whispers=[line]) == (Whisper((0, 1, 10), 5),)
    assert _rules(6, whispers=[line]) == (Whisper((0, 1, 7), 3),)
    assert _rules(whispers=[{**line, "value": "4"}]) == (Whisper((0, 1, 10), 4),)


def test_an_arrow_s_lines_leave_its_circle_and_the_rest_are_shafts() -> None:
    pill = {"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R1C3", "R1C4"], ["R1C1", "R2C1"]]}
    assert _rules(arrow=[pill]) == (Arrow((0, 1), ((2, 3), (9,))),)
    shared = {"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R1C2", "R2C2"]]}
    assert _rules(arrow=[shared]) == (Arrow((0,), ((1, 2),)), Arrow((0,), ((1, 10),)))


def test_dots_keep_their_values_and_negatives_exempt_every_kropki_dot() -> None:
    white = [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C1", "R2C2"], "value": "3"}]
    black = [{"cells": ["R3C1", "R3C2"]}, {"cells": ["R4C1", "R4C2"], "value": "2"}]
    rules = _rules(difference=white, ratio=black, negative=["ratio"])
    assert rules == (
        Consecutive(0, 1),
        Kropki(9, 10, False, 3),
        Kropki(18, 19, True),
        Kropki(27, 28, True),
        KropkiNegative(True, ((18, 19), (27, 28), (0, 1), (9, 10))),
    )
    assert _rules(ratio=black, nonconsecutive=True)[-1] == KropkiNegative(
        False, ((18, 19), (27, 28))
    )


def test_xv_letters_and_the_negative_xv_rule() -> None:
    marks = [{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C1", "R3C1"], "value": "v"}]
    marks.append({"cells": ["R5C5", "R5C6"]})  # no letter: no mark
    assert _rules(xv=marks, negative=["xv"]) == (
        XV(0, 1, 10),
        XV(9, 18, 5),
        XVNegative((5, 10), ((0, 1), (9, 18))),
    )


def test_cell_marks_quadruples_and_clones() -> None:
    assert _rules(odd=[{"cell": "R1C1"}], even=[{"cell": "R9C9"}]) == (
        Parity(0, False),
        Parity(80, True),
    )
    maxima = _rules(maximum=[{"cell": "R2C2"}, {"cell": "R2C3"}])
    assert maxima == (Extremum(10, True, (11,)), Extremum(11, True, (10,)))
    quad = {"cells": ["R2C3", "R1C2", "R1C3", "R2C2"], "values": [1, 1, 9]}
    assert _rules(quadruple=[quad]) == (Quadruple(1, (1, 1, 9)),)
    overlap = {"cells": ["R1C1", "R1C2"], "cloneCells": ["R1C2", "R1C3"]}
    assert _rules(clone=[overlap]) == (Clone((0,), (1,)), Clone((1,), (2,)))


def test_groups_of_differing_digits() -> None:
    groups = _rules(4, disjointgroups=True)
    assert [g.cells(4) for g in groups] == [(0, 2, 8, 10), (1, 3, 9, 11), (4, 6, 12, 14)] + [
        (5, 7, 13, 15)
    ]
    region = {"cells": ["R1C1", "R2C2", "R3C3"]}
    assert _rules(extraregion=[region, {"cells": ["R4C4"]}]) == (Distinct((0, 10, 20)),)


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"antiknight": True, "antiking": "yes"}, "antiking: expected true or false"),
        ({"disjointgroups": 1}, "disjointgroups: expected true or false"),
        ({"diagonal-": "yes"}, "diagonal-: expected true or false"),
        ({"nonconsecutive": 1}, "nonconsecutive: expected true or false"),
        ({"negative": [3]}, 'negative[0]: expected a rule name such as "ratio", got 3'),
        ({"arrow": [{"cells": ["R1C1"], "lines": "R1C2"}]}, "arrow[0].lines: expected a list"),
        ({"littlekillersum": [{"cell": "R0", "direction": "DR", "value": "5"}]}, "cell: expected"),
        ({"extraregion": [{"cells": "R1C1"}]}, "extraregion[0].cells: expected a list"),
        ({"odd": [{"cell": "R0C1"}]}, "odd[0].cell: expected a cell R1C1..R9C9"),
        ({"even": [{}]}, "even[0].cell: expected a cell"),
        ({"minimum": [{"cell": 5}]}, "minimum[0].cell: expected a cell"),
        ({"maximum": {"cell": "R1C1"}}, "maximum: expected a list of maximum cells"),
        ({"ratio": [{"cells": ["R1C1", "R1C3"]}]}, "ratio[0].cells: expected two orthogonally"),
        ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": "0"}]}, "ratio[0].value: expected"),
        ({"difference": [{"cells": ["R1C1", "R1C2"], "value": "x"}]}, "difference[0].value"),
        ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}, "xv[0].value: expected X or V"),
        ({"negative": "xv"}, "negative: expected a list of rule names"),
        ({"thermometer": [{"lines": [["R1C1", "R1C1"]]}]}, "thermometer[0].lines[0]: expected"),
        ({"slowthermometer": [{"lines": "R1C1"}]}, "slowthermometer[0].lines: expected a list"),
        ({"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "-1"}]}, "whispers[0].value"),
        ({"renban": [{"lines": [["R1C1", "X"]]}]}, "renban[0].lines[0][1]: expected a cell"),
        ({"palindrome": [{}]}, "palindrome[0].lines: expected a list of lines"),
        ({"betweenline": [{"lines": [[1, 2, 3]]}]}, "betweenline[0].lines[0][0]: expected"),
        ({"entropicline": [{"lines": [[]]}]}, "entropicline[0].lines[0]: expected a list"),
        ({"entropicline": [{"lines": [["R1C1", "R1C2"]]}]}, "entropic lines of three cells"),
        ({"modularline": [{"lines": [["R1C1", "R1C2"]]}]}, "modular lines of three cells or"),
        ({"modularline": [{"lines": [["R1C1", "R10C1"]]}]}, "modularline[0].lines[0][1]"),
        ({"zipperline": [{"lines": [["r1c1"], 3]}]}, "zipperline[0].lines[1]: expected"),
        ({"regionsumline": 3}, "regionsumline: expected a list of regionsumline items"),
        ({"arrow": [{"cells": [], "lines": []}]}, "arrow[0].cells: expected a list of distinct"),
        ({"littlekillersum": [{"cell": "R0C1", "direction": "D", "value": "5"}]}, "direction"),
        ({"littlekillersum": [{"cell": "R5C5", "direction": "DR", "value": "5"}]}, "outside"),
        ({"sandwichsum": [{"cell": "R0C0", "value": "5"}]}, "sandwichsum[0].cell: expected"),
        ({"xsum": [{"cell": "R0C1", "value": "0"}]}, "xsum[0].value: expected"),
        ({"skyscraper": [{"cell": "R1C1", "value": "3"}]}, "skyscraper[0].cell: expected a"),
        ({"quadruple": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4"], "values": [1]}]}, "2x2"),
        ({"quadruple": [{"cells": ["R1C1"], "values": [10]}]}, "quadruple[0].values[0]"),
        ({"clone": [{"cells": ["R1C1"], "cloneCells": ["R2C1", "R3C1"]}]}, "clone[0].cloneCells"),
    ],
)
def test_malformed_items_exit_2_naming_their_json_path(
    keys: dict[str, Any], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in refused_solve(tmp_path / "p.txt", json.dumps(_doc(**keys)), [], capsys)


def test_entropic_lines_are_read_on_sides_f_puzzles_splits_in_equal_thirds() -> None:
    line = [{"lines": [["R1C1", "R1C2", "R1C3"]]}]
    assert _rules(6, entropicline=line) == (EntropicLine((0, 1, 2)),)
    puzzle = Puzzle(Shape.sudoku(6), (0,) * 36, constraints=(EntropicLine((0, 7, 14)),))
    assert parse_fpuzzles(format_fpuzzles(puzzle)) == puzzle
    message = _refusal(_doc(8, entropicline=line))
    assert message.startswith("entropicline[0].lines[0]: f-puzzles' thirds of 1..8 are not")


def test_rules_that_need_boxes_are_refused_on_a_grid_without_them() -> None:
    jigsaw = _doc(4, disjointgroups=True)
    for row in jigsaw["grid"]:
        for cell in row:
            cell["region"] = None
    assert "disjointgroups: satdoku reads disjoint groups on grids of boxes only" in _refusal(
        jigsaw
    )
    del jigsaw["disjointgroups"]
    line = {"regionsumline": [{"lines": [["R1C1", "R1C2"]]}]}
    assert "region sum lines on grids of boxes only" in _refusal({**jigsaw, **line})


# writing and reading back


STATED = [rules for rules in VARIANT_PUZZLES if not isinstance(rules[0], EntropicLine)]
"""The examples f-puzzles states on a 4x4 grid (not entropic lines: its thirds differ)."""


@pytest.mark.parametrize("rules", STATED, ids=lambda rules: rules[-1].kind)
def test_every_variant_kind_reads_back_as_itself(rules: tuple[Any, ...]) -> None:
    puzzle = Puzzle(Shape.sudoku(4), (1,) + (0,) * 15, constraints=rules)
    assert _same(parse_fpuzzles(format_fpuzzles(puzzle, link=True)), puzzle)
    assert _same(parse_fpuzzles(json.dumps(fpuzzles_data(puzzle))), puzzle)


TOGETHER = STATED[2:4] + STATED[5:8] + STATED[12:]
"""The examples that hold beside any other: not the negative rules, whose exemptions depend on
the other rules' dots."""


@settings(max_examples=60, deadline=None)
@given(
    picks=st.lists(st.sampled_from(TOGETHER), max_size=4),
    region=st.booleans(),
)
def test_variant_kinds_read_back_together(picks: list[tuple[Any, ...]], region: bool) -> None:
    rules = [rule for rules in picks for rule in rules]
    rules += [Distinct((2, 7, 8))] if region else []
    puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=tuple(dict.fromkeys(rules)))
    assert _same(parse_fpuzzles(format_fpuzzles(puzzle)), puzzle)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ((XV(0, 1, 7),), "f-puzzles marks sums of 5"),
        ((KropkiNegative(True, ()), Kropki(0, 1, True)), "exempts exactly the pairs"),
        ((XVNegative((5,), ()),), "forbids sums 5 and 10"),
        ((Kropki(0, 1, True), *_rules(4, nonconsecutive=True)), "nonconsecutive rule exempts"),
        ((RegionSumLine((0, 1), (1, 4)),), "cuts a region sum line by the grid's boxes"),
        ((EntropicLine((0, 1)),), "entropic lines of three cells or more"),
        ((ModularLine((0, 1)),), "modular lines of three cells or more"),
        ((Extremum(0, True, (1,)),), "exempts a maximum cell from exactly its neighbours"),
    ],
)
def test_what_f_puzzles_cannot_state_is_refused(rules: tuple[Any, ...], message: str) -> None:
    with pytest.raises(InputError, match=message):
        format_fpuzzles(Puzzle(Shape.sudoku(4), (0,) * 16, constraints=rules))


def test_a_read_puzzle_solves_to_a_grid_every_rule_accepts() -> None:
    doc = _doc(
        4,
        ratio=[{"cells": ["R1C1", "R1C2"]}],
        thermometer=[{"lines": [["R4C1", "R3C1", "R2C1"]]}],
        littlekillersum=[{"cell": "R0C1", "direction": "DR", "value": "6"}],
    )
    puzzle = parse_fpuzzles(json.dumps(doc))
    found = solve(puzzle)
    assert found is not None and broken_constraints(found, 4, puzzle.constraints) == []


# the benchmark of SudokuSolver's published puzzles


def _run_benchmark(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCHMARK), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_benchmark_skips_without_a_copy(tmp_path: Path) -> None:
    run = _run_benchmark(tmp_path)
    assert run.returncode == 0 and run.stdout.startswith("skipped: no SudokuTests/Puzzles.cs")


def test_the_benchmark_tells_equal_refused_wrong_and_not_unique_apart(tmp_path: Path) -> None:
    solved = Puzzle(Shape.sudoku(4), (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 0, 0, 0, 0))
    loose = Puzzle(Shape.sudoku(4), (1, 2, 3, 4) + (0,) * 12)
    entries = [
        ("// one", format_fpuzzles(solved), "1234341221434321"),
        ("// two", format_fpuzzles(solved), "1234341221433412"),
        ("// three", format_fpuzzles(loose), "1234341221434321"),
        ("// four", "N4IgzglgXgpiBcBOAvkA", "1234"),
    ]
    body = "\n".join(f'{note}\n(@"{text}", "{grid}"),' for note, text, grid in entries)
    source = "uniqueClassicFPuzzles = {\n};\nuniqueVariantFPuzzles = {\n" + body + "\n};\n"
    (tmp_path / "SudokuTests").mkdir()
    (tmp_path / "SudokuTests" / "Puzzles.cs").write_text(source)
    run = _run_benchmark(tmp_path)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    assert [line.split(":")[-1].strip() for line in lines[1:5]] == ["1", "1", "1", "1"]
    assert lines[5].startswith("refused 1: ")
    assert lines[6].startswith("WRONG two: another solution")
    assert lines[7] == "NOT UNIQUE three"


def test_a_killer_whose_cages_leave_cells_out_is_solved_to_json_without_a_game_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No Solo ID states a killer with cells outside every cage: its record has no "id"."""
    cages = (KillerCage((0, 1), 3), KillerCage((14, 15), 7))
    puzzle = Puzzle(Shape.sudoku(4), (1,) + (0,) * 15, constraints=cages)
    link = tmp_path / "killer.txt"
    link.write_text(format_fpuzzles(puzzle, link=True) + "\n")
    assert main(["solve", "--json", str(link)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "solved" and "id" not in record
    assert main(["show", str(link)]) == 0
    assert not capsys.readouterr().out.startswith("solo:")
