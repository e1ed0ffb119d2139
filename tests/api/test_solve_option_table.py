"""The one table of the options that say how ``satdoku solve`` reads and solves a batch
(satdoku.batch._option_table): the command line and the library's string options
(satdoku.batch._solve_argv) read each option alike, take the same values and refuse the same."""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from pathlib import Path
from typing import Any

import pytest

from satdoku.backends._solvers import SOLVER_NAMES
from satdoku.batch import Batch
from satdoku.batch._option_table import BATCH_OPTIONS, Option
from satdoku.batch._solve_argv import batch_of_options
from satdoku.cli import build_parser, main
from satdoku.cli._batch_options import batch_of

EXAMPLES = {
    "--alphabet": ["ABCDEFGHI"],
    "--blank": ["_"],
    "--grid": [],
    "--lines": [],
    "--box": ["2x3"],
    "--latin": [],
    "--diagonals": [],
    "--regions": ["REGIONS"],  # a region map file, written by the test
    "--game": ["keen"],
    "--input-format": ["variant"],
    "--solver": [SOLVER_NAMES[-1]],
    "--encoding": ["minimal"],
    "--amo": ["sequential"],
    "--strategy": ["fresh"],
    "--timeout": ["2.5"],
    "--conflicts": ["9"],
    "--backend": ["stepper"],
    "--native": [],
    "--portfolio": ["2"],
    "--explain": [],
}
"""A value of each option of the table: a new option needs one here."""


def _field(batch: Batch, path: str) -> Any:
    return reduce(getattr, path.split("."), batch)


def _cli_batch(argv: list[str]) -> Batch:
    return replace(
        batch_of(build_parser("solve").parse_args(["solve", "p.txt", *argv])), fmt="json"
    )


def _argv(option: Option, tmp_path: Path) -> list[str]:
    (tmp_path / "regions.txt").write_text("aab\nabb\nccc\n")
    words = [str(tmp_path / "regions.txt") if w == "REGIONS" else w for w in EXAMPLES[option.flag]]
    return [option.flag, *words]


def test_every_option_of_the_table_has_an_example() -> None:
    assert sorted(EXAMPLES) == sorted(option.flag for option in BATCH_OPTIONS)


@pytest.mark.parametrize("option", BATCH_OPTIONS, ids=lambda option: option.flag)
def test_each_option_sets_the_field_it_names_alike_on_both_sides(
    option: Option, tmp_path: Path
) -> None:
    argv = _argv(option, tmp_path)
    from_cli = _cli_batch(argv)
    assert _field(from_cli, option.sets) != _field(_cli_batch([]), option.sets)
    if option.lines:
        from_library = batch_of_options(argv, "p.txt")
        assert from_library == replace(from_cli, example=False)
    else:  # not for a batch cut into lines: refused by name
        with pytest.raises(ValueError, match=f"{option.flag} is not an option of a batch"):
            batch_of_options(argv, "p.txt")


@pytest.mark.parametrize(
    "argv",
    [
        ["--timeout", "soon"],
        ["--timeout", "1e300"],
        ["--timeout", "0"],
        ["--conflicts", "0"],
        ["--conflicts", str(2**40)],
        ["--portfolio", "0"],
        ["--box", "2x3x4"],
        ["--latin", "--box", "3x3"],
        ["--grid", "--lines"],
        ["--strategy", "best"],
    ],
)
def test_the_library_refuses_what_the_command_line_refuses_in_its_words(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("1...\n")
    try:
        status = main(["solve", str(puzzles), *argv])
    except SystemExit as stop:  # a usage error, said by argparse
        status = int(str(stop.code))
    said = capsys.readouterr().err.splitlines()[-1]
    assert status == 2
    message = said.removeprefix("satdoku solve: error: ").removeprefix("satdoku: ")
    with pytest.raises(ValueError) as refused:
        batch_of_options(argv, "p.txt")
    assert str(refused.value) == f"satdoku solve options: {message}"
