"""Hints for a player (``satdoku hint``, ``satdoku.hint``): each hint is a valid deduction,
replayed by the independent trace checker, with the weakest rung of the ladder that makes
progress (checked by an independent search of each rung); a planted mistake comes first."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from satdoku import hint
from satdoku.api._hint import Hint, HintStatus
from satdoku.api._marks import format_marks, parse_marks
from satdoku.cli import main
from satdoku.cli._hint import hint_record
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import trace
from satdoku.rules._strategies import RUNGS
from satdoku.views._trace_json import step_record
from stepper_support import check_trace, seventeen_sample

FIG_1A = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "satdoku" / "examples"

Values = dict[int, bool]


# --- an independent view of the ladder: which rungs make progress in a state -----------------


def _axioms(shape: Shape) -> tuple[list[list[int]], list[list[int]]]:
    """Return the cell axioms and the house axioms as lists of claim variables."""
    n = shape.n
    cells = [[c * n + d for d in range(1, n + 1)] for c in range(n * n)]
    houses = [[c * n + d for c in h.cells] for h in shape.houses for d in range(1, n + 1)]
    return cells, houses


def _set_move_exists(shape: Shape, value: Values, k: int) -> bool:
    """Tell whether k bases of one family have their open claims in k covers, with a cover
    claim open outside the bases (naked and hidden subsets of a house, fish of one digit)."""
    n = shape.n
    houses = shape.houses
    families: list[tuple[list[list[int]], list[list[int]]]] = []
    if k > 1:
        for h in houses:
            cells = [[c * n + d for d in range(1, n + 1)] for c in h.cells]
            digits = [[c * n + d for c in h.cells] for d in range(1, n + 1)]
            families += [(cells, digits), (digits, cells)]
    kinds = list(dict.fromkeys(h.kind for h in houses))
    for a in kinds:
        for b in kinds:
            if a == b or (k == 1 and {a, b} == {"row", "column"}):
                continue
            for d in range(1, n + 1):
                bases = [[c * n + d for c in h.cells] for h in houses if h.kind == a]
                covers = [[c * n + d for c in h.cells] for h in houses if h.kind == b]
                families.append((bases, covers))
    for bases, covers in families:
        usable = []
        for base in bases:
            open_ = frozenset(v for v in base if v not in value)
            if open_ and not any(value.get(v) is True for v in base):
                usable.append((open_, frozenset(base)))
        for chosen in combinations(usable, k):
            opened = frozenset().union(*(o for o, _ in chosen))
            inside = frozenset().union(*(b for _, b in chosen))
            hit = [c for c in covers if opened & set(c)]
            if len(hit) != k or not opened <= {v for c in hit for v in c}:
                continue
            if any(v not in value and v not in inside for c in hit for v in c):
                return True
    return False


def weakest_progress(shape: Shape, value: Values) -> int | None:
    """Return the weakest rung that makes progress (0 elimination, 1 lone cell, 2 lone ranger,
    3-6 set logic of size 1-4), or None when none does; the rungs are tried weakest first."""
    cells, houses = _axioms(shape)
    if any(
        any(value.get(v) is True for v in a) and any(v not in value for v in a)
        for a in cells + houses
    ):
        return 0
    for stage, group in ((1, cells), (2, houses)):
        for a in group:
            left = [v for v in a if value.get(v) is not False]
            if len(left) == 1 and left[0] not in value:
                return stage
    return next((2 + k for k in range(1, 5) if _set_move_exists(shape, value, k)), None)


# --- replaying the player's state for the independent checker ---------------------------------


def _replay(records: Sequence[dict[str, Any]], n: int) -> Values:
    value: Values = {}
    for rec in records:
        for r, c, d in rec["claims"]:
            value[r * n * n + c * n + d] = rec["value"]
    return value


def _closure(shape: Shape, value: Values, everywhere: bool) -> list[dict[str, Any]]:
    """Rule-1 records a player applies without writing them: in each set cell (and with
    ``everywhere``, in every house of a set cell) the other claims are false."""
    n = shape.n
    cells, houses = _axioms(shape)
    records = []
    for axiom in cells + (houses if everywhere else []):
        true = [v for v in axiom if value.get(v) is True]
        rest = [v for v in axiom if v not in value]
        if true and rest:
            claims = [[(v - 1) // n // n, (v - 1) // n % n, (v - 1) % n + 1] for v in axiom]
            records.append(
                {
                    "rule": 1,
                    "axiom": {"name": "closure", "claims": claims},
                    "claims": [claims[axiom.index(v)] for v in rest],
                    "value": False,
                    "because": [claims[axiom.index(true[0])]],
                    "depth": 0,
                }
            )
            for v in rest:
                value[v] = False
    return records


def _grid_and_marks(value: Values, n: int) -> tuple[tuple[int, ...], list[set[int]]]:
    cells, marks = [], []
    for cell in range(n * n):
        true = [d for d in range(1, n + 1) if value.get(cell * n + d) is True]
        cells.append(true[0] if true else 0)
        marks.append({d for d in range(1, n + 1) if value.get(cell * n + d) is not False})
    return tuple(cells), marks


def _check_hint(found: Hint, puzzle: Puzzle, prefix: list[dict[str, Any]], value: Values) -> int:
    """Assert the hint is a deduction the checker accepts after ``prefix``, on the weakest
    rung that makes progress in ``value``; return its stage."""
    weakest = weakest_progress(puzzle.shape, value)
    if found.status is HintStatus.STUCK:
        assert weakest is None
        return -1
    assert found.status is HintStatus.STEP, found
    rec = hint_record(found)
    assert rec["step"]["rule"] in (1, 2, "set")
    check_trace(puzzle, [*prefix, rec["step"]], "hint", None)
    assert found.stage == weakest, (found.stage, weakest, rec["text"])
    assert rec["stage"] == found.stage and rec["rung"] == max(0, found.stage - 2)
    return found.stage


SAMPLE = seventeen_sample(200, seed=18)


def test_hints_on_200_partly_solved_17_clue_grids() -> None:
    """Each of 200 grids, cut at a random step of a set-logic trace: with pencil marks, without
    them, with a wrong digit planted, and with a true candidate crossed out."""
    rng = random.Random(18)
    stages: dict[int, int] = {}
    unsolvable_plants = 0
    for puzzle in SAMPLE:
        n = puzzle.shape.n
        t = trace(puzzle, RUNGS[4])
        givens = sum(1 for d in puzzle.cells if d)
        last = max(i for i, step in enumerate(t.steps) if step.value)  # the last placement
        k = rng.randrange(givens, last)  # a grid with open cells
        records = [step_record(s, puzzle.shape) for s in t.steps[:k]]  # the steps replayed
        value = _replay(records[:k], n)
        prefix = records[:k] + _closure(puzzle.shape, value, everywhere=False)
        grid_cells, marks = _grid_and_marks(value, n)
        grid = Puzzle(puzzle.shape, grid_cells)

        # with the player's pencil marks: the hint reads the state as it is
        found = hint(grid, marks, original=puzzle)
        stage = _check_hint(found, puzzle, prefix, value)
        stages[stage] = stages.get(stage, 0) + 1

        # without marks: every elimination is taken as done; the hint places or uses set logic
        plain = hint(grid)
        before = [step_record(s, puzzle.shape) for s in trace(grid, frozenset()).steps]  # givens
        bare = _replay(before, n)
        before += _closure(puzzle.shape, bare, everywhere=True)
        if not all(grid_cells):
            assert _check_hint(plain, grid, before, bare) != 0

        # a wrong digit planted in a cell the player filled (or an open one): reported first
        filled = [i for i, d in enumerate(grid_cells) if d and not puzzle.cells[i]]
        spot = rng.choice(filled or [i for i, d in enumerate(grid_cells) if not d])
        solution = t.solution or found.solution
        assert solution is not None and is_solution(solution, puzzle)
        wrong = rng.choice([d for d in range(1, n + 1) if d != solution[spot]])
        planted = Puzzle(puzzle.shape, grid_cells[:spot] + (wrong,) + grid_cells[spot + 1 :])
        told = hint(planted, marks, original=puzzle)
        assert told.status is HintStatus.MISTAKE
        assert [(m.claim.row * n + m.claim.col, m.claim.digit) for m in told.mistakes] == [
            (spot, wrong)
        ]
        assert told.mistakes[0].solution == solution[spot]
        alone = hint(planted)  # no original: a grid with no solution names the clashing entries
        if alone.status is HintStatus.UNSOLVABLE:
            unsolvable_plants += 1
            assert (spot // n, spot % n, wrong) in alone.conflict
        else:
            assert alone.solution is not None and is_solution(alone.solution, planted)

        # a true candidate crossed out of an open cell's marks
        open_cells = [i for i, d in enumerate(grid_cells) if not d]
        if open_cells:
            cell = rng.choice(open_cells)
            crossed = [set(m) for m in marks]
            crossed[cell].discard(solution[cell])
            told = hint(grid, crossed, original=puzzle)
            assert told.status is HintStatus.MISTAKE
            assert [(m.kind, m.claim.row * n + m.claim.col) for m in told.mistakes] == [
                ("removed", cell)
            ]
    assert sum(stages.values()) == 200
    assert unsolvable_plants >= 180, unsolvable_plants
    assert {0, 1, 2} <= set(stages), stages  # the sample reaches every rung of the two rules
    assert any(s >= 3 for s in stages), stages  # and set logic


def test_hints_where_set_logic_is_the_weakest_rung() -> None:
    """Grids cut just before a set-logic step of size 2 or more (pairs, X-wing, ...): the hint
    is set logic of that size, never a stronger one, and the checker replays it."""
    seen: dict[int, int] = {}
    for puzzle in seventeen_sample(1500, seed=2):
        t = trace(puzzle, RUNGS[4])
        cut = next((k for k, s in enumerate(t.steps) if s.sets and s.sets.size >= 2), None)
        if cut is None:
            continue
        records = [step_record(s, puzzle.shape) for s in t.steps[:cut]]
        value = _replay(records, 9)
        prefix = records + _closure(puzzle.shape, value, everywhere=False)
        grid, marks = _grid_and_marks(value, 9)
        found = hint(Puzzle(puzzle.shape, grid), marks, original=puzzle)
        stage = _check_hint(found, puzzle, prefix, value)
        assert stage == 2 + t.steps[cut].sets.size  # type: ignore[union-attr]
        seen[stage] = seen.get(stage, 0) + 1
        if sum(seen.values()) == 40:
            break
    assert sum(seen.values()) == 40 and 4 in seen, seen


def test_a_grid_stalled_by_set_logic_gets_a_technique_beyond_it() -> None:
    hard = "................12..3.45........65.4.1.......7...8.......1...7...9...8...4...2..."
    puzzle = parse_line(hard)
    t = trace(puzzle, RUNGS[4])
    assert t.status.value == "stalled"
    value = _replay([step_record(s, puzzle.shape) for s in t.steps], 9)
    grid, marks = _grid_and_marks(value, 9)
    found = hint(Puzzle(puzzle.shape, grid), marks, original=puzzle)
    assert weakest_progress(puzzle.shape, value) is None
    assert found.status is HintStatus.STEP and found.advanced is not None and found.step is None
    assert found.stage is not None and found.stage >= 7 and found.rung == 5
    assert "guess" not in str(found.at(1))


def test_a_grid_where_nothing_applies_is_stuck_and_says_guess() -> None:
    found = hint(parse_line("." * 16))  # an empty 4x4 Sudoku: every candidate can be true
    assert found.status is HintStatus.STUCK and not found.unique
    assert "fewest candidates" in str(found.at(2)) and "guess" in str(found.at(1))
    assert "uniqueness techniques need a puzzle known to have one solution" in str(found)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_levels_say_more_and_more(level: int) -> None:
    puzzle = parse_line(FIG_1A)
    said = str(hint(puzzle, level=level))
    assert said.startswith("lone cell" if level < 3 else "rule 2 (lone cell)")
    assert ("r2c1" in said) is (level > 1)
    assert ("r2c1=1" in said) is (level == 3)  # only level 3 gives the claim away


def test_mistakes_come_before_anything_else_at_every_level() -> None:
    puzzle = parse_line(FIG_1A)
    grid = parse_line(FIG_1A[:2] + "9" + FIG_1A[3:])  # r1c3=9 where the solution has 3
    texts = [str(hint(grid, original=puzzle, level=level)) for level in (1, 2, 3)]
    assert texts[0].startswith("there is a mistake")
    assert texts[1] == "a mistake at r1c3"
    assert texts[2] == "r1c3=9 is wrong: the solution has 3 there"
    record = hint_record(hint(grid, original=puzzle))
    assert record["mistakes"] == [{"claim": [0, 2, 9], "kind": "filled", "solution": 3}]


def test_sixteen_with_letters_speaks_letters() -> None:
    text = next(x for x in (EXAMPLES / "sudoku16.txt").read_text().splitlines() if x[:1] != "#")
    puzzle = parse_line(text)
    t = trace(puzzle, RUNGS[4])
    seen = 0
    for k in range(len(t.steps) // 2, len(t.steps), 37):
        value = _replay([step_record(s, puzzle.shape) for s in t.steps[:k]], 16)
        grid, marks = _grid_and_marks(value, 16)
        found = hint(Puzzle(puzzle.shape, grid), marks)
        said = str(found)
        assert not re.search(r"=1[0-6]\b|exactly one 1[0-6]\b", said), said
        seen += bool(re.search(r"[=] ?[A-G]\b|exactly one [A-G]\b", said))
    assert seen


# --- pencil marks -----------------------------------------------------------------------------

HODOKU = """
.-----------.-----------.
| 1    234  | 34   234  |
| 234  34   | 1    234  |
:-----------+-----------:
| 34   1    | 234  .    |
| 234  234  | 34   1    |
'-----------'-----------'
"""


def test_marks_read_a_hodoku_pm_grid() -> None:
    marks = parse_marks(HODOKU, Shape.sudoku(4))
    assert marks[:3] == (frozenset({1}), frozenset({2, 3, 4}), frozenset({3, 4}))
    assert marks[11] is None and marks[15] == frozenset({1})  # '.': no marks in r3c4
    assert format_marks([m or {1, 2, 3, 4} for m in marks], Shape.sudoku(4)).count("\n") == 6


@pytest.mark.parametrize("n", [4, 9, 16])
def test_marks_round_trip(n: int) -> None:
    rng = random.Random(n)
    shape = Shape.sudoku(n)
    cands = [set(rng.sample(range(1, n + 1), rng.randrange(1, n + 1))) for _ in range(n * n)]
    text = format_marks(cands, shape)
    assert parse_marks(text, shape) == tuple(frozenset(c) for c in cands)
    tokens = ", ".join("".join(Alphabet().symbol(d) for d in sorted(c)) for c in cands)
    assert parse_marks(tokens, shape) == tuple(frozenset(c) for c in cands)


# --- the command --------------------------------------------------------------------------------


def test_cli_hint_json_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = parse_line(FIG_1A)
    t = trace(puzzle, RUNGS[4])
    value = _replay([step_record(s) for s in t.steps[:120]], 9)
    grid, marks = _grid_and_marks(value, 9)
    (tmp_path / "grid.txt").write_text("".join(str(d or ".") for d in grid) + "\n")
    (tmp_path / "pm.txt").write_text(format_marks(marks, puzzle.shape) + "\n")
    (tmp_path / "p.txt").write_text(FIG_1A + "\n")
    args = ["hint", str(tmp_path / "grid.txt"), "--marks", str(tmp_path / "pm.txt")]
    args += ["--original", str(tmp_path / "p.txt")]
    assert main([*args, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    expected = hint(Puzzle(puzzle.shape, grid), marks, original=puzzle)
    assert record == hint_record(expected)
    assert main([*args, "--level", "2"]) == 0
    assert capsys.readouterr().out == str(expected.at(2)) + "\n"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--marks", "MISSING"], "cannot open"),
        (["--marks", "BAD"], "pencil marks: expected 81 cells"),
        (["--marks", "LETTER"], "r1c2 has unknown symbol '$'"),
        (["--index", "3"], "there is no puzzle number 3"),
        (["--level", "4"], "invalid choice"),
    ],
)
def test_cli_hint_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    (tmp_path / "BAD").write_text("123 456\n")
    (tmp_path / "LETTER").write_text("1 $ " + "1 " * 79 + "\n")
    extra = [str(tmp_path / x) if x.isupper() else x for x in extra]
    try:
        status = main(["hint", "--example", *extra])
    except SystemExit as stop:  # argparse's own refusal
        status = stop.code  # type: ignore[assignment]
    assert status == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_hint_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["hint", "--help"])
    out = capsys.readouterr().out
    assert "satdoku hint grid.txt --marks pm.txt" in out and "--level {1,2,3}" in out
