"""The techniques beyond set logic in the order the ladder tries them, weakest first."""

from __future__ import annotations

from collections.abc import Callable

from ._board import Board
from ._chains import aic, four_node_chains, x_chain, xy_chain
from ._colouring import simple_colouring
from ._forcing import forcing_chain, nested_forcing_chain
from ._step import TechniqueStep
from ._uniqueness import bug_plus_1, unique_rectangle
from ._wings import w_wing, xy_wing, xyz_wing

__all__ = ["FINDERS", "next_step"]

Finder = Callable[[Board], TechniqueStep | None]

FINDERS: tuple[tuple[str, Finder], ...] = (
    ("wings", xy_wing),
    ("wings", xyz_wing),
    ("wings", w_wing),
    ("single-digit", four_node_chains),
    ("single-digit", simple_colouring),
    ("uniqueness", unique_rectangle),
    ("uniqueness", bug_plus_1),
    ("chains", x_chain),
    ("chains", xy_chain),
    ("chains", aic),
    ("forcing", forcing_chain),
    ("nested", nested_forcing_chain),
)
"""Each finder with its family, in the ladder's order."""


def next_step(board: Board, *, unique: bool, most: str = "nested") -> TechniqueStep | None:
    """Return the first step of the weakest technique that applies, up to family ``most``.

    Unique rectangles and BUG+1 are tried only when the puzzle is known to have one solution.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0] * 81
    >>> cand[0], cand[6], cand[36], cand[42] = 0b11, 0b101, 0b110, 0b111000100
    >>> next_step(Board(Shape.sudoku(9), cand), unique=False).technique.value
    'xy-wing'
    """
    for family, finder in FINDERS:
        if family == "uniqueness" and not unique:
            continue
        step = finder(board)
        if step is not None:
            return step
        if family == most and finder is FINDERS[-1][1]:
            break
    return None
