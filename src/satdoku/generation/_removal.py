"""Removing givens from a complete grid, one symmetry orbit at a time, while a test allows it.

One pass over the orbits in a random order blanks each orbit whose removal the test accepts
(the puzzle stays unique, say) and restores the others. Without symmetry one pass is enough for
a minimal puzzle: a given that could not go when it was tried cannot go later either, since
blanking more cells only adds solutions. :func:`is_minimal` checks that for any puzzle, given by
given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..core._puzzle import Grid

__all__ = ["Accept", "Removal", "blank", "is_minimal", "remove_givens"]

Accept = Callable[[Sequence[int]], bool | None]
"""A test of the cells after a removal: True keeps it, False or None (undecided) undoes it."""


class Removal(NamedTuple):
    """What one pass removed: the puzzle left, the orbits blanked in order, and how it ended.

    ``decided`` is False when the test was undecided about some orbit (that orbit was kept);
    ``stopped`` is True when the pass stopped at the wanted number of givens.

    >>> Removal((1, 0), ((1,),), True, False).cells
    (1, 0)
    """

    cells: Grid
    removed: tuple[tuple[int, ...], ...]
    decided: bool
    stopped: bool


def blank(grid: Sequence[int], orbits: Sequence[Sequence[int]]) -> Grid:
    """Return the grid with the cells of the orbits blanked.

    >>> blank((1, 2, 3, 4), [(0, 3)])
    (0, 2, 3, 0)
    """
    cells = list(grid)
    for orbit in orbits:
        for cell in orbit:
            cells[cell] = 0
    return tuple(cells)


def remove_givens(
    grid: Sequence[int],
    order: Sequence[Sequence[int]],
    accept: Accept,
    stop_at: int | None = None,
) -> Removal:
    """Blank each orbit of ``order`` in turn when ``accept`` says True of the result.

    The pass stops once at most ``stop_at`` givens are left.

    >>> remove_givens((1, 2, 3, 4), [(0,), (1,), (2,)], lambda cells: cells.count(0) < 2)
    Removal(cells=(0, 2, 3, 4), removed=((0,),), decided=True, stopped=False)
    """
    cells = list(grid)
    givens = sum(1 for d in cells if d)
    removed: list[tuple[int, ...]] = []
    decided = True
    for orbit in order:
        if stop_at is not None and givens <= stop_at:
            return Removal(tuple(cells), tuple(removed), decided, True)
        saved = [cells[cell] for cell in orbit]
        if not any(saved):
            continue
        for cell in orbit:
            cells[cell] = 0
        verdict = accept(cells)
        if verdict:
            givens -= sum(1 for d in saved if d)
            removed.append(tuple(orbit))
            continue
        decided = decided and verdict is not None
        for cell, digit in zip(orbit, saved, strict=True):
            cells[cell] = digit
    stopped = stop_at is not None and givens <= stop_at
    return Removal(tuple(cells), tuple(removed), decided, stopped)


def is_minimal(cells: Sequence[int], unique: Accept) -> bool | None:
    """Tell whether no single given can be blanked with the puzzle staying unique.

    None when ``unique`` was undecided about some given (and none was found removable).

    >>> is_minimal((1, 0, 0), lambda cells: sum(cells) == 1), is_minimal((1, 2), lambda c: True)
    (True, False)
    """
    work = list(cells)
    undecided = False
    for cell, digit in enumerate(cells):
        if not digit:
            continue
        work[cell] = 0
        verdict = unique(work)
        work[cell] = digit
        if verdict:
            return False
        undecided = undecided or verdict is None
    return None if undecided else True
