"""Why a puzzle is impossible: a minimal set of givens that cannot all hold, and the rule steps.

The givens go to a SAT solver holding the shape's clauses as *assumptions*; when the solver says
unsatisfiable, its core names a subset of givens that already clash. Deletion then shrinks the core:
a given is dropped when the rest is still unsatisfiable, so in the end removing any one given of the
set leaves a satisfiable puzzle (a minimal unsatisfiable subset over the givens). Where the two
rules alone (the stepper, :mod:`satdoku.rules._propagator`) reach the contradiction from those
givens, the explanation also holds the short chain of steps that proves it: only the steps the
contradiction depends on, each trimmed to the claims it needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..backends._limits import solve_within
from ..backends._pool import SolverKey, SolverPool
from ..backends._solvers import DEFAULT_SOLVER, check_solver_name
from ..cnf._encodings import Encoding
from ..core._claims import Claim, claim_of
from ..core._display import draw
from ..core._errors import InputError, InternalError
from ..core._houses_only import houses_only
from ..core._limits import Limits
from ..core._puzzle import Puzzle
from ..core._results import Result, Status
from ..core._shape import Shape
from ..rules._propagator import propagation
from ..rules._steps import Rule, Step
from ._arguments import options_of, puzzle_of

if TYPE_CHECKING:  # PySAT loads when a solver is made, not at start-up
    from pysat.solvers import Solver as PySatSolver

__all__ = ["Explanation", "Explainer", "explain", "rule_chain"]


@dataclass(frozen=True)
class Explanation:
    """Why a puzzle has no solution: givens that cannot all hold, and the rule steps if any.

    ``conflict`` is in reading order; ``minimal`` is False only when a limit stopped the
    minimisation (the set still cannot hold, but a smaller one may exist). ``steps`` is empty when
    the two rules alone do not reach the contradiction (search is needed to prove it).

    >>> from satdoku.io._line import parse_line
    >>> e = explain(parse_line("11.............."))
    >>> [c.label() for c in e.conflict], e.minimal
    (['r1c1=1', 'r1c2=1'], True)
    """

    puzzle: Puzzle
    conflict: tuple[Claim, ...]
    steps: tuple[Step, ...]
    minimal: bool = True

    def conflict_json(self) -> list[list[int]]:
        """Return the conflict as ``[[row, col, digit], ...]`` (0-based row and column).

        >>> from satdoku.io._line import parse_line
        >>> explain(parse_line("1...1...........")).conflict_json()
        [[0, 0, 1], [1, 0, 1]]
        """
        return [list(c) for c in self.conflict]

    def _repr_html_(self) -> str | None:
        """Show the explanation in Jupyter: the board, the clash, the steps (views.notebook)."""
        return draw(self, "html")


def rule_chain(puzzle: Puzzle) -> tuple[Step, ...]:
    """Return the steps of rules 1 and 2 that the contradiction depends on, or () when none.

    Propagation runs to the contradiction; then from it, back through each step's reasons, only
    the steps that decided a needed claim are kept, trimmed to those claims.

    >>> from satdoku.io._line import parse_line
    >>> [s.rule.value for s in rule_chain(parse_line(".2....34........"))]
    ['given', 'given', 'given', 1, 1, 1, 1, 'contradiction']
    >>> rule_chain(parse_line("1..............."))
    ()
    """
    steps = list(propagation(puzzle))
    if not steps or steps[-1].rule is not Rule.CONTRADICTION:
        return ()
    last = steps[-1]
    decided_by: dict[int, int] = {}
    for index, step in enumerate(steps[:-1]):
        for v in step.decided:
            decided_by.setdefault(v, index)
    needed: dict[int, set[int]] = {}
    todo = list(last.because)
    seen: set[int] = set()
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        index = decided_by[v]
        needed.setdefault(index, set()).add(v)
        todo.extend(steps[index].because)
    chain = [
        steps[i]._replace(decided=tuple(v for v in steps[i].decided if v in needed[i]))
        for i in sorted(needed)
    ]
    return (*chain, last)


class Explainer:
    """Explain unsolvable puzzles, with one pooled solver per shape holding the shape's clauses.

    >>> from satdoku.io._line import parse_line
    >>> with Explainer() as ex:
    ...     ex.explain(parse_line("1...............")) is None
    True
    """

    def __init__(
        self,
        solver: str = DEFAULT_SOLVER,
        encoding: Encoding = Encoding(),
        limits: Limits = Limits(),
    ) -> None:
        self.solver_name = check_solver_name(solver)
        self.encoding = encoding
        self.limits = limits
        self._persistent = SolverPool()

    def close(self) -> None:
        """Free every solver held."""
        self._persistent.close()

    def __enter__(self) -> Explainer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _solver(self, shape: Shape) -> PySatSolver:
        """Return the pool's solver holding the shape's clauses (givens go in as assumptions)."""
        return self._persistent.solver(SolverKey(self.solver_name, shape, self.encoding))

    def _holds(self, solver: PySatSolver, assumptions: Sequence[int]) -> bool | None:
        return solve_within(solver, self.solver_name, assumptions, self.limits)

    def explain(self, puzzle: Puzzle) -> Explanation | None:
        """Return why the puzzle has no solution, or None when it has one.

        When a limit stops the first solve, the answer is unknown and None is returned too
        (use :meth:`explain_result` on a result known to be unsolvable to always get a set).
        """
        return self._explain(puzzle, known_unsolvable=False)

    def _explain(self, puzzle: Puzzle, *, known_unsolvable: bool) -> Explanation | None:
        try:
            houses_only(puzzle, "an explanation of a contradiction")
        except InputError as err:  # say what answers it for rules
            raise InputError(
                f"{err.message}: satdoku.api._rule_conflict.explain_rules (solve --explain) "
                "names the givens and rules that cannot all hold"
            ) from None
        givens = puzzle.assumptions()
        solver = self._solver(puzzle.shape)
        first = self._holds(solver, givens)
        if first is True or (first is None and not known_unsolvable):
            return None
        if first is None:
            return self._finish(puzzle, givens, minimal=False)
        core = _in_order(givens, solver.get_core() or [])
        i = 0
        while i < len(core):
            trial = core[:i] + core[i + 1 :]
            answer = self._holds(solver, trial)
            if answer is None:
                return self._finish(puzzle, core, minimal=False)
            if answer:
                i += 1
            else:
                core = _in_order(trial, solver.get_core() or [])
        return self._finish(puzzle, core, minimal=True)

    def _finish(self, puzzle: Puzzle, core: Sequence[int], *, minimal: bool) -> Explanation:
        n = puzzle.n
        conflict = tuple(claim_of(v, n) for v in core)
        sub = Puzzle(puzzle.shape, _cells_of(conflict, n), puzzle.symbols)
        return Explanation(puzzle, conflict, rule_chain(sub), minimal)

    def explain_result(self, result: Result) -> Explanation | None:
        """Return why an unsolvable result's puzzle has no solution; None for other results.

        A result already known to be unsolvable always gets a set (not minimised when a limit
        stops the solver); a solver that finds a solution after all is an internal error.

        >>> from satdoku.io._line import parse_line
        >>> r = Result(Status.UNSOLVABLE, puzzle=parse_line("11.............."))
        >>> Explainer().explain_result(r).conflict_json()
        [[0, 0, 1], [0, 1, 1]]
        """
        if result.status is not Status.UNSOLVABLE or result.puzzle is None:
            return None
        found = self._explain(result.puzzle, known_unsolvable=True)
        if found is None:  # the solver disagrees with the verdict: never hide that
            raise InternalError(
                f"solver {self.solver_name} finds a solution to a puzzle found unsolvable"
            )
        return found


def _in_order(givens: Sequence[int], core: Sequence[int]) -> list[int]:
    """Return the givens that are in the core, in the givens' (reading) order."""
    keep = set(core)
    return [v for v in givens if v in keep]


