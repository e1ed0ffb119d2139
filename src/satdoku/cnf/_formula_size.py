"""How big a puzzle's formula will be, known before it is built, and the memory it may take.

A fresh solve keeps, per axiom, only the claims the givens leave open, and writes at-most-one
over them with the sequential counter on big grids (about three clauses per claim of an axiom).
So the clauses are about ``3 * open claims * (1 + houses per cell)``, counted from the givens
alone in one pass over the houses. Building and loading such a formula takes about
:data:`BYTES_PER_CLAUSE` (measured: a Latin square of order 256 with 42 % given has 29.5 million
clauses and took 13.7 GB). A puzzle whose formula would pass :func:`memory_bound` is refused with
its size, instead of ending in a MemoryError (or the OOM killer) minutes later.
"""

from __future__ import annotations

import os

from ..core._errors import InputError
from ..core._puzzle import Puzzle

__all__ = [
    "BUILD_SECONDS_PER_CLAUSE",
    "BYTES_PER_CLAUSE",
    "MEMORY_BOUND",
    "build_seconds",
    "FormulaTooBig",
    "estimated_clauses",
    "memory_bound",
    "too_big",
]

BYTES_PER_CLAUSE = 480
"""Memory one clause of a big simplified formula takes, built in Python and loaded in CaDiCaL."""

MEMORY_BOUND = 8 * 1024**3
"""The most memory a formula may be expected to take (8 GiB); ``SATDOKU_MEMORY_GB`` changes it."""


BUILD_SECONDS_PER_CLAUSE = 1e-6
"""The least time building and loading one clause takes (measured 4-5 us on the project's
machine): a formula that could not be built in the time left is not started."""


def build_seconds(puzzle: Puzzle) -> float:
    """Return a lower bound of the seconds building and loading the puzzle's formula takes.

    >>> from satdoku.core._shape import Shape
    >>> build_seconds(Puzzle.empty(Shape.latin(4))) < 0.001
    True
    """
    return estimated_clauses(puzzle) * BUILD_SECONDS_PER_CLAUSE


class FormulaTooBig(InputError):
    """A puzzle whose formula would not fit in the memory bound (its record says so)."""


def memory_bound() -> int:
    """Return the memory bound in bytes: ``SATDOKU_MEMORY_GB`` when set to a number, else 8 GiB.

    >>> memory_bound() == MEMORY_BOUND or "SATDOKU_MEMORY_GB" in os.environ
    True
    """
    text = os.environ.get("SATDOKU_MEMORY_GB", "")
    try:
        gigabytes = float(text)
    except ValueError:
        return MEMORY_BOUND
    return int(gigabytes * 1024**3) if gigabytes > 0 else MEMORY_BOUND


def estimated_clauses(puzzle: Puzzle) -> int:
    """Return about how many clauses the puzzle's simplified formula has (from its givens).

    >>> from satdoku.core._shape import Shape
    >>> estimated_clauses(Puzzle.empty(Shape.latin(4)))  # 16 cells, 4 open claims, 2 houses
    576
    """
    shape, cells = puzzle.shape, puzzle.cells
    n = shape.n
    seen = [0] * (n * n)  # per cell, a bit per digit given in one of its houses
    for house in shape.houses:
        digits = 0
        for cell in house.cells:
            if cells[cell]:
                digits |= 1 << cells[cell]
        for cell in house.cells:
            seen[cell] |= digits
    open_claims = sum(n - (bits.bit_count()) for cell, bits in enumerate(seen) if not cells[cell])
    houses_per_cell = len(shape.houses) * n / (n * n)
    return round(3 * open_claims * (1 + houses_per_cell))


def too_big(puzzle: Puzzle) -> str | None:
    """Say why the puzzle's formula would not fit in the memory bound, or None when it fits.

    >>> from satdoku.core._shape import Shape
    >>> too_big(Puzzle.empty(Shape.sudoku(9))) is None
    True
    """
    clauses = estimated_clauses(puzzle)
    need, bound = clauses * BYTES_PER_CLAUSE, memory_bound()
    if need <= bound:
        return None
    return (
        f"this {puzzle.shape.n}x{puzzle.shape.n} puzzle's formula would have about "
        f"{clauses / 1e6:,.0f} million clauses and need about {need / 1024**3:,.1f} GB, more than "
        f"the {bound / 1024**3:,.0f} GB satdoku allows; give more of its cells, or raise the "
        "bound with SATDOKU_MEMORY_GB=N if the machine has the memory"
    )
