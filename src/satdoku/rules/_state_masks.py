"""Candidate masks of the open cells from a claim state (index = claim variable)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core._claims import TRUE, UNKNOWN

__all__ = ["masks_of_values"]


def masks_of_values(value: Sequence[int], n: int) -> list[int]:
    """Return per cell the mask of its open claims (bit d - 1), 0 for a cell with a true claim.

    >>> from satdoku.core._claims import FALSE
    >>> U = UNKNOWN
    >>> masks_of_values([U, TRUE, FALSE, U, U, U, U, FALSE, U], 2)
    [0, 3, 3, 2]
    """
    masks = []
    for cell in range(n * n):
        base = cell * n
        mask = 0
        for d in range(n):
            v = value[base + d + 1]
            if v == TRUE:
                mask = 0
                break
            if v == UNKNOWN:
                mask |= 1 << d
        masks.append(mask)
    return masks
