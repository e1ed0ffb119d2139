"""Simon Tatham's puzzles solved through the command line: every ID of the test data (generated
by his games, solutions printed by his own solvers) is solved to his solution, counted as unique,
checked, stepped and rated; every command either answers for the puzzle with its rules or
refuses it by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku.api._rule_conflict import explain_rules
from satdoku.backends._constraint_sat import count_constrained
from satdoku.cli import main
from satdoku.core._puzzle import Puzzle
from satdoku.io.tatham import format_game_id, parse_game_id

DATA = Path(__file__).resolve().parents[1] / "data" / "tatham"
GAMES = ("keen", "towers", "unequal", "solo")


def _rows(game: str) -> list[tuple[str, str, str]]:
    path = DATA / f"{game}.tsv"
    if not path.exists():
        return []
    rows = [line.split("\t") for line in path.read_text().splitlines() if line.strip()]
    return [(f"{game}:{game_id}", solution, params) for game_id, solution, params in rows]


ALL = [row for game in GAMES for row in _rows(game)]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def id_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("tatham")
    files = {}
    for game in GAMES:
        rows = _rows(game)
        if rows:
            files[game] = folder / f"{game}.txt"
            files[game].write_text("".join(f"{game_id}\n" for game_id, _, _ in rows))
    return files


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("backend", ["sat", "stepper"])
def test_every_id_is_solved_to_tathams_solution(
    game: str, backend: str, id_files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _rows(game)
    if not rows:
        pytest.skip(f"no {game} IDs in tests/data/tatham")
    status, out, err = _run(["solve", str(id_files[game]), "--json", "--backend", backend], capsys)
    assert status == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["solution"] for r in records] == [solution for _, solution, _ in rows]
    # the record names the puzzle by its ID (a puzzle without rules is a plain grid: no ID)
    ids = [game_id if parse_game_id(game_id).constraints else None for game_id, _, _ in rows]
    assert [r.get("id") for r in records] == ids


@pytest.mark.parametrize("game", GAMES)
def test_every_id_has_one_solution(
    game: str, id_files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    if game not in id_files:
        pytest.skip(f"no {game} IDs in tests/data/tatham")
    status, out, err = _run(["count", str(id_files[game]), "--limit", "2", "--json"], capsys)
    assert status == 0, err
    assert {json.loads(line)["count"] for line in out.splitlines()} == {1}


@pytest.mark.parametrize(("game_id", "solution", "params"), ALL[::9])
def test_check_names_the_rule_a_wrong_digit_breaks(
    game_id: str, solution: str, params: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(solution + "\n")
    swapped = solution[1] + solution[0] + solution[2:]  # two digits of row 1 swapped
    bad.write_text(swapped + "\n")
    assert _run(["check", str(good), "--puzzle", game_id], capsys)[:2] == (0, "valid\n")
    status, out, _ = _run(["check", str(bad), "--puzzle", game_id], capsys)
    if swapped == solution:
        return
    assert status == 1
    assert out.startswith("invalid")


def test_check_names_a_broken_cage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, solution, _ = _rows("keen")[0]
    grid = tmp_path / "grid.txt"
    # the Latin square 123/231/312 breaks this puzzle's cages, not its rows or columns
    grid.write_text("123231312\n")
    status, out, _ = _run(["check", str(grid), "--puzzle", game_id], capsys)
    assert status == 1
    assert "cage" in out and "column" not in out and "row" not in out


@pytest.mark.parametrize("game", ["keen", "towers", "unequal"])
def test_step_cites_the_rules_and_ends_solved(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, solution, _ = _rows(game)[-1]
    path = tmp_path / "p.txt"
    path.write_text(game_id + "\n")
    status, out, err = _run(["step", str(path), "--search", "--boards", "none"], capsys)
    assert status == 0, err
    assert out.splitlines()[-1] == f"solution: {solution}"
    words = {"keen": "cage", "towers": "seen from the", "unequal": "r"}[game]
    assert words in out
    status, out, err = _run(["step", str(path), "--search", "--json"], capsys)
    record = json.loads(out)
    assert record["status"] == "solved" and record["solution"] == solution
    assert record["constraints"] and any(step.get("constraint") for step in record["steps"])


def test_rate_and_show_keep_the_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, solution, _ = _rows("keen")[-1]
    path = tmp_path / "p.txt"
    path.write_text(game_id + "\n")
    status, out, _ = _run(["rate", str(path), "--json"], capsys)
    assert status == 0 and json.loads(out)["unique"] is True
    status, out, _ = _run(["show", str(path)], capsys)
    assert status == 0 and out.splitlines()[0] == game_id
    shown = tmp_path / "shown.txt"
    shown.write_text(out)
    status, out, _ = _run(["solve", str(shown)], capsys)
    assert status == 0 and out.splitlines()[-1] == solution  # read back as the same puzzle
    status, out, _ = _run(["show", str(path), "--format", "keen"], capsys)
    assert out == game_id + "\n"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", "--order", "reading", "--all"], "reading order is for puzzles of houses"),
        (["step", "--play"], "--play shows puzzles of houses only"),
    ],
)
def test_questions_of_houses_only_are_refused_by_name(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, _, _ = _rows("keen")[-1]
    path = tmp_path / "p.txt"
    path.write_text(game_id + "\n")
    status, out, err = _run([argv[0], str(path), *argv[1:]], capsys)
    assert status == 2
    assert words in err and "Traceback" not in err


def test_a_bad_id_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text("keen:6:__aa_aba_a_6a__ab__b__a__a__a_3a__ab,a9a9q4\n")
    status, out, err = _run(["solve", str(path)], capsys)
    assert status == 2
    assert "column" in err and "Traceback" not in err


def _easy(game: str, params: str) -> bool:
    """Tell whether Tatham's level of a generated ID is one rules 1 and 2 are said to solve:
    Keen Easy and Normal, Unequal Trivial and Easy (both modes)."""
    level = params.rstrip("m")[-1]
    return level in {"keen": "en", "unequal": "te"}.get(game, "")


EASY = [(game, row) for game in ("keen", "unequal") for row in _rows(game) if _easy(game, row[2])]


def test_rules_1_and_2_alone_solve_the_easy_levels(
    id_files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Keen Easy/Normal and Unequal Trivial/Easy: the support encoding makes rules 1 and 2
    generalised arc consistency on every cage and sign, which is all those levels need."""
    assert len(EASY) >= 40
    path = tmp_path / "easy.txt"
    path.write_text("".join(f"{game_id}\n" for _, (game_id, _, _) in EASY))
    status, out, err = _run(["rate", str(path), "--json"], capsys)
    assert status == 0, err
    levels = [json.loads(line)["level"] for line in out.splitlines()]
    assert levels == ["easy"] * len(EASY)


