"""The short path: solve one puzzle with the default backend."""

from __future__ import annotations

from .encodings import Encoding
from .puzzle import Grid, Puzzle
from .results import Result
from .sat import DEFAULT_SOLVER, Limits, SatBackend, Strategy

__all__ = ["solve", "solve_result"]


def solve_result(
    puzzle: Puzzle,
    *,
    solver: str = DEFAULT_SOLVER,
    encoding: Encoding = Encoding(),
    strategy: Strategy = Strategy.AUTO,
    limits: Limits = Limits(),
) -> Result:
    """Solve one puzzle and return the full result (status, solution).

    >>> from satdoku.formats import parse_line
    >>> solve_result(parse_line("12..............")).status.value
    'solved'
    """
    with SatBackend(solver, encoding, strategy, limits) as backend:
        return backend.solve(puzzle)


def solve(puzzle: Puzzle, **options: object) -> Grid | None:
    """Return a solution of the puzzle, or None when it has none.

    >>> from satdoku.formats import parse_line
    >>> solve(parse_line("11.............."))  # two 1s in row 1
    """
    return solve_result(puzzle, **options).solution  # type: ignore[arg-type]
