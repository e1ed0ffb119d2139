"""Making puzzles: random grids, givens removed while the answer stays unique, killer cages drawn,
puzzles near a given one, and batches of them (:func:`satdoku.generate` is the front door)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._generate import Generated, generate, level_of, random_grid, random_puzzle, symmetry_of
    from ._generate_batch import Request, generate_many
    from ._generate_killer import KillerWish, make_killer
    from ._other_solution import other_solution
    from ._removal import is_minimal, remove_givens

_HOMES = {
    "Generated": "_generate",
    "KillerWish": "_generate_killer",
    "Request": "_generate_batch",
    "generate": "_generate",
    "generate_many": "_generate_batch",
    "is_minimal": "_removal",
    "level_of": "_generate",
    "make_killer": "_generate_killer",
    "other_solution": "_other_solution",
    "random_grid": "_generate",
    "random_puzzle": "_generate",
    "remove_givens": "_removal",
    "symmetry_of": "_generate",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "Generated",
    "KillerWish",
    "Request",
    "generate",
    "generate_many",
    "is_minimal",
    "level_of",
    "make_killer",
    "other_solution",
    "random_grid",
    "random_puzzle",
    "remove_givens",
    "symmetry_of",
]
