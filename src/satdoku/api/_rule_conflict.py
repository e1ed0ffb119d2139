"""Why a puzzle with rules beyond houses is impossible: givens and rules that cannot all hold.

Every rule's clauses are guarded by a selector (a fresh variable: the rule holds when it is
true); the givens and the selectors go to a SAT solver as assumptions, and its core names givens
and rules that already clash. Deletion then shrinks the set: an item is dropped when the rest
still cannot hold, so in the end dropping any one of them leaves a satisfiable puzzle (a minimal
unsatisfiable subset over givens and rules; houses always hold). The 45 rule's derived cages are
left out: they follow from several cages at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..backends._limits import solve_within
from ..backends._solvers import DEFAULT_SOLVER, check_solver_name, new_solver
from ..cnf._constraint_formula import axiom_clauses
from ..cnf._encodings import AuxiliaryVariables, Encoding
from ..core._claims import Claim, claim_of
from ..core._errors import InternalError
from ..core._limits import Limits
from ..core._puzzle import Puzzle
from ..core._results import Result, Status
from ..core.constraint_axioms import puzzle_axioms

__all__ = ["RuleConflict", "explain_rules", "explained_result"]


@dataclass(frozen=True)
class RuleConflict:
    """Givens (in reading order) and rules (indexes in ``puzzle.constraints``) that cannot all
    hold; ``minimal`` is False when a limit stopped the shrinking.

    >>> from satdoku.io.tatham import parse_game_id
    >>> conflict = explain_rules(parse_game_id("keen:3:a3_ac,a3m6a9").with_cells((3,) + (0,) * 8))
    >>> [c.label() for c in conflict.givens], conflict.titles()
    (['r1c1=3'], ['cage 3+ over r1c1,r1c2'])
    """

    puzzle: Puzzle
    givens: tuple[Claim, ...]
    rules: tuple[int, ...]
    minimal: bool = True

    def titles(self) -> list[str]:
        """Return the titles of the rules of the conflict."""
        n = self.puzzle.n
        return [self.puzzle.constraints[index].title(n) for index in self.rules]

    def sentence(self) -> str:
        """Say the conflict in one line."""
        items = [c.label() for c in self.givens] + self.titles()
        words = "cannot all hold" if len(items) > 1 else "cannot hold with the houses"
        return f"these givens and rules {words}: " + "; ".join(items)


def explain_rules(
    puzzle: Puzzle, solver: str = DEFAULT_SOLVER, limits: Limits = Limits()
) -> RuleConflict | None:
    """Return givens and rules of a puzzle that cannot all hold, or None when it has a solution.

    >>> from satdoku.io.tatham import parse_game_id
    >>> explain_rules(parse_game_id("keen:3:a3_ac,a3m6a9")) is None
    True
    """
    name = check_solver_name(solver)
    made = puzzle_axioms(puzzle, derived=False)
    aux = AuxiliaryVariables(made.helpers.last)
    clauses: list[list[int]] = []
    selectors: dict[int, int] = {}  # a rule's index -> its selector variable
    guarded: list[tuple[int | None, list[list[int]]]] = [
        (axiom.source, axiom_clauses(axiom, Encoding(), aux)) for axiom in made.axioms
    ]
    for source, made_clauses in guarded:
        if source is None:
            clauses.extend(made_clauses)
            continue
        if source not in selectors:
            selectors[source] = aux.fresh()
        clauses.extend(clause + [-selectors[source]] for clause in made_clauses)
    givens = puzzle.assumptions()
    items = givens + [selectors[index] for index in sorted(selectors)]
    with new_solver(name, clauses) as sat:

        def holds(assumed: list[int]) -> bool | None:
            if limits.limited:
                return solve_within(sat, name, assumed, limits)
            return bool(sat.solve(assumptions=assumed))

        first = holds(items)
        if first is not False:
            return None
        core = [item for item in items if item in set(sat.get_core() or items)]
        minimal = True
        for item in list(core):
            trial = [kept for kept in core if kept != item]
            answer = holds(trial)
            if answer is None:
                minimal = False
                break
            if not answer:
                core = [kept for kept in trial if kept in set(sat.get_core() or trial)]
    chosen = set(core)
    rules = tuple(index for index in sorted(selectors) if selectors[index] in chosen)
    claims = tuple(claim_of(v, puzzle.n) for v in givens if v in chosen)
    return RuleConflict(puzzle, claims, rules, minimal)


def explained_result(result: Result, conflict: RuleConflict | None) -> Result:
    """Return an unsolvable result with its conflict in its extra: ``"conflict"`` (givens as
    ``[row, col, digit]``), ``"conflict_rules"`` (the rules' titles) and ``"explanation"``.

    >>> from satdoku.io.tatham import parse_game_id
    >>> puzzle = parse_game_id("keen:3:a3_ac,a3m6a9").with_cells((3,) + (0,) * 8)
    >>> r = explained_result(Result(Status.UNSOLVABLE, puzzle=puzzle), explain_rules(puzzle))
    >>> r.extra["conflict"], r.extra["conflict_rules"]
    ([[0, 0, 3]], ['cage 3+ over r1c1,r1c2'])
    """
    if conflict is None:
        if result.status is Status.UNSOLVABLE:  # the solver disagrees with the verdict
            raise InternalError("a solver finds a solution to a puzzle found unsolvable")
        return result
    extra = dict(result.extra)
    extra["conflict"] = [list(c) for c in conflict.givens]
    extra["conflict_rules"] = conflict.titles()
    if not conflict.minimal:
        extra["conflict_minimal"] = False
    extra["explanation"] = {"text": [conflict.sentence()], "steps": []}
    return replace(result, extra=extra)
