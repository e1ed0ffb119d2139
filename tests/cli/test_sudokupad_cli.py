"""SudokuPad links on the command line: read without an option, named by
``--input-format sudokupad``, written by ``show --format sudokupad``; bad ones exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from data_files import DATA
from format_support import refused_solve
from satdoku.cli import main
from satdoku.io.fpuzzles._lz_base64 import compress_to_base64
from satdoku.io.sudokupad._document import scl_text

KILLER = DATA / "sudokupad" / "killer_4x4.zipped"
SOLUTION = "1234341221434321"


def _link() -> str:
    return "https://sudokupad.app/scl" + compress_to_base64(KILLER.read_text().strip())


def test_solve_reads_links_and_ids_without_an_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    links = tmp_path / "links.txt"
    bare = _link().removeprefix("https://sudokupad.app/")
    links.write_text(f"# a link and its ID\n{_link()}\n{bare}\n")
    assert main(["solve", str(links)]) == 0
    captured = capsys.readouterr()
    assert (captured.out.split(), captured.err) == ([SOLUTION, SOLUTION], "")


def test_an_id_gives_its_own_size_among_puzzles_of_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin = {"cells": [[{"value": 1}, {"value": 2}, {}], [{}, {}, {"value": 1}], [{}, {}, {}]]}
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("1234341221434...\n" + "scl" + scl_text(latin) + "\n")
    assert main(["solve", str(mixed)]) == 0
    assert capsys.readouterr().out.split() == ["1234341221434321", "123231312"]


@pytest.mark.parametrize("name", ["killer_4x4.json", "killer_4x4.zipped"])
def test_input_format_sudokupad_reads_a_json_document(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = tmp_path / name
    document.write_text((DATA / "sudokupad" / name).read_text())
    assert main(["solve", str(document), "--input-format", "sudokupad"]) == 0
    assert capsys.readouterr().out.split() == [SOLUTION]


def test_show_writes_scl_links_that_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "killer.txt"
    source.write_text(_link() + "\n")
    assert main(["show", str(source), "--format", "sudokupad"]) == 0
    written = capsys.readouterr().out
    assert written.startswith("https://sudokupad.app/scl") and written.count("\n") == 1
    (tmp_path / "again.txt").write_text(written)
    assert main(["solve", str(tmp_path / "again.txt")]) == 0
    assert capsys.readouterr().out.split() == [SOLUTION]


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        ("https://sudokupad.app/sclN4Ig*A\n", [], "p.txt:1: SudokuPad data, column 30: expected"),
        ("https://sudokupad.app/abc123\n", [], "p.txt:1: column 23: this SudokuPad link names"),
        (
            "scl" + compress_to_base64('{"cells": [[{}, {}], [{}, {}]], "lines": [{}]}') + "\n",
            [],
            "p.txt:1: this SudokuPad puzzle has elements whose meaning only its picture",
        ),
        ("1234\n", ["--input-format", "sudokupad"], "p.txt:1: expected a SudokuPad puzzle"),
        ('{"cells": [[{"value": 7}]]}', ["--input-format", "sudokupad"], "cells[0][0].value"),
        (_link() + "\n", ["--latin"], "this SudokuPad puzzle is a 4x4 sudoku, 2x2 boxes"),
    ],
)
def test_bad_input_exits_2_with_one_located_line(
    content: str,
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert message in refused_solve(tmp_path / "p.txt", content, argv, capsys)
