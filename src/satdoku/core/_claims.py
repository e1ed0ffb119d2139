"""Claims: the boolean statements "cell (row, col) holds digit" and their DIMACS variables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = [
    "Claim",
    "variable",
    "claim_of",
    "claim_count",
    "decode_model",
    "UNKNOWN",
    "TRUE",
    "FALSE",
]

UNKNOWN, TRUE, FALSE = 0, 1, -1
"""The truth values of a claim in a ``known`` list (index = variable): open, true, false."""


class Claim(NamedTuple):
    """The statement "cell (row, col) holds digit": 0-based row and column, digit 1..n.

    >>> Claim(1, 4, 7).label()
    'r2c5=7'
    """

    row: int
    col: int
    digit: int

    def label(self) -> str:
        """Name the claim in r1c1 notation (1-based), the Sudoku community's notation.

        >>> Claim(0, 0, 5).label()
        'r1c1=5'
        """
        return f"r{self.row + 1}c{self.col + 1}={self.digit}"


def variable(claim: Claim, n: int) -> int:
    """Return the DIMACS variable of a claim: ``row*n*n + col*n + digit``, in 1..n**3.

    >>> variable(Claim(0, 0, 1), 9), variable(Claim(8, 8, 9), 9)
    (1, 729)
    """
    row, col, digit = claim
    return row * n * n + col * n + digit


def claim_of(var: int, n: int) -> Claim:
    """Return the claim of a DIMACS variable in 1..n**3, the inverse of :func:`variable`.

    >>> claim_of(729, 9)
    Claim(row=8, col=8, digit=9)
    """
    if not 1 <= var <= n**3:
        raise ValueError(f"variable {var} is not a claim of a {n}x{n} grid (1..{n**3})")
    cell, digit0 = divmod(var - 1, n)
    row, col = divmod(cell, n)
    return Claim(row, col, digit0 + 1)


def claim_count(n: int) -> int:
    """Return the number of claims (and the highest claim variable) of an n×n grid.

    >>> claim_count(9)
    729
    """
    return n**3


def decode_model(
    model: Sequence[int], n: int, known: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Return the grid a model's true claim variables describe (0 where a cell has none).

    With ``known`` (claim states, index = variable, that a formula was simplified by), a claim
    known true is true whatever the model says, and the model decides only the open claims.

    >>> decode_model([1, -2, -3, 4], 2)[:2]
    (1, 2)
    >>> known = [UNKNOWN, TRUE, FALSE, FALSE] + [UNKNOWN] * 5  # r1c1=1 given; r1c2 open
    >>> decode_model([4], 2, known)
    (1, 2, 0, 0)
    """
    cells = [0] * (n * n)
    n3 = n**3
    if known is not None:
        for var in range(1, n3 + 1):
            if known[var] == TRUE:
                cell, d0 = divmod(var - 1, n)
                cells[cell] = d0 + 1
        model = [lit for lit in model if 0 < lit <= n3 and known[lit] == UNKNOWN]
    for lit in model:
        if 0 < lit <= n3:
            cell, d0 = divmod(lit - 1, n)
            cells[cell] = d0 + 1
    return tuple(cells)
