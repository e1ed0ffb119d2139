"""Rating puzzles: the weakest rung of the rule ladder that solves one without guessing.

The ladder (:data:`satdoku.rules._strategies.RUNGS`): rung 0 is rules 1 and 2 (singles), rungs 1
to 4 add set logic of size up to 1, 2, 3, 4, and rung 5 is beyond set logic. Set logic is
monotone (fewer candidates never stop a move that was possible), so one run that uses the
smallest size whenever the rules stall reaches each rung's fixpoint in turn, and the largest
size it used is the rating.

Beyond set logic the ladder goes on in *tiers* (:data:`TIERS`): tiers 0 to 4 are rungs 0 to 4,
then wings, one-digit chains and colouring, uniqueness (unique rectangles, BUG+1: only for a
puzzle with one solution), chains, forcing chains, nested forcing chains, and last guessing
(:mod:`satdoku.rules.techniques`). Each time the rules and set logic stall, the weakest
technique that applies makes one step and they go on. The rating on Sudoku Explainer's scale
(``se``) is the largest value of a step taken (:mod:`satdoku.rules._se_scale`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..core._puzzle import Puzzle
from ._counting import count_completions
from ._levels import Level
from ._propagator import Propagator
from ._se_scale import hidden_singles_se, step_se
from ._search import GuessOrder, SearchRun, TraceStatus
from ._set_logic import MAX_SIZE
from ._strategies import RULES_1_2, RUNGS, rules_label
from ._technique_climb import technique_climb
from .techniques import FAMILIES, TechniqueStep

__all__ = ["Climb", "Level", "Rating", "TIERS", "climb", "rate"]

TIERS = ("easy", "medium", "hard", "expert", "extreme", *FAMILIES, "guessing")
"""The tiers of the ladder: rungs 0 to 4 by their level, the families beyond set logic, guessing."""


class Rating(NamedTuple):
    """A puzzle's rating: its level and rung, the techniques used, and the guesses for rung 5.

    ``counts`` maps each technique to the number of steps that used it on the way (givens,
    guesses and backtracks are not techniques). ``guesses`` is the number of guesses of the
    stepper's search with rules 1 and 2 (reading order) for a puzzle of rung 5, else 0.
    ``status`` is ``solved`` or ``unsolvable`` (then the level and rung are those reached).
    ``tier`` is the weakest tier of :data:`TIERS` that solves the puzzle (None: the rung's,
    guessing for rung 5), ``se`` the rating on Sudoku Explainer's scale (None past its
    techniques), ``hardest`` the technique of the step that sets ``se``.

    >>> Rating(Level.GUESSING, 5, {}, 3, "solved").label()
    'needs guessing: 3 guesses with rules 1,2'
    >>> Rating(Level.GUESSING, 5, {}, 3, "solved", 8, 7.1, "aic").label()
    'beyond set logic: chains (aic), SE 7.1, no guessing'
    """

    level: Level
    rung: int
    counts: dict[str, int]
    guesses: int
    status: str
    tier: int | None = None
    se: float | None = None
    hardest: str | None = None

    @property
    def ladder_tier(self) -> int:
        """Return the tier: ``tier`` when set, else the rung's (rung 5: guessing).

        >>> Rating(Level.HARD, 2, {}, 0, "solved").ladder_tier
        2
        """
        if self.tier is not None:
            return self.tier
        return self.rung if self.rung < len(RUNGS) else len(TIERS) - 1

    @property
    def tier_name(self) -> str:
        """Return the tier's name: a level for tiers 0 to 4, then a family, or ``guessing``."""
        return TIERS[self.ladder_tier]

    @property
    def rules(self) -> frozenset | None:
        """Return the weakest rule set of the ladder that solves the puzzle, or None (rung 5)."""
        return RUNGS[self.rung] if self.rung < len(RUNGS) else None

    def label(self) -> str:
        """Describe the rating in a few words.

        >>> Rating(Level.HARD, 2, {"naked-pair": 1}, 0, "solved").label()
        'hard: rules 1,2,set2, no guessing'
        """
        if self.status == "unsolvable":
            return "unsolvable"
        if self.rules is not None:
            return f"{self.level.value}: rules {rules_label(self.rules)}, no guessing"
        if self.ladder_tier < len(TIERS) - 1:
            return f"beyond set logic: {self.tier_name} ({self.hardest}), SE {self.se}, no guessing"
        plural = "guess" if self.guesses == 1 else "guesses"
        return f"needs guessing: {self.guesses} {plural} with rules 1,2"


def _ladder(puzzle: Puzzle) -> Propagator:
    """Return the ladder's stepper (rules 1 and 2, set logic up to size 4) with the givens in."""
    p = Propagator(puzzle.shape, RUNGS[-1])
    for _ in p.givens(puzzle):
        pass
    return p


