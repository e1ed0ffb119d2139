"""Boards in plain text with pencil marks (``satdoku step --boards``): candidates, values, givens.

An open cell shows each candidate at its place and ``.`` where the claim is false; a set cell
shows its digit big (``*`` marks a given); ``#`` and ``=`` draw box borders.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.shape import Shape, default_box
from ..io.alphabet import Alphabet
from ..rules.state import State

__all__ = ["format_board"]


def format_board(
    state: State,
    shape: Shape,
    alphabet: Alphabet = Alphabet(),
    givens: Sequence[int] | None = None,
    *,
    labels: bool = False,
) -> str:
    """Draw a board with pencil marks: each cell a small grid of its candidates, set cells big.

    An open cell shows each candidate at its place and ``.`` where the claim is false; a set
    cell shows only its digit, in the middle (``*`` before it marks a given). ``#`` and ``=``
    draw box borders. ``labels`` numbers the rows and columns, as ``r5c7`` names them.

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.propagator import fixpoint
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

    def rule(fill: str, cross: str) -> str:
        segment = fill * (mc * (width + 1) + 1)
        return cross + "".join(
            segment + (cross if (c + 1) % bc == 0 or c == n - 1 else "+") for c in range(n)
        )

    lines = []
    for r in range(n):
        lines.append(rule("=", "#") if r and r % br == 0 else rule("-", "+"))
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
                row += body + ("#" if (c + 1) % bc == 0 and c != n - 1 else "|")
            lines.append(row)
    lines.append(rule("-", "+"))
    if not labels:
        return "\n".join(lines)
    lw = len(str(n)) + 1
    cw = mc * (width + 1) + 1
    head = " " * lw + "".join(" " + str(c + 1).center(cw) for c in range(n))
    out = [head.rstrip()]
    seen = 0  # the cell lines so far
    for drawn in lines:
        if drawn[0] == "|":
            seen += 1
            number = str((seen - 1) // mr + 1) if (seen - 1) % mr == mr // 2 else ""
            out.append(number.rjust(lw - 1) + " " + drawn)
        else:
            out.append(" " * lw + drawn)
    return "\n".join(out)
