"""The model at the bottom: claims and their variables, shapes, puzzles, axioms, the independent
checker, results, limits and errors. It imports nothing else of satdoku."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._axioms import Axiom, axioms
    from ._checker import broken_axioms
    from ._claims import Claim, claim_of, decode_model, variable
    from ._errors import InputError, InternalError
    from ._houses_only import houses_only
    from ._limits import Limits
    from ._literal_axioms import LiteralAxiom
    from ._puzzle import Grid, Puzzle
    from ._results import Result, Status
    from ._rule_check import broken_rules
    from ._shape import House, Shape
    from ._solution import Solution
    from ._symmetry import Symmetry

_HOMES = {
    "Axiom": "_axioms",
    "Claim": "_claims",
    "Grid": "_puzzle",
    "House": "_shape",
    "InputError": "_errors",
    "InternalError": "_errors",
    "Limits": "_limits",
    "LiteralAxiom": "_literal_axioms",
    "Puzzle": "_puzzle",
    "Result": "_results",
    "Shape": "_shape",
    "Solution": "_solution",
    "Status": "_results",
    "Symmetry": "_symmetry",
    "axioms": "_axioms",
    "broken_axioms": "_checker",
    "broken_rules": "_rule_check",
    "claim_of": "_claims",
    "decode_model": "_claims",
    "houses_only": "_houses_only",
    "variable": "_claims",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "Axiom",
    "Claim",
    "Grid",
    "House",
    "InputError",
    "InternalError",
    "Limits",
    "LiteralAxiom",
    "Puzzle",
    "Result",
    "Shape",
    "Solution",
    "Status",
    "Symmetry",
    "axioms",
    "broken_axioms",
    "broken_rules",
    "claim_of",
    "decode_model",
    "houses_only",
    "variable",
]
