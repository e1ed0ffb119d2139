"""``satdoku step`` on a puzzle with rules beyond houses: the stepper over literal axioms.

Steps come from :class:`~satdoku.rules._literal_search.LiteralRun` (rules 1 and 2 over every
axiom, helper claims included; set logic when ``--rules`` asks for it; guesses with
``--search``), said by :mod:`satdoku.views._literal_sentences`, recorded by
:mod:`satdoku.views._literal_records` (the trace's fields, plus literals, helpers and the
constraint), and drawn with the puzzle's cages, signs and outside clues.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TextIO

from ..api._constraint_steps import rate_constrained
from ..core._claims import FALSE, TRUE, decode_model
from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..io._alphabet import Alphabet
from ..io._line import format_line
from ..rules._literal_formula import formula
from ..rules._literal_search import LiteralRun
from ..rules._literal_steps import LiteralStep
from ..rules._rating import rate
from ..rules._search import GuessOrder, Trace, TraceStatus
from ..rules._state import State
from ..rules._steps import Rule
from ..rules._strategies import RuleSet, rules_label
from ..views._literal_records import literal_step_record, puzzle_wording
from ..views._literal_sentences import narrated
from ..views._plain_board import format_board
from ._deferred_stop import DeferredStop
from ._progress import Progress
from ._step_stream import trace_fields, write_ending

__all__ = ["CappedLiteralRun", "LARGEST_SET", "print_constrained", "rating_label"]

LARGEST_SET = 2
"""The largest set-logic size the stepper over literals tries (its moves of size 1 and 2)."""


class CappedLiteralRun:
    """A run over a puzzle's literal axioms that stops after ``cap`` steps (as ``CappedRun``).

    >>> from satdoku.io.tatham import parse_game_id
    >>> from satdoku.rules._strategies import RULES_1_2
    >>> run = CappedLiteralRun(parse_game_id("keen:3:a3_ac,a3m6a9"), RULES_1_2, search=True)
    >>> texts = [text for _, text in run.narrated()]
    >>> run.trace().status.value, len(texts) > 10
    ('solved', True)
    """

    def __init__(
        self,
        puzzle: Puzzle,
        rules: RuleSet,
        *,
        search: bool = False,
        cap: int | None = None,
        progress: Progress | None = None,
    ) -> None:
        made = formula(puzzle)
        largest = max((technique.size for technique in rules), default=0)
        self.puzzle = puzzle
        self.rules = rules
        self.search = search
        self.order = GuessOrder.FEWEST  # the run guesses in a cell of fewest candidates
        self.run = LiteralRun(
            made.axioms,
            made.variables,
            made.givens,
            guess=search,
            set_logic=min(largest, LARGEST_SET),
        )
        self.wording = puzzle_wording(puzzle)
        self.cap = cap
        self.progress = progress
        self.count = 0
        self.guesses = 0
        self.truncated = False
        self.interrupted = False
        self.stops = DeferredStop()

    def __iter__(self) -> Iterator[LiteralStep]:
        try:
            with self.stops:
                for step in self.run:
                    if self.cap is not None and self.count >= self.cap:
                        self.truncated = True
                        break
                    self.count += 1
                    self.guesses += step.rule is Rule.GUESS
                    if self.progress is not None:
                        self.progress.tick()
                    yield step
                    if self.stops.signal is not None:
                        self.truncated = self.interrupted = True
                        break
        finally:
            if self.progress is not None:
                self.progress.close()

    def narrated(self) -> Iterator[tuple[LiteralStep, str]]:
        """Yield each step with its sentence."""
        return narrated(self, self.wording)

    def reraise(self) -> None:
        """Once the output is closed, stop as a stop signal held meanwhile asks."""
        self.stops.resume()

    def state(self) -> State:
        """Return what is known of the claims now (helper claims left out)."""
        n = self.puzzle.n
        truth = self.run.propagator.truth
        return State(
            n, tuple(truth[v] if truth[v] in (TRUE, FALSE) else 0 for v in range(n**3 + 1))
        )

    def trace(self) -> Trace:
        """Return the run's outcome as a trace without its steps (they were streamed)."""
        run = self.run
        if self.truncated or run.status is None:
            status, solution = TraceStatus.STALLED, None
        else:
            status = run.status
            solution = decode_model(run.solutions[0], self.puzzle.n) if run.solutions else None
        guesses = self.guesses if self.truncated else run.guesses
        return Trace(
            self.puzzle, (), status, solution, self.rules, self.search, self.order, guesses,
            truncated=self.truncated,
        )  # fmt: skip

    def records(self, alphabet: Alphabet) -> Iterator[dict[str, Any]]:
        """Yield the JSON record of each step."""
        for step, text in self.narrated():
            yield literal_step_record(step, self.wording, text)

    def fields(self, alphabet: Alphabet, more: Callable[[], dict[str, Any]] | None = None) -> Any:
        """Return the fields of the run's JSON record that follow ``"steps"``."""
        return trace_fields(self.trace(), alphabet, self.interrupted, more)


def rating_label(puzzle: Puzzle) -> str:
    """Return the rating of a puzzle in words: by the ladder of houses, or over literal axioms.

    >>> from satdoku.io.tatham import parse_game_id
    >>> rating_label(parse_game_id("keen:3:a3_ac,a3m6a9"))
    'guessing: ...'
    """
    if not puzzle.constraints:
        return rate(puzzle).label()
    return rate_constrained(puzzle).label()


def _drawable_in_text(puzzle: Puzzle, write: Callable[[str], object]) -> bool:
    """Tell whether the text board can draw a puzzle's rules; when not, say so in one line
    (the steps are printed all the same; --html draws them)."""
    try:
        format_board(State.initial(puzzle.n), puzzle.shape, constraints=puzzle.constraints)
    except InputError as err:
        write(f"Boards left out: {err.message}, or give --html\n")
        return False
    return True


def print_constrained(
    run: CappedLiteralRun,
    boards: str,
    alphabet: Alphabet,
    out: TextIO,
    rating: Callable[[Puzzle], str] | None = None,
) -> None:
    """Print each step as it is found (boards as asked: every, guesses, end, none), then the end."""
    puzzle = run.puzzle
    shape = puzzle.shape
    write = out.write
    kinds = ", ".join(sorted({rule.kind for rule in puzzle.constraints}))
    write(f"Puzzle ({shape.describe()}; {kinds} rules): {format_line(puzzle.cells, alphabet)}\n")
    write(f"Rules: {rules_label(run.rules)}" + (", guessing" if run.search else "") + "\n")

    def board() -> None:
        if not drawable:
            return
        drawn = format_board(
            run.state(), shape, alphabet, puzzle.cells, labels=True, constraints=puzzle.constraints
        )
        write(drawn + "\n")

    drawable = boards == "none" or _drawable_in_text(puzzle, write)

    for k, (step, text) in enumerate(run.narrated(), 1):
        write(f"{k:>5}. {'  ' * step.depth}{text}\n")
        if boards == "every" or (boards == "guesses" and step.rule in (Rule.GUESS, Rule.BACKTRACK)):
            board()
    if run.interrupted:
        write(f"status: stalled (interrupted after {run.count} steps)\n")
        run.reraise()
    result = run.trace()
    if boards != "none":
        board()
    write_ending(write, result, run.count, alphabet, rating(puzzle) if rating else None)
    run.reraise()
