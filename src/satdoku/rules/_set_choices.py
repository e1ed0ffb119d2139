"""The choices of set logic in one family: k disjoint bases whose open claims lie in k covers.

Each base is given by its index and its *mask*, the bits of the covers holding its open claims;
a choice of k bases is one when the union of their masks has k bits. Choices of one size come
in the order of their bases (smallest indices first, compared one by one), the order in which
:func:`satdoku.rules._set_logic.find_move` tries them.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["choices"]


def _indices(chosen: int) -> list[int]:
    return [i for i in range(chosen.bit_length()) if chosen >> i & 1]


def choices(
    masks: Sequence[tuple[int, int]], most: int, clashes: Sequence[int], need: int = 0
) -> list[list[tuple[int, int]]]:
    """Return per k <= most the (bases' bits, covers' bits) of every choice of k bases.

    ``masks`` pairs each base's index (in increasing order) with its mask; ``clashes[i]`` has
    the bits of the bases never chosen with base i. With ``need``, only the choices holding
    one of its bases: they are looked for from those bases, then put in order.

    >>> choices([(0, 0b01), (1, 0b11), (2, 0b11)], 3, [0, 0, 0])
    [[], [(1, 1)], [(3, 3), (5, 3), (6, 3)], []]
    >>> choices([(0, 0b01), (1, 0b11), (2, 0b11)], 3, [0, 0, 0], need=0b100)
    [[], [], [(5, 3), (6, 3)], []]
    """
    order = list(masks)
    first = len(order)  # the positions a choice's first base may take
    if need:
        order = [m for m in masks if need >> m[0] & 1]
        first = len(order)
        order += [m for m in masks if not need >> m[0] & 1]
    by_size: list[list[tuple[int, int]]] = [[] for _ in range(most + 1)]
    stack = [(0, 0, 0, 0)]  # (next position, count, base bits, cover bits)
    while stack:  # depth first, smaller positions first
        start, count, chosen, union = stack.pop()
        if count and union.bit_count() == count:
            by_size[count].append((chosen, union))
        if count == most:
            continue
        for pos in range((len(order) if count else first) - 1, start - 1, -1):
            i, mask = order[pos]
            merged = union | mask
            if merged.bit_count() <= most and not chosen & clashes[i]:
                stack.append((pos + 1, count + 1, chosen | 1 << i, merged))
    if need:
        for found in by_size:
            if len(found) > 1:
                found.sort(key=lambda choice: _indices(choice[0]))
    return by_size