def rate(
    puzzle: Puzzle, unique: Callable[[Puzzle], bool] | None = None, *, beyond: bool = True
) -> Rating:
    """Rate a puzzle by the weakest rung of the ladder that solves it, and its tier beyond.

    Past set logic the techniques run on a puzzle with one solution only (none can finish one
    with several); ``unique`` tells whether it has one (default: a count by the rules'
    search, :func:`satdoku.rules._counting.count_completions`). With ``beyond`` False the
    ladder stops at set logic (rung 5, tier guessing), as it did before the tiers.

    >>> from satdoku.io._line import parse_line
    >>> r = rate(parse_line("1.3..4..2...4..1"))
    >>> r.level.value, r.rung, r.label(), r.se
    ('easy', 0, 'easy: rules 1,2, no guessing', 1.2)
    >>> r = rate(parse_line("1..............."))
    >>> r.level.value, r.tier_name, r.se
    ('guessing', 'guessing', None)
    """
    p = _ladder(puzzle)
    tally = _Tally()
    tally.take(p)
    if p.conflict is not None:
        return Rating(Level.from_rung(tally.rung), tally.rung, tally.counts, 0, "unsolvable")
    if p.solved:
        return tally.rating(puzzle, 0)
    if beyond and (unique or _counted_unique)(puzzle):
        _techniques(p, tally)
    run = SearchRun(puzzle, RULES_1_2, search=True, order=GuessOrder.FIRST)
    for _ in run:
        pass
    status = "solved" if run.status is TraceStatus.SOLVED else "unsolvable"
    if p.solved:
        return tally.rating(puzzle, run.guesses)
    return Rating(Level.GUESSING, 5, tally.counts, run.guesses, status, len(TIERS) - 1)


def _counted_unique(puzzle: Puzzle) -> bool:
    """Tell whether a puzzle has one solution, by the rules' counting search."""
    return count_completions(puzzle, limit=2)[0] == 1


class _Tally:
    """What a rating run used so far: counts per technique, rung, tier, SE and its step."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.rung = 0
        self.tier = 0
        self.se = 0.0
        self.hardest: str | None = None

    def take(self, p: Propagator) -> None:
        """Run the rules and set logic to their fixpoint, counting what they use."""
        for step in p.propagate(0):
            technique = step.technique
            if technique is not None:
                self.counts[technique.value] = self.counts.get(technique.value, 0) + 1
                self.rung = max(self.rung, technique.size)
                self.tier = max(self.tier, self.rung)
                self.note(step_se(step), technique.value)

    def note(self, se: float, name: str) -> None:
        """Keep the largest SE value and the technique that has it."""
        if se > self.se:
            self.se, self.hardest = se, name

    def step(self, step: TechniqueStep) -> None:
        """Count a step beyond set logic."""
        name = step.technique.value
        self.counts[name] = self.counts.get(name, 0) + 1
        self.tier = max(self.tier, len(RUNGS) + FAMILIES.index(step.family))
        self.note(step.se, name)

    def rating(self, puzzle: Puzzle, guesses: int) -> Rating:
        """Return the rating of a puzzle the ladder solved."""
        se: float | None = self.se
        if self.se <= 2.3:
            se = hidden_singles_se(puzzle) or self.se
        if self.tier < len(RUNGS):
            level, rung, guesses = Level.from_rung(self.rung), self.rung, 0
        else:
            level, rung = Level.GUESSING, Level.GUESSING.rung
        return Rating(level, rung, self.counts, guesses, "solved", self.tier, se, self.hardest)


def _techniques(p: Propagator, tally: _Tally) -> None:
    """Climb the tiers beyond set logic on a puzzle with one solution until solved or stuck."""
    for stall in technique_climb(p, tally.take):
        if stall.step is not None:
            tally.step(stall.step)


class Climb(NamedTuple):
    """Where the ladder stopped: the largest set-logic size used, and the state then.

    ``solved``: every cell holds a digit; ``contradiction``: an axiom lost every claim (the
    puzzle has no solution); else the rules stalled, or a move larger than the limit was made
    (``rung`` is then its size). ``left``: the candidates left in open cells.

    >>> Climb(2, True, False, 0).stalled
    False
    """

    rung: int
    solved: bool
    contradiction: bool
    left: int

    @property
    def stalled(self) -> bool:
        """Tell whether the grid is neither solved nor contradicted."""
        return not (self.solved or self.contradiction)


def climb(puzzle: Puzzle, limit: int = MAX_SIZE) -> Climb:
    """Climb the ladder as :func:`rate` does, stopping at the first move larger than ``limit``.

    No guessing and no step records: how far the rules take the puzzle. The compiled engine
    does the same (:func:`satdoku.backends._ladder.compiled_climb`), move for move.

    >>> from satdoku.io._line import parse_line
    >>> climb(parse_line("1.3..4..2...4..1"))
    Climb(rung=0, solved=True, contradiction=False, left=0)
    >>> climb(parse_line("1...............")).stalled
    True
    """
    p = _ladder(puzzle)
    rung = 0
    for step in p.propagate(0):
        technique = step.technique
        if technique is not None and technique.size > rung:
            rung = technique.size
            if rung > limit:
                break
    n = puzzle.shape.n
    left = sum(p.open[c] for c in range(n * n) if not p.true_of[c])
    return Climb(rung, p.solved, p.conflict is not None, left)
