"""The short paths keep one backend (solve) or explorer (count, is_unique ...) per thread."""

from __future__ import annotations

import threading

import pytest

import satdoku.api._solve as api
from satdoku import is_solution, parse_puzzle, solve
from satdoku.api._predicates import PredicateError
from satdoku.api._solve import solve_result
from satdoku.backends._pool import PERSISTENT_SHAPES
from satdoku.backends._sat import SatBackend
from satdoku.backends._strategy import Strategy
from satdoku.core._limits import Limits
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle


def test_solve_in_a_loop_reuses_one_backend() -> None:
    shape = Shape.sudoku(9)
    first = api.shared_backend()
    plans, persistent = len(first._plans), len(first._persistent)  # earlier tests' shapes
    for seed in range(20):
        puzzle, _ = random_puzzle(shape, 0.35, seed)
        grid = solve(puzzle)
        assert grid is not None and is_solution(grid, puzzle)
    assert api.shared_backend() is first
    assert len(first._plans) <= plans + 1  # one plan for the shape, made once
    assert len(first._persistent) <= persistent + 1  # the 9x9 clauses loaded once at most
    assert solve(parse_puzzle("11" + "." * 79)) is None  # a contradiction is a value


def test_options_get_their_own_backend_and_the_oldest_goes() -> None:
    backends = [
        api.shared_backend(limits=Limits(conflicts=1000 + i)) for i in range(api.SHARED_BACKENDS)
    ]
    assert len(set(map(id, backends))) == api.SHARED_BACKENDS
    api.shared_backend(strategy=Strategy.FRESH)  # one more set of options
    assert api.shared_backend(limits=Limits(conflicts=1000)) is not backends[0]  # made anew
    assert api.shared_backend(limits=Limits(conflicts=1003)) is backends[3]  # still kept


def test_each_thread_has_its_own_backend() -> None:
    seen: list[SatBackend] = []
    worker = threading.Thread(target=lambda: seen.append(api.shared_backend()))
    worker.start()
    worker.join()
    assert seen and seen[0] is not api.shared_backend()


def test_a_backend_that_failed_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = api.shared_backend()

    def interrupted(self: SatBackend, puzzle: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(SatBackend, "solve", interrupted)
    with pytest.raises(KeyboardInterrupt):
        solve_result(parse_puzzle("1" + "." * 15))
    monkeypatch.undo()
    assert api.shared_backend() is not backend
    assert solve_result(parse_puzzle("1" + "." * 15)).status is Status.SOLVED


def test_a_backend_holds_at_most_a_few_persistent_solvers() -> None:
    """Many shapes (Latin squares and Sudoku of many sizes) through one backend."""
    shapes = [Shape.latin(n) for n in range(2, 13)] + [Shape.sudoku(n) for n in (4, 6, 8, 9, 10)]
    shapes += [Shape.sudoku(n, diagonals=True) for n in (4, 9)] + [Shape.sudoku(12, (2, 6))]
    assert len(shapes) > PERSISTENT_SHAPES
    with SatBackend(strategy=Strategy.PERSISTENT) as backend:
        for round_ in range(2):
            for shape in shapes:
                puzzle, _ = random_puzzle(shape, 0.4, round_)
                result = backend.solve(puzzle)
                assert result.solution is not None and is_solution(result.solution, puzzle)
                assert len(backend._persistent) <= PERSISTENT_SHAPES
                assert set(backend._plans) <= {key.shape for key in backend._persistent.held()}


def test_solution_space_functions_reuse_one_explorer_without_crosstalk() -> None:
    """Questions on a kept explorer do not see each other's blocking clauses."""
    import satdoku.api._space as space
    from satdoku.api._explorer import Explorer
    from satdoku.api._predicates import Reject
    from satdoku.api._space import count, is_unique

    empty4 = parse_puzzle("................")
    assert count(empty4).count == 288
    explorer = space._EXPLORERS.get((), Explorer)

    def no_1_in_r1c1(solved: Puzzle) -> bool | Reject:
        return solved.cells[0] != 1

    assert count(empty4, where=no_1_in_r1c1).count == 216  # 288 * 3/4
    assert count(empty4).count == 288  # the last question's blocks are retired
    assert is_unique(parse_puzzle("1423324121344312"))
    assert not is_unique(empty4)
    assert space._EXPLORERS.get((), Explorer) is explorer


def test_a_failing_question_drops_its_explorer() -> None:
    import satdoku.api._space as space
    from satdoku.api._explorer import Explorer
    from satdoku.api._space import count

    empty4 = parse_puzzle("................")
    explorer = space._EXPLORERS.get((), Explorer)

    def broken(solved: Puzzle) -> bool:
        raise ValueError("no")

    with pytest.raises(PredicateError, match="ValueError: no"):
        count(empty4, where=broken)
    assert space._EXPLORERS.get((), Explorer) is not explorer
    assert count(empty4).count == 288


def test_solve_in_any_order_is_the_backends_answer() -> None:
    """solve(p) and solve(p, order="any") reach the same engine: the same grid, many to pick."""
    from satdoku.api._explorer import Explorer

    for text in ("1...............", "." * 81, "1" + "." * 80):
        puzzle = parse_puzzle(text)
        grid = solve(puzzle)
        assert solve(puzzle, order="any") == grid
        assert solve(puzzle, order="any", native=False) == solve(puzzle, native=False)
        with Explorer() as explorer:
            assert explorer.first(puzzle).solution == grid
