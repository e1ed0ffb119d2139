"""Candidate masks of the open cells from a claim state (index = claim variable)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core._claims import TRUE, UNKNOWN

__all__ = ["cells_of_values", "masks_of_values"]


@lru_cache(maxsize=1 << 14)
def _cell(values: tuple[int, ...]) -> tuple[int, int]:
    """Return a cell's mask of open claims and its digit (0: none), from its claims' values."""
    mask = 0
    for d, v in enumerate(values):
        if v == TRUE:
            return 0, d + 1
        if v == UNKNOWN:
            mask |= 1 << d
    return mask, 0


def cells_of_values(value: Sequence[int], n: int) -> tuple[list[int], list[int]]:
    """Return per cell the mask of its open claims (bit d - 1; 0 for a cell with a true claim)
    and the digit of its true claim (0: none).

    >>> from satdoku.core._claims import FALSE
    >>> U = UNKNOWN
    >>> cells_of_values([U, TRUE, FALSE, U, U, U, U, FALSE, U], 2)
    ([0, 3, 3, 2], [1, 0, 0, 0])
    """
    masks, digits = [], []
    for first in range(1, n * n * n + 1, n):
        mask, digit = _cell(tuple(value[first : first + n]))
        masks.append(mask)
        digits.append(digit)
    return masks, digits


def masks_of_values(value: Sequence[int], n: int) -> list[int]:
    """Return per cell the mask of its open claims (bit d - 1), 0 for a cell with a true claim.

    >>> from satdoku.core._claims import FALSE
    >>> U = UNKNOWN
    >>> masks_of_values([U, TRUE, FALSE, U, U, U, U, FALSE, U], 2)
    [0, 3, 3, 2]
    """
    return cells_of_values(value, n)[0]
