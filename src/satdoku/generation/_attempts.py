"""How many puzzles generation tries before it gives up on a wish (kept apart from generation,
heavy to load, for the command line's help)."""

from __future__ import annotations

__all__ = ["ATTEMPTS"]

ATTEMPTS = 1000
"""Puzzles :func:`satdoku.generation._generate.generate` tries before it gives up on a wish
(level, minimal, givens): one per grid drawn, and one per move of a walk (minimal extreme
puzzles).

On 9x9, about 1 minimal puzzle in 50 is also minimal with rot180 symmetry (none of 200 with
rot90), and about 1 in 250 is rated expert: an attempt costs about 0.4 ms (rated by the
compiled ladder), about 0.5 ms a walk's move. A minimal extreme 9x9 puzzle took a median of
about 3,300 attempts, 2 s of CPU (pass ``attempts=50_000``: see benchmarks/RESULTS.md)."""
