"""Set-logic families that had no move, and which of their bases changed since.

Along a run whose claims only get decided, never reopened, a family of set logic that had no
move of any size searched keeps none while its bases give the choices they gave then: a choice
of bases whose masks of covers are the masks they had then was a choice then, with the same
covers, and its covers' open claims outside the bases are fewer now, so it still makes nothing
false. Only a choice holding a base whose mask changed can be a move.

A base's mask changes only when it loses an open claim: its count of claims not false drops, or
one of them becomes true (then it is no base at all). So after a search that found nothing,
the counts a propagator keeps per axiom tell, without reading claims, which families may have
a move at all: those with a base whose count changed. Every family had no move at that search
(a family it skipped kept the masks of its last record, but for bases now true).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import compress
from operator import ne

from ..core._claims import UNKNOWN

__all__ = ["QuietFamilies"]


def _base_mask(claims: Sequence[tuple[int, int]], value: Sequence[int]) -> int:
    """Return the bits of the covers holding a base's open claims (0: one is in no cover)."""
    mask = 0
    for v, bits in claims:
        if value[v] == UNKNOWN:
            if not bits:
                return 0
            mask |= bits
    return mask


class QuietFamilies:
    """The counts per axiom at the last search that found no move, and each family's masks.

    ``open_counts`` is the live list of a propagator's counts of claims not false (index =
    axiom), whose claims only get decided while the records are kept (:meth:`clear` them
    otherwise). ``key`` names what was searched (techniques and largest size): records of
    another search are not used.

    >>> counts = [3, 2, 2]
    >>> quiet = QuietFamilies(counts)
    >>> quiet.changed("k") is None
    True
    >>> quiet.record("k", {0: [0b11, 0b10]})
    >>> counts[2] = 1
    >>> quiet.changed("k"), quiet.changed("other"), quiet.masks[0]
    ([2], None, [3, 2])
    """

    def __init__(self, open_counts: Sequence[int]) -> None:
        self.open_counts = open_counts
        self._key: Hashable | None = None
        self._then: list[int] | None = None
        self.masks: dict[int, Sequence[int]] = {}
        """Per family, its bases' masks at the last search that read them and found no move."""

    def changed(self, key: Hashable) -> list[int] | None:
        """Return the axioms whose count changed since the last search of ``key`` found nothing.

        None: no such search (every family may have a move).
        """
        then = self._then
        if then is None or key != self._key:
            return None
        counts = self.open_counts
        if counts == then:
            return []
        return list(compress(range(len(then)), map(ne, counts, then)))

    def refreshed(
        self,
        family: int,
        bases: Sequence[int],
        claims: Sequence[Sequence[tuple[int, int]]],
        lost: int,
        value: Sequence[int],
        true_of: Sequence[int],
    ) -> tuple[list[int], int]:
        """Return a family's base masks now, from its record, and the bits of the usable bases
        whose mask changed; ``lost`` has the bits of the bases whose count changed since (the
        others kept their open claims, or hold a true one). ``claims[i]`` pairs each claim of
        base i with the bits of the covers holding it."""
        masks = list(self.masks[family])
        need = 0
        for i, a in enumerate(bases):
            if true_of[a]:
                masks[i] = 0
            elif lost >> i & 1:
                mask = _base_mask(claims[i], value)
                if mask != masks[i]:
                    masks[i] = mask
                    need |= 1 << i if mask else 0
        return masks, need

    def record(self, key: Hashable, masks: dict[int, list[int]]) -> None:
        """Note that a search of ``key`` found no move now; ``masks``: the families it read."""
        if key != self._key:
            self.masks.clear()
            self._key = key
        self._then = list(self.open_counts)
        self.masks.update(masks)

    def clear(self) -> None:
        """Forget every record (claims decided since may be open again)."""
        self._then = None
        self.masks.clear()