@pytest.mark.parametrize("game", ["keen", "towers", "unequal", "solo"])
def test_explain_names_givens_and_rules_that_cannot_all_hold(game: str) -> None:
    """An impossible puzzle (a solution's digit moved into a given where it breaks a rule) is
    explained by givens and rules that clash, and dropping any one of them makes it solvable."""
    game_id, solution, _ = next(r for r in _rows(game) if parse_game_id(r[0]).constraints)
    puzzle = parse_game_id(game_id)
    n = puzzle.n
    digits = tuple(int(d, 36) for d in solution)
    blank = next(i for i, d in enumerate(puzzle.cells) if not d)
    wrong = digits[blank] % n + 1
    impossible = puzzle.with_cells(puzzle.cells[:blank] + (wrong,) + puzzle.cells[blank + 1 :])
    if count_constrained(impossible, 1):
        pytest.skip("the wrong digit still leaves a solution")
    conflict = explain_rules(impossible)
    assert conflict is not None and conflict.minimal
    assert conflict.rules, "houses and givens alone cannot clash here"
    for dropped in range(len(conflict.givens) + len(conflict.rules)):
        kept_givens = [c for i, c in enumerate(conflict.givens) if i != dropped]
        kept_rules = [
            impossible.constraints[r]
            for i, r in enumerate(conflict.rules, len(conflict.givens))
            if i != dropped
        ]
        cells = [0] * (n * n)
        for claim in kept_givens:
            cells[claim.row * n + claim.col] = claim.digit
        smaller = Puzzle(impossible.shape, tuple(cells), constraints=tuple(kept_rules))
        assert count_constrained(smaller, 1) == 1, "the conflict is not minimal"


def test_solve_explain_says_the_conflict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("towers:4:1/2/3/2/2/1/2/2/1/2/2/2/2/2/1/2\n")
    status, out, err = _run(["solve", str(path), "--explain", "--json"], capsys)
    record = json.loads(out)
    assert status == 0 and record["status"] == "unsolvable"
    assert record["conflict_rules"] and all("seen from the" in t for t in record["conflict_rules"])


def test_bare_ids_are_read_with_their_game_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _rows("keen")[:3]
    path = tmp_path / "bare.txt"
    path.write_text("".join(game_id.split(":", 1)[1] + "\n" for game_id, _, _ in rows))
    status, out, _ = _run(["solve", str(path), "--game", "keen"], capsys)
    assert status == 0
    assert out.splitlines()[-3:] == [solution for _, solution, _ in rows]
    status, out, err = _run(["solve", str(path)], capsys)
    assert status == 2
    assert "game ID without its game" in err and "--game keen" in err


def test_check_of_a_filled_id_checks_its_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Towers ID whose givens fill the grid is checked against its clues, not its houses only."""
    game_id, solution, _ = _rows("towers")[-1]
    puzzle = parse_game_id(game_id)
    n = puzzle.n
    relabelled = tuple(int(d, 36) % n + 1 for d in solution)  # houses hold, clues break
    path = tmp_path / "filled.txt"
    path.write_text(format_game_id(puzzle.with_cells(relabelled)) + "\n")
    status, out, _ = _run(["check", str(path)], capsys)
    assert status == 1
    assert "seen from the" in out
    path.write_text(format_game_id(puzzle.with_cells(tuple(int(d, 36) for d in solution))) + "\n")
    assert _run(["check", str(path)], capsys)[:2] == (0, "valid\n")
