"""Which PySAT solver a puzzle with rules gets: the measured best for rules unless one is named
(``SatBackend(solver=...)``, ``--solver``), the named one for every puzzle when it is."""

from __future__ import annotations

import pytest

from satdoku.backends import _constraint_sat as constraint_sat
from satdoku.backends._sat import SatBackend
from satdoku.backends._solvers import CONSTRAINED_SOLVER, DEFAULT_SOLVER
from satdoku.batch._solve_options import SolveOptions
from satdoku.cli import build_parser
from satdoku.cli._batch_options import solve_options_of
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Result
from satdoku.core._shape import Shape
from satdoku.core.constraints import Side, Skyscraper

TOWERS = Puzzle(Shape.latin(3), (0,) * 9, constraints=(Skyscraper(Side.LEFT, 0, 3),))
PLAIN = Puzzle(Shape.latin(2), (1, 0, 0, 0))


def _rule_solver(monkeypatch: pytest.MonkeyPatch, backend: SatBackend) -> str:
    """Solve the Towers puzzle with the backend; return the solver name its rules were given."""
    used: list[str] = []
    real = constraint_sat.constrained_result

    def spy(puzzle: Puzzle, name: str, *rest: object) -> Result:
        used.append(name)
        return real(puzzle, name, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(constraint_sat, "constrained_result", spy)  # imported where it is used
    with backend:
        solution = backend.solve(TOWERS).solution
        assert solution is not None and solution[:3] == (1, 2, 3)
        assert backend.solve(PLAIN).solution == (1, 2, 2, 1)
    return used[0]


def test_rules_get_the_measured_best_solver_when_none_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    backend = SatBackend()
    assert _rule_solver(monkeypatch, backend) == CONSTRAINED_SOLVER != DEFAULT_SOLVER
    assert backend.solver_name == DEFAULT_SOLVER  # houses alone keep theirs


@pytest.mark.parametrize("name", [DEFAULT_SOLVER, "glucose4"])
def test_a_named_solver_solves_every_puzzle(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    backend = SatBackend(name)
    assert _rule_solver(monkeypatch, backend) == name
    assert backend.solver_name == name


def test_the_command_line_names_a_solver_only_when_told() -> None:
    parser = build_parser()
    assert solve_options_of(parser.parse_args(["solve", "p.txt"])).solver is None
    named = parser.parse_args(["solve", "p.txt", "--solver", DEFAULT_SOLVER])
    assert solve_options_of(named).solver == DEFAULT_SOLVER
    assert SolveOptions().solver is None


def test_a_named_solver_reaches_the_backend_from_solve_options() -> None:
    for name, rules in ((None, CONSTRAINED_SOLVER), ("glucose4", "glucose4")):
        backend = SolveOptions(solver=name).backend_maker()()
        assert isinstance(backend, SatBackend)
        assert backend.rule_solver_name == rules
        backend.close()
