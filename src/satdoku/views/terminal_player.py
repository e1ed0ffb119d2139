"""Play a trace in a terminal with rich: the board with pencil marks, redrawn in place per step.

Each frame shows the step just applied (the state after ``steps[:k]``, replayed from the steps,
nothing recomputed): a title, the sentence of the step with its rule and depth, the board
(:mod:`satdoku.views.terminal_board`, in the roomiest layout of
:mod:`satdoku.views.terminal_layout` that fits the console) and a legend.

>>> from rich.console import Console
>>> from satdoku.io.line import parse_line
>>> from satdoku.rules.search import trace
>>> console = Console(width=80, height=30, color_system=None)
>>> t = trace(parse_line("1..............."), search=True)
>>> with console.capture() as cap:
...     console.print(frame(t, len(t.steps), t.state(len(t.steps)), console=console))
>>> print(cap.get().splitlines()[0])
satdoku · 4x4 sudoku, 2x2 boxes · step 46 / 46 · depth 6 · solved (6 guesses)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.text import Text

from ..io.alphabet import Alphabet
from ..rules.replay import Replayer
from ..rules.search import Trace
from ..rules.state import State
from ..rules.steps import Rule
from .sentences import sentence
from .terminal_board import (
    AXIOM_STYLE,
    BECAUSE_STYLE,
    DERIVED_STYLE,
    FALSE_STYLE,
    GIVEN_STYLE,
    TENTATIVE_STYLE,
    TRUE_STYLE,
    board_text,
)
from .terminal_layout import BoardLayout, choose_layout

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
) -> RenderableType:
    """Return the frame at position k: title, sentence of step k, board of ``state``, legend."""
    shape = trace.puzzle.shape
    total = len(trace.steps)
    step = trace.steps[k - 1] if k else None
    if layout is None:
        layout = choose_layout(shape, console.width, console.height, alphabet)
    title = Text(f"satdoku · {shape.describe()} · step {k} / {total}", style="bold")
    if step is not None and step.depth:
        title.append(f" · depth {step.depth}", "yellow")
    if k == total:
        if trace.truncated:
            title.append(f" · cut after {total} steps", "yellow")
        else:
            title.append(f" · {trace.status.value}")
            if trace.guesses:
                title.append(f" ({trace.guesses} guesses)")
    title.no_wrap, title.overflow = True, "ellipsis"
    if step is None:
        said = Text(f"start: every cell has all {shape.n} candidates; {total} steps to go")
    else:
        label, style = BADGES[step.rule]
        words = sentence(step, shape, alphabet)
        room = max(20, 2 * console.width - len(label) - 4)
        if len(words) > room:
            words = words[: room - 1] + "…"
        said = Text.assemble((f" {label} ", style), " ", words)
    board = board_text(
        state, shape, layout, step=step, givens=trace.puzzle.cells, depths=depths, alphabet=alphabet
    )
    return Group(title, said, board, _legend())


@dataclass(frozen=True)
class Played:
    """How far a play went: the last position shown, of how many, and whether Ctrl-C stopped it."""

    position: int
    total: int
    interrupted: bool


def play(
    trace: Trace,
    console: Console | None = None,
    *,
    delay: float = 0.4,
    alphabet: Alphabet = Alphabet(),
) -> Played:
    """Animate a trace in place, one step per ``delay`` seconds; Ctrl-C stops it cleanly.

    When the console is not a terminal (a file, a pipe) only the last frame is written.

    >>> import io
    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.search import trace
    >>> out = io.StringIO()
    >>> play(trace(parse_line("1...")), Console(file=out, width=40, height=20), delay=0)
    Played(position=8, total=8, interrupted=False)
    """
    console = console or Console()
    if not console.is_terminal:  # a file or a pipe: only the last frame is written, no pauses
        delay = 0
    n = trace.puzzle.shape.n
    drawn = console.is_terminal  # else only the last frame is drawn
    layout = choose_layout(trace.puzzle.shape, console.width, console.height, alphabet)
    total = len(trace.steps)
    depths: dict[int, int] = {}
    position = 0

    def show(k: int, state: State) -> RenderableType:
        return frame(
            trace, k, state, console=console, depths=depths, alphabet=alphabet, layout=layout
        )

    try:
        with Live(
            show(0, State.initial(n)),
            console=console,
            auto_refresh=False,
            transient=False,
            redirect_stdout=False,
            redirect_stderr=False,
        ) as live:
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
    finally:
        if not console.is_terminal:
            console.line()
    return Played(position, total, False)
