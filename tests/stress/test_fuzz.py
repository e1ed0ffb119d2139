"""Fuzzing with Hypothesis: valid answers over random shapes, givens and encodings; round trips;
the CLI never shows a traceback, whatever bytes it reads."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from satdoku.api._explain import explain
from satdoku.backends._sat import SatBackend
from satdoku.backends._stepper import StepperBackend
from satdoku.backends._strategy import Strategy
from satdoku.cli import main
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_grid
from satdoku.io._alphabet import Alphabet
from satdoku.io._grid import format_grid, format_pretty
from satdoku.io._json_rows import format_json
from satdoku.io._line import format_line, parse_line
from satdoku.io._puzzle_values import parse_puzzle
from satdoku.io._reading import read_puzzles
from satdoku.io._shape_options import ShapeOptions

EXAMPLES = int(os.environ.get("SATDOKU_FUZZ_EXAMPLES", "40"))
"""Examples per property (the suite's default is modest; raise it for a long fuzzing run)."""

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

JIGSAW4 = (0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3)
JIGSAW6 = (
    0,
    0,
    0,
    1,
    1,
    1,
    0,
    0,
    2,
    2,
    1,
    1,
    0,
    3,
    2,
    2,
    1,
    4,
    3,
    3,
    2,
    2,
    4,
    4,
    3,
    3,
    5,
    5,
    4,
    4,
    3,
    5,
    5,
    5,
    5,
    4,
)

SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(6, (3, 2)),
    Shape.sudoku(8),
    Shape.sudoku(9),
    Shape.latin(2),
    Shape.latin(3),
    Shape.latin(5),
    Shape.latin(7),
    Shape.sudoku(4, diagonals=True),
    Shape.latin(5, diagonals=True),
    Shape.latin(3, diagonals=True),
    Shape.jigsaw(JIGSAW4),
    Shape.jigsaw(JIGSAW6),
    Shape.sudoku(9, diagonals=True),
]


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """A random shape; givens kept from a random full grid, plus a few random (maybe wrong) ones."""
    shape = draw(st.sampled_from(SHAPES))
    n = shape.n
    rng = random.Random(draw(st.integers(0, 2**32)))
    grid = random_grid(shape, rng) or (0,) * (n * n)
    keep = draw(st.floats(0.0, 0.8))
    cells = [d if rng.random() < keep else 0 for d in grid]
    for _ in range(draw(st.integers(0, 2))):
        cells[rng.randrange(n * n)] = rng.randint(0, n)
    return Puzzle(shape, tuple(cells))


ENCODINGS = st.builds(Encoding, st.sampled_from(list(Scheme)), st.sampled_from(list(AtMostOne)))


@FUZZ
@given(
    puzzles(),
    ENCODINGS,
    st.sampled_from([Strategy.PERSISTENT, Strategy.FRESH]),
    st.sampled_from(["cadical153", "minisat22", "glucose4"]),
)
def test_every_reported_solution_is_valid(
    puzzle: Puzzle, encoding: Encoding, strategy: Strategy, solver: str
) -> None:
    with SatBackend(solver, encoding, strategy) as backend:
        result = backend.solve(puzzle)
    assert result.status in (Status.SOLVED, Status.UNSOLVABLE)
    if result.status is Status.SOLVED:
        assert result.solution is not None and is_solution(result.solution, puzzle)
    else:
        assert result.solution is None
    # the pure-Python stepper, a separate engine, agrees on solvable/unsolvable
    stepped = StepperBackend().solve(puzzle)
    assert stepped.status is result.status
    if stepped.solution is not None:
        assert is_solution(stepped.solution, puzzle)
    # and an unsolvable puzzle's conflict cannot hold while each smaller set can
    if result.status is Status.UNSOLVABLE:
        e = explain(puzzle, solver=solver, encoding=encoding)
        assert e is not None and e.minimal
        cells = [0] * (puzzle.n**2)
        for c in e.conflict:
            cells[c.row * puzzle.n + c.col] = c.digit
        assert StepperBackend().solve(puzzle.with_cells(cells)).status is Status.UNSOLVABLE
        for c in e.conflict:
            fewer = list(cells)
            fewer[c.row * puzzle.n + c.col] = 0
            assert StepperBackend().solve(puzzle.with_cells(fewer)).status is Status.SOLVED


