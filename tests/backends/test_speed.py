"""The fast paths give the same answers as the plain ones: checker, parser, formatter, batches."""

from __future__ import annotations

import functools
import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.api._batch import _chunks, chunk_size, solve_entries
from satdoku.backends._sat import SatBackend
from satdoku.backends._strategy import Strategy
from satdoku.cli import main
from satdoku.cli._progress import Progress, count_puzzle_lines, wants_progress
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme
from satdoku.core._checker import is_solution
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_grid, random_puzzle
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import format_line, parse_line
from satdoku.io._reading import read_puzzles

SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.latin(5),
    Shape.sudoku(9, diagonals=True),
    Shape.sudoku(8),
]


def reference_is_solution(solution: tuple[int, ...], puzzle: Puzzle) -> bool:
    """The plain definition: givens kept, every house holds 1..n."""
    n = puzzle.n
    if len(solution) != n * n:
        return False
    if any(g and g != s for g, s in zip(puzzle.cells, solution, strict=True)):
        return False
    full = set(range(1, n + 1))
    return all({solution[c] for c in h.cells} == full for h in puzzle.shape.houses)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 10**6), st.integers(0, 4))
def test_is_solution_agrees_with_the_plain_definition(shape: Shape, seed: int, edits: int) -> None:
    rng = random.Random(seed)
    grid = random_grid(shape, rng)
    assert grid is not None
    puzzle, _ = random_puzzle(shape, 0.3, rng)
    cells = list(grid)
    for _ in range(edits):  # break it: swap, set out of range, blank
        i = rng.randrange(len(cells))
        cells[i] = rng.choice([0, shape.n + 1, rng.randint(1, shape.n)])
    candidate = tuple(cells)
    assert is_solution(candidate, puzzle) == reference_is_solution(candidate, puzzle)
    assert is_solution(grid, Puzzle.empty(shape))


def test_is_solution_rejects_wrong_lengths_and_non_integers() -> None:
    puzzle = Puzzle.empty(Shape.latin(2))
    assert not is_solution((1, 2, 2), puzzle)
    assert not is_solution((1, 2, 2, None), puzzle)  # type: ignore[arg-type]


SYMBOLS = "123456789.0?_"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=SYMBOLS + "AXz!|", min_size=1, max_size=90))
def test_fast_line_parse_matches_the_symbol_parser(text: str) -> None:
    def outcome(line: str) -> object:
        try:
            return parse_line(line).cells
        except InputError:
            return "error"

    body = text.strip()
    # a '|' is ignored by the symbol parser but keeps the line off the fast path
    assert outcome(text) == outcome(body[:1] + "|" + body[1:])


@pytest.mark.parametrize("symbols", ["ABCDEFGHIJKLMNOPQRSTUVWXY", "0123456789ABCDEF", "①②③④"])
def test_alphabets_round_trip(symbols: str) -> None:
    alphabet = Alphabet(symbols)
    n = len(symbols)
    shape = Shape.latin(n) if n == 4 else Shape.sudoku(n)
    puzzle, grid = random_puzzle(shape, 0.5, 7)
    for cells in (puzzle.cells, grid):
        text = format_line(cells, alphabet)
        assert parse_line(text, alphabet).cells == cells
        assert parse_line(text.lower(), alphabet).cells == cells


@pytest.mark.parametrize("amo", [AtMostOne.PAIRWISE, AtMostOne.SEQUENTIAL])
def test_hot_path_with_and_without_auxiliary_variables(amo: AtMostOne) -> None:
    encoding = Encoding(Scheme.EXTENDED, amo)
    with SatBackend(encoding=encoding, strategy=Strategy.PERSISTENT) as backend:
        for seed in range(5):
            puzzle, _ = random_puzzle(Shape.sudoku(9), 0.3, seed)
            result = backend.solve(puzzle)
            assert result.solution is not None and reference_is_solution(result.solution, puzzle)
        clash = parse_line("11" + "." * 79)
        assert backend.solve(clash).status is Status.UNSOLVABLE


def lines_of_mixed_sizes() -> list[str]:
    lines = []
    for seed in range(40):
        shape = Shape.sudoku(4 if seed % 3 else 9)
        lines.append(format_line(random_puzzle(shape, 0.4, seed)[0].cells))
    lines.insert(5, "12")  # unreadable
    lines.insert(20, "1" * 16)  # unsolvable
    return lines


def test_parallel_batch_keeps_order_and_results() -> None:
    lines = lines_of_mixed_sizes()
    serial = list(solve_entries(read_puzzles(lines), SatBackend()))
    factory = functools.partial(SatBackend)
    parallel = list(solve_entries(read_puzzles(lines), SatBackend(), jobs=2, factory=factory))
    assert [o.entry.index for o in parallel] == list(range(len(lines)))
    assert [o.result.status for o in parallel] == [o.result.status for o in serial]
    for outcome in parallel:  # several solutions are possible: each must be one
        if outcome.result.solution is not None:
            assert outcome.entry.puzzle is not None
            assert reference_is_solution(outcome.result.solution, outcome.entry.puzzle)
    assert parallel[5].result.status is Status.INVALID
    assert parallel[20].result.status is Status.UNSOLVABLE


def test_chunks_hold_one_shape_and_every_entry() -> None:
    entries = list(read_puzzles(lines_of_mixed_sizes()))
    chunks = list(_chunks(entries))
    assert [e for c in chunks for e in c] == entries
    for chunk in chunks:
        shapes = {e.puzzle.shape for e in chunk if e.puzzle is not None}
        assert len(shapes) <= 1
        assert len(chunk) <= max(chunk_size(s.n) for s in shapes) if shapes else True


def test_cli_jobs_output_equals_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines_of_mixed_sizes()) + "\n")
    assert main(["solve", str(path)]) == 2
    one = capsys.readouterr()
    assert main(["solve", str(path), "--jobs", "2", "--no-progress"]) == 2
    two = capsys.readouterr()
    assert one.out.count("\n") == two.out.count("\n") == 42
    lines = path.read_text().splitlines()
    for puzzle_text, a, b in zip(lines, one.out.splitlines(), two.out.splitlines(), strict=True):
        if a in ("invalid", "unsolvable"):
            assert a == b
        else:
            puzzle = parse_line(puzzle_text)
            assert is_solution(parse_line(b).cells, puzzle)
    assert main(["solve", str(path), "--jobs", "-1"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_progress_bar_only_when_asked_or_on_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("# comment\n" + "\n".join(lines_of_mixed_sizes()[:6]) + "\n")
    assert count_puzzle_lines(str(path)) == 6
    main(["solve", str(path)])
    assert "puzzles" not in capsys.readouterr().err  # not a terminal: no bar
    main(["solve", str(path), "--progress"])
    err = capsys.readouterr().err
    assert "6/6 puzzles" in err and "\r" in err
    assert not wants_progress(io.StringIO(), json_output=True)
    bar = Progress(io.StringIO(), total=None, hz=0)
    bar.tick(3)
    bar.close()
