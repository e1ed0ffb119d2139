"""A puzzle's candidates (the digits each cell holds in some solution) found by the engine.

One engine call per claim still in doubt: a cell's digit is tried as one more given, and every
solution found on the way settles the claims it holds true, so most claims need no call of their
own. Each call has the engine's guess budget; the whole has an optional deadline. A claim whose
call runs out of guesses (proving that a digit fits nowhere can take many) is left *doubtful*
for the caller to ask PySAT; past the deadline, or without a first solution, None hands the
whole question over.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import NamedTuple

from ..core._shape import Shape
from ._compiled import GUESS_BUDGET, Engine, engine_for

__all__ = ["EngineCandidates", "candidates_by_engine", "engine_candidates"]


class EngineCandidates(NamedTuple):
    """Per cell the digits a solution found holds; ``doubtful``: (cell, digit) claims the
    engine could not settle within its budget (ask another solver)."""

    seen: list[set[int]]
    doubtful: list[tuple[int, int]]


def candidates_by_engine(
    engine: Engine,
    cells: Sequence[int],
    n: int,
    deadline: float | None = None,
    budget: int = GUESS_BUDGET,
) -> EngineCandidates | None:
    """Return per cell the digits it holds in some solution (all empty when there is none) and
    the claims left in doubt; None when the first solve runs out of guesses or the deadline
    (``time.monotonic()``) passes.

    >>> from satdoku.backends._compiled import engine_for
    >>> from satdoku.core._shape import Shape
    >>> engine = engine_for(Shape.sudoku(4))
    >>> engine is None or candidates_by_engine(engine, [1, 0, 0, 0] * 4, 4).seen[5] == set()
    True
    >>> engine is None or candidates_by_engine(
    ...     engine, (1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4), 4).seen[1] == {3, 4}
    True
    """
    first = engine.solve(cells, budget)
    if first is None:
        return None
    if not isinstance(first, bytes):  # False: no solution at all
        return EngineCandidates([set() for _ in cells], [])
    seen = [{d} for d in first]
    doubtful = []
    work = list(cells)
    for cell, given in enumerate(cells):
        if given:
            continue
        for digit in range(1, n + 1):
            if digit in seen[cell]:
                continue
            if deadline is not None and time.monotonic() > deadline:
                return None
            work[cell] = digit
            answer = engine.solve(work, budget)
            work[cell] = 0
            if answer is None:
                doubtful.append((cell, digit))
            elif isinstance(answer, bytes):
                for other, found in zip(seen, answer, strict=True):
                    other.add(found)
    return EngineCandidates(seen, doubtful)


def engine_candidates(
    shape: Shape, cells: Sequence[int], native: bool = True, timeout: float | None = None
) -> EngineCandidates | None:
    """Return :func:`candidates_by_engine` within ``timeout`` seconds; None when there is no
    engine for the shape, ``native`` is off, or the engine gave up (then ask PySAT).

    >>> found = engine_candidates(Shape.sudoku(4), (1, 2, 3, 4) + (0,) * 12)
    >>> found is None or found.seen[4] == {3, 4}
    True
    """
    engine = engine_for(shape) if native else None
    if engine is None:
        return None
    deadline = None if timeout is None else time.monotonic() + timeout
    return candidates_by_engine(engine, cells, shape.n, deadline)
