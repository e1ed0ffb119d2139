"""Engines that solve a puzzle: PySAT (one solver pool), the compiled engine, the stepper, and
the limits and portfolios they run under."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._compiled import AVAILABLE, Engine, engine_for
    from ._constraint_sat import count_constrained, solve_constrained
    from ._limits import solve_within
    from ._registry import Backend, BackendKind, backend_maker, make_backend
    from ._sat import SatBackend
    from ._solvers import DEFAULT_SOLVER, SOLVER_NAMES, check_solver_name
    from ._stepper import StepperBackend
    from ._stop_flag import Stopped

_HOMES = {
    "AVAILABLE": "_compiled",
    "Backend": "_registry",
    "BackendKind": "_registry",
    "DEFAULT_SOLVER": "_solvers",
    "Engine": "_compiled",
    "SOLVER_NAMES": "_solvers",
    "SatBackend": "_sat",
    "StepperBackend": "_stepper",
    "Stopped": "_stop_flag",
    "backend_maker": "_registry",
    "check_solver_name": "_solvers",
    "count_constrained": "_constraint_sat",
    "engine_for": "_compiled",
    "make_backend": "_registry",
    "solve_constrained": "_constraint_sat",
    "solve_within": "_limits",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "AVAILABLE",
    "Backend",
    "BackendKind",
    "DEFAULT_SOLVER",
    "Engine",
    "SOLVER_NAMES",
    "SatBackend",
    "StepperBackend",
    "Stopped",
    "backend_maker",
    "check_solver_name",
    "count_constrained",
    "engine_for",
    "make_backend",
    "solve_constrained",
    "solve_within",
]
