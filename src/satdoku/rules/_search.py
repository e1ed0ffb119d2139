"""Search on top of the stepper: guess when the rules stall, backtrack on a contradiction.

A guess makes a claim true (default: the first open cell in reading order, its smallest
candidate; option: the open cell with fewest candidates); a backtrack returns to the state
before the guess and makes the guessed claim false. Both are steps of the trace, so a whole
solve can be watched. :class:`StepperBackend` is a complete pure-Python backend.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import islice

from ..core._checker import is_solution
from ..core._display import draw
from ..core._errors import InternalError
from ..core._houses_only import houses_only
from ..core._puzzle import Grid, Puzzle
from ..io._puzzle_values import parse_puzzle
from ._guess_order import GuessOrder
from ._propagator import Propagator, Snapshot
from ._replay import Replayer, replay
from ._state import State
from ._steps import Rule, Step
from ._strategies import RULES_1_2, RuleSet, rules_label

__all__ = [
    "GuessOrder",
    "TraceStatus",
    "SearchRun",
    "Trace",
    "trace",
    "solve_steps",
]

Accept = Callable[[Grid], bool]
"""A predicate on complete grids: the search only returns grids it accepts."""


class TraceStatus(Enum):
    """How a run ended: solved, stalled (the rules stopped, no search) or unsolvable."""

    SOLVED = "solved"
    STALLED = "stalled"
    UNSOLVABLE = "unsolvable"


class SearchRun:
    """One run of the stepper on a puzzle: iterate it for the steps; then read its outcome.

    ``state()`` gives the state after the last step yielded, at any moment.

    >>> from satdoku.io._line import parse_line
    >>> run = SearchRun(parse_line("1..............."), search=True)
    >>> steps = list(run)
    >>> run.status.value, run.guesses, run.solution[:4]
    ('solved', 6, (1, 2, 3, 4))
    """

    def __init__(
        self,
        puzzle: Puzzle,
        rules: RuleSet = RULES_1_2,
        *,
        search: bool = False,
        order: GuessOrder = GuessOrder.FIRST,
        accept: Accept | None = None,
    ) -> None:
        houses_only(puzzle, "trace (its steps are over houses; constraint_steps steps any rule)")
        self.puzzle = puzzle
        self.rules = rules
        self.search = search
        self.order = order
        self.accept = accept
        self.propagator = Propagator(puzzle.shape, rules)
        self.status: TraceStatus | None = None
        self.solution: Grid | None = None
        self.guesses = 0
        self.backtracks = 0
        self._steps = self._run()

    def __iter__(self) -> Iterator[Step]:
        return self._steps

    def state(self) -> State:
        """Return the state after the last step yielded."""
        return self.propagator.state()

    def _run(self) -> Iterator[Step]:
        p = self.propagator
        yield from p.givens(self.puzzle)
        yield from p.propagate(0)
        stack: list[tuple[Snapshot, int]] = []
        while True:
            if p.conflict is None and p.solved:
                grid = p.grid()
                if not is_solution(grid, self.puzzle):
                    raise InternalError(f"the stepper reached a non-solution: {grid}")
                if self.accept is None or self.accept(grid):
                    self.status, self.solution = TraceStatus.SOLVED, grid
                    return
                yield p.reject(len(stack))
            if p.conflict is not None:
                if not self.search or not stack:
                    self.status = TraceStatus.UNSOLVABLE
                    return
                depth = len(stack)
                snap, guess = stack.pop()
                p.restore(snap)
                self.backtracks += 1
                yield from p.assume(guess, False, Rule.BACKTRACK, depth)
                yield from p.propagate(depth - 1)
                continue
            if not self.search:
                self.status = TraceStatus.STALLED
                return
            guess = self.order.choose(p)
            stack.append((p.snapshot(), guess))
            self.guesses += 1
            yield from p.assume(guess, True, Rule.GUESS, len(stack))
            yield from p.propagate(len(stack))


@dataclass(frozen=True)
class Trace:
    """A finished run: the puzzle, every step, how it ended, and the states on demand.

    >>> from satdoku.io._line import parse_line
    >>> t = trace(parse_line("1..............."), search=True)
    >>> t.status.value, t.state(len(t.steps)).grid() == t.solution
    ('solved', True)
    """

    puzzle: Puzzle
    steps: tuple[Step, ...]
    status: TraceStatus
    solution: Grid | None
    rules: RuleSet
    search: bool
    order: GuessOrder
    guesses: int
    truncated: bool = False
    _replayer: Replayer = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_replayer", Replayer(self.puzzle.shape.n))

    def state(self, k: int) -> State:
        """Return the state after the first k steps (k = 0: nothing known yet).

        States are rebuilt from the steps, not stored: reading forward costs one step each.
        """
        if not 0 <= k <= len(self.steps):
            raise IndexError(f"step {k} is outside 0..{len(self.steps)}")
        replayer = self._replayer
        if replayer.position > k:
            replayer = Replayer(self.puzzle.shape.n)
            object.__setattr__(self, "_replayer", replayer)
        while replayer.position < k:
            replayer.apply(self.steps[replayer.position])
        return replayer.state()

    def states(self) -> Iterator[State]:
        """Yield the state after each step, in order."""
        return replay(self.steps, self.puzzle.shape.n)

    def __repr__(self) -> str:
        """Summarise the trace in one line (its steps can be tens of thousands).

        >>> from satdoku.io._line import parse_line
        >>> trace(parse_line("1..............."), search=True)
        Trace(4x4 sudoku, 2x2 boxes: 46 steps, solved, 6 guesses, rules 1,2, search first)
        """
        search = f", search {self.order.value}" if self.search else ""
        cut = ", truncated" if self.truncated else ""
        plural = "guess" if self.guesses == 1 else "guesses"
        return (
            f"Trace({self.puzzle.shape.describe()}: {len(self.steps)} steps, "
            f"{self.status.value}{cut}, {self.guesses} {plural}, rules {rules_label(self.rules)}"
            f"{search})"
        )

    def _repr_html_(self) -> str | None:
        """Show the trace in Jupyter as a step-through player (:mod:`satdoku.views._notebook`)."""
        return draw(self, "html")


def trace(
    puzzle: Puzzle | object,
    rules: RuleSet = RULES_1_2,
    *,
    search: bool = False,
    order: GuessOrder = GuessOrder.FIRST,
    accept: Accept | None = None,
    max_steps: int | None = None,
) -> Trace:
    """Run the stepper on a puzzle and return the whole trace (or its first ``max_steps`` steps).

    A run cut short by ``max_steps`` is ``truncated``, with status stalled and no solution.

    >>> from satdoku.io._line import parse_line
    >>> trace(parse_line("1...............")).status.value
    'stalled'
    >>> t = trace(parse_line("1..............."), search=True, max_steps=10)
    >>> len(t.steps), t.truncated, t.status.value
    (10, True, 'stalled')
    """
    puzzle = parse_puzzle(puzzle)  # a string, rows or an array too
    run = SearchRun(puzzle, rules, search=search, order=order, accept=accept)
    if max_steps is None:
        steps = tuple(run)
    else:
        steps = tuple(islice(run, max_steps + 1))
        if len(steps) > max_steps:
            steps = steps[:max_steps]
            guesses = sum(1 for s in steps if s.rule is Rule.GUESS)
            return Trace(
                puzzle,
                steps,
                TraceStatus.STALLED,
                None,
                rules,
                search,
                order,
                guesses,
                truncated=True,
            )
    assert run.status is not None
    return Trace(puzzle, steps, run.status, run.solution, rules, search, order, run.guesses)


def solve_steps(puzzle: Puzzle, rules: RuleSet = RULES_1_2, **options: object) -> Iterator[Step]:
    """Yield the steps of solving a puzzle with search (a generator; nothing is stored).

    >>> from satdoku.io._line import parse_line
    >>> sum(1 for s in solve_steps(parse_line("1...")) if s.rule.value == "given")
    1
    """
    return iter(SearchRun(puzzle, rules, search=True, **options))  # type: ignore[arg-type]
