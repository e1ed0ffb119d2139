"""What the stepper knows at one moment: each claim true, false or unknown (an immutable value)."""

from __future__ import annotations

from typing import NamedTuple

from ..core._claims import FALSE, TRUE, UNKNOWN, Claim, variable
from ..core._puzzle import Grid

__all__ = ["State"]


class State(NamedTuple):
    """What is known at one moment: per claim variable TRUE (1), FALSE (-1) or unknown (0).

    ``values[v]`` is the state of variable v (index 0 unused). A cell's candidates are its claims
    not yet false; a cell is set when one of its claims is true.

    >>> s = State.initial(2)
    >>> s.candidates(0, 0), s.digit(0, 0)
    ((1, 2), 0)
    """

    n: int
    values: tuple[int, ...]

    @classmethod
    def initial(cls, n: int) -> State:
        """Return the state where nothing is known."""
        return cls(n, (UNKNOWN,) * (n**3 + 1))

    def value(self, claim: Claim) -> int:
        """Return TRUE (1), FALSE (-1) or UNKNOWN (0) for a claim."""
        n = self.n
        return self.values[variable(claim, n)]

    def candidates(self, row: int, col: int) -> tuple[int, ...]:
        """Return the digits of a cell whose claims are not false, increasing."""
        n = self.n
        base = (row * n + col) * n
        return tuple(d for d in range(1, n + 1) if self.values[base + d] != FALSE)

    def digit(self, row: int, col: int) -> int:
        """Return the digit whose claim is true in a cell, or 0 when none is."""
        n = self.n
        base = (row * n + col) * n
        for d in range(1, n + 1):
            if self.values[base + d] == TRUE:
                return d
        return 0

    def grid(self) -> Grid:
        """Return the cells set so far (0 where no claim of the cell is true)."""
        n = self.n
        return tuple(self.digit(i // n, i % n) for i in range(n * n))

    def board(self) -> list[list[tuple[int, ...]]]:
        """Return the candidates of every cell, as rows.

        >>> State.initial(2).board()[1]
        [(1, 2), (1, 2)]
        """
        n = self.n
        return [[self.candidates(r, c) for c in range(n)] for r in range(n)]

    def solved(self) -> bool:
        """Tell whether every cell is set."""
        return all(self.grid())
