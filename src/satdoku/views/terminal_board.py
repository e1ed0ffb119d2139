"""The board of the terminal player: a state drawn as rich text, marking what a step just did.

The cells of the step's axiom are shaded (red for a contradiction), the claim it decides is
green when true and struck through in red when false, the claims it follows from underlined on
light blue, givens bold, values set inside a guess orange italics; box and region borders are
heavy lines, and rows and columns are numbered as the sentences name them (``r5c7``). Every
colour is readable on dark and on light terminals: a mark's text either has its own background
or a colour of enough contrast with black and with white.

>>> from satdoku.io.line import parse_line
>>> from satdoku.rules.propagator import fixpoint
>>> from satdoku.views.terminal_layout import LAYOUTS
>>> p = parse_line("1...")
>>> print(board_text(fixpoint(p)[0], p.shape, LAYOUTS[-1], givens=p.cells).plain)
┏━━━┓
┃1 2┃
┃2 1┃
┗━━━┛
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text

from ..core.shape import Shape, default_box
from ..io.alphabet import Alphabet
from ..rules.state import State
from ..rules.steps import Rule, Step
from .terminal_layout import (
    BoardLayout,
    board_regions,
    column_label_lines,
    label_width,
    symbol_width,
)

__all__ = [
    "board_text",
    "AXIOM_STYLE",
    "AXIOM_BAD_STYLE",
    "TRUE_STYLE",
    "FALSE_STYLE",
    "BECAUSE_STYLE",
    "GIVEN_STYLE",
    "DERIVED_STYLE",
    "TENTATIVE_STYLE",
    "DOT_STYLE",
    "THIN_STYLE",
    "THICK_STYLE",
    "LABEL_STYLE",
]

# rich styles of the board's marks; a cell's shading comes first, so a mark's own colours win
AXIOM_STYLE = "black on #e4e4c0"
AXIOM_BAD_STYLE = "black on #ffcfcf"
TRUE_STYLE = "bold black on green3"
FALSE_STYLE = "bold #d70000 strike"
BECAUSE_STYLE = "bold underline black on #87d7ff"
GIVEN_STYLE = "bold"
DERIVED_STYLE = "#0087af"
TENTATIVE_STYLE = "italic #af5f00"
DOT_STYLE = "dim"
THIN_STYLE = "dim"
THICK_STYLE = "bold"
LABEL_STYLE = "#808080"


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
    style = THICK_STYLE if heavy else THIN_STYLE
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
        """Return the marks of ``step`` (none before the first step)."""
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
    layout: BoardLayout,
    *,
    step: Step | None = None,
    givens: Iterable[int] = (),
    depths: dict[int, int] | None = None,
    alphabet: Alphabet = Alphabet(),
    labels: bool = False,
) -> Text:
    """Draw a state as styled text, marking what ``step`` (the step just applied) did.

    ``givens`` are the puzzle's cells (non-zero: a given); ``depths`` maps a set cell to the
    guess depth it was set at (above 0: drawn as tentative); ``labels`` numbers the rows and
    columns.

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.propagator import fixpoint
    >>> from satdoku.views.terminal_layout import LAYOUTS
    >>> p = parse_line("1...")
    >>> print(board_text(fixpoint(p)[0], p.shape, LAYOUTS[-1], givens=p.cells, labels=True).plain)
        1 2
      ┏━━━┓
    1 ┃1 2┃
    2 ┃2 1┃
      ┗━━━┛

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.propagator import fixpoint
    >>> from satdoku.views.terminal_layout import LAYOUTS
    >>> p = parse_line("1...")
    >>> print(board_text(fixpoint(p)[0], p.shape, LAYOUTS[0], givens=p.cells).plain)
    ┏━━━━━┯━━━━━┓
    ┃  1  │  2  ┃
    ┠─────┼─────┨
    ┃  2  │  1  ┃
    ┗━━━━━┷━━━━━┛
    """
    n = shape.n
    width = symbol_width(n, alphabet)
    cw, ch = layout.cell(n, width)
    mr, mc = default_box(n) or (1, n)
    regions = board_regions(shape)
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
                    THICK_STYLE if weight == 2 else THIN_STYLE,
                )

    def value_style(cell: int, v: int) -> str:
        if v in marks.decided and marks.value:
            return TRUE_STYLE
        if v in marks.because:
            return BECAUSE_STYLE
        if given[cell]:
            return GIVEN_STYLE
        return TENTATIVE_STYLE if depths.get(cell, 0) > 0 else DERIVED_STYLE

    def cell_line(r: int, c: int, line: int) -> None:
        cell = r * n + c
        bg = (AXIOM_BAD_STYLE if marks.bad else AXIOM_STYLE) if cell in marks.axiom_cells else ""
        base = (cell * n) + 1  # the variable of digit 1 in the cell (core.claims.variable)
        true = next((d for d in range(1, n + 1) if values[base + d - 1] == 1), 0)
        if not layout.pencil:
            if true:
                style = value_style(cell, base + true - 1)
                text.append(sym(true), f"{bg} {style}".strip())
                return
            struck = [d for d in range(1, n + 1) if base + d - 1 in marks.decided]
            if struck and not marks.value:
                text.append(sym(struck[0]), f"{bg} {FALSE_STYLE}".strip())
            else:
                text.append("·".rjust(width), f"{bg} {DOT_STYLE}".strip())
            return
        if true and cell not in decided_cells:
            body = " " * cw
            if line == mr // 2:
                middle = (cw - width) // 2
                text.append(body[:middle], bg)
                text.append(sym(true), f"{bg} {value_style(cell, base + true - 1)}".strip())
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
                style = TRUE_STYLE if marks.value else FALSE_STYLE
                text.append(sym(d), f"{bg} {style}".strip())
            elif values[v] == 1:
                text.append(sym(d), f"{bg} {value_style(cell, v)}".strip())
            elif values[v] == -1:
                text.append(".".rjust(width), f"{bg} {DOT_STYLE}".strip())
            else:
                in_axiom = "bold" if v in marks.axiom_claims else ""
                style = BECAUSE_STYLE if v in marks.because else in_axiom
                text.append(sym(d), f"{bg} {style}".strip())
        text.append(" ", bg)

    lw = label_width(n) if labels else 0
    if labels:
        figures = len(str(n))
        for i in range(column_label_lines(n, cw)):
            text.append(" " * lw)
            for c in range(n):
                number = str(c + 1)
                # narrow cells: one figure a line, the tens above the units
                mark = (number if figures <= cw else number.rjust(figures)[i]).center(cw)
                text.append(" " + mark, LABEL_STYLE)
            text.append("\n")
    for r in range(n):
        if r == 0 or layout.draws_row_line(regions, n, r):
            text.append(" " * lw)
            rule_line(r)
            text.append("\n")
        for line in range(ch):
            if labels:
                number = str(r + 1) if line == ch // 2 else ""
                text.append(number.rjust(lw - 1) + " ", LABEL_STYLE)
            for c in range(n):
                weight = vline(r, c)
                text.append(
                    "┃" if weight == 2 else "│" if weight else " ",
                    THICK_STYLE if weight == 2 else THIN_STYLE,
                )
                cell_line(r, c, line)
            text.append("┃", THICK_STYLE)
            text.append("\n")
    text.append(" " * lw)
    rule_line(n)
    return text
