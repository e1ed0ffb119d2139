"""Digit relabelings: a solution's digits that no given holds can be permuted into other solutions.

Every constraint of a shape is a house holding each digit once, so permuting digits maps
solutions to solutions; permuting only the digits absent from the givens keeps the givens too.
Each of the ``m`` absent digits appears in every solution, so the ``m!`` permutations of one
solution are ``m!`` distinct solutions: one solution proves at least that many.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["relabeled_copies"]


def relabeled_copies(cells: Sequence[int], n: int, cap: int) -> int:
    """Return ``min(m!, cap)``: the solutions each solution gives by permuting the m digits of
    1..n that no given holds (itself included).

    >>> relabeled_copies((0,) * 81, 9, 10**9), relabeled_copies((1, 0, 0, 0), 2, 10)
    (362880, 1)
    """
    absent = n - len({d for d in cells if d})
    copies = 1
    for k in range(2, absent + 1):
        copies *= k
        if copies >= cap:
            return cap
    return min(copies, cap)
