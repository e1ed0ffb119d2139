"""What every constraint offers: its cells, its title, and an independent check of a grid."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol, runtime_checkable

__all__ = ["Constraint", "broken_constraints"]


@runtime_checkable
class Constraint(Protocol):
    """A rule over some cells of an n×n grid, beyond "a house holds every digit once".

    ``kind`` names its type in the registry; :meth:`broken` is its independent checker: it
    reads a filled grid (row-major digits) and says what is wrong, or None when the rule holds.
    """

    kind: ClassVar[str]

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the cells (indices ``row*n + col``) the rule speaks of."""
        ...

    def title(self, n: int) -> str:
        """Name the rule for people, in r1c1 notation."""
        ...

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say how a filled grid breaks the rule, or None when it holds."""
        ...


def broken_constraints(grid: Sequence[int], n: int, constraints: Sequence[Constraint]) -> list[str]:
    """Return a sentence for every constraint a filled grid breaks.

    >>> from satdoku.core.constraints import Comparison
    >>> broken_constraints((2, 1, 1, 2), 2, [Comparison(0, 1)])
    ['r1c1 < r1c2 holds 2 > 1']
    """
    return [text for rule in constraints if (text := rule.broken(grid, n)) is not None]
