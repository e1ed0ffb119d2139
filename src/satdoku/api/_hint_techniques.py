"""The hint's steps beyond set logic: the weakest technique that applies, checked before use.

When rules 1 and 2 and set logic make no progress, the hint climbs the techniques of
:mod:`satdoku.rules.techniques` (wings, one-digit chains and colouring, uniqueness, chains,
forcing, nested forcing), trying uniqueness only when the puzzle is known to have one solution.
Every step found is replayed by :func:`satdoku.rules._technique_check.check_step` first.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core._errors import InternalError
from ..core._shape import Shape
from ..rules._technique_check import check_step
from ..rules.techniques import FAMILIES, Board, TechniqueStep, next_step
from ._hint_moves import HINT_LADDER

__all__ = ["technique_step", "technique_stage"]


def technique_step(shape: Shape, values: Sequence[int], *, unique: bool) -> TechniqueStep | None:
    """Return the weakest technique's step in a state (claim values), checked, or None.

    >>> from satdoku.api._hint_moves import player_values
    >>> from satdoku.io._line import parse_line
    >>> technique_step(Shape.latin(4), player_values(parse_line("." * 16), None), unique=False)
    """
    board = Board.from_values(shape, values)
    step = next_step(board, unique=unique)
    if step is None:
        return None
    why = check_step(step, shape, board.cand)
    if why is not None:
        raise InternalError(f"the hint's {step.technique.title} failed the checker: {why}")
    return step


def technique_stage(step: TechniqueStep) -> int:
    """Return a technique step's stage: after the hint ladder's stages, one per family.

    >>> from satdoku.rules.techniques import Advanced
    >>> technique_stage(TechniqueStep(Advanced.XY_WING, ((42, 3),)))
    7
    """
    return len(HINT_LADDER) + FAMILIES.index(step.family)