@st.composite
def grids(draw: st.DrawFn, max_n: int = 16) -> tuple[int, tuple[int, ...]]:
    n = draw(st.integers(1, max_n))
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return n, tuple(cells)


LATIN = ShapeOptions(latin=True)


@FUZZ
@given(grids())
def test_line_grid_and_json_round_trips(grid: tuple[int, tuple[int, ...]]) -> None:
    n, cells = grid
    assert parse_line(format_line(cells), options=LATIN).cells == cells
    assert parse_puzzle(format_grid(cells), options=LATIN).cells == cells
    text = json.dumps(format_json(cells))
    (entry,) = read_puzzles([text], options=LATIN)
    assert entry.puzzle is not None and entry.puzzle.cells == cells


@settings(max_examples=10, deadline=None)
@given(st.integers(36, 40), st.integers(0, 2**32))
def test_token_format_round_trip_beyond_the_alphabet(n: int, seed: int) -> None:
    rng = random.Random(seed)
    cells = tuple(rng.randint(0, n) for _ in range(n * n))
    text = format_line(cells)
    assert " " in text  # digits past the 35 symbols are written as integers
    assert parse_line(text, options=LATIN).cells == cells


@FUZZ
@given(st.sampled_from([s for s in SHAPES if s.box is not None]), st.integers(0, 2**32))
def test_pretty_boards_read_back(shape: Shape, seed: int) -> None:
    rng = random.Random(seed)
    n = shape.n
    cells = tuple(rng.randint(0, n) for _ in range(n * n))
    options = ShapeOptions(box=shape.box, diagonals=shape.diagonals)
    assert parse_puzzle(format_pretty(cells, shape), options=options).cells == cells


@FUZZ
@given(st.text(alphabet="0123456789ABCDEFGH", min_size=1, max_size=6), st.integers(0, 2**32))
def test_custom_alphabets_round_trip(symbols: str, seed: int) -> None:
    assume(len(set(symbols.upper())) == len(symbols) and "0" not in symbols)
    alphabet = Alphabet(symbols)
    n = len(symbols)
    rng = random.Random(seed)
    cells = tuple(rng.randint(0, n) for _ in range(n * n))
    assert parse_line(format_line(cells, alphabet), alphabet, LATIN).cells == cells


COMMANDS = ["solve", "check", "step", "show", "dimacs", "count"]


def run_cli(data: bytes, command: str, *options: str) -> tuple[int, str]:
    """Run a command on bytes written to a temporary file; return the status and stderr."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "input.txt")
        with open(path, "wb") as f:
            f.write(data)
        out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        err = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([command, path, *options])
    return code, err.getvalue()


@FUZZ
@given(st.binary(max_size=300), st.sampled_from(COMMANDS))
def test_cli_never_tracebacks_on_arbitrary_bytes(data: bytes, command: str) -> None:
    code, err = run_cli(data, command)
    assert code in ((0, 1, 2) if command == "check" else (0, 2)), err
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("satdoku: ")


PUZZLEISH = st.text(alphabet="123456789.0?_ \n|-+[],#xA@\t\r\"'{}:é\x00", max_size=300)


@FUZZ
@given(
    PUZZLEISH,
    st.sampled_from(COMMANDS),
    st.sampled_from(
        [
            (),
            ("--latin",),
            ("--grid",),
            ("--lines",),
            ("--diagonals",),
            ("--box", "2x2"),
            ("--alphabet", "ABCD"),
        ]
    ),
)
def test_cli_never_tracebacks_on_puzzle_like_text(
    text: str, command: str, options: tuple[str, ...]
) -> None:
    code, err = run_cli(text.encode("utf-8"), command, *options)
    assert code in ((0, 1, 2) if command == "check" else (0, 2)), err
    assert "Traceback" not in err


@FUZZ
@given(
    PUZZLEISH,
    st.sampled_from(
        [
            ("--all", "--limit", "3"),
            ("--where", "sudoku"),
            ("--unique", "--json"),
            ("--explain",),
            ("--explain", "--json"),
            ("--backend", "stepper"),
            ("--order", "reading"),
            ("--timeout", "2", "--solver", "minisat22"),
        ]
    ),
)
def test_solve_options_never_traceback(text: str, options: tuple[str, ...]) -> None:
    code, err = run_cli(text.encode("utf-8"), "solve", *options)
    assert code in (0, 2), err
    assert "Traceback" not in err