def _cells_of(claims: Sequence[Claim], n: int) -> tuple[int, ...]:
    cells = [0] * (n * n)
    for c in claims:
        cells[c.row * n + c.col] = c.digit
    return tuple(cells)


def explain(
    puzzle: Puzzle | object,
    *,
    solver: str = DEFAULT_SOLVER,
    encoding: Encoding = Encoding(),
    limits: Limits = Limits(),
    timeout: float | None = None,
    conflicts: int | None = None,
) -> Explanation | None:
    """Return why a puzzle has no solution (a minimal clashing set of givens), None if it has one.

    The puzzle may be a string, rows or an array; ``timeout=`` / ``conflicts=`` are limits, as
    for :func:`satdoku.api._solve.solve`.

    >>> from satdoku.io._line import parse_line
    >>> e = explain(parse_line("12....34........"))  # box 1 leaves r2c1, r2c2 only 3 and 4
    >>> [c.label() for c in e.conflict]
    ['r1c1=1', 'r1c2=2', 'r2c3=3']
    >>> explain(parse_line("1...............")) is None
    True
    """
    options: dict[str, object] = {"solver": solver, "encoding": encoding}
    if timeout is None and conflicts is None:
        options["limits"] = limits
    elif limits != Limits():
        raise InputError("give limits=Limits(...) or timeout=/conflicts=, not both")
    else:
        options.update(timeout=timeout, conflicts=conflicts)
    checked = options_of(options)
    puzzle = puzzle_of(puzzle)
    with Explainer(checked["solver"], checked["encoding"], checked["limits"]) as explainer:
        return explainer.explain(puzzle)
