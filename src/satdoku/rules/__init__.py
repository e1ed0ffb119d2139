"""The stepper: rules 1 and 2 over the axioms, guessing and traces, human strategies, counting
search and rating, all in pure Python."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._counting import count_completions
    from ._propagator import Propagator, fixpoint, propagation
    from ._rating import Level, Rating, rate
    from ._search import Trace, TraceStatus, solve_steps, trace
    from ._set_logic import SetMove, find_move
    from ._singles import singles
    from ._steps import Rule, Step
    from ._strategies import RUNGS, RuleSet, Technique, parse_rules
    from ._technique_check import apply_step, check_step

_HOMES = {
    "Level": "_rating",
    "Propagator": "_propagator",
    "RUNGS": "_strategies",
    "Rating": "_rating",
    "Rule": "_steps",
    "RuleSet": "_strategies",
    "SetMove": "_set_logic",
    "Step": "_steps",
    "Technique": "_strategies",
    "Trace": "_search",
    "TraceStatus": "_search",
    "apply_step": "_technique_check",
    "check_step": "_technique_check",
    "count_completions": "_counting",
    "find_move": "_set_logic",
    "fixpoint": "_propagator",
    "parse_rules": "_strategies",
    "propagation": "_propagator",
    "rate": "_rating",
    "singles": "_singles",
    "solve_steps": "_search",
    "trace": "_search",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "Level",
    "Propagator",
    "RUNGS",
    "Rating",
    "Rule",
    "RuleSet",
    "SetMove",
    "Step",
    "Technique",
    "Trace",
    "TraceStatus",
    "apply_step",
    "check_step",
    "count_completions",
    "find_move",
    "fixpoint",
    "parse_rules",
    "propagation",
    "rate",
    "singles",
    "solve_steps",
    "trace",
]
