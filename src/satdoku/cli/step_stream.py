"""The stepper for ``satdoku step``: capped, streamed step by step, with progress on a terminal.

A trace is printed as its steps are found (text and JSON alike), so output starts at once, a
killed run keeps what it printed, and memory does not grow with the trace (the JSON record is
written piece by piece, byte for byte what one ``json.dumps`` of the whole record would be).
With ``--search`` on grids of 16x16 and more a run stops after :data:`DEFAULT_SEARCH_STEPS`
steps unless ``--max-steps`` says otherwise: guessing on a big grid can take millions of steps.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from ..core.puzzle import Puzzle
from ..io.alphabet import Alphabet
from ..rules.search import GuessOrder, SearchRun, Trace, TraceStatus
from ..rules.steps import Rule, Step
from ..rules.strategies import RULES_1_2, RuleSet
from ..views.trace_json import step_record, trace_record
from .progress import Progress

__all__ = ["DEFAULT_SEARCH_STEPS", "CappedRun", "progress_for", "step_cap", "write_json"]

DEFAULT_SEARCH_STEPS = 50_000
"""Steps a ``--search`` run on a 16x16 or bigger grid takes at most, unless told otherwise.

Measured on the bundled 25x25 (``satdoku step .../sudoku25x25_unique.txt --search``): 50,000
steps take about 5 s and, before the JSON record was streamed, 340 MB; the whole run did not end
in 13 minutes (15 GB). The bundled 16x16 needs 946 steps.
"""

CAPPED_SIDE = 16
"""The side from which ``--search`` runs get the default cap."""


def step_cap(max_steps: int | None, search: bool, n: int, say: TextIO | None = None) -> int | None:
    """Return the number of steps to stop after (None: no cap), saying so when it is the default.

    >>> step_cap(None, True, 25), step_cap(None, True, 9), step_cap(10, True, 25)
    (50000, None, 10)
    """
    if max_steps is not None or not search or n < CAPPED_SIDE:
        return max_steps
    if say is not None:
        print(
            f"satdoku: --search on a {n}x{n} stops after {DEFAULT_SEARCH_STEPS:,} steps by "
            "default (give --max-steps N to go further)",
            file=say,
        )
    return DEFAULT_SEARCH_STEPS


class CappedRun:
    """A stepper run that stops after ``cap`` steps; iterate it for the steps, then ask ``trace``.

    >>> from satdoku.io.line import parse_line
    >>> run = CappedRun(parse_line("1..............."), search=True, cap=10)
    >>> len(list(run)), run.trace().truncated, run.trace().status.value
    (10, True, 'stalled')
    """

    def __init__(
        self,
        puzzle: Puzzle,
        rules: RuleSet = RULES_1_2,
        *,
        search: bool = False,
        order: GuessOrder = GuessOrder.FIRST,
        cap: int | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.run = SearchRun(puzzle, rules, search=search, order=order)
        self.cap = cap
        self.progress = progress
        self.count = 0
        self.guesses = 0
        self.truncated = False

    def __iter__(self) -> Iterator[Step]:
        for step in self.run:
            if self.cap is not None and self.count >= self.cap:
                self.truncated = True
                break
            self.count += 1
            if step.rule is Rule.GUESS:
                self.guesses += 1
            if self.progress is not None:
                self.progress.tick()
            yield step
        if self.progress is not None:
            self.progress.close()

    def state(self) -> Any:
        """Return the state after the last step yielded."""
        return self.run.state()

    def trace(self, steps: tuple[Step, ...] = ()) -> Trace:
        """Return the finished run as a trace holding ``steps`` (none: the outcome alone)."""
        run = self.run
        if self.truncated:
            return Trace(
                run.puzzle,
                steps,
                TraceStatus.STALLED,
                None,
                run.rules,
                run.search,
                run.order,
                self.guesses,
                truncated=True,
            )
        assert run.status is not None
        return Trace(
            run.puzzle, steps, run.status, run.solution, run.rules, run.search, run.order,
            run.guesses,
        )  # fmt: skip


def write_json(
    run: CappedRun,
    alphabet: Alphabet,
    write: Callable[[str], object],
    more: Callable[[], dict[str, Any]] | None = None,
) -> None:
    """Write the trace's JSON record step by step: the bytes of ``json.dumps`` of the record.

    >>> import io
    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.search import trace
    >>> out = io.StringIO()
    >>> write_json(CappedRun(parse_line("1...")), Alphabet(), out.write)
    >>> out.getvalue() == json.dumps(trace_record(trace(parse_line("1...")))) + "\\n"
    True
    """
    shape = run.run.puzzle.shape
    write('{"steps": [')
    for k, step in enumerate(run):
        write((", " if k else "") + json.dumps(step_record(step, shape, alphabet)))
    rest = trace_record(run.trace(), alphabet)
    del rest["steps"]
    if more is not None:
        rest.update(more())
    tail = json.dumps(rest)[1:]  # '"status": ...}' or '}'
    write("]" + (", " + tail if tail != "}" else "}") + "\n")


def progress_for(out: TextIO, err: TextIO = sys.stderr) -> Progress | None:
    """Return a progress counter of steps on a terminal's standard error, when the steps do not
    go to that same terminal (None otherwise)."""
    try:
        if err.isatty() and not out.isatty():
            return Progress(err, unit="steps")
    except (AttributeError, ValueError):
        pass
    return None
