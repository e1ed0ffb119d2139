"""Counting past a limit from one solution, when permuting the digits no given holds is enough."""

from __future__ import annotations

from collections.abc import Callable

from ..core._puzzle import Puzzle
from ..core._relabelings import relabeled_copies
from ..core._results import Result, Status
from ._count_result import Count

__all__ = ["past_limit_by_relabeling"]


def past_limit_by_relabeling(
    first: Callable[[Puzzle], Result], puzzle: Puzzle, limit: int
) -> Count | None:
    """Count past ``limit`` from one solution (``first``) when permuting the digits no given holds
    makes more than ``limit`` of it (:mod:`satdoku.core._relabelings`), so that no formula of the
    whole solution space is built (an empty Latin square of order 100 has 8.9 million clauses).

    None when the digits given leave too few copies, or the first solve could not tell.

    >>> from satdoku.core._shape import Shape
    >>> empty = Puzzle(Shape.latin(4), (0,) * 16)
    >>> past_limit_by_relabeling(lambda p: Result(Status.SOLVED, (1,) * 16), empty, 2)
    Count(count=2, complete=False, timed_out=False)
    >>> past_limit_by_relabeling(lambda p: Result(Status.SOLVED, (1,) * 16), empty, 24) is None
    True
    """
    if relabeled_copies(puzzle.cells, puzzle.shape.n, limit + 1) <= limit:
        return None
    answer = first(puzzle)
    if answer.status is Status.SOLVED:
        return Count(limit, False)
    if answer.status is Status.UNSOLVABLE:
        return Count(0, True)
    if answer.status is Status.TIMEOUT:
        return Count(0, False, True)
    return None  # refused or invalid: the questions after this say why
