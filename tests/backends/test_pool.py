"""The solver pool: one kind of persistent solver for every PySAT consumer, leases that retire."""

from __future__ import annotations

import pytest

import satdoku.backends._pool as pool_module
from satdoku.api._explain import Explainer
from satdoku.api._explorer import Explorer
from satdoku.backends._pool import SolverKey, SolverPool
from satdoku.backends._sat import SatBackend
from satdoku.backends._solvers import DEFAULT_SOLVER, SOLVER_OPTIONS
from satdoku.backends._strategy import Strategy
from satdoku.cnf._encodings import Encoding
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line

KEY4 = SolverKey(DEFAULT_SOLVER, Shape.sudoku(4), Encoding())


def test_a_retired_lease_leaves_no_clause_behind() -> None:
    with SolverPool() as pool:
        first = pool.lend(KEY4)
        first.solver.add_clause([-1, -first.guard])  # not 1 in r1c1, for this lease only
        assert not first.solver.solve([1, first.guard])
        second = pool.lend(KEY4)  # an open lease does not bind another one
        assert second.solver is first.solver and second.guard != first.guard
        assert second.solver.solve([1, second.guard])
        pool.retire(first)
        pool.retire(second)
        assert pool.solver(KEY4).solve([1])


def test_the_oldest_idle_solver_goes_when_the_pool_is_full() -> None:
    dropped: list[SolverKey] = []
    keys = [SolverKey(DEFAULT_SOLVER, Shape.latin(n), Encoding()) for n in (2, 3, 4)]
    with SolverPool(size=2, on_drop=dropped.append) as pool:
        lease = pool.lend(keys[0])  # lent out: kept
        pool.solver(keys[1])
        pool.solver(keys[2])
        assert dropped == [keys[1]] and keys[0] in pool and len(pool) == 2
        pool.retire(lease)


def test_a_spent_solver_is_refreshed_unless_lent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "REFRESH_CONFLICTS", 0)
    with SolverPool() as pool:
        old = pool.solver(KEY4)
        lease = pool.lend(KEY4)
        assert not pool.refresh(KEY4) and pool.get(KEY4) is old  # a question is open
        pool.retire(lease)
        assert pool.refresh(KEY4) and pool.get(KEY4) is None
        assert pool.solver(KEY4) is not old


@pytest.mark.parametrize("consumer", ["backend", "explorer", "explainer"])
def test_every_consumer_gets_the_measured_options(
    consumer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables: list[object] = []
    real = pool_module.new_solver

    def spy(name: str, clauses: object, table: object = SOLVER_OPTIONS) -> object:
        tables.append(table)
        return real(name, clauses, table)  # type: ignore[arg-type]

    monkeypatch.setattr(pool_module, "new_solver", spy)
    puzzle = parse_line("12..............")
    if consumer == "backend":
        with SatBackend(strategy=Strategy.PERSISTENT) as backend:
            assert backend.solve(puzzle).solution is not None
    elif consumer == "explorer":
        with Explorer(strategy=Strategy.PERSISTENT) as explorer:
            assert explorer.count(puzzle).count > 1
    else:
        with Explainer() as explainer:
            assert explainer.explain(puzzle) is None
    assert tables == [SOLVER_OPTIONS]
