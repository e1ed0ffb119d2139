"""Clauses: encodings of the axioms as CNF, DIMACS files, and what external SAT solvers answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._constraint_formula import ConstrainedFormula, constrained_formula
    from ._dimacs_read import Dimacs, cnf_text, read_dimacs
    from ._dimacs_write import CnfOptions, dimacs_bytes, write_dimacs
    from ._encodings import AtMostOne, Encoding, Scheme, encode, shape_clauses
    from ._external import KNOWN_SOLVERS, ExternalSolver, run_external
    from ._solver_answers import models_of, parse_answers, result_of

_HOMES = {
    "AtMostOne": "_encodings",
    "CnfOptions": "_dimacs_write",
    "ConstrainedFormula": "_constraint_formula",
    "Dimacs": "_dimacs_read",
    "Encoding": "_encodings",
    "ExternalSolver": "_external",
    "KNOWN_SOLVERS": "_external",
    "Scheme": "_encodings",
    "cnf_text": "_dimacs_read",
    "constrained_formula": "_constraint_formula",
    "dimacs_bytes": "_dimacs_write",
    "encode": "_encodings",
    "models_of": "_solver_answers",
    "parse_answers": "_solver_answers",
    "read_dimacs": "_dimacs_read",
    "result_of": "_solver_answers",
    "run_external": "_external",
    "shape_clauses": "_encodings",
    "write_dimacs": "_dimacs_write",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "AtMostOne",
    "CnfOptions",
    "ConstrainedFormula",
    "Dimacs",
    "Encoding",
    "ExternalSolver",
    "KNOWN_SOLVERS",
    "Scheme",
    "cnf_text",
    "constrained_formula",
    "dimacs_bytes",
    "encode",
    "models_of",
    "parse_answers",
    "read_dimacs",
    "result_of",
    "run_external",
    "shape_clauses",
    "write_dimacs",
]
