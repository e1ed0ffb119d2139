"""Uniqueness for generation: count to two with the compiled engine, PySAT past its budget.

A generator asks the same shape thousands of times whether a puzzle still has one solution.
:class:`Uniqueness` asks the engine of :mod:`satdoku.backends._compiled` (one count to two, a few
microseconds on 9x9) and, when it gives up, an :class:`~satdoku.api._explorer.Explorer` on PySAT;
``exact=False`` skips PySAT and says None (undecided) instead, which a generator treats as
"keep the given" (sound, since keeping a given never breaks uniqueness).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..backends._compiled import GUESS_BUDGET, engine_for
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ..rules._singles import candidate_masks
from ._explorer import Explorer

__all__ = ["Uniqueness"]


class Uniqueness:
    """Answer "one solution?" and "solved by rules 1 and 2 alone?" for puzzles of one shape.

    >>> from satdoku.io._line import parse_line
    >>> with Uniqueness(Shape.sudoku(4)) as check:
    ...     check.unique(parse_line("12..34..........").cells), check.unique((0,) * 16)
    (False, False)
    >>> Uniqueness(Shape.sudoku(4)).by_singles(parse_line("1234341221434321").cells)
    True
    """

    def __init__(self, shape: Shape, *, exact: bool = True, budget: int = GUESS_BUDGET) -> None:
        self.shape = shape
        self.exact = exact
        self.budget = budget
        self.engine = engine_for(shape)
        self.explorer: Explorer | None = None
        self.sat_calls = 0
        """Questions the engine gave up on and PySAT answered."""

    def unique(self, cells: Sequence[int]) -> bool | None:
        """Tell whether the cells (0 blank) have exactly one solution; None when undecided."""
        if self.engine is not None:
            counted = self.engine.count(cells, 1, self.budget)
            if counted is not None:
                return counted == (1, True)
            if not self.exact:
                return None
        if self.explorer is None:
            self.explorer = Explorer(native=False)
        self.sat_calls += 1
        return self.explorer.is_unique(Puzzle.checked_already(self.shape, tuple(cells)))

    def by_singles(self, cells: Sequence[int]) -> bool:
        """Tell whether rules 1 and 2 alone (singles) fill every cell: then it is unique too."""
        if self.engine is not None:
            return isinstance(self.engine.solve(cells, 0), bytes)
        settled = candidate_masks(Puzzle.checked_already(self.shape, tuple(cells)))
        return settled is not None and all(settled[1])

    def close(self) -> None:
        """Release the PySAT solver, if one was started."""
        if self.explorer is not None:
            self.explorer.close()
            self.explorer = None

    def __enter__(self) -> Uniqueness:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
