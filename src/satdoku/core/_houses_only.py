"""A guard for machinery that knows houses only: a puzzle with other rules is refused by name."""

from __future__ import annotations

from ._errors import InputError
from ._puzzle import Puzzle

__all__ = ["houses_only"]


def houses_only(puzzle: Puzzle, what: str) -> Puzzle:
    """Return the puzzle when it has no rules beyond houses; else refuse, naming its rules.

    Whatever reads only houses would answer another puzzle (the same grid without its cages or
    signs): it asks this first.

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> houses_only(Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),)), "a trace")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: a trace is for puzzles of houses only; this one has ...
    """
    if puzzle.constraints:
        kinds = ", ".join(sorted({rule.kind for rule in puzzle.constraints}))
        raise InputError(f"{what} is for puzzles of houses only; this one has {kinds} rules")
    return puzzle
