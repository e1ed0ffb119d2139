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

from .api import solve, solve_result
from .axioms import Axiom, axioms
from .checker import broken_axioms, is_solution
from .claims import Claim, claim_of, variable
from .dimacs import read_dimacs, write_dimacs
from .encodings import AtMostOne, Encoding, Formula, Scheme, encode
from .errors import InputError, InternalError
from .explain import Explainer, Explanation, explain
from .formats import (
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
from .predicates import PREDICATES, Reject
from .puzzle import Grid, Puzzle
from .results import Result, Status
from .sat import DEFAULT_SOLVER, Limits, SatBackend, Strategy
from .search import GuessOrder, StepperBackend, Trace, TraceStatus
from .shape import House, Shape
from .space import Count, Explorer, Order, backbone, candidates, count, is_unique, solutions
from .stepper import Rule, State, Step, fixpoint, propagation
from .strategies import Technique, parse_rules

__version__ = "0.1.0"

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
