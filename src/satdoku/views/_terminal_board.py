"""The board of the terminal player: a state drawn as rich text, marking what a step just did.

The cells of the step's axiom are shaded (red for a contradiction), the claim it decides is
green when true and struck through in red when false, the claims it follows from underlined on
light blue, givens bold, values set inside a guess orange italics; box and region borders are
heavy lines, and rows and columns are numbered as the sentences name them (``r5c7``). Every
colour is readable on dark and on light terminals: a mark's text either has its own background
or a colour of enough contrast with black and with white.

>>> from satdoku.io._line import parse_line
>>> from satdoku.rules._propagator import fixpoint
>>> from satdoku.views._terminal_layout import LAYOUTS
>>> p = parse_line("1...")
>>> print(board_text(fixpoint(p)[0], p.shape, LAYOUTS[-1], givens=p.cells).plain)
┏━━━┓
┃1 2┃
┃2 1┃
┗━━━┛
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.text import Text

from ..core._shape import Shape, default_box
from ..core.constraints import Constraint, Side
from ..io._alphabet import Alphabet
from ..rules._state import State
from ..rules._steps import Rule, Step
from ._terminal_layout import (
    BoardLayout,
    board_regions,
    column_label_lines,
    label_width,
    symbol_width,
)
from ._text_constraints import DASHED, TextMarks

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
    "SIGN_STYLE",
    "CLUE_STYLE",
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
SIGN_STYLE = "bold"
CLUE_STYLE = "bold"


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
    constraints: Sequence[Constraint] = (),
) -> Text:
    """Draw a state as styled text, marking what ``step`` (the step just applied) did.

    ``givens`` are the puzzle's cells (non-zero: a given); ``depths`` maps a set cell to the
    guess depth it was set at (above 0: drawn as tentative); ``labels`` numbers the rows and
    columns; ``constraints`` are drawn as :mod:`._text_constraints` places them (cage borders,
    signs on lines, clues outside, the cages' clues under the board).

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import fixpoint
    >>> from satdoku.views._terminal_layout import LAYOUTS
    >>> p = parse_line("1...")
    >>> print(board_text(fixpoint(p)[0], p.shape, LAYOUTS[-1], givens=p.cells, labels=True).plain)
        1 2
      ┏━━━┓
    1 ┃1 2┃
    2 ┃2 1┃
      ┗━━━┛

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import fixpoint
    >>> from satdoku.views._terminal_layout import LAYOUTS
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
    regions = boxes = board_regions(shape)
    rules = TextMarks.of(constraints, n)
    if not rules.empty:  # a line is drawn where a box or a cage ends
        regions = _edge_regions(regions, rules)
    sign_rows = rules.sign_rows()
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
        if thick and boxes[r * n + c - 1] == boxes[r * n + c]:  # a cage's (maybe dashed)
            return rules.edge(r * n + c - 1, r * n + c)
        return 2 if thick else 1 if layout.pencil else 0

    def hline(r: int, c: int) -> int:  # the line above cell (r, c), r in 0..n
        if r in (0, n):
            return 2
        thick = regions[(r - 1) * n + c] != regions[r * n + c]
        if thick and boxes[(r - 1) * n + c] == boxes[r * n + c]:
            return rules.edge((r - 1) * n + c, r * n + c)
        return 2 if thick else 1 if layout.thin_rows or r in sign_rows else 0

    text = Text(no_wrap=True, overflow="crop")

    def rule_line(r: int) -> None:
        for c in range(n + 1):
            up = vline(r - 1, c) if r > 0 else 0
            down = vline(r, c) if r < n else 0
            left = hline(r, c - 1) if c > 0 else 0
            right = hline(r, c) if c < n else 0
            char, style = _junction(*(min(arm, 2) for arm in (up, right, down, left)))
            text.append(char, style)
            if c < n:
                weight = hline(r, c)
                fill = "╍" if weight == DASHED else "━" if weight == 2 else "─" if weight else " "
                style = THICK_STYLE if weight >= 2 else THIN_STYLE
                sign = rules.down.get((r - 1) * n + c) if r else None
                if sign is None:
                    text.append(fill * cw, style)
                else:
                    text.append(fill * (cw // 2), style)
                    text.append(sign, SIGN_STYLE)
                    text.append(fill * (cw - cw // 2 - 1), style)

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

    band = rules.clue_width() + 1 if rules.outside else 0
    lw = (label_width(n) if labels else 0) + band
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
    if rules.outside:
        _outside_line(text, rules, Side.TOP, lw, cw)
    for r in range(n):
        if r == 0 or r in sign_rows or layout.draws_row_line(regions, n, r):
            text.append(" " * lw)
            rule_line(r)
            text.append("\n")
        for line in range(ch):
            middle = line == ch // 2
            if labels:
                number = str(r + 1) if middle else ""
                text.append(number.rjust(lw - band - 1) + " ", LABEL_STYLE)
            if band:
                text.append((rules.clue(Side.LEFT, r) if middle else "").rjust(band - 1) + " ")
            for c in range(n):
                weight = vline(r, c)
                sign = rules.across.get(r * n + c - 1) if middle and c else None
                if sign is not None:
                    text.append(sign, SIGN_STYLE)
                else:
                    text.append(
                        "┇" if weight == DASHED else "┃" if weight == 2 else "│" if weight else " ",
                        THICK_STYLE if weight >= 2 else THIN_STYLE,
                    )
                cell_line(r, c, line)
            text.append("┃", THICK_STYLE)
            if band and middle and rules.clue(Side.RIGHT, r):
                text.append(" " + rules.clue(Side.RIGHT, r))
            text.append("\n")
    text.append(" " * lw)
    rule_line(n)
    if rules.outside:
        text.append("\n")
        _outside_line(text, rules, Side.BOTTOM, lw, cw)
        text.rstrip()
    for words in rules.lines(n * (cw + 1) + 1):
        text.append("\n" + words)
    return text


def _edge_regions(regions: Sequence[int], rules: TextMarks) -> list[int]:
    """Return a number per cell that changes wherever a box or a cage ends."""
    keys: dict[tuple[int, int, int], int] = {}
    cells = zip(regions, rules.solid, rules.dashed, strict=True)
    return [keys.setdefault(key, len(keys)) for key in cells]


def _outside_line(text: Text, rules: TextMarks, side: Side, lw: int, cw: int) -> None:
    """Append the clues above (or under) the columns, then a line break."""
    clues = "".join(" " + rules.clue(side, c).center(cw) for c in range(rules.n))
    text.append((" " * lw + clues).rstrip() + "\n", CLUE_STYLE)
