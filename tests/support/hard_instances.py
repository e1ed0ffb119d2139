"""Hard unsatisfiable Latin-square completions for limit tests (a pigeonhole inside a square)."""

from __future__ import annotations

from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape


def pigeonhole_latin(m: int) -> Puzzle:
    """Return an unsatisfiable partial Latin square of order 2m that CDCL finds hard.

    The top-right m x m block holds a cyclic Latin square on the digits m+1..2m, so the top-left
    block must be a Latin square on 1..m; the given 1 at (m, 0) then forbids 1 in the top of
    column 0, whose m cells are left m-1 digits: the pigeonhole principle PHP(m, m-1), which
    needs exponentially long resolution proofs.
    """
    n = 2 * m
    cells = [0] * (n * n)
    for r in range(m):
        for c in range(m):
            cells[r * n + m + c] = m + 1 + (r + c) % m
    cells[m * n] = 1
    return Puzzle(Shape.latin(n), tuple(cells))


HARD_ORDER = 13
"""The m of the limit tests' instance: order 26, which CaDiCaL refutes in 3.5 s (fresh) to 6.5 s
(persistent) on this machine and MiniSat not in minutes; a limit of half a second must stop it."""

HARD_SIDE = 2 * HARD_ORDER

HARD_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQ"
"""An alphabet with a symbol for each of the 26 digits."""
