"""Counting solutions with the compiled engine, in bounded calls that keep a deadline.

The engine counts about a million solutions a second (the Python counting search about 50,000),
but one call cannot be interrupted. So a count is made of bounded calls. Each asks for at most
``most`` solutions within ``GUESS_BUDGET + GUESSES_PER_SOLUTION * most`` guesses; ``most`` starts
small and grows (a recount from the start: 2 to 16 times as far, as the last call's pace
allows, so the recounts cost a fraction of the last call) while a call takes under
:data:`CALL_SECONDS` (and up to :data:`SLICE`); a part of the puzzle with more solutions than that
is split on its first blank cell, one part per digit, and the parts are counted in turn, their
counts added. So no call takes more than a couple of seconds, the deadline is checked between
calls, and progress is a true lower bound. A call that runs out of guesses says the engine
is not the tool for this puzzle (it guesses much more than it finds): the caller counts another
way, as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import _stop_flag as stop_flag
from ._compiled import GUESS_BUDGET, Engine

__all__ = [
    "CALL_SECONDS",
    "EngineCount",
    "GROWTH",
    "GUESSES_PER_SOLUTION",
    "SLICE",
    "count_by_engine",
]

SLICE = 1 << 24
"""The most solutions one engine call counts."""

CALL_SECONDS = 2.0
"""The time one call should take at most (a Ctrl-C waits for it): ``most`` stops doubling
once a call takes half of it, or when the next call would end past the deadline."""

FIRST = 1 << 7
"""The solutions the first call may count: a puzzle the engine cannot count is handed over
after about as many guesses as the engine is allowed for solving (``GUESS_BUDGET``)."""

GROWTH = 16
"""The most one call's ``most`` grows over the last one's (when that call was quick)."""

GUESSES_PER_SOLUTION = 16
"""Guesses a call may make per solution it may count (beyond ``GUESS_BUDGET``)."""


@dataclass(frozen=True)
class EngineCount:
    """What the engine counted: ``count`` solutions, all of them when ``complete``.

    When not complete, ``count`` is ``limit`` (more exist) or, with ``timed_out``, a lower bound.

    >>> EngineCount(12, True, False).complete
    True
    """

    count: int
    complete: bool
    timed_out: bool


def count_by_engine(
    engine: Engine,
    cells: Sequence[int],
    limit: int | None = None,
    deadline: float | None = None,
    progress: Callable[[int], None] | None = None,
) -> EngineCount | None:
    """Count a puzzle's solutions with the engine, stopping past ``limit`` or at ``deadline``.

    Return None when the engine gives up (too many guesses for the solutions it finds).
    ``deadline`` is a ``time.monotonic()`` value; ``progress`` gets the counts so far.

    >>> from satdoku.backends._compiled import engine_for
    >>> from satdoku.core._shape import Shape
    >>> engine = engine_for(Shape.latin(4))
    >>> engine is None or count_by_engine(engine, (0,) * 16) == EngineCount(576, True, False)
    True
    >>> engine is None or count_by_engine(engine, (0,) * 16, limit=10)
    EngineCount(count=10, complete=False, timed_out=False)
    """
    n = round(len(cells) ** 0.5)
    most, total, last, bound = FIRST, 0, 0.0, 0
    parts = [tuple(cells)]
    while parts:
        part = parts.pop()
        while True:
            stop_flag.check()  # Ctrl-C lands between two calls
            began, cpu = time.monotonic(), time.process_time()
            if deadline is not None and began + last > deadline:
                return EngineCount(max(total, bound), False, True)
            room = most if limit is None else min(most, limit - total)
            counted = engine.count(part, room, GUESS_BUDGET + GUESSES_PER_SOLUTION * room)
            last, spent = time.monotonic() - began, time.process_time() - cpu
            if counted is None:
                return None
            found, complete = counted
            if complete:
                total += found
                break
            if limit is not None and room == limit - total:  # more than the limit
                return EngineCount(limit, False, False)
            bound = max(bound, total + found)  # this part has more than ``room``
            if progress is not None:
                progress(bound)
            # recount, further: as far as a quarter of CALL_SECONDS allows at this call's pace
            # (2 to 16 times as far; CPU time, not the load), so the recounts add little
            grow = min(GROWTH, max(2, int(CALL_SECONDS / 4 / max(spent, 1e-6))))
            room_for_more = deadline is None or began + (grow + 2) * last < deadline
            if most < SLICE and spent < CALL_SECONDS / 2 and room_for_more:
                most = min(SLICE, most * grow)
                continue
            blank = part.index(0)
            parts += [part[:blank] + (d,) + part[blank + 1 :] for d in range(n, 0, -1)]
            break
        if progress is not None:
            progress(max(total, bound))
    return EngineCount(total, True, False)
