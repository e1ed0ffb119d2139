"""The stepper for ``satdoku step``: capped, streamed step by step, with progress on a terminal.

A trace is written as its steps are found (text, JSON and the HTML page alike), so output starts
at once, a killed run keeps what it wrote, and memory does not grow with the trace: the JSON
record and the page are written piece by piece, byte for byte what they would be if made whole.
Ctrl-C (or SIGTERM) while stepping closes the record or page as a cut trace (``"truncated"`` and
``"interrupted"`` true) before the run stops with its usual exit status.
With ``--search`` on grids of 16x16 and more a run stops after :data:`DEFAULT_SEARCH_STEPS`
steps unless ``--max-steps`` says otherwise: guessing on a big grid can take millions of steps.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TextIO

from ..core._puzzle import Puzzle
from ..io._alphabet import Alphabet
from ..io._line import format_line
from ..rules._search import GuessOrder, SearchRun, Trace, TraceStatus
from ..rules._state import State
from ..rules._steps import Rule, Step
from ..rules._strategies import RULES_1_2, RuleSet
from ..views._html_player import write_trace_html
from ..views._trace_json import step_record, trace_record
from ._deferred_stop import DeferredStop
from ._progress import Progress
from ._step_limits import DEFAULT_SEARCH_STEPS

__all__ = [
    "DEFAULT_SEARCH_STEPS",
    "CappedRun",
    "StreamedRun",
    "trace_fields",
    "write_ending",
    "progress_for",
    "step_cap",
    "write_html",
    "write_json",
]

CAPPED_SIDE = 16
"""The side from which ``--search`` runs get the default cap."""


def step_cap(max_steps: int | None, search: bool, n: int, say: TextIO | None = None) -> int | None:
    """Return the number of steps to stop after (None: no cap), saying so when it is the default.

    >>> step_cap(None, True, 25), step_cap(None, True, 9), step_cap(10, True, 25)
    (100000, None, 10)
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

    Only the run's current state is kept, never the steps already yielded.

    >>> from satdoku.io._line import parse_line
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
        self.interrupted = False
        self.stops = DeferredStop()  # Ctrl-C is acted on between steps, see reraise
        self._last: State | None = None  # the state at the cap (the run went one step past it)

    def __iter__(self) -> Iterator[Step]:
        try:
            with self.stops:
                yield from self._capped()
        finally:
            if self.progress is not None:
                self.progress.close()

    def _capped(self) -> Iterator[Step]:
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
            if self.count == self.cap:  # the next step, if any, is past the cap
                self._last = self.run.state()
            if self.stops.signal is not None:  # Ctrl-C: the trace is cut after this step
                self.truncated = self.interrupted = True
                break

    def reraise(self) -> None:
        """Once the output is closed, stop as a Ctrl-C (or SIGTERM) held meanwhile asks."""
        self.stops.resume()

    def state(self) -> State:
        """Return the state after the last step yielded."""
        return self._last if self._last is not None else self.run.state()

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

    def fields(self, alphabet: Alphabet, more: Callable[[], dict[str, Any]] | None = None) -> Any:
        """Return the fields of the run's JSON record that follow ``"steps"``."""
        return trace_fields(self.trace(), alphabet, self.interrupted, more)

    def records(self, alphabet: Alphabet) -> Iterator[dict[str, Any]]:
        """Yield the JSON record of each step."""
        shape = self.run.puzzle.shape
        for step in self:
            yield step_record(step, shape, alphabet)


