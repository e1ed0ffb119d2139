"""Play a trace in a terminal with rich: the board with pencil marks, redrawn in place per step.

Each frame shows the step just applied (the state after ``steps[:k]``, replayed from the steps,
nothing recomputed): a title, the sentence of the step with its rule, the teaching name of it
and its depth, the board (:mod:`satdoku.views._terminal_board`, rows and columns numbered, in the
roomiest layout of :mod:`satdoku.views._terminal_layout` that fits the console), in the compact
layout the claims the step made false, and a legend. On a terminal the keys steer the play
(:mod:`satdoku.views._terminal_keys`): space pauses and resumes, the left and right arrows step
back and forward (and pause), ``q`` quits.

>>> from rich.console import Console
>>> from satdoku.io._line import parse_line
>>> from satdoku.rules._search import trace
>>> console = Console(width=80, height=30, color_system=None)
>>> t = trace(parse_line("1..............."), search=True)
>>> with console.capture() as cap:
...     console.print(frame(t, len(t.steps), t.state(len(t.steps)), console=console))
>>> print(cap.get().splitlines()[0])
satdoku · 4x4 sudoku, 2x2 boxes · step 46 / 46 · depth 6 · solved (6 guesses)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.text import Text

from ..io._alphabet import Alphabet
from ..rules._replay import Replayer
from ..rules._search import Trace
from ..rules._state import State
from ..rules._steps import Rule
from ._sentences import claim_text, sentence
from ._terminal_board import (
    AXIOM_STYLE,
    BECAUSE_STYLE,
    DERIVED_STYLE,
    FALSE_STYLE,
    GIVEN_STYLE,
    TENTATIVE_STYLE,
    TRUE_STYLE,
    board_text,
)
from ._terminal_keys import Key, KeyReader, open_keys
from ._terminal_layout import BoardLayout, choose_layout
from ._text_constraints import TextMarks

__all__ = ["BADGES", "frame", "play", "Played"]

BADGES = {  # the label and style of each rule's badge
    Rule.GIVEN: ("given", "black on grey70"),
    Rule.ONE: ("rule 1", "black on cyan"),
    Rule.TWO: ("rule 2", "black on green3"),
    Rule.TWINS: ("twins", "black on green3"),
    Rule.SET: ("set logic", "black on green3"),
    Rule.GUESS: ("guess", "black on dark_orange"),
    Rule.BACKTRACK: ("backtrack", "white on purple"),
    Rule.CONTRADICTION: ("contradiction", "white on red3"),
}


KEYS_HELP = "space pause · ←/→ step · q quit"
"""The keys, as the legend says them when they are read."""


def _legend() -> Text:
    """Return the legend: each kind of mark written in its own style."""
    return Text.assemble(
        ("axiom", AXIOM_STYLE),
        " ",
        ("true", TRUE_STYLE),
        " ",
        ("false", FALSE_STYLE),
        " ",
        ("because", BECAUSE_STYLE),
        " ",
        ("given", GIVEN_STYLE),
        " ",
        ("derived", DERIVED_STYLE),
        " ",
        ("in a guess", TENTATIVE_STYLE),
        no_wrap=True,
        overflow="ellipsis",
    )


def frame(
    trace: Trace,
    k: int,
    state: State,
    *,
    console: Console,
    depths: dict[int, int] | None = None,
    alphabet: Alphabet = Alphabet(),
    layout: BoardLayout | None = None,
    paused: bool = False,
    keys: bool = False,
) -> RenderableType:
    """Return the frame at position k: title, sentence of step k, board of ``state``, legend."""
    shape = trace.puzzle.shape
    n = shape.n
    total = len(trace.steps)
    step = trace.steps[k - 1] if k else None
    if layout is None:
        rules = TextMarks.of(trace.puzzle.constraints, n)
        layout = choose_layout(shape, console.width, console.height, alphabet, rules)
    title = Text(f"satdoku · {shape.describe()} · step {k} / {total}", style="bold")
    if step is not None and step.depth:
        title.append(f" · depth {step.depth}", TENTATIVE_STYLE)
    if k == total:
        if trace.truncated:
            title.append(f" · cut after {total} steps", TENTATIVE_STYLE)
        else:
            title.append(f" · {trace.status.value}")
            if trace.guesses:
                title.append(f" ({trace.guesses} guesses)")
    if paused:
        title.append(" · paused", "reverse")
    title.no_wrap, title.overflow = True, "ellipsis"
    if step is None:
        said = Text(f"start: every cell has all {n} candidates; {total} steps to go")
    else:
        label, style = BADGES[step.rule]
        words = sentence(step, shape, alphabet, terms=True)
        room = max(20, 2 * console.width - len(label) - 4)
        if len(words) > room:
            words = words[: room - 1] + "…"
        said = Text.assemble((f" {label} ", style), " ", words)
    board = board_text(
        state,
        shape,
        layout,
        step=step,
        givens=trace.puzzle.cells,
        depths=depths,
        alphabet=alphabet,
        labels=True,
        constraints=trace.puzzle.constraints,
    )
    parts: list[RenderableType] = [title, said, board]
    if step is not None and not layout.pencil and not step.value and step.decided:
        struck = Text("made false: ", no_wrap=True, overflow="ellipsis")
        for i, claim in enumerate(step.claims):
            struck.append(", " if i else "")
            struck.append(claim_text(claim, n, alphabet), FALSE_STYLE)
        parts.append(struck)
    legend = _legend()
    if keys:  # the keys after the legend, or under it when the line would be too long
        help_ = Text(KEYS_HELP, "dim", no_wrap=True, overflow="ellipsis")
        if len(legend) + 3 + len(help_) <= console.width:
            legend.append(" · ", "dim").append_text(help_)
        else:
            parts.append(legend)
            legend = help_
    parts.append(legend)
    return Group(*parts)


@dataclass(frozen=True)
class Played:
    """How far a play went: the last position shown, of how many, and whether Ctrl-C stopped it
    (``quit``: the q key did)."""

    position: int
    total: int
    interrupted: bool
    quit: bool = False


def _depths(trace: Trace, start: int, k: int) -> dict[int, int]:
    """Return, per cell set by steps ``start`` to k, the guess depth it was set at."""
    n = trace.puzzle.shape.n
    depths: dict[int, int] = {}
    for step in trace.steps[start:k]:
        if step.value:
            for v in step.decided:
                depths[(v - 1) // n] = step.depth
    return depths


@contextmanager
def _no_keys() -> Iterator[None]:
    yield None


def play(
    trace: Trace,
    console: Console | None = None,
    *,
    delay: float = 0.4,
    alphabet: Alphabet = Alphabet(),
    keys: KeyReader | None = None,
) -> Played:
    """Animate a trace in place, one step per ``delay`` seconds; Ctrl-C stops it cleanly.

    On a terminal (standard input too) the keys steer it: space pauses, the arrows step, q
    quits; ``keys`` gives another source of keys (tests). When the console is not a terminal (a
    file, a pipe) only the last frame is written.

    >>> import io
    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> out = io.StringIO()
    >>> play(trace(parse_line("1...")), Console(file=out, width=40, height=20), delay=0)
    Played(position=8, total=8, interrupted=False, quit=False)
    """
    console = console or Console()
    if not console.is_terminal:  # a file or a pipe: only the last frame is written, no pauses
        delay = 0
    opened = open_keys(console) if keys is None and console.is_terminal else _no_keys()
    try:
        with opened as found:
            reader = keys if keys is not None else found
            if reader is None:
                return _run(trace, console, delay, alphabet)
            return _steer(trace, console, delay, alphabet, reader)
    finally:
        if not console.is_terminal:
            console.line()


def _run(trace: Trace, console: Console, delay: float, alphabet: Alphabet) -> Played:
    """Play forward without keys, one step per ``delay`` (Ctrl-C stops)."""
    n = trace.puzzle.shape.n
    drawn = console.is_terminal  # else only the last frame is drawn
    rules = TextMarks.of(trace.puzzle.constraints, trace.puzzle.shape.n)
    layout = choose_layout(trace.puzzle.shape, console.width, console.height, alphabet, rules)
    total = len(trace.steps)
    depths: dict[int, int] = {}
    position = 0

    def show(k: int, state: State) -> RenderableType:
        return frame(
            trace, k, state, console=console, depths=depths, alphabet=alphabet, layout=layout
        )

    try:
        with _live(console, show(0, State.initial(n))) as live:
            time.sleep(delay)
            replayer = Replayer(n)  # the states rebuilt from the steps, as the page does
            for k, step in enumerate(trace.steps, 1):
                replayer.apply(step)
                if step.value:
                    for v in step.decided:
                        depths[(v - 1) // n] = step.depth
                position = k
                if drawn or k == total:
                    live.update(show(k, replayer.state()), refresh=True)
                if k < total and delay:
                    time.sleep(delay)
    except KeyboardInterrupt:
        return Played(position, total, True)
    return Played(position, total, False)


def _steer(
    trace: Trace, console: Console, delay: float, alphabet: Alphabet, keys: KeyReader
) -> Played:
    """Play with keys: space pauses and resumes, arrows step (and pause), q quits."""
    rules = TextMarks.of(trace.puzzle.constraints, trace.puzzle.shape.n)
    layout = choose_layout(trace.puzzle.shape, console.width, console.height, alphabet, rules)
    total = len(trace.steps)
    position, paused = 0, False
    depths: dict[int, int] = {}
    counted = 0  # the steps ``depths`` holds

    def show(k: int) -> RenderableType:
        nonlocal depths, counted
        if k < counted:  # a step back: count again from the start
            depths, counted = {}, 0
        depths.update(_depths(trace, counted, k))
        counted = k
        return frame(
            trace,
            k,
            trace.state(k),
            console=console,
            depths=depths,
            alphabet=alphabet,
            layout=layout,
            paused=paused,
            keys=True,
        )

    try:
        with _live(console, show(0)) as live:
            due = time.monotonic() + delay
            while paused or position < total:
                wait = None if paused else max(0.0, due - time.monotonic())
                key = keys.read(wait)
                if key is Key.QUIT:
                    return Played(position, total, False, quit=True)
                if key is None:  # the time of the next step has come
                    position += 1
                    due = time.monotonic() + delay
                elif key is Key.PAUSE:
                    paused = not paused
                    due = time.monotonic() + delay
                elif key is Key.RIGHT:
                    paused, position = True, min(total, position + 1)
                elif key is Key.LEFT:
                    paused, position = True, max(0, position - 1)
                else:
                    continue
                live.update(show(position), refresh=True)
    except KeyboardInterrupt:
        return Played(position, total, True)
    return Played(position, total, False)


def _live(console: Console, first: RenderableType) -> Live:
    return Live(
        first,
        console=console,
        auto_refresh=False,
        transient=False,
        redirect_stdout=False,
        redirect_stderr=False,
    )
