"""Set logic over axioms of any form: k disjoint axioms whose open literals lie in k others.

Each of k disjoint *base* axioms has exactly one true literal, and all their open literals lie
in the union of k *cover* axioms; no cover holds two true literals, so the k covers' true
literals are the bases' and every other open literal of the covers is false. The search looks
at k = 1 (a base inside one cover) and k = 2, bases of at most :data:`BASE_LIMIT` open literals,
so it stays cheap on the thousands of axioms a cage puzzle has.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core._claims import UNKNOWN
from ._literal_propagation import LiteralPropagator

__all__ = ["LiteralMove", "find_literal_move", "BASE_LIMIT", "MAX_LITERAL_SIZE"]

BASE_LIMIT = 4
"""The most open literals a base axiom may have for the search to try it."""

MAX_LITERAL_SIZE = 2
"""The largest k the search looks for."""


class LiteralMove(NamedTuple):
    """One use of set logic: base and cover axioms (by index), what is false and why.

    ``eliminated`` are the covers' open literals outside the bases (now false); ``because`` are
    the negations of the bases' false literals, which is why their open literals lie in the
    covers.
    """

    bases: tuple[int, ...]
    covers: tuple[int, ...]
    eliminated: tuple[int, ...]
    because: tuple[int, ...]

    @property
    def size(self) -> int:
        """Return k, the number of bases."""
        return len(self.bases)


def _open_axioms(p: LiteralPropagator) -> list[int]:
    """Return the axioms with no true literal and 2 to BASE_LIMIT open literals, in order."""
    true_of, open_ = p.true_of, p.open
    return [a for a in range(len(open_)) if not true_of[a] and 2 <= open_[a] <= BASE_LIMIT]


def _move(p: LiteralPropagator, bases: tuple[int, ...], covers: tuple[int, ...]) -> LiteralMove:
    """Return the move of some bases and covers whose eliminations are known to be some."""
    inside = {u for b in bases for u in p.open_literals(b)}
    eliminated = tuple(
        dict.fromkeys(u for c in covers for u in p.open_literals(c) if u not in inside)
    )
    truth = p.truth
    because = tuple(-u for b in bases for u in p.members[b] if truth[u] != UNKNOWN)
    return LiteralMove(bases, covers, eliminated, because)


def _single(p: LiteralPropagator, base: int, inside: list[int]) -> LiteralMove | None:
    """Find a cover holding every open literal of a base and another open literal (k = 1)."""
    watch, true_of = p.watch, p.true_of
    covers = set(watch[inside[0]])
    for literal in inside[1:]:
        covers.intersection_update(watch[literal])
    covers.discard(base)
    for cover in sorted(covers):
        if not true_of[cover] and p.open[cover] > len(inside):
            return _move(p, (base,), (cover,))
    return None


def _covering(p: LiteralPropagator, literals: list[int], skip: set[int]) -> set[int]:
    """Return the axioms with no true literal holding every one of some literals."""
    watch, true_of = p.watch, p.true_of
    found = set(watch[literals[0]])
    for literal in literals[1:]:
        found.intersection_update(watch[literal])
    return {a for a in found if not true_of[a]} - skip


def _double(p: LiteralPropagator, base: int, inside: list[int]) -> LiteralMove | None:
    """Find a second base and two covers holding both bases' open literals and another (k = 2)."""
    watch, true_of, open_ = p.watch, p.true_of, p.open
    first = set(inside)
    for cover1 in sorted(set(watch[inside[0]]) - {base}):
        if true_of[cover1]:
            continue
        in_cover1 = set(p.open_literals(cover1))
        rest = [u for u in inside if u not in in_cover1]
        if not rest:
            continue  # the base lies in one cover: a move of k = 1 if any
        for cover2 in sorted(_covering(p, rest, {base, cover1})):
            union = in_cover1.union(p.open_literals(cover2))
            outside = union - first
            tried: set[int] = {base, cover1, cover2}
            for literal in sorted(outside):
                for base2 in watch[literal]:
                    if base2 in tried:
                        continue
                    tried.add(base2)
                    if true_of[base2] or not 2 <= open_[base2] <= BASE_LIMIT:
                        continue
                    second = set(p.open_literals(base2))
                    if second & first or not second <= union:
                        continue
                    if outside - second:
                        return _move(p, (base, base2), (cover1, cover2))
    return None


def find_literal_move(p: LiteralPropagator, max_size: int = MAX_LITERAL_SIZE) -> LiteralMove | None:
    """Return the first set-logic move of the smallest size up to ``max_size``, or None.

    >>> from satdoku.core._literal_axioms import LiteralAxiom
    >>> axioms = [LiteralAxiom("a", "x", (1, 2)), LiteralAxiom("b", "x", (1, 2, 3))]
    >>> p = LiteralPropagator(axioms, 3)
    >>> find_literal_move(p)
    LiteralMove(bases=(0,), covers=(1,), eliminated=(3,), because=())
    """
    bases = _open_axioms(p)
    for size, search in ((1, _single), (2, _double)):
        if size > max_size:
            break
        for base in bases:
            move = search(p, base, p.open_literals(base))
            if move is not None:
                return move
    return None
