"""How far ``satdoku step --search`` goes on a big grid by default (kept apart from the
stepping, heavy to load, for the command's help)."""

from __future__ import annotations

__all__ = ["DEFAULT_SEARCH_STEPS"]

DEFAULT_SEARCH_STEPS = 100_000
"""Steps a ``--search`` run on a 16x16 or bigger grid takes at most, unless told otherwise.

Measured with ``--search``: the six 16x16 puzzles of ``sudoku16x16_unique.txt`` take 946,
958, 20,797, 45,507, 68,471 and 223,819 steps (guessing in the first open cell; 946 to
114,506 guessing where candidates are fewest), so the cap lets a typical 16x16 finish; a 25x25
of ``sudoku25x25_unique.txt`` had not ended after 13 minutes (millions of steps). 100,000 steps
of that 25x25 take 3 s and 13 MB as text, 8 s and 68 MB as JSON or 55 MB as a page; the program
stays at about 36 MB whatever the number of steps (nothing but the current state is kept).
"""
