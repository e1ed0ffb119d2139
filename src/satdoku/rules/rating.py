"""Rating puzzles: the weakest rule set that solves one without guessing, else how many guesses."""

from __future__ import annotations

from typing import NamedTuple

from ..core.puzzle import Puzzle
from .search import GuessOrder, TraceStatus, trace
from .strategies import LADDER, RULES_1_2, RuleSet, rules_label

__all__ = ["Rating", "rate"]


class Rating(NamedTuple):
    """A puzzle's rating: the weakest rule set solving it alone (or None), and guesses needed.

    >>> Rating(None, 3, "solved").label()
    'needs guessing: 3 guesses with rules 1,2'
    """

    rules: RuleSet | None
    guesses: int
    status: str

    def label(self) -> str:
        """Describe the rating in a few words."""
        if self.status == "unsolvable":
            return "unsolvable"
        if self.rules is not None:
            return f"rules {rules_label(self.rules)}, no guessing"
        plural = "guess" if self.guesses == 1 else "guesses"
        return f"needs guessing: {self.guesses} {plural} with rules 1,2"


def rate(puzzle: Puzzle, ladder: tuple[RuleSet, ...] = LADDER) -> Rating:
    """Rate a puzzle by the first rule set of the ladder that solves it, else by guesses.

    >>> from satdoku.io.line import parse_line
    >>> rate(parse_line("1.3..4..2...4..1")).label()
    'rules 1,lone-cell, no guessing'
    """
    for rules in ladder:
        t = trace(puzzle, rules)
        if t.status is TraceStatus.SOLVED:
            return Rating(rules, 0, "solved")
        if t.status is TraceStatus.UNSOLVABLE:
            return Rating(None, 0, "unsolvable")
    t = trace(puzzle, RULES_1_2, search=True, order=GuessOrder.FIRST)
    return Rating(None, t.guesses, t.status.value)
