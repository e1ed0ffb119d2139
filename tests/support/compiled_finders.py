"""A technique finder's compiled answer beside its Python search's, for the tests that hold the
two to the same steps (tests/rules/test_compiled_*.py, the AddressSanitizer run)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from satdoku.core._shape import Shape
from satdoku.rules.techniques import Board, TechniqueStep
from satdoku.rules.techniques._compiled import python_only

__all__ = ["compiled_and_python"]

Finder = Callable[[Board], TechniqueStep | None]


def compiled_and_python(
    finder: Finder, shape: Shape, cand: Sequence[int]
) -> tuple[TechniqueStep | None, TechniqueStep | None]:
    """The finder's step compiled, then its Python search's step, each on a fresh board."""
    compiled = finder(Board(shape, cand))
    with python_only():
        reference = finder(Board(shape, cand))
    return compiled, reference
