"""The PySAT backend: random puzzles of many sizes and shapes, verified by the checker."""

import pytest

from satdoku.backends._pool import SolverKey
from satdoku.backends._sat import SatBackend
from satdoku.backends._solvers import DEFAULT_SOLVER
from satdoku.backends._strategy import Strategy
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme
from satdoku.core._checker import is_solution
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle
from satdoku.io._line import format_line, parse_line

SHAPES = [Shape.sudoku(n) for n in (4, 6, 8, 9, 12, 16, 25)] + [
    Shape.latin(5),
    Shape.latin(7),
    Shape.sudoku(9, diagonals=True),
]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
@pytest.mark.parametrize("strategy", [Strategy.PERSISTENT, Strategy.FRESH], ids=lambda s: s.value)
def test_random_puzzles_are_solved_and_checked(shape: Shape, strategy: Strategy) -> None:
    with SatBackend(strategy=strategy) as backend:
        for seed in range(3):
            puzzle, _ = random_puzzle(shape, 0.45, seed)
            result = backend.solve(puzzle)
            assert result.status is Status.SOLVED
            assert result.solution is not None and is_solution(result.solution, puzzle)


@pytest.mark.parametrize("n", [36, 49])
def test_token_format_sizes_are_solved(n: int) -> None:
    puzzle, _ = random_puzzle(Shape.sudoku(n), 0.6, seed=n)
    text = format_line(puzzle.cells)
    assert " " in text  # token format beyond 35
    reread = parse_line(text)
    with SatBackend() as backend:
        result = backend.solve(reread)
    assert result.solution is not None and is_solution(result.solution, reread)


@pytest.mark.parametrize(
    "encoding",
    [Encoding(s, a) for s in Scheme for a in (AtMostOne.PAIRWISE, AtMostOne.SEQUENTIAL)],
    ids=lambda e: e.label(),
)
def test_every_encoding_solves(encoding: Encoding) -> None:
    puzzle, _ = random_puzzle(Shape.sudoku(9), 0.3, seed=5)
    with SatBackend(encoding=encoding) as backend:
        result = backend.solve(puzzle)
    assert result.solution is not None and is_solution(result.solution, puzzle)


@pytest.mark.parametrize("strategy", [Strategy.PERSISTENT, Strategy.FRESH], ids=lambda s: s.value)
def test_clashing_givens_are_unsolvable_not_errors(strategy: Strategy) -> None:
    puzzle = parse_line("11" + "." * 14)
    with SatBackend(strategy=strategy) as backend:
        assert backend.solve(puzzle).status is Status.UNSOLVABLE


def test_one_persistent_solver_per_shape() -> None:
    with SatBackend(strategy=Strategy.PERSISTENT) as backend:
        for seed in range(5):
            backend.solve(random_puzzle(Shape.sudoku(9), 0.4, seed)[0])
        backend.solve(random_puzzle(Shape.sudoku(4), 0.4, 0)[0])
        assert len(backend._persistent) == 2


def test_a_persistent_solver_is_replaced_after_its_conflicts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past REFRESH_CONFLICTS the shape's solver is replaced; answers stay right either side."""
    import satdoku.backends._pool as pool
    import satdoku.backends._sat as sat

    monkeypatch.setattr(sat, "REFRESH_CHECK", 3)
    monkeypatch.setattr(pool, "REFRESH_CONFLICTS", 0)
    shape = Shape.sudoku(9)
    key = SolverKey(DEFAULT_SOLVER, shape, Encoding())
    puzzles = [random_puzzle(shape, 0.3, seed)[0] for seed in range(10)]
    puzzles.insert(4, parse_line("11" + "." * 79))  # an unsolvable one among them
    seen: list[object] = []  # each solver in turn (kept, so no id is reused)
    with SatBackend(strategy=Strategy.PERSISTENT) as backend:
        for puzzle in puzzles:
            result = backend.solve(puzzle)
            if not seen or backend._persistent.get(key) is not seen[-1]:
                seen.append(backend._persistent.get(key))
            if puzzle.cells[:2] == (1, 1):
                assert result.status is Status.UNSOLVABLE
            else:
                assert result.solution is not None and is_solution(result.solution, puzzle)
        assert len(backend._persistent) == 1  # the old solver is gone, not kept beside
    assert len(seen) >= 3  # replaced every third solve


def test_a_persistent_solver_is_kept_below_its_conflicts() -> None:
    shape = Shape.sudoku(9)
    with SatBackend(strategy=Strategy.PERSISTENT) as backend:
        backend.solve(random_puzzle(shape, 0.4, 0)[0])
        key = SolverKey(DEFAULT_SOLVER, shape, Encoding())
        first = backend._persistent.get(key)
        for seed in range(300):  # past REFRESH_CHECK solves, far below REFRESH_CONFLICTS
            backend.solve(random_puzzle(shape, 0.4, seed)[0])
        assert first is not None and backend._persistent.get(key) is first
