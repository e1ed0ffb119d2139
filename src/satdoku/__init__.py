"""satdoku: Sudoku, Latin squares and their variants solved by logic.

Glossary
--------
claim
    The statement "cell (row, col) holds digit": a boolean variable, :class:`Claim`.
    Its DIMACS variable is ``row*n*n + col*n + digit`` (0-based row/col, digits 1..n).
axiom
    A named group of claims of which exactly one is true (:class:`Axiom`): every cell holds
    exactly one digit; every house holds every digit exactly once.
house
    A group of n cells that holds each digit once: a row, column, box, diagonal or region.
shape
    The size of the grid and its houses (:class:`Shape`).
puzzle
    A shape and its givens (:class:`Puzzle`); a grid is a tuple of n*n digits, 0 for blank.
encoding
    How axioms become CNF clauses (:class:`Encoding`: scheme × at-most-one encoding).

>>> from satdoku import parse_puzzle, solve
>>> solve(parse_puzzle("1...............")) is not None
True
"""

from __future__ import annotations

from .api.explain import Explainer, Explanation, explain
from .api.predicates import PREDICATES, Reject
from .api.solve import solve, solve_result
from .api.space import Count, Explorer, Order, backbone, candidates, count, is_unique, solutions
from .backends.sat import DEFAULT_SOLVER, SatBackend, Strategy
from .backends.stepper import StepperBackend
from .cnf.dimacs import read_dimacs, write_dimacs
from .cnf.encodings import AtMostOne, Encoding, Formula, Scheme, encode
from .core.axioms import Axiom, axioms
from .core.checker import broken_axioms, is_solution
from .core.claims import Claim, claim_of, variable
from .core.errors import InputError, InternalError
from .core.limits import Limits
from .core.puzzle import Grid, Puzzle
from .core.results import Result, Status
from .core.shape import House, Shape
from .core.version import __version__
from .io.formats import (
    Alphabet,
    Layout,
    ShapeOptions,
    format_grid,
    format_line,
    format_pretty,
    parse_line,
    parse_puzzle,
    read_puzzles,
)
from .rules.search import GuessOrder, Trace, TraceStatus
from .rules.stepper import Rule, State, Step, fixpoint, propagation
from .rules.strategies import Technique, parse_rules
from .views import notebook, svg  # noqa: F401  (they draw puzzles, results and traces)

__all__ = [
    "Alphabet",
    "AtMostOne",
    "Axiom",
    "Claim",
    "DEFAULT_SOLVER",
    "Encoding",
    "Formula",
    "Grid",
    "House",
    "InputError",
    "InternalError",
    "Layout",
    "Limits",
    "Puzzle",
    "Result",
    "SatBackend",
    "GuessOrder",
    "Rule",
    "State",
    "Step",
    "StepperBackend",
    "Technique",
    "Trace",
    "TraceStatus",
    "Scheme",
    "Shape",
    "ShapeOptions",
    "Status",
    "Strategy",
    "axioms",
    "broken_axioms",
    "claim_of",
    "encode",
    "format_grid",
    "format_line",
    "format_pretty",
    "is_solution",
    "parse_line",
    "parse_puzzle",
    "read_dimacs",
    "read_puzzles",
    "solve",
    "explain",
    "Explainer",
    "Explanation",
    "solve_result",
    "fixpoint",
    "parse_rules",
    "propagation",
    "variable",
    "write_dimacs",
    "Count",
    "Explorer",
    "Order",
    "PREDICATES",
    "Reject",
    "backbone",
    "candidates",
    "count",
    "is_unique",
    "solutions",
    "__version__",
]
