"""Bad input everywhere: every command and API entry point says where and what, exit 2, no trace."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku import Alphabet, InputError, Puzzle, Shape, parse_puzzle, read_puzzles
from satdoku.cli import main
from satdoku.core._shape import MAX_SIZE
from satdoku.io._grid import parse_grid
from satdoku.io._line import parse_line
from satdoku.io._shape_options import ShapeOptions

COMMANDS = ["solve", "check", "step", "dimacs", "show", "count"]
"""Commands that read puzzles from FILE (decode reads a puzzle and a model: tested below)."""

GRID9 = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
]

BAD_FILES: dict[str, tuple[bytes, str]] = {
    # name: (content, what stderr must say after "satdoku: <path>")
    "wrong_length": (b"12345678\n", ":1: expected n*n symbols"),
    "unknown_symbol": (b"1@" + b"." * 14 + b"\n", ":1:2: unknown symbol '@'"),
    "digit_too_big": (b"5" + b"." * 15 + b"\n", ":1:1: digit 5 is more than 4"),
    "ragged_grid": (
        ("\n".join(GRID9[:6] + [".6....28"] + GRID9[7:]) + "\n").encode(),
        ":7: ragged grid: this row has 8 cells, expected 9",
    ),
    "empty": (b"", ": empty input: no puzzle found"),
    "only_comments": (b"# nothing here\n\n   \n", ": empty input: no puzzle found"),
    "binary": (b"\x7fELF\x02\x01\x01\x00\x00\x00" * 50, ": not a text file"),
    "not_utf8": (b"\xff\xfe1...\n", ":1:1: bytes that are not UTF-8 text"),
    "oversized": (b"." * (257 * 257) + b"\n", f":1: grid side 257 is over the maximum {MAX_SIZE}"),
    "json_ragged": (b"[[1,2],[3]]\n", ": ragged grid"),
    "json_broken": (b"[[1,2],[3,\n", ":2:1: invalid JSON"),
    "json_deep": (b"[" * 100000, ":1: invalid JSON: nested too deeply"),
    "json_not_cells": (b'[[1, "xy"], [0, 0]]\n', ": expected an integer cell, got 'xy'"),
}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exit:  # argparse refuses an option's value: usage, then one line
        code = int(exit.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_files(
    command: str, case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, said = BAD_FILES[case]
    path = tmp_path / f"{case}.txt"
    path.write_bytes(content)
    code, _, err = run([command, str(path)], capsys)
    assert code == 2
    assert f"satdoku: {path}{said}" in err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, "one line on stderr per bad input"


@pytest.mark.parametrize("command", COMMANDS)
def test_unreadable_paths(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.txt"
    code, _, err = run([command, str(missing)], capsys)
    assert (code, err) == (2, f"satdoku: {missing}: cannot open: No such file or directory\n")
    code, _, err = run([command, str(tmp_path)], capsys)
    assert (code, err) == (2, f"satdoku: {tmp_path}: cannot open: Is a directory\n")


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("command", COMMANDS)
def test_shapes_that_do_not_fit(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", "1" + "." * 15 + "\n")
    code, _, err = run([command, puzzle, "--box", "2x3"], capsys)
    assert (code, err) == (
        2,
        f"satdoku: {puzzle}:1: box 2x3 does not tile a 4x4 grid (needs r*c = 4)\n",
    )
    sizes = write(tmp_path, "sizes.txt", "AAAB\nAABB\nCCDD\nCCDD\n")
    code, _, err = run([command, puzzle, "--regions", sizes], capsys)
    assert code == 2 and "region map: region 0 has 5 cells, expected 4" in err
    assert f"satdoku: {puzzle}:1:" in err
    names = write(tmp_path, "names.txt", "AABB\nAABB\nCCDD\nCCDE\n")
    code, _, err = run([command, puzzle, "--regions", names], capsys)
    assert (code, err) == (2, f"satdoku: {names}: region map names 5 regions, expected 4\n")
    rows = write(tmp_path, "rows.txt", "AABB\nAAB\nCCDD\nCCDD\n")
    code, _, err = run([command, puzzle, "--regions", rows], capsys)
    assert (code, err) == (2, f"satdoku: {rows}:2: region map row has 3 cells, expected 4\n")
    other = write(tmp_path, "nine.txt", "\n".join(["AAABBBCCC"] * 9) + "\n")
    code, _, err = run([command, puzzle, "--regions", other], capsys)
    assert code == 2 and "region map" in err and "Traceback" not in err
    missing = str(tmp_path / "none.txt")
    code, _, err = run([command, puzzle, "--regions", missing], capsys)
    assert code == 2 and err.startswith(f"satdoku: {missing}: cannot read region map")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    "options, said",
    [
        (["--alphabet", "AAB"], "alphabet 'AAB' repeats a symbol"),
        (["--alphabet", "1#34"], "alphabet '1#34' uses '#'"),
        (["--blank", "1", "--alphabet", "1234"], "'1' is both a blank and a symbol"),
        (["--box", "foo"], "expected RxC such as 3x3 or 2x3, got 'foo'"),
        (["--latin", "--box", "2x2"], "--latin has no boxes"),
    ],
)
def test_bad_reading_options(
    command: str, options: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", "1" + "." * 15 + "\n")
    try:
        code, _, err = run([command, puzzle, *options], capsys)
    except SystemExit as exit_:  # argparse rejects the value itself
        code, err = int(exit_.code or 0), capsys.readouterr().err
    assert code == 2 and said in err and "Traceback" not in err


@pytest.mark.parametrize(
    "options, said",
    [
        (["--timeout", "-1"], "--timeout: expected a positive number of seconds, got -1.0"),
        (["--timeout", "nan"], "--timeout: expected a positive number of seconds up to 10000000"),
        (["--timeout", "inf"], "--timeout: expected a positive number of seconds up to 10000000"),
        (["--timeout", "1e300"], "--timeout: expected a positive number of seconds up to 1000"),
        (["--conflicts", str(2**63)], "--conflicts: expected a whole number of at most 2147483647"),
        (["--timeout", "soon"], "expected a number of seconds, got 'soon'"),
        (["--conflicts", "0"], "--conflicts must be positive, got 0"),
        (["--conflicts", "1.5"], "expected a whole number, got '1.5'"),
        (["--solver", "nope"], "invalid choice: 'nope'"),
        (["--encoding", "huge"], "invalid choice: 'huge'"),
        (["--solver", "lingeling", "--conflicts", "5"], "lingeling cannot be stopped"),
    ],
)
def test_bad_solving_options(
    options: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", "1" + "." * 15 + "\n")
    try:
        code, out, err = run(["solve", puzzle, *options], capsys)
    except SystemExit as exit_:
        code, out, err = int(exit_.code or 0), "", capsys.readouterr().err
    assert code == 2 and said in err and "Traceback" not in err
    assert out == ""


def test_debug_shows_the_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = write(tmp_path, "empty.txt", "")
    code, _, err = run(["--debug", "solve", empty], capsys)
    assert code == 2 and "Traceback" in err and f"satdoku: {empty}: empty input" in err


def test_decode_bad_models(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = write(tmp_path, "p.txt", "1" + "." * 15 + "\n")
    for text, said in [
        ("garbage\n", ":1: expected 's SATISFIABLE'"),
        ("s SATISFIABLE\nv 1 2 x 0\n", ":2:7: expected an integer literal, got 'x'"),
        ("", ": no solver answer found"),
    ]:
        model = write(tmp_path, "model.txt", text)
        code, _, err = run(["decode", puzzle, model], capsys)
        assert code == 2 and f"satdoku: {model}{said}" in err and "Traceback" not in err
    binary = tmp_path / "p.bin"
    binary.write_bytes(b"\0\1\2" * 10)
    code, _, err = run(["decode", str(binary), model], capsys)
    assert code == 2 and "not a text file" in err
    code, _, err = run(["decode", puzzle, str(tmp_path / "none")], capsys)
    assert code == 2 and "cannot read the model" in err


def test_bad_lines_in_a_batch_are_each_reported_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "1...............\n12345678\n11..............\n1@..............\n.2..............\n"
    code, out, err = run(["solve", write(tmp_path, "b.txt", text), "--json"], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert [r["status"] for r in records] == [
        "solved",
        "invalid",
        "unsolvable",
        "invalid",
        "solved",
    ]
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert len(err.splitlines()) == 2 and ":2:" in err.splitlines()[0] and ":4:2:" in err


# --- the library's entry points -------------------------------------------------------------


@pytest.mark.parametrize(
    "call, said",
    [
        (lambda: parse_line("12345678"), "expected n*n symbols"),
        (lambda: parse_line(""), "expected n*n symbols"),
        (lambda: parse_line("1@.............."), "unknown symbol '@'"),
        (lambda: parse_line("5..............."), "digit 5 is more than 4"),
        (lambda: parse_line("0 " * 15 + "99"), "digit 99 is more than 4"),
        (lambda: parse_line("1 2 x 14"), "expected an integer or '.' in token format, got 'x'"),
        (lambda: parse_line("1...", options=ShapeOptions(box=(1, 3))), "does not tile"),
        (lambda: parse_puzzle(""), "expected one puzzle, found 0"),
        (lambda: parse_puzzle("1...\n1...\n1...\n"), "expected one puzzle, found 3"),
        (lambda: parse_grid([(1, "12"), (2, "1")]), "ragged grid"),
        (lambda: parse_grid([]), "no grid rows found"),
        (lambda: Shape(0), "grid size 0 is outside"),
        (lambda: Shape(MAX_SIZE + 1), f"grid size {MAX_SIZE + 1} is outside 1..{MAX_SIZE}"),
        (lambda: Shape(6, (4, 2)), "box 4x2 does not tile a 6x6 grid"),
        (lambda: Shape.jigsaw([0, 0, 1]), "not a square number"),
        (lambda: Shape.jigsaw([0, 0, 0, 1]), "region 0 has 3 cells, expected 2"),
        (lambda: Shape.jigsaw([0, 0, 1, 5]), "names region 5, expected 0..1"),
        (lambda: Puzzle(Shape.latin(2), (1, 2, 3)), "needs 4 cells, got 3"),
        (lambda: Puzzle(Shape.latin(2), (1, 2, 3, 0)), "cell r2c1 holds 3"),
        (lambda: Puzzle.from_rows([[1, 0], [0]]), "row 2 has 1 cells, expected 2"),
        (lambda: Alphabet("ABA"), "repeats a symbol"),
    ],
)
def test_api_entry_points_raise_input_error(call: object, said: str) -> None:
    with pytest.raises(InputError) as info:
        call()  # type: ignore[operator]
    assert said in str(info.value)


def test_read_puzzles_never_raises_for_bad_lines() -> None:
    entries = list(read_puzzles(["1...", "12", "@@@@", "[[1,"], source="x.txt"))
    assert [e.puzzle is not None for e in entries] == [True, False, False, False]
    assert entries[2].error is not None and entries[2].error.located().startswith("x.txt:3:1:")


@pytest.mark.parametrize(
    "argv, said",
    [
        (["count", "{p}", "--timeout", "nan"], "--timeout: expected a positive number of seconds"),
        (["count", "{p}", "--limit", str(2**63)], "--limit: expected a whole number of at most"),
        (["step", "{p}", "--max-steps", str(2**63)], "--max-steps: expected a whole number"),
        (["count", "{p}", "--limit", "-3"], "--limit must be 0 or more, got -3"),
        (
            ["dimacs", "{p}", "--timeout", "nan", "--solve-with", "minisat"],
            "--timeout: expected a positive number of seconds",
        ),
        (["solve", "{p}", "--jobs", "100000"], "--jobs must be 0 (one per CPU) to 256"),
        (["solve", "{p}", "--jobs", "-1"], "--jobs must be 0 (one per CPU) to 256"),
        (["solve", "{p}", "--all", "--limit", "0"], "--limit must be 1 or more, got 0"),
        (["step", "{p}", "--index", "99"], "there is no puzzle number 99"),
        (["step", "{p}", "--rules", "7"], "unknown rule '7'"),
    ],
)
def test_bad_option_values_of_other_commands(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", "1" + "." * 15 + "\n")
    code, out, err = run([a.replace("{p}", puzzle) for a in argv], capsys)
    assert code == 2 and said in err and "Traceback" not in err
    assert said in err.splitlines()[-1]  # one line says what is wrong (after usage, if any)


def test_columns_count_from_the_start_of_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "  1@..............\n1x..............\n\ufeff1...............\n"
    path = write(tmp_path, "cols.txt", text)
    code, out, err = run(["solve", path], capsys)
    assert code == 2
    assert out.splitlines()[:2] == ["invalid", "invalid"]  # the BOM line is read
    assert err.splitlines() == [
        f"satdoku: {path}:1:4: unknown symbol '@': expected one of 123456789ABC... or a blank "
        "(. 0 ? _)",
        f"satdoku: {path}:2:2: digit 33 is more than 4, the largest in a 4x4 grid (the symbol 'x')",
    ]
    rows = [
        "53..7....",
        "6..195...",
        ".98....6.",
        "8...6...3",
        "4..8.3..1",
        "7...2...6",
        ".6....28.",
        "...419..5",
        "   ....8..7Z",
    ]
    path = write(tmp_path, "grid.txt", "\n".join(rows) + "\n")
    code, _, err = run(["solve", path], capsys)
    assert (code, err) == (
        2,
        f"satdoku: {path}:9:12: digit 35 is more than 9, the largest in "
        "a 9x9 grid (the symbol 'Z')\n",
    )
