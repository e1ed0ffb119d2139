"""The compiled stepper: rules 1 and 2 and guessing over a shape's axioms, in C (optional).

The same two rules as :mod:`satdoku.rules._propagator`, over the same axioms
(:func:`satdoku.core._axioms.axioms`), with guessing on an axiom with the fewest claims left and
backtracking, compiled from ``src/satdoku/_engine/`` when satdoku is installed and a C compiler
is there.
:class:`satdoku.backends._sat.SatBackend` tries it first on small grids with a budget of guesses and
hands the puzzles it gives up on to PySAT, whose clause learning wins on hard ones. Without it (no
compiler, or ``SATDOKU_NATIVE=0`` in the environment) every puzzle goes to PySAT and the answers are
the same.

>>> from satdoku.io._line import parse_line
>>> engine = engine_for(Shape.sudoku(4))
>>> engine is None or bytes(engine.solve(parse_line("12..34..........").cells, 100)) == bytes(
...     [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
True
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from ..core._axioms import axioms
from ..core._shape import Shape

__all__ = [
    "AVAILABLE",
    "ENGINE_VERSION",
    "NATIVE_SIDES",
    "GUESS_BUDGET",
    "Engine",
    "engine_for",
    "compiled",
]

ENGINE_VERSION = 6
"""The ``ENGINE_VERSION`` of ``_engine/engine.c`` this module speaks to; older builds are unused."""

NATIVE_SIDES = 64
"""Largest side the engine is tried on (it keeps an axiom's claims in one 64-bit mask).

Past the budget a big puzzle costs what its guesses took (about 10 ms at 2,000 guesses on 36x36)
on top of PySAT's fresh solve (0.2-2 s); within it, a 36x36 at 65 % given took 2-3 ms instead of
0.15 s, a 49x49 at 65 % 10 ms instead of 0.2 s.
"""

GUESS_BUDGET = 2_000
"""Guesses the engine may make on a puzzle before PySAT takes it over.

On the 9x9 benchmark collections, the most guesses any puzzle needed was about 1,200
(forum_hardest_1905_11+, 0.26 ms a puzzle on average against 1.6 ms for CaDiCaL).
"""


class Engine(Protocol):
    """One shape's axioms in the compiled engine."""

    @property
    def nodes(self) -> int:
        """Guesses the last :meth:`solve` made."""
        ...

    def solve(self, cells: Sequence[int], limit: int, seed: int = 0) -> bytes | bool | None:
        """Return the solution's digits, False when there is none, None past ``limit`` guesses.

        A nonzero ``seed`` (below 2**64) makes the guesses random: any solution can come out,
        the same one for the same seed (how :mod:`satdoku.generation._random_grid` draws grids)."""
        ...

    def count(self, cells: Sequence[int], most: int, limit: int) -> tuple[int, bool] | None:
        """Return (solutions counted, complete): at most ``most + 1`` of them, then incomplete;
        None past ``limit`` guesses."""
        ...

    def walk(
        self, cells: Sequence[int], flips: int, seed: int = 1, base: float = 20.0
    ) -> bytes | bool | None:
        """Return a solution's digits found by local search after rules 1 and 2 (see
        :mod:`satdoku.backends._walking`), False when those rules find a contradiction, None
        when none turned up within ``flips`` flips; the same ``seed`` (1 to 2**64 - 1), the
        same walk."""
        ...

    def climb(self, cells: Sequence[int], families: object, limit: int) -> tuple[int, int, int]:
        """Return (largest set-logic size used, status, candidates left in open cells) of the
        rating ladder on the puzzle: status 1 solved, 0 stalled or past ``limit``, -1 a
        contradiction (see :mod:`satdoku.backends._ladder`)."""
        ...


def compiled() -> type | None:
    """Return the compiled Engine class, None when it is not built or switched off.

    >>> compiled() is None or compiled().__name__ == "Engine"
    True
    """
    if os.environ.get("SATDOKU_NATIVE", "1") == "0":
        return None
    try:
        from . import _native  # type: ignore[attr-defined]
    except ImportError:
        return None
    if getattr(_native, "VERSION", None) != ENGINE_VERSION:
        return None  # built from another version of the engine: reinstall to rebuild it
    engine: type = _native.Engine
    return engine


AVAILABLE = compiled() is not None
"""Whether the compiled engine is used in this process."""


@lru_cache(maxsize=32)
def engine_for(shape: Shape) -> Engine | None:
    """Return the engine loaded with the shape's axioms, None if unavailable or too big.

    >>> engine_for(Shape.sudoku(81))  # past NATIVE_SIDES (and 64 claims an axiom): PySAT's job
    """
    engine = compiled()
    if engine is None or shape.n > NATIVE_SIDES:
        return None
    loaded: Engine = engine(shape.n, [axiom.variables for axiom in axioms(shape)])
    return loaded
