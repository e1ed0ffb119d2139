"""The library's front doors: solve, the solution space (count, uniqueness, every solution),
explanations, batches, predicates and generated puzzles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._batch import Outcome, solve_entries
    from ._constraint_steps import constraint_steps, rate_constrained, solve_by_steps
    from ._explain import Explanation, explain
    from ._explorer import Explorer
    from ._hint import Hint, HintStatus, hint
    from ._marks import Marks, format_marks, parse_marks
    from ._predicates import PREDICATES, predicate_named
    from ._rating import rate
    from ._rule_conflict import RuleConflict, explain_rules
    from ._solve import solve, solve_result
    from ._space import backbone, candidates, count, first, is_unique, solutions
    from ._uniqueness import Uniqueness

_HOMES = {
    "Explanation": "_explain",
    "Explorer": "_explorer",
    "Hint": "_hint",
    "HintStatus": "_hint",
    "Marks": "_marks",
    "Outcome": "_batch",
    "PREDICATES": "_predicates",
    "RuleConflict": "_rule_conflict",
    "Uniqueness": "_uniqueness",
    "backbone": "_space",
    "candidates": "_space",
    "constraint_steps": "_constraint_steps",
    "count": "_space",
    "explain": "_explain",
    "explain_rules": "_rule_conflict",
    "first": "_space",
    "format_marks": "_marks",
    "hint": "_hint",
    "is_unique": "_space",
    "parse_marks": "_marks",
    "predicate_named": "_predicates",
    "rate": "_rating",
    "rate_constrained": "_constraint_steps",
    "solutions": "_space",
    "solve": "_solve",
    "solve_by_steps": "_constraint_steps",
    "solve_entries": "_batch",
    "solve_result": "_solve",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "Explanation",
    "Explorer",
    "Hint",
    "HintStatus",
    "Marks",
    "Outcome",
    "PREDICATES",
    "RuleConflict",
    "Uniqueness",
    "backbone",
    "candidates",
    "constraint_steps",
    "count",
    "explain",
    "explain_rules",
    "first",
    "format_marks",
    "hint",
    "is_unique",
    "parse_marks",
    "predicate_named",
    "rate",
    "rate_constrained",
    "solutions",
    "solve",
    "solve_by_steps",
    "solve_entries",
    "solve_result",
]
