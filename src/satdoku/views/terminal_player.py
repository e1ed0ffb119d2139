"""Play a trace in a terminal with rich: the board with pencil marks, redrawn in place per step.

Each frame shows the step just applied (the state after ``steps[:k]``, replayed from the steps,
nothing recomputed): the cells of its axiom shaded (red for a contradiction), the claim it
decides (true: green; false: the candidate struck through in red), the claims it follows from
underlined, givens bold, values set inside a guess yellow italics, and the sentence of the step
with its rule and depth. The board picks the roomiest layout that fits the console: pencil marks
with thin lines, pencil marks without them, packed pencil marks, or values only (big boards).

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
from collections.abc import Iterable
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.text import Text

from ..core.shape import Shape, default_box
from ..io.alphabet import Alphabet
from ..rules.search import Trace
from ..rules.stepper import Rule, State, Step
from .svg import region_of_cells
from .sentences import sentence

__all__ = ["Layout", "LAYOUTS", "choose_layout", "board_text", "frame", "play", "Played"]

AXIOM = "on #87875f"
AXIOM_BAD = "on #d75f5f"
TRUE = "bold black on green3"
FALSE = "bold red strike"
BECAUSE = "bold underline bright_blue"
GIVEN = "bold"
DERIVED = "cyan"
TENTATIVE = "italic yellow"
DOT = "dim"
THIN = "dim"
THICK = "bold"
BADGES = {
    Rule.GIVEN: ("given", "black on grey70"),
    Rule.ONE: ("rule 1", "black on cyan"),
    Rule.TWO: ("rule 2", "black on green3"),
    Rule.TWINS: ("twins", "black on green3"),
    Rule.GUESS: ("guess", "black on dark_orange"),
    Rule.BACKTRACK: ("backtrack", "white on purple"),
    Rule.CONTRADICTION: ("contradiction", "white on red3"),
}
HEADER_LINES = 4  # title, sentence (up to two lines), legend


@dataclass(frozen=True)
class Layout:
    """How cells are drawn: pencil marks (spaced or packed), thin row lines, or values only.

    >>> LAYOUTS[0].size(Shape.sudoku(9)), LAYOUTS[-1].size(Shape.sudoku(9))
    ((73, 37), (19, 13))
    """

    name: str
    pencil: bool
    spaced: bool
    thin_rows: bool

    def cell(self, n: int, width: int) -> tuple[int, int]:
        """Return (columns, lines) of one cell for an n x n board and symbols ``width`` wide."""
        if not self.pencil:
            return width, 1
        mr, mc = default_box(n) or (1, n)
        return (mc * (width + 1) + 1 if self.spaced else mc * width + 2), mr

    def size(self, shape: Shape, alphabet: Alphabet = Alphabet()) -> tuple[int, int]:
        """Return the (columns, lines) the board takes."""
        n = shape.n
        w, h = self.cell(n, _width(n, alphabet))
        regions = _regions(shape)
        rows = sum(1 for r in range(1, n) if self._row_line(regions, n, r))
        return n * w + n + 1, n * h + rows + 2

    def _row_line(self, regions: list[int], n: int, r: int) -> bool:
        """Tell whether the line between rows r-1 and r is drawn."""
        if self.thin_rows:
            return True
        return any(regions[(r - 1) * n + c] != regions[r * n + c] for c in range(n))


LAYOUTS = (
    Layout("pencil", True, True, True),
    Layout("pencil-tight", True, True, False),
    Layout("pencil-packed", True, False, False),
    Layout("values", False, False, False),
)


def choose_layout(shape: Shape, width: int, height: int, alphabet: Alphabet = Alphabet()) -> Layout:
    """Return the roomiest layout whose board and header fit a console of width x height.

    >>> choose_layout(Shape.sudoku(9), 80, 50).name, choose_layout(Shape.sudoku(9), 80, 24).name
    ('pencil', 'values')
    """
    for layout in LAYOUTS:
        w, h = layout.size(shape, alphabet)
        if w <= width and h + HEADER_LINES <= height:
            return layout
    return LAYOUTS[-1]


def _regions(shape: Shape) -> list[int]:
    """Return the box or region of each cell; a Latin square is one region (no thick lines)."""
    if not any(h.kind in ("box", "region") for h in shape.houses):
        return [0] * (shape.n * shape.n)
    return region_of_cells(shape)


def _width(n: int, alphabet: Alphabet) -> int:
    return 1 if n <= len(alphabet.symbols) else len(str(n))


# Box-drawing junctions by their arms: (up, right, down, left), 0 none, 1 light, 2 heavy.
# Mixed weights are drawn by the heavier horizontal and the heavier vertical arm.
_JUNCTIONS = {
    (1, 1, 1, 1): "┼┿╂╋",
    (1, 1, 1, 0): "├┝┠┣",
    (1, 0, 1, 1): "┤┥┨┫",
    (0, 1, 1, 1): "┬┯┰┳",
    (1, 1, 0, 1): "┴┷┸┻",
    (0, 1, 1, 0): "┌┍┎┏",
    (0, 0, 1, 1): "┐┑┒┓",
    (1, 1, 0, 0): "└┕┖┗",
    (1, 0, 0, 1): "┘┙┚┛",
}


def _junction(up: int, right: int, down: int, left: int) -> tuple[str, str]:
    """Return the character and style of a junction of lines."""
    arms = (up > 0, right > 0, down > 0, left > 0)
    h, v = max(left, right), max(up, down)
    heavy = 2 in (up, right, down, left)
    style = THICK if heavy else THIN
    if not any(arms):
        return " ", ""
    key = tuple(int(a) for a in arms)
    if key in _JUNCTIONS:
        return _JUNCTIONS[key][(h == 2) + 2 * (v == 2)], style
    if v == 0:
        return ("━" if h == 2 else "─"), style
    if h == 0:
        return ("┃" if v == 2 else "│"), style
    return ("╋" if heavy else "┼"), style


@dataclass(frozen=True)
class _Marks:
    """What the step just applied marks on the board."""

    axiom_cells: frozenset[int]
    axiom_claims: frozenset[int]
    decided: frozenset[int]
    value: bool
    because: frozenset[int]
    bad: bool

    @classmethod
    def of(cls, step: Step | None) -> _Marks:
        if step is None:
            return cls(frozenset(), frozenset(), frozenset(), False, frozenset(), False)
        n = step.n
        claims = step.axiom.variables if step.axiom is not None else ()
        cells = {(v - 1) // n for v in claims}  # the cells of the claims (claims.claim_of)
        bad = step.rule is Rule.CONTRADICTION
        if bad and step.axiom is None:
            cells |= {(v - 1) // n for v in step.because}
        return cls(
            frozenset(cells),
            frozenset(claims),
            frozenset(step.decided),
            step.value,
            frozenset(step.because),
            bad,
        )


def board_text(
    state: State,
    shape: Shape,
    layout: Layout,
    *,
    step: Step | None = None,
    givens: Iterable[int] = (),
    depths: dict[int, int] | None = None,
    alphabet: Alphabet = Alphabet(),
) -> Text:
    """Draw a state as styled text, marking what ``step`` (the step just applied) did.

    ``givens`` are the puzzle's cells (non-zero: a given); ``depths`` maps a set cell to the
    guess depth it was set at (above 0: drawn as tentative).

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.stepper import fixpoint
    >>> p = parse_line("1...")
    >>> print(board_text(fixpoint(p)[0], p.shape, LAYOUTS[0], givens=p.cells).plain)
    ┏━━━━━┯━━━━━┓
    ┃  1  │  2  ┃
    ┠─────┼─────┨
    ┃  2  │  1  ┃
    ┗━━━━━┷━━━━━┛
    """
    n = shape.n
    width = _width(n, alphabet)
    cw, ch = layout.cell(n, width)
    mr, mc = default_box(n) or (1, n)
    regions = _regions(shape)
    given = [bool(g) for g in givens] or [False] * (n * n)
    depths = depths or {}
    marks = _Marks.of(step)
    decided_cells = {(v - 1) // n for v in marks.decided}  # cells of claims (claims.claim_of)
    values = state.values

    def sym(d: int) -> str:
        return (alphabet.symbol(d) if width == 1 else str(d)).rjust(width)

    def vline(r: int, c: int) -> int:  # the line left of cell (r, c), c in 0..n
        if c in (0, n):
            return 2
        thick = regions[r * n + c - 1] != regions[r * n + c]
        return 2 if thick else 1 if layout.pencil else 0

    def hline(r: int, c: int) -> int:  # the line above cell (r, c), r in 0..n
        if r in (0, n):
            return 2
        thick = regions[(r - 1) * n + c] != regions[r * n + c]
        return 2 if thick else 1 if layout.thin_rows else 0

    text = Text(no_wrap=True, overflow="crop")

    def rule_line(r: int) -> None:
        for c in range(n + 1):
            up = vline(r - 1, c) if r > 0 else 0
            down = vline(r, c) if r < n else 0
            left = hline(r, c - 1) if c > 0 else 0
            right = hline(r, c) if c < n else 0
            char, style = _junction(up, right, down, left)
            text.append(char, style)
            if c < n:
                weight = hline(r, c)
                text.append(
                    ("━" if weight == 2 else "─" if weight else " ") * cw,
                    THICK if weight == 2 else THIN,
                )

    def value_style(cell: int, v: int) -> str:
        if v in marks.decided and marks.value:
            return TRUE
        if v in marks.because:
            return BECAUSE
        if given[cell]:
            return GIVEN
        return TENTATIVE if depths.get(cell, 0) > 0 else DERIVED

    def cell_line(r: int, c: int, line: int) -> None:
        cell = r * n + c
        bg = (AXIOM_BAD if marks.bad else AXIOM) if cell in marks.axiom_cells else ""
        base = (cell * n) + 1  # the variable of digit 1 in the cell (core.claims.variable)
        true = next((d for d in range(1, n + 1) if values[base + d - 1] == 1), 0)
        if not layout.pencil:
            if true:
                style = value_style(cell, base + true - 1)
                text.append(sym(true), f"{style} {bg}".strip())
                return
            struck = [d for d in range(1, n + 1) if base + d - 1 in marks.decided]
            if struck and not marks.value:
                text.append(sym(struck[0]), f"{FALSE} {bg}".strip())
            else:
                text.append("·".rjust(width), f"{DOT} {bg}".strip())
            return
        if true and cell not in decided_cells:
            body = " " * cw
            if line == mr // 2:
                middle = (cw - width) // 2
                text.append(body[:middle], bg)
                text.append(sym(true), f"{value_style(cell, base + true - 1)} {bg}".strip())
                text.append(body[middle + width :], bg)
            else:
                text.append(body, bg)
            return
        text.append(" ", bg)
        for i, d in enumerate(range(line * mc + 1, line * mc + mc + 1)):
            if i and layout.spaced:
                text.append(" ", bg)
            v = base + d - 1
            if d > n:
                text.append(" " * width, bg)
            elif v in marks.decided:
                style = TRUE if marks.value else FALSE
                text.append(sym(d), f"{style} {bg}".strip())
            elif values[v] == 1:
                text.append(sym(d), f"{value_style(cell, v)} {bg}".strip())
            elif values[v] == -1:
                text.append(".".rjust(width), f"{DOT} {bg}".strip())
            else:
                style = BECAUSE if v in marks.because else "bold" if v in marks.axiom_claims else ""
                text.append(sym(d), f"{style} {bg}".strip())
        text.append(" ", bg)

    for r in range(n):
        if r == 0 or layout._row_line(regions, n, r):
            rule_line(r)
            text.append("\n")
        for line in range(ch):
            for c in range(n):
                weight = vline(r, c)
                text.append(
                    "┃" if weight == 2 else "│" if weight else " ", THICK if weight == 2 else THIN
                )
                cell_line(r, c, line)
            text.append("┃", THICK)
            text.append("\n")
    rule_line(n)
    return text


def _legend() -> Text:
    return Text.assemble(
        ("axiom", AXIOM),
        " ",
        ("true", TRUE),
        " ",
        ("false", FALSE),
        " ",
        ("because", BECAUSE),
        " ",
        ("given", GIVEN),
        " ",
        ("derived", DERIVED),
        " ",
        ("in a guess", TENTATIVE),
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
    layout: Layout | None = None,
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
            for k, (step, state) in enumerate(zip(trace.steps, trace.states(), strict=True), 1):
                if step.value:
                    for v in step.decided:
                        depths[(v - 1) // n] = step.depth
                live.update(show(k, state), refresh=True)
                position = k
                if k < total:
                    time.sleep(delay)
    except KeyboardInterrupt:
        return Played(position, total, True)
    finally:
        if not console.is_terminal:
            console.line()
    return Played(position, total, False)