def trace_fields(
    trace: Trace,
    alphabet: Alphabet,
    interrupted: bool,
    more: Callable[[], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Return the fields of a run's JSON record that follow ``"steps"`` (its outcome, the
    puzzle's shape; ``"interrupted"`` when a stop cut it, else what ``more`` adds).

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> trace_fields(trace(parse_line("1...")), Alphabet(), False)["status"]
    'solved'
    """
    rest = trace_record(trace, alphabet)
    del rest["steps"]
    if interrupted:
        rest["interrupted"] = True
    elif more is not None:
        rest.update(more())
    return rest


def write_ending(
    write: Callable[[str], object],
    trace: Trace,
    count: int,
    alphabet: Alphabet,
    rating: str | None = None,
) -> None:
    """Write how a run ended: its status (cut, guesses), its solution, and its rating if asked.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> write_ending(print, trace(parse_line("1...")), 8, Alphabet())
    status: solved
    <BLANKLINE>
    solution: 1221
    <BLANKLINE>
    """
    ending = f"status: {trace.status.value}"
    if trace.truncated:
        ending += f" (cut after {count} steps: --max-steps)"
    if trace.guesses:
        ending += f" ({trace.guesses} guesses)"
    write(ending + "\n")
    if trace.solution is not None:
        write(f"solution: {format_line(trace.solution, alphabet)}\n")
    if rating is not None:
        write(f"rating: {rating}\n")


class StreamedRun(Protocol):
    """A run whose steps are streamed as JSON records (:class:`CappedRun`, or the run over
    literal axioms of a puzzle with rules beyond houses)."""

    def records(self, alphabet: Alphabet) -> Iterator[dict[str, Any]]:
        """Yield the JSON record of each step."""
        ...

    def fields(self, alphabet: Alphabet, more: Callable[[], dict[str, Any]] | None = None) -> Any:
        """Return the fields of the run's JSON record that follow ``"steps"``."""
        ...

    def reraise(self) -> None:
        """Stop as a stop signal held meanwhile asks."""
        ...


def write_json(
    run: StreamedRun,
    alphabet: Alphabet,
    write: Callable[[str], object],
    more: Callable[[], dict[str, Any]] | None = None,
) -> None:
    """Write the trace's JSON record step by step: the bytes of ``json.dumps`` of the record;
    a Ctrl-C held meanwhile is raised once the record is whole.

    >>> import io
    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> out = io.StringIO()
    >>> write_json(CappedRun(parse_line("1...")), Alphabet(), out.write)
    >>> out.getvalue() == json.dumps(trace_record(trace(parse_line("1...")))) + "\\n"
    True
    """
    write('{"steps": [')
    for k, record in enumerate(run.records(alphabet)):
        write((", " if k else "") + json.dumps(record))
    tail = json.dumps(run.fields(alphabet, more))[1:]  # '"status": ...}' or '}'
    write("]" + (", " + tail if tail != "}" else "}") + "\n")
    run.reraise()


def write_html(
    run: StreamedRun, alphabet: Alphabet, write: Callable[[str], object], title: str
) -> None:
    """Write the player page of the trace step by step (as ``render_trace_html`` of its record);
    a Ctrl-C held meanwhile is raised once the page is whole.

    >>> import io
    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> from satdoku.views._html_player import render_trace_html
    >>> out = io.StringIO()
    >>> write_html(CappedRun(parse_line("1...")), Alphabet(), out.write, "t")
    >>> out.getvalue() == render_trace_html(trace_record(trace(parse_line("1..."))), "t")
    True
    """
    write_trace_html(run.records(alphabet), lambda: run.fields(alphabet), write, title)
    run.reraise()


def progress_for(
    out: TextIO, err: TextIO = sys.stderr, *, steps_to_out: bool = True, cap: int | None = None
) -> Progress | None:
    """Return a progress counter of steps on a terminal's standard error (None otherwise).

    None too when the steps themselves go to that terminal (``steps_to_out`` and standard
    output a terminal): they show the progress. With a cap the bar counts towards it.

    >>> import io
    >>> progress_for(io.StringIO(), io.StringIO()) is None
    True
    """
    try:
        if err.isatty() and not (steps_to_out and out.isatty()):
            return Progress(err, total=cap, unit="steps")
    except (AttributeError, ValueError):
        pass
    return None
