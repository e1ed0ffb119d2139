"""The public killer collections (the enjoysudoku forum's "Human-solvable zero", Tarek's, the
forum's extreme killers), read from their own text and solved to their published solutions,
each the only one; and the benchmark that reads whole collections from a copy of the
Interactive Sudoku Solver tells read, refused, equal, wrong and not unique apart."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from satdoku.cli import main
from satdoku.core._errors import InputError
from satdoku.io.killer_text import killer_form_of, parse_killer

DATA = Path(__file__).resolve().parents[1] / "data" / "killer_collections"
BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "killer_collections.py"


def _rows() -> list[list[str]]:
    """Each published killer: collection, name, text, solution."""
    return [line.split("\t") for line in (DATA / "published.tsv").read_text().splitlines()]


def _texts(folder: Path, rows: list[list[str]]) -> str:
    """Write the killers' texts one a line; return the file's path."""
    path = folder / "killers.txt"
    path.write_text("".join(f"{row[2]}\n" for row in rows))
    return str(path)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_samples_are_the_three_collections_with_their_solutions() -> None:
    rows = _rows()
    collections = {row[0] for row in rows}
    assert collections == {"HS_KILLERS", "TAREK_ALL", "EXTREME_KILLERS"}
    assert all(len(row) == 4 and len(row[3]) == 81 and row[3].isdigit() for row in rows)
    starts = {row[2][:7] for row in rows}
    assert {"3x3::k:", "3x3:d:k"} < starts  # SudoCue's text, with and without diagonals
    assert sum(killer_form_of(row[2]) == "arrows" for row in rows) == 20


def test_satdoku_solves_each_published_killer_to_its_published_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _rows()
    status, out, err = _run(["solve", _texts(tmp_path, rows)], capsys)
    assert (status, err) == (0, "")
    solutions = [line for line in out.splitlines() if not line.startswith("# shape:")]
    assert solutions == [row[3] for row in rows]


def test_count_limit_2_finds_each_published_killer_has_one_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = _rows()
    status, out, err = _run(["count", _texts(tmp_path, rows), "--limit", "2"], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines() == ["1"] * len(rows)


def _sudocue(*numbers: int) -> str:
    return "3x3::k:" + ":".join(map(str, numbers)) + ":"


# cage 0 of total 3 over r1c1-r1c2; the other cells one-cell cages of 9, numbered 2..80
_CAGE_0 = [3 * 256, 3 * 256]
_NINES = [9 * 256 + number for number in range(2, 81)]


@pytest.mark.parametrize("where", [0, 2, 80])  # in, beside and far from cage 0
def test_a_cell_of_total_0_is_outside_every_cage_even_one_its_number_names(where: int) -> None:
    # Wecoc's published killers write their cell outside every cage 0 where cage 0 has a total
    numbers = _CAGE_0 + _NINES
    numbers[where] = 0
    cages = {cage.members: cage.total for cage in parse_killer(_sudocue(*numbers)).constraints}
    assert not any(where in members for members in cages)
    assert cages[tuple(sorted({0, 1} - {where}))] == 3 and len(cages) == 79 + (where == 0)


def test_cells_of_total_0_sharing_a_number_and_cages_of_two_totals_stay_refused() -> None:
    with pytest.raises(InputError, match="r1c4 and r1c3 share cage 5 with total 0"):
        parse_killer(_sudocue(*_CAGE_0, 5, 5, *_NINES[2:]))
    with pytest.raises(InputError, match="r1c2 is in cage 0 with total 4, but r1c1"):
        parse_killer(_sudocue(768, 1024, *_NINES))


# --- the benchmark, on a copy made here ------------------------------------------------------


def _benchmark(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCHMARK), str(path), "--show-refused"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_benchmark_skips_without_a_copy(tmp_path: Path) -> None:
    run = _benchmark(tmp_path)
    assert run.returncode == 0 and run.stdout.startswith("skipped: no data/collections.js")


def _git(folder: Path, *argv: str) -> None:
    subprocess.run(
        ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t", *argv],
        check=True,
        capture_output=True,
    )


def test_the_benchmark_tells_equal_refused_wrong_and_not_unique_apart(tmp_path: Path) -> None:
    (hs, hs_grid), (tarek, tarek_grid) = [
        (row[2], row[3])
        for row in _rows()
        if row[:2] in (["HS_KILLERS", "#3"], ["TAREK_ALL", "#1"])
    ]
    swapped = hs_grid[1] + hs_grid[0] + hs_grid[2:]
    loose = "3<" + "0" * 79  # one cage: many solutions
    collections = (
        "export const HS_KILLERS = new PuzzleCollection(\n"
        "  { src: 'http://forum', constraintTypes: ['Cage'] },\n  [\n"
        f"    ['{hs}',\n      '{hs_grid}'],\n"
        f"    ['{hs}',\n      '{swapped}'],\n"
        f"    ['.Cage~3~R1C1~R1C2',\n      '{hs_grid}'],\n"
        "  ].map(([input, solution]) => ({ input, solution })),\n);\n"
        "export const TAREK_ALL = new PuzzleCollection(\n"
        "  { src: 'http://forum', constraintTypes: ['Cage'] },\n  [\n"
        f"    '{tarek}',\n    '{loose}',\n  ],\n);\n"
        "const EXAMPLE_EXTREME_KILLERS = [\n  {\n    name: 'Named',\n"
        f"    input: '{hs}',\n    solution: '{hs_grid}',\n  }},\n];\n"
        "export const EXTREME_KILLERS = new PuzzleCollection({}, [\n  'Named',\n]);\n"
    )
    copy = tmp_path / "copy"
    (copy / "data").mkdir(parents=True)
    _git(copy, "init", "-q")
    (copy / "data" / "killers.js").write_text(
        f"const HARD = [\n  ['{tarek}',\n  '{tarek_grid}'],\n];\n"
    )
    _git(copy, "add", ".")
    _git(copy, "commit", "-q", "-m", "killers")
    _git(copy, "mv", "data/killers.js", "data/collections.js")
    (copy / "data" / "collections.js").write_text(collections)
    _git(copy, "commit", "-q", "-am", "collections")
    run = _benchmark(copy)
    assert run.returncode == 1, run.stderr
    table = {line.split()[0]: line.split()[1:] for line in run.stdout.splitlines()[1:4]}
    # puzzles, read, refused, equal, solved*, wrong, not unique (then the median CPU)
    assert table["HS_KILLERS"][:7] == ["3", "2", "1", "1", "0", "1", "0"]
    assert table["TAREK_ALL"][:7] == ["2", "2", "0", "1", "0", "0", "1"]
    assert table["EXTREME_KILLERS"][:7] == ["1", "1", "0", "1", "0", "0", "0"]
    assert "HS_KILLERS refused 1: not a killer text" in run.stdout
    assert f"HS_KILLERS WRONG #2: {hs_grid}, not the published {swapped}" in run.stdout
    assert "TAREK_ALL NOT UNIQUE #2" in run.stdout
