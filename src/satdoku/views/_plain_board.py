"""Boards in plain text with pencil marks (``satdoku step --boards``): candidates, values, givens.

An open cell shows each candidate at its place and ``.`` where the claim is false; a set cell
shows its digit big (``*`` marks a given); ``#`` and ``=`` draw box borders.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core._shape import Shape, default_box
from ..core.constraints import Constraint, Side
from ..io._alphabet import Alphabet
from ..rules._state import State
from ._text_constraints import DASHED, SOLID, TextMarks

__all__ = ["format_board"]


def format_board(
    state: State,
    shape: Shape,
    alphabet: Alphabet = Alphabet(),
    givens: Sequence[int] | None = None,
    *,
    labels: bool = False,
    constraints: Sequence[Constraint] = (),
) -> str:
    """Draw a board with pencil marks: each cell a small grid of its candidates, set cells big.

    An open cell shows each candidate at its place and ``.`` where the claim is false; a set
    cell shows only its digit, in the middle (``*`` before it marks a given). ``#`` and ``=``
    draw box borders. ``labels`` numbers the rows and columns, as ``r5c7`` names them.
    ``constraints`` are drawn too: cage borders (``#`` and ``=`` as boxes for Keen, ``:`` and ``~``
    for a killer's), signs on the lines between cells (``<`` ``>`` ``^`` ``v``, ``=`` for a bar),
    outside clues around the grid, and the cages' clues listed under it.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import fixpoint
    >>> p = parse_line("1...")
    >>> print(format_board(fixpoint(p)[0], p.shape, givens=p.cells))
    +-----+-----+
    |*1   | 2   |
    +-----+-----+
    | 2   | 1   |
    +-----+-----+
    >>> print(format_board(fixpoint(p)[0], p.shape, givens=p.cells, labels=True))
          1     2
      +-----+-----+
    1 |*1   | 2   |
      +-----+-----+
    2 | 2   | 1   |
      +-----+-----+
    """
    n = shape.n
    mr, mc = default_box(n) or (1, n)
    br, bc = shape.box if shape.box is not None else (n, n)
    width = 1 if n <= len(alphabet.symbols) else len(str(n))
    middle = 1 + ((mc - 1) // 2) * (width + 1)

    def sym(d: int) -> str:
        return (alphabet.symbol(d) if width == 1 else str(d)).rjust(width)

    rules = TextMarks.of(constraints, n)
    cw = mc * (width + 1) + 1

    def rule(r: int) -> str:  # the line above row r (0..n)
        box = 0 < r < n and r % br == 0
        fill, cross = ("=", "#") if box else ("-", "+")
        out = cross
        for c in range(n):
            weight = rules.edge((r - 1) * n + c, r * n + c) if 0 < r < n and not box else 0
            segment = ("=" if weight == SOLID else "~" if weight == DASHED else fill) * cw
            sign = rules.down.get((r - 1) * n + c, "") if r else ""
            if sign:
                segment = segment[: cw // 2] + sign + segment[cw // 2 + 1 :]
            out += segment + (cross if (c + 1) % bc == 0 or c == n - 1 else "+")
        return out

    def separator(r: int, c: int, line: int) -> str:  # right of cell (r, c)
        cell = r * n + c
        if c == n - 1:
            return "|"
        if line == mr // 2 and cell in rules.across:
            return rules.across[cell]
        if (c + 1) % bc == 0:
            return "#"
        weight = rules.edge(cell, cell + 1)
        return "#" if weight == SOLID else ":" if weight == DASHED else "|"

    lines = []
    for r in range(n):
        lines.append(rule(r))
        for line in range(mr):
            row = "|"
            for c in range(n):
                digit = state.digit(r, c)
                if digit:
                    body = " " * (mc * (width + 1) + 1)
                    if line == mr // 2:
                        mark = "*" if givens is not None and givens[r * n + c] else " "
                        body = body[: middle - 1] + mark + sym(digit) + body[middle + width :]
                else:
                    cands = set(state.candidates(r, c))
                    marks = [
                        sym(d) if d in cands else ".".rjust(width)
                        for d in range(line * mc + 1, line * mc + mc + 1)
                    ]
                    body = " " + " ".join(marks) + " "
                row += body + separator(r, c, line)
            lines.append(row)
    lines.append(rule(n))
    under = rules.lines(len(lines[-1]))
    if rules.outside:
        lines = _with_outside_clues(lines, rules, cw, mr)
    if not labels:
        return "\n".join(lines + under)
    lw = len(str(n)) + 1
    band = rules.clue_width() + 1 if rules.outside else 0
    head = " " * (lw + band) + "".join(" " + str(c + 1).center(cw) for c in range(n))
    out = [head.rstrip()]
    seen = 0  # the cell lines so far
    for drawn in lines:
        if drawn[band] == "|":
            seen += 1
            number = str((seen - 1) // mr + 1) if (seen - 1) % mr == mr // 2 else ""
            out.append(number.rjust(lw - 1) + " " + drawn)
        else:
            out.append((" " * lw + drawn).rstrip() if band else " " * lw + drawn)
    return "\n".join(out + under)


def _with_outside_clues(lines: list[str], marks: TextMarks, cw: int, mr: int) -> list[str]:
    """Return the board's lines with the outside clues around them (rows ``mr`` lines high)."""
    n, band = marks.n, marks.clue_width()

    def across(side: Side) -> str:
        return " " * (band + 1) + "".join(" " + marks.clue(side, c).center(cw) for c in range(n))

    framed = [across(Side.TOP).rstrip()]
    seen = 0  # the cell lines so far
    for drawn in lines:
        left = right = ""
        if drawn[0] == "|":
            row, line = divmod(seen, mr)
            seen += 1
            if line == mr // 2:
                left, right = marks.clue(Side.LEFT, row), marks.clue(Side.RIGHT, row)
        framed.append((left.rjust(band) + " " + drawn + " " + right).rstrip())
    return framed + [across(Side.BOTTOM).rstrip()]
