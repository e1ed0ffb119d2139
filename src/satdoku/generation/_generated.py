"""The record of a generated puzzle: the puzzle, its solution, its rating, how it was made."""

from __future__ import annotations

from dataclasses import dataclass

from ..core._puzzle import Grid, Puzzle
from ..core._symmetry import Symmetry
from ..rules._rating import Level

__all__ = ["Generated"]


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its solution, its rating and how it was asked for and made.

    ``level``/``rung`` are its rating (None when not rated); ``minimal`` is True only when no
    given can be removed keeping the puzzle unique (checked); ``matched`` is False when a wish
    (``wanted`` level, ``minimal`` asked, ``wanted_givens``) was not met within the budget;
    ``attempts`` is the puzzles tried: grids drawn, plus the moves of walks (see
    :data:`~satdoku.generation._generate.ATTEMPTS`); ``seed`` makes
    :func:`~satdoku.generation._generate.generate` give the same puzzle again, with the same
    options.
    A killer's puzzle holds its cages (``puzzle.constraints``); ``minimal`` is of its givens.

    >>> from satdoku.generation._generate import generate
    >>> from satdoku.core._shape import Shape
    >>> made = generate(Shape.sudoku(4), seed=7)
    >>> made.puzzle.shape.n, made.givens == 16 - made.puzzle.blanks(), made.matched
    (4, True, True)
    """

    puzzle: Puzzle
    solution: Grid
    seed: int
    symmetry: Symmetry
    minimal: bool
    level: Level | None
    rung: int | None
    wanted: Level | None
    wanted_minimal: bool
    wanted_givens: int | None
    attempts: int
    matched: bool

    @property
    def givens(self) -> int:
        """Count the puzzle's givens."""
        return sum(1 for d in self.puzzle.cells if d)
