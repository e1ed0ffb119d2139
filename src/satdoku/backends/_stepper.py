"""The stepper as a backend: solve puzzles in pure Python with the two rules and guessing."""

from __future__ import annotations

import time

from ..core._checker import is_solution
from ..core._claims import decode_model
from ..core._errors import InputError, InternalError
from ..core._limits import Limits
from ..core._puzzle import Puzzle
from ..core._results import Result, Status
from ..core.constraints import broken_constraints
from ..rules._literal_formula import formula
from ..rules._literal_search import LiteralRun
from ..rules._search import Accept, GuessOrder, SearchRun, TraceStatus
from ..rules._strategies import RULES_1_2, RuleSet
from . import _stop_flag as stop_flag

__all__ = ["StepperBackend"]


class StepperBackend:
    """Solve puzzles in pure Python with the two rules and guessing, like :class:`SatBackend`.

    >>> from satdoku.io._line import parse_line
    >>> StepperBackend().solve(parse_line("1...")).solution
    (1, 2, 2, 1)
    """

    def __init__(
        self,
        rules: RuleSet = RULES_1_2,
        order: GuessOrder = GuessOrder.FEWEST,
        limits: Limits = Limits(),
    ) -> None:
        self.rules = rules
        self.order = order
        self.limits = limits

    def close(self) -> None:
        """Free nothing: the stepper holds no solver (kept for the backend protocol)."""

    def __enter__(self) -> StepperBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def solve(self, puzzle: Puzzle, accept: Accept | None = None) -> Result:
        """Solve one puzzle; the solution is checked independently before it is returned.

        The limits apply as for PySAT: ``timeout`` seconds, and ``conflicts`` counts backtracks;
        past either the status is TIMEOUT.
        """
        run: SearchRun | LiteralRun
        if puzzle.constraints:  # rules beyond houses: the two rules over literal axioms
            if accept is not None:
                raise InputError("a predicate on solutions (where) is for puzzles of houses only")
            made = formula(puzzle)
            run = LiteralRun(made.axioms, made.variables, made.givens)
        else:
            run = SearchRun(puzzle, self.rules, search=True, order=self.order, accept=accept)
        timeout, conflicts = self.limits.timeout, self.limits.conflicts
        deadline = time.monotonic() + timeout if timeout is not None else None
        for count, _ in enumerate(run):
            if count % 512 == 0:
                stop_flag.check()  # Ctrl-C lands between two steps
                if deadline is not None and time.monotonic() > deadline:
                    return Result(Status.TIMEOUT, puzzle=puzzle)
            if conflicts is not None and run.backtracks > conflicts:
                return Result(Status.TIMEOUT, puzzle=puzzle)
        if isinstance(run, LiteralRun):
            solution = decode_model(run.solutions[0], puzzle.n) if run.solutions else None
        else:
            solution = run.solution
        if run.status is not TraceStatus.SOLVED or solution is None:
            return Result(Status.UNSOLVABLE, puzzle=puzzle)
        if not is_solution(solution, puzzle) or broken_constraints(
            solution, puzzle.n, puzzle.constraints
        ):
            raise InternalError(f"the stepper returned a grid that is not a solution: {solution}")
        return Result(Status.SOLVED, solution, puzzle)
