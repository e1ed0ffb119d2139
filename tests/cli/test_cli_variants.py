"""Every command on puzzles with rules: a thermo/arrow/kropki variant file, a killer (Solo ID) and
a mixed variant (the same variant with a killer cage). Each answer is checked against the
solution the independent checkers accept; what a command refuses is refused by name, with what
works instead."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from satdoku import parse_puzzle
from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core.constraints import broken_constraints
from satdoku.io.variant_file import puzzle_of_variant
from satdoku.rules._literal_formula import formula
from satdoku.rules._literal_search import LiteralRun
from satdoku.rules._search import TraceStatus

DATA = Path(__file__).resolve().parents[1] / "data"
VARIANT = json.loads((DATA / "variants" / "thermo-arrow-kropki.json").read_text())
VARIANT_SOLUTION = "146352523641264513315426651234432165"
MIXED = {
    **VARIANT,
    "rules": [*VARIANT["rules"], {"kind": "killer cage", "members": ["r1c4", "r1c5"], "total": 8}],
}


def _killer() -> tuple[str, str]:
    for line in (DATA / "tatham" / "solo.tsv").read_text().splitlines():
        text, solution, params = line.split("\t")
        if params.startswith("3x3k"):
            return f"solo:{text}", solution
    raise AssertionError("no 9x9 killer in solo.tsv")


KILLER, KILLER_SOLUTION = _killer()


def _files(tmp_path: Path) -> dict[str, tuple[list[str], str, Puzzle]]:
    """Per puzzle: the arguments that read it, its solution, and the puzzle the library reads."""
    found = {}
    for name, data in (("variant", VARIANT), ("mixed", MIXED)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        found[name] = (
            ["--input-format", "variant", str(path)],
            VARIANT_SOLUTION,
            puzzle_of_variant(data),
        )
    path = tmp_path / "killer.txt"
    path.write_text(KILLER + "\n")
    found["killer"] = ([str(path)], KILLER_SOLUTION, parse_puzzle(KILLER))
    for _, solution, puzzle in found.values():  # the independent checkers accept each solution
        grid = tuple(int(ch) for ch in solution)
        assert is_solution(grid, puzzle) and not broken_constraints(
            grid, puzzle.n, puzzle.constraints
        )
    return found


NAMES = ["variant", "killer", "mixed"]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    got = capsys.readouterr()
    assert "Traceback" not in got.err
    return status, got.out, got.err


@pytest.mark.parametrize("name", NAMES)
def test_solve_count_and_check(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, solution, puzzle = _files(tmp_path)[name]
    status, out, _ = _run(["solve", *argv], capsys)
    assert status == 0 and out.splitlines()[-1] == solution
    assert _run(["count", *argv], capsys)[:2] == (0, "1\n")
    grids = tmp_path / "grids.txt"
    wrong = solution[1] + solution[1:]  # r1c1 holds r1c2's digit: a thermometer, a cage break
    grids.write_text(f"{solution}\n{wrong}\n")
    shape = ["--box", "2x3"] if puzzle.n == 6 else []
    status, out, _ = _run(["check", *shape, str(grids), "--puzzle", argv[-1], "--json"], capsys)
    valid, broken = (json.loads(line) for line in out.splitlines())
    assert status == 1 and valid["valid"] and not broken["valid"]
    titles = [rule.title(puzzle.n) for rule in puzzle.constraints]
    assert any(sentence.startswith(title) for sentence in broken["broken"] for title in titles)


@pytest.mark.parametrize("name", NAMES)
def test_step_prints_every_step_and_ends_solved(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, solution, puzzle = _files(tmp_path)[name]
    status, out, _ = _run(["step", *argv, "--search"], capsys)
    assert status == 0
    assert f"solution: {solution}" in out
    if (
        name != "killer"
    ):  # lines and arrows are not drawn in text: said once, steps printed all the same
        assert "Boards left out: satdoku cannot draw thermometer r1c1→r1c3" in out
    page = tmp_path / "steps.html"
    status, out, _ = _run(["step", *argv, "--search", "--html", str(page)], capsys)
    assert status == 0 and "<svg" in page.read_text()


def test_rate_of_a_variant_is_what_rules_1_and_2_over_its_axioms_reach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in NAMES:
        argv, solution, puzzle = _files(tmp_path)[name]
        status, out, _ = _run(["rate", *argv, "--json"], capsys)
        rec = json.loads(out)
        f = formula(puzzle)
        run = LiteralRun(f.axioms, f.variables, f.givens, guess=False)
        list(run)
        assert status == 0 and run.status is TraceStatus.SOLVED  # rules 1 and 2 alone solve it
        assert (rec["level"], rec["rung"], rec["unique"]) == ("easy", 0, True)


def _claims(grid: tuple[int, ...], n: int) -> str:
    """A model in minisat's result file that makes true exactly the claims of a grid."""
    literals = [v if grid[(v - 1) // n] == (v - 1) % n + 1 else -v for v in range(1, n**3 + 1)]
    return "SAT\n" + " ".join(map(str, literals)) + " 0\n"


@pytest.mark.parametrize("name", NAMES)
def test_dimacs_and_decode(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv, solution, puzzle = _files(tmp_path)[name]
    cnf = tmp_path / "p.cnf"
    assert _run(["dimacs", *argv, "-o", str(cnf)], capsys)[0] == 0
    with Solver(bootstrap_with=CNF(from_file=str(cnf)).clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    answer = tmp_path / "p.model"
    answer.write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    status, out, _ = _run(["decode", str(cnf), str(answer), "--format", "line"], capsys)
    assert status == 0 and out.splitlines()[-1] == solution
    status, out, _ = _run(["decode", str(cnf), str(answer), "--json"], capsys)
    assert status == 0 and json.loads(out) == json.loads(
        _run(["solve", *argv, "--json"], capsys)[1]
    )
    grid = tuple(int(ch) for ch in solution)  # digits 5 and 6 swapped: every house kept
    swapped = tuple({5: 6, 6: 5}.get(d, d) for d in grid)
    broken = broken_constraints(swapped, puzzle.n, puzzle.constraints)
    assert is_solution(swapped, Puzzle(puzzle.shape, puzzle.cells)) and broken
    answer.write_text(_claims(swapped, puzzle.n))
    status, out, _ = _run(["decode", str(cnf), str(answer), "--json"], capsys)
    record = json.loads(out)
    assert status == 0 and record["status"] == "invalid" and record["broken"] == broken


def test_decode_refuses_a_damaged_rule_line_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, _, _ = _files(tmp_path)["variant"]
    cnf = tmp_path / "p.cnf"
    assert _run(["dimacs", *argv, "-o", str(cnf)], capsys)[0] == 0
    lines = cnf.read_text().splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("c rule 3: "))
    lines[number - 1] = lines[number - 1].replace('"circle":["r4c6"]', '"circle":["r4c7"]')
    cnf.write_text("\n".join(lines) + "\n")
    answer = tmp_path / "p.model"
    answer.write_text("UNSAT\n")
    status, out, err = _run(["decode", str(cnf), str(answer)], capsys)
    column = len("c rule 3: ") + 1
    assert (status, out) == (2, "")
    assert err == (
        f"satdoku: {cnf}:{number}:{column}: a damaged rule in a CNF header: "
        'rule.circle[0]: expected a cell r1c1..r6c6, got "r4c7"\n'
    )


@pytest.mark.parametrize("name", NAMES)
def test_show_draws_and_writes_every_format_back(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, solution, _ = _files(tmp_path)[name]
    svg = tmp_path / "board.svg"
    assert _run(["show", *argv, "--svg", str(svg)], capsys)[0] == 0
    assert svg.read_text().startswith("<svg")
    for form, reader in (("variant", ["--input-format", "variant"]), ("fpuzzles", [])):
        status, out, _ = _run(["show", *argv, "--format", form], capsys)
        again = tmp_path / f"again-{form}.txt"
        again.write_text(out)
        assert status == 0
        assert _run(["solve", *reader, str(again)], capsys)[1].splitlines()[-1] == solution
    status, out, err = _run(["show", *argv], capsys)
    if name == "killer":
        assert status == 0 and out.startswith("solo:")
    else:
        assert status == 2 and "in text: draw the puzzle as SVG" in err


def test_show_of_a_killer_no_solo_id_can_state_writes_its_variant_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = (DATA / "killer_texts" / "sudocue.tsv").read_text().splitlines()[0]
    text, solution = line.split("\t")
    path = tmp_path / "k.txt"
    path.write_text(text + "\n")  # cells of total 0 are outside every cage
    status, out, _ = _run(["show", str(path)], capsys)
    assert status == 0 and json.loads(out.splitlines()[0])["format"] == "satdoku variant"
    shown = tmp_path / "shown.txt"
    shown.write_text(out)
    assert _run(["solve", str(shown)], capsys)[1].splitlines()[-1] == solution


@pytest.mark.parametrize("name", NAMES)
def test_hint_text_json_and_drawings(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, solution, puzzle = _files(tmp_path)[name]
    svg, page = tmp_path / "h.svg", tmp_path / "h.html"
    status, out, _ = _run(["hint", *argv, "--json", "--svg", str(svg), "--html", str(page)], capsys)
    rec = json.loads(out)
    assert status == 0 and rec["status"] == "step"
    houses = {"status", "level", "text", "technique", "rung", "stage", "step", "blockers"}
    rules = {"constraint", "cells", "rule_cells", "lead_rules", "premises", "lead"}
    assert houses | rules <= set(rec)
    n = puzzle.n
    for record in [*rec["lead"], rec["step"]]:  # every claim decided is true of the solution
        for row, col, digit in record["claims"]:
            assert (int(solution[row * n + col]) == digit) == record["value"]
    drawn = svg.read_text()
    assert "role-house" in drawn or "role-pattern" in drawn
    assert rec["text"] in page.read_text().replace("&#x27;", "'")
    for level in (1, 2):
        status, out, _ = _run(["hint", *argv, "--level", str(level)], capsys)
        assert status == 0 and out.strip()


def test_hint_json_names_the_rule_wrong_entries_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, _, _ = _files(tmp_path)["variant"]
    wrong = json.loads(json.dumps(VARIANT))
    wrong["givens"][0][0] = 5  # r1c1=5: the thermometer r1c1→r1c3 cannot rise from it
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(wrong))
    status, out, _ = _run(["hint", "--input-format", "variant", str(path), "--json"], capsys)
    rec = json.loads(out)
    assert status == 0 and rec["status"] == "unsolvable"
    assert rec["rules"] == ["thermometer r1c1→r1c3"] and rec["conflict"] == [[0, 0, 5]]
    original = ["--original", argv[-1]]
    status, out, _ = _run(
        ["hint", "--input-format", "variant", str(path), *original, "--json"], capsys
    )
    rec = json.loads(out)
    assert rec["status"] == "mistake" and rec["mistakes"][0]["claim"] == [0, 0, 5]
    assert rec["rules"] == ["thermometer r1c1→r1c3"]
