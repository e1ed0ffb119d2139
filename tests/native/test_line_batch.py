"""The batch path in C (``satdoku solve`` on puzzle lines): the same bytes as the plain path.

Every test runs ``satdoku solve`` twice, with the C path (``SATDOKU_LINE_BATCH=1``) and without
it (``=0``, the plain reader and backend), and compares stdout, stderr and the exit status. The
C checker is tested on its own through the test hooks of ``Engine.solve_lines``.
"""

from __future__ import annotations

import io
import os
import random
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data_files import FORUM_HARDEST, SEVENTEEN, TOP1465
from satdoku.backends import _compiled as native
from satdoku.backends._line_batch import (
    CHECK_PAIRS,
    TAMPER,
    Refused,
    Taken,
    line_spec,
    run_block,
)
from satdoku.batch import _line_run as line_run
from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.generation._random_grid import random_grid
from satdoku.io._alphabet import Alphabet
from satdoku.io._header import shape_line
from satdoku.io._line import format_line, parse_line

pytestmark = pytest.mark.skipif(not native.AVAILABLE, reason="no compiled engine: no C path")

FILES = {"17-clue": SEVENTEEN, "forum_hardest": FORUM_HARDEST, "top1465": TOP1465}


def run_cli(argv: list[str], c_path: bool, stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run satdoku with the C path on or off; return (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = os.environ.get(line_run.SWITCH), sys.stdin
    os.environ[line_run.SWITCH] = "1" if c_path else "0"
    try:
        if stdin is not None:
            sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
        with redirect_stdout(out), redirect_stderr(err):
            status = main(argv)
    finally:
        if saved[0] is None:
            del os.environ[line_run.SWITCH]
        else:
            os.environ[line_run.SWITCH] = saved[0]
        sys.stdin = saved[1]
    return status, out.getvalue(), err.getvalue()


def both_ways(argv: list[str], stdin: bytes | None = None, used: bool = True) -> str:
    """Assert the two paths agree (and that C took lines when ``used``); return stdout."""
    with mock.patch.object(line_run, "run_block", wraps=run_block) as spy:
        fast = run_cli(argv, True, stdin)
    plain = run_cli(argv, False, stdin)
    assert fast == plain
    if used:
        assert spy.called, "the C path was not taken"
    return fast[1]


def write(tmp_path: Path, data: bytes, name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def puzzles(shape: Shape, count: int, seed: int, alphabet: Alphabet = Alphabet()) -> list[str]:
    """Random puzzle lines of a shape: a random full grid with about half its cells blanked."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        grid = random_grid(shape, rng)
        assert grid is not None
        cells = [d if rng.random() < 0.45 else 0 for d in grid]
        lines.append(format_line(cells, alphabet))
    return lines


# --- the collections -------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(FILES))
@pytest.mark.parametrize("fmt", [[], ["--json"]])
def test_the_first_2000_lines_of_each_collection(tmp_path: Path, name: str, fmt: list[str]) -> None:
    head = b"".join(FILES[name].read_bytes().splitlines(keepends=True)[:2000])
    path = write(tmp_path, head)
    out = both_ways(["solve", path, *fmt])
    given_lines = [t for t in head.decode().splitlines() if t.strip() and not t.startswith("#")]
    assert out.count("\n") == len(given_lines)
    if not fmt:  # the output keeps the givens and holds every digit once (independent checker)
        for text, answer in list(zip(given_lines, out.splitlines(), strict=True))[::97]:
            puzzle = parse_line(text)
            assert is_solution(parse_line(answer).cells, puzzle)


# --- odd lines -------------------------------------------------------------------------------

SOLVED = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "11...............................................................................9"
NO_SOLUTION = "12345678.........9" + "." * 63  # r1c9 cannot hold any digit, no clash given


def mixed_lines() -> list[bytes]:
    """A file of every kind of line, valid and not, most of them past the reader's first 82."""
    good = [p.encode() for p in puzzles(Shape.sudoku(9), 120, 1)]
    return [
        *(g + b"\n" for g in good[30:120]),
        b"# a comment\n",
        good[0] + b"\n",
        b"\n",
        SOLVED.encode() + b"\r\n",
        CLASH.encode() + b"\n",
        NO_SOLUTION.encode() + b"\n",
        b"123\n",
        b"x" * 81 + b"\n",
        b"   \t\n",
        b"  " + good[1] + b"  \n",
        *(g + b"\n" for g in good[2:12]),
        b"12.4" + b"." * 12 + b"\n",  # a 4x4 among 9x9: read as a 4x4
        b"1........\n",  # a 3x3 among 9x9: refused
        b"| | |\n",
        b"|---|---|\n",
        good[12] + b"\n",
        b"| 1 | 2 |\n",
        b"\n",
        b"# after a table\n",
        good[13] + b"\n",
        b"[[1, 0], [0, 0]]\n",
        b"\xc2\xa0\n",  # a no-break space: blank to the reader
        "\u00e9\u00e9\n".encode(),
        b"\xff\xfe\n",  # not UTF-8
        *(g + b"\n" for g in good[14:30]),
    ]


@pytest.mark.parametrize("fmt", [[], ["--json"]])
@pytest.mark.parametrize("ending", [b"", b"\n"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_file_of_every_kind_of_line(
    tmp_path: Path, fmt: list[str], ending: bytes, bom: bytes
) -> None:
    data = bom + b"".join(mixed_lines()).rstrip(b"\n") + ending
    out = both_ways(["solve", write(tmp_path, data), *fmt])
    assert "unsolvable" in out


def test_lines_with_crlf_blanks_and_comments_only_around_them(tmp_path: Path) -> None:
    good = puzzles(Shape.sudoku(9), 200, 2)
    data = "".join(f"{g}\r\n" if i % 3 else f"{g}\r\n\r\n# {i}\r\n" for i, g in enumerate(good))
    both_ways(["solve", write(tmp_path, data.encode())])


def test_a_nul_byte_midway_stops_the_run_after_the_lines_before_it(tmp_path: Path) -> None:
    good = [p.encode() + b"\n" for p in puzzles(Shape.sudoku(9), 120, 3)]
    data = b"".join(good[:100]) + b"12\x0034\n" + b"".join(good[100:])
    out = both_ways(["solve", write(tmp_path, data)])
    assert out.count("\n") == 100


def test_a_file_of_exactly_n_lines_of_n_cells_is_one_grid(tmp_path: Path) -> None:
    rows = puzzles(Shape.sudoku(4), 16, 4)  # 16 lines of 16 cells: one 16x16 grid
    both_ways(["solve", write(tmp_path, ("\n".join(rows) + "\n").encode())], used=False)


def test_mixed_shapes_and_an_alphabet_too_short(tmp_path: Path) -> None:
    nine = puzzles(Shape.sudoku(9), 100, 5)
    four = puzzles(Shape.sudoku(4), 100, 6)
    lines = [x for pair in zip(nine, four, strict=True) for x in pair]
    both_ways(["solve", write(tmp_path, ("\n".join(lines) + "\n").encode())])
    # 9x9 lines in the symbols ABCD: each refused (the alphabet is too short), 4x4 ones solved
    short = ["".join("ABCD"[int(c) - 1] if c in "1234" else "." for c in p) for p in nine]
    lines = [
        x
        for pair in zip(short, puzzles(Shape.sudoku(4), 100, 6, Alphabet("ABCD")), strict=True)
        for x in pair
    ]
    both_ways(["solve", write(tmp_path, ("\n".join(lines) + "\n").encode()), "--alphabet", "ABCD"])


def test_a_puzzle_past_the_guess_limit_goes_to_pysat(tmp_path: Path) -> None:
    good = puzzles(Shape.sudoku(9), 100, 7)
    with mock.patch.object(line_run, "line_spec", lambda *a: line_spec(*a)._replace(limit=0)):
        out = both_ways(["solve", write(tmp_path, ("\n".join(good) + "\n").encode())])
    assert "unsolvable" not in out


# --- other shapes ----------------------------------------------------------------------------

SHAPES = [
    (Shape.sudoku(4), Alphabet(), []),
    (Shape.sudoku(6, (2, 3)), Alphabet(), ["--box", "2x3"]),
    (Shape.sudoku(6, (3, 2)), Alphabet(), ["--box", "3x2"]),
    (Shape.sudoku(16), Alphabet("ABCDEFGHIJKLMNOP"), ["--alphabet", "ABCDEFGHIJKLMNOP"]),
    (Shape.sudoku(16), Alphabet("0123456789ABCDEF"), ["--alphabet", "0123456789ABCDEF"]),
    (Shape.sudoku(16), Alphabet(), []),  # '0' blanks: each such line goes to the reader
    (Shape.latin(7), Alphabet(), ["--latin"]),
    (Shape.latin(9), Alphabet(), ["--latin"]),
]


@pytest.mark.parametrize(("shape", "alphabet", "options"), SHAPES, ids=str)
@pytest.mark.parametrize("fmt", [[], ["--json"]])
def test_other_shapes_and_alphabets(
    tmp_path: Path, shape: Shape, alphabet: Alphabet, options: list[str], fmt: list[str]
) -> None:
    lines = puzzles(shape, 400, shape.n, alphabet)
    if alphabet.blank_symbols.startswith("."):
        lines[5] = lines[5].replace(".", "0")  # '0' blanks
    lines[7] = alphabet.symbols[0] * 2 + lines[7][2:]  # a clash
    data = ("\n".join(lines) + "\n").encode()
    out = both_ways(["solve", write(tmp_path, data), *options, *fmt])
    header = None if fmt else shape_line(shape, alphabet.symbols)  # lines say their shape
    if header is not None:
        first, out = out.split("\n", 1)
        assert first == header
    assert out.count("\n") == len(lines)


# --- workers and standard input --------------------------------------------------------------


@pytest.mark.parametrize("fmt", [[], ["--json"]])
def test_jobs_2_gives_the_bytes_of_one_process(tmp_path: Path, fmt: list[str]) -> None:
    lines = [p.encode() + b"\n" for p in puzzles(Shape.sudoku(9), 2500, 8)]
    for at in (10, 900, 1700, 2400):
        lines[at] = b"bad line\n"
    lines[1000] = b"| | |\n"
    path = write(tmp_path, b"".join(lines))
    out = both_ways(["solve", path, "--jobs", "2", *fmt])
    assert run_cli(["solve", path, *fmt], True)[1] == out


def test_standard_input(tmp_path: Path) -> None:
    data = b"".join(mixed_lines()) * 3
    both_ways(["solve"], stdin=data)
    both_ways(["solve", "-", "--json"], stdin=data)


def test_the_progress_bar_counts_every_puzzle(tmp_path: Path) -> None:
    lines = puzzles(Shape.sudoku(9), 1000, 9)
    path = write(tmp_path, ("\n".join(lines) + "\nbad\n").encode())
    status, _, err = run_cli(["solve", path, "--progress"], True)
    assert status == 2 and "1,001/1,001 puzzles" in err


# --- random files ----------------------------------------------------------------------------

PIECES = [
    *(p.encode() for p in puzzles(Shape.sudoku(9), 8, 10)),
    *(p.encode() for p in puzzles(Shape.sudoku(4), 3, 11)),
    SOLVED.encode(),
    CLASH.encode(),
    NO_SOLUTION.encode(),
    b"",
    b"   ",
    b"# comment",
    b"123",
    b"1........",
    b"x" * 81,
    b"| | |",
    b"|---|",
    b"[1]",
    b"\xef\xbb\xbf" + SOLVED.encode(),
    b"\xc2\xa0",
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pieces=st.lists(st.sampled_from(PIECES), min_size=1, max_size=40),
    endings=st.lists(st.sampled_from([b"\n", b"\r\n", b" \n"]), min_size=1, max_size=3),
    last=st.booleans(),
    json_out=st.booleans(),
)
def test_random_files_of_those_lines(
    pieces: list[bytes], endings: list[bytes], last: bool, json_out: bool
) -> None:
    data = b"".join(p + endings[i % len(endings)] for i, p in enumerate(pieces))
    if not last:
        data = data.rstrip(b"\r\n ")
    fast = run_cli(["solve", "-", *(["--json"] if json_out else [])], True, data)
    plain = run_cli(["solve", "-", *(["--json"] if json_out else [])], False, data)
    assert fast == plain


# --- the independent checker -----------------------------------------------------------------


def engine_and_spec(shape: Shape, flags: int = 0):  # type: ignore[no-untyped-def]
    spec = line_spec(shape, Alphabet(), flags=flags)
    engine = native.engine_for(shape)
    assert spec is not None and engine is not None
    return engine, spec


def test_a_tampered_solution_is_refused_and_never_printed() -> None:
    engine, spec = engine_and_spec(Shape.sudoku(9), TAMPER)
    segments, stop = run_block(engine, spec, f"{SOLVED}\n{SOLVED}\n".encode(), 0, 1, 0)
    assert segments == [Refused(segments[0].digits)]  # type: ignore[union-attr]
    assert stop == 0


def test_the_command_reports_a_refused_solution_as_an_internal_error(tmp_path: Path) -> None:
    path = write(tmp_path, (SOLVED + "\n").encode() * 100)
    tampered = lambda *a, **k: line_spec(*a, **k, flags=TAMPER)  # noqa: E731
    with mock.patch.object(line_run, "line_spec", tampered):
        status, out, err = run_cli(["solve", path], True)
    assert status == 70 and 0 < out.count("\n") < 100  # those the reader read are printed
    assert "internal error" in err and "returned a grid that is not a solution" in err


@st.composite
def grids_and_puzzles(draw: st.DrawFn) -> tuple[Shape, list[int], list[int]]:
    shape = draw(
        st.sampled_from([Shape.sudoku(4), Shape.sudoku(6), Shape.sudoku(9), Shape.latin(5)])
    )
    grid = list(random_grid(shape, draw(st.integers(0, 10**6))) or ())
    givens = [d if draw(st.booleans()) else 0 for d in grid]
    changes = draw(
        st.lists(st.tuples(st.integers(0, len(grid) - 1), st.integers(0, shape.n)), max_size=3)
    )
    for cell, digit in changes:
        grid[cell] = digit
    return shape, givens, grid


@settings(max_examples=300, deadline=None)
@given(case=grids_and_puzzles())
def test_the_c_checker_agrees_with_the_python_checker(
    case: tuple[Shape, list[int], list[int]],
) -> None:
    shape, givens, grid = case
    engine, spec = engine_and_spec(shape, CHECK_PAIRS)
    data = (format_line(givens) + "\n" + format_line(grid) + "\n").encode()
    segments, _ = run_block(engine, spec, data, 0, 1, 0)
    verdict = is_solution(grid, Puzzle(shape, tuple(givens)))
    assert segments == [Taken(b"1\n" if verdict else b"0\n", 2, 0)]
