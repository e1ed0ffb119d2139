"""The named levels of the rating ladder's rungs (kept apart from the rating, heavy to load)."""

from __future__ import annotations

from enum import Enum

__all__ = ["Level"]


class Level(Enum):
    """The named levels of the ladder's rungs, from singles (easy) to guessing.

    >>> Level.HARD.rung, Level.from_rung(5).value
    (2, 'guessing')
    """

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    EXTREME = "extreme"
    GUESSING = "guessing"

    @property
    def rung(self) -> int:
        """Return the rung of this level: 0 (singles) to 5 (guessing)."""
        return list(Level).index(self)

    @classmethod
    def from_rung(cls, rung: int) -> Level:
        """Return the level of a rung, 0 to 5."""
        return list(cls)[rung]

    def describe(self) -> str:
        """Say which rules a puzzle of this level needs.

        >>> Level.MEDIUM.describe()
        'rules 1 and 2 with set logic of size 1 (locked candidates)'
        """
        return _DESCRIPTIONS[self.rung]


_DESCRIPTIONS = (
    "rules 1 and 2 alone (singles)",
    "rules 1 and 2 with set logic of size 1 (locked candidates)",
    "rules 1 and 2 with set logic up to size 2 (pairs, X-wing)",
    "rules 1 and 2 with set logic up to size 3 (triples, swordfish)",
    "rules 1 and 2 with set logic up to size 4 (quads, jellyfish)",
    "guessing: set logic up to size 4 does not solve it",
)
