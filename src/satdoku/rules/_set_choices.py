"""The choices of set logic in one family: k disjoint bases whose open claims lie in k covers.

Each base is given by its index and its *mask*, the bits of the covers holding its open claims;
a choice of k bases is one when the union of their masks has k bits. Choices of one size come
in the order of their bases (smallest indices first, compared one by one), the order in which
:func:`satdoku.rules._set_logic.find_move` tries them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["Choices", "choices_of_size"]


def choices_of_size(
    masks: Sequence[tuple[int, int]], k: int, clashes: Sequence[int]
) -> Iterator[tuple[int, int]]:
    """Yield the (bases' bits, covers' bits) of every choice of k bases, in order.

    ``masks`` pairs each base's index (in increasing order) with its mask; ``clashes[i]`` has
    the bits of the bases never chosen with base i.

    >>> list(choices_of_size([(0, 0b01), (1, 0b11), (2, 0b11)], 2, [0, 0, 0]))
    [(3, 3), (5, 3), (6, 3)]
    """
    small = [(i, m) for i, m in masks if m.bit_count() <= k]
    if len(small) < k:
        return
    stack = [(0, 0, 0, 0)]  # (next position, count, base bits, cover bits)
    while stack:  # depth first, smaller positions first
        start, count, chosen, union = stack.pop()
        if count == k:
            if union.bit_count() == k:
                yield chosen, union
            continue
        for pos in range(len(small) - 1, start - 1, -1):
            i, mask = small[pos]
            merged = union | mask
            if merged.bit_count() <= k and not chosen & clashes[i]:
                stack.append((pos + 1, count + 1, chosen | 1 << i, merged))


def _indices(chosen: int) -> list[int]:
    return [i for i in range(chosen.bit_length()) if chosen >> i & 1]


class Choices:
    """The choices of one family's bases, found size by size as they are asked for.

    ``masks`` pairs each base's index (in increasing order) with its mask; ``clashes[i]`` has
    the bits of the bases never chosen with base i; no choice has more than ``most`` bases.
    With ``need``, only the choices holding one of its bases: they are looked for from those
    bases, then put in order.

    >>> found = Choices([(0, 0b01), (1, 0b11), (2, 0b11)], 3, [0, 0, 0])
    >>> found.of_size(1), found.of_size(2), found.of_size(3)
    ([(1, 1)], [(3, 3), (5, 3), (6, 3)], [])
    >>> Choices([(0, 0b01), (1, 0b11), (2, 0b11)], 3, [0, 0, 0], need=0b100).of_size(2)
    [(5, 3), (6, 3)]
    """

    def __init__(
        self, masks: Sequence[tuple[int, int]], most: int, clashes: Sequence[int], need: int = 0
    ) -> None:
        order = list(masks)
        first = len(order)  # the positions a choice's first base may take
        if need:
            order = [m for m in masks if need >> m[0] & 1]
            first = len(order)
            order += [m for m in masks if not need >> m[0] & 1]
        self._order, self._most, self._clashes, self._sort = order, most, clashes, need != 0
        self._count = 1  # the size of the choices in the level (position next, bases, covers)
        self._level = [
            (pos + 1, 1 << i, mask)
            for pos, (i, mask) in enumerate(order[:first])
            if mask.bit_count() <= most
        ]

    def of_size(self, k: int) -> list[tuple[int, int]]:
        """Return the (bases' bits, covers' bits) of every choice of k bases, k no less than
        the size asked for before."""
        while self._count < k:
            self._grow()
        found = [(chosen, union) for _, chosen, union in self._level if union.bit_count() == k]
        if self._sort and len(found) > 1:
            found.sort(key=lambda choice: _indices(choice[0]))
        return found

    def _grow(self) -> None:
        """Make the next level: each node of this one with one base more, in order."""
        order, most, clashes = self._order, self._most, self._clashes
        end = len(order)
        grown = []
        for start, chosen, union in self._level:
            for pos in range(start, end):
                i, mask = order[pos]
                merged = union | mask
                if merged.bit_count() <= most and not chosen & clashes[i]:
                    grown.append((pos + 1, chosen | 1 << i, merged))
        self._level = grown
        self._count += 1
