"""satdoku: Sudoku, Latin squares and their variants solved by logic.

Glossary
--------
claim
    The statement "cell (row, col) holds digit": a boolean variable, :class:`Claim`.
    Its DIMACS variable is ``row*n*n + col*n + digit`` (0-based row/col, digits 1..n).
axiom
    A named group of claims of which exactly one is true (:class:`satdoku.core.Axiom`):
    every cell holds exactly one digit; every house holds every digit exactly once.
house
    A group of n cells that holds each digit once: a row, column, box, diagonal or region.
shape
    The size of the grid and its houses (:class:`Shape`).
puzzle
    A shape and its givens (:class:`Puzzle`); a grid is a tuple of n*n digits, 0 for blank.
encoding
    How axioms become CNF clauses (:class:`satdoku.cnf.Encoding`: scheme × at-most-one
    encoding).

The names below are the public API; each sub-package exports the public names of its layer
(modules whose names start with ``_`` are internal), layered from the bottom up: ``core``
(claims, shapes, puzzles, axioms, the checker), ``io`` (text formats), ``rules`` (the stepper),
``cnf`` (clauses, DIMACS), ``backends`` (PySAT, the compiled engine), ``api`` (solve, count,
explain, batches), ``generation``, ``views`` (sentences, records, pictures), ``batch`` and
``cli``.

>>> from satdoku import parse_puzzle, solve
>>> solve(parse_puzzle("1...............")) is not None
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .core import _display as _display
from .core import _lazy
from .core._version import __version__ as __version__

if TYPE_CHECKING:  # the names below are loaded on first use (see __getattr__)
    from .api._explain import explain
    from .api._explorer import Explorer
    from .api._hint import hint
    from .api._rating import rate
    from .api._solve import solve
    from .api._space import count, is_unique, solutions
    from .api._writers import format_line, format_pretty, format_puzzles, is_solution
    from .backends._sat import SatBackend
    from .backends._stepper import StepperBackend
    from .cnf._dimacs_read import read_dimacs
    from .cnf._dimacs_write import write_dimacs
    from .core._claims import Claim
    from .core._errors import InputError
    from .core._limits import Limits
    from .core._puzzle import Puzzle
    from .core._results import Result, Status
    from .core._shape import Shape
    from .core._solution import Solution
    from .generation._generate import generate
    from .io._alphabet import Alphabet
    from .io._puzzle_values import parse_puzzle
    from .io._reading import read_puzzles
    from .rules._search import Trace, trace

_HOMES = {
    "Alphabet": "io._alphabet",
    "Claim": "core._claims",
    "Explorer": "api._explorer",
    "InputError": "core._errors",
    "Limits": "core._limits",
    "Puzzle": "core._puzzle",
    "Result": "core._results",
    "SatBackend": "backends._sat",
    "Shape": "core._shape",
    "Solution": "core._solution",
    "Status": "core._results",
    "StepperBackend": "backends._stepper",
    "Trace": "rules._search",
    "count": "api._space",
    "explain": "api._explain",
    "format_line": "api._writers",
    "format_pretty": "api._writers",
    "format_puzzles": "api._writers",
    "generate": "generation._generate",
    "hint": "api._hint",
    "is_solution": "api._writers",
    "is_unique": "api._space",
    "parse_puzzle": "io._puzzle_values",
    "rate": "api._rating",
    "read_dimacs": "cnf._dimacs_read",
    "read_puzzles": "io._reading",
    "solutions": "api._space",
    "solve": "api._solve",
    "trace": "rules._search",
    "write_dimacs": "cnf._dimacs_write",
}
"""Where each public name lives: importing ``satdoku`` loads none of them (the command line
starts in a few milliseconds); the first use of a name loads its module."""

_VIEWS = ("views._notebook", "views._svg", "views._text_boards")
"""The package's own notebook pictures, registered with ``core.display`` when first drawn."""


if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = _lazy.lazy_names(__name__, _HOMES)


def _load_views() -> None:
    for view in _VIEWS:
        importlib.import_module(f".{view}", __name__)


_display.load_views_with(_load_views)

__all__ = [
    "Alphabet",
    "Claim",
    "Explorer",
    "InputError",
    "Limits",
    "Puzzle",
    "Result",
    "SatBackend",
    "Shape",
    "Solution",
    "Status",
    "StepperBackend",
    "Trace",
    "count",
    "explain",
    "format_line",
    "format_pretty",
    "format_puzzles",
    "generate",
    "hint",
    "is_solution",
    "is_unique",
    "parse_puzzle",
    "rate",
    "read_dimacs",
    "read_puzzles",
    "solutions",
    "solve",
    "trace",
    "write_dimacs",
]
