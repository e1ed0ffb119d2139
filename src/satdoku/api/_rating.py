"""Rate any puzzle: by the ladder of houses, or, with rules beyond houses, over literal axioms."""

from __future__ import annotations

from ..rules._literal_formula import formula
from ..rules._literal_rating import rate_literals
from ..rules._rating import Rating
from ..rules._rating import rate as rate_houses
from ._arguments import puzzle_of

__all__ = ["rate"]


def rate(puzzle: object) -> Rating:
    """Rate a puzzle (a Puzzle, a puzzle line, a game ID...) by the weakest rung that solves it.

    A puzzle of houses climbs the ladder (rules 1 and 2, set logic up to size 4, then the tiers
    beyond: wings, one-digit chains, uniqueness, chains, forcing chains, nested ones, else
    guessing) and gets a value on Sudoku Explainer's scale (``se``); one with cages, signs or
    outside clues is rated over its literal axioms (rules 1 and 2, set logic up to size 2,
    guessing), its level on the same scale.

    >>> rate("1.3..4..2...4..1").label()
    'easy: rules 1,2, no guessing'
    >>> line = "...6.37...51...........2.......1..846..7............5.14.58....3.....2..........."
    >>> r = rate(line)
    >>> r.level.value, r.tier_name, r.se, r.hardest
    ('guessing', 'chains', 6.7, 'xy-chain')
    >>> rating = rate("keen:4:a_4aaca3_a__,m24m3m4m8m6m24")
    >>> rating.level.value, rating.status
    ('easy', 'solved')
    """
    read = puzzle_of(puzzle)
    if not read.constraints:
        return rate_houses(read)
    made = formula(read)
    rated = rate_literals(made.axioms, made.variables, made.givens)
    return Rating(rated.level, rated.level.rung, {}, rated.guesses, rated.status)
