"""satdoku: Sudoku, Latin squares and their variants solved by logic.

Glossary
--------
claim
    The statement "cell (row, col) holds digit": a boolean variable, :class:`Claim`.
    Its DIMACS variable is ``row*n*n + col*n + digit`` (0-based row/col, digits 1..n).
axiom
    A named group of claims of which exactly one is true (:class:`satdoku.core.axioms.Axiom`):
    every cell holds exactly one digit; every house holds every digit exactly once.
house
    A group of n cells that holds each digit once: a row, column, box, diagonal or region.
shape
    The size of the grid and its houses (:class:`Shape`).
puzzle
    A shape and its givens (:class:`Puzzle`); a grid is a tuple of n*n digits, 0 for blank.
encoding
    How axioms become CNF clauses (:class:`satdoku.cnf.encodings.Encoding`: scheme × at-most-one
    encoding).

The names below are the public API; everything else is importable from its sub-package, layered
from the bottom up: ``core`` (claims, shapes, puzzles, axioms, the checker), ``io`` (text formats),
``rules`` (the stepper), ``cnf`` (clauses, DIMACS), ``backends`` (PySAT, the compiled engine),
``api`` (solve, count, explain, batches), ``views`` (sentences, records, pictures) and ``cli``.

>>> from satdoku import parse_puzzle, solve
>>> solve(parse_puzzle("1...............")) is not None
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .core import display as _display
from .core.version import __version__ as __version__

if TYPE_CHECKING:  # the names below are loaded on first use (see __getattr__)
    from .api.explain import explain
    from .api.explorer import Explorer
    from .api.hint import hint
    from .api.rating import rate
    from .api.solve import solve
    from .api.space import count, is_unique, solutions
    from .api.writers import format_line, format_pretty, format_puzzles, is_solution
    from .backends.sat import SatBackend
    from .backends.stepper import StepperBackend
    from .cnf.dimacs_read import read_dimacs
    from .cnf.dimacs_write import write_dimacs
    from .core.claims import Claim
    from .core.errors import InputError
    from .core.limits import Limits
    from .core.puzzle import Puzzle
    from .core.results import Result, Status
    from .core.shape import Shape
    from .core.solution import Solution
    from .generation.generate import generate
    from .io.alphabet import Alphabet
    from .io.puzzle_values import parse_puzzle
    from .io.reading import read_puzzles
    from .rules.search import Trace, trace

_HOMES = {
    "Alphabet": "io.alphabet",
    "Claim": "core.claims",
    "Explorer": "api.explorer",
    "InputError": "core.errors",
    "Limits": "core.limits",
    "Puzzle": "core.puzzle",
    "Result": "core.results",
    "SatBackend": "backends.sat",
    "Shape": "core.shape",
    "Solution": "core.solution",
    "Status": "core.results",
    "StepperBackend": "backends.stepper",
    "Trace": "rules.search",
    "count": "api.space",
    "explain": "api.explain",
    "format_line": "api.writers",
    "format_pretty": "api.writers",
    "format_puzzles": "api.writers",
    "generate": "generation.generate",
    "hint": "api.hint",
    "is_solution": "api.writers",
    "is_unique": "api.space",
    "parse_puzzle": "io.puzzle_values",
    "rate": "api.rating",
    "read_dimacs": "cnf.dimacs_read",
    "read_puzzles": "io.reading",
    "solutions": "api.space",
    "solve": "api.solve",
    "trace": "rules.search",
    "write_dimacs": "cnf.dimacs_write",
}
"""Where each public name lives: importing ``satdoku`` loads none of them (the command line
starts in a few milliseconds); the first use of a name loads its module."""

_VIEWS = ("views.notebook", "views.svg", "views.text_boards")
"""The package's own notebook pictures, registered with ``core.display`` when first drawn."""


def __getattr__(name: str) -> Any:
    """Load a public name on its first use (PEP 562), then keep it as a plain attribute."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'satdoku' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


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
