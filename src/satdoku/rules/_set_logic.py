"""Set logic, the third rule: k disjoint axioms whose open claims lie in k other axioms.

If k disjoint *base* axioms (each has exactly one true claim) have all their open claims inside
the union of k *cover* axioms, the covers' k true claims are used up by the bases, so every other
open claim of the covers is false. The rule reads only the axioms, so it works unchanged on any
shape; the search is bounded by looking in *families*: a set of candidate bases and a set of
candidate covers taken from the axioms, where each claim of a base lies in a known set of covers.

* naked: the cell axioms of one house's cells, covered by that house's digit axioms (naked pair,
  triple, quad);
* hidden: one house's digit axioms, covered by the cell axioms of its cells (hidden subsets; the
  the rule set's twins are the hidden pair);
* fish: one digit's axioms over houses of one kind, covered by that digit's axioms over houses of
  another kind: locked candidates (k = 1, pointing and claiming), X-wing, swordfish, jellyfish
  (rows and columns), and their franken forms (boxes, regions or diagonals among the houses).

Claims are DIMACS variables; a state is a list of claim values (``core.claims``) with, per axiom,
its true claim or 0, as :class:`satdoku.rules._propagator.Propagator` keeps them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from ..core._axioms import Axiom, axioms
from ..core._claims import UNKNOWN
from ..core._shape import Shape
from ..core.constraints import cell_name
from ._quiet_families import QuietFamilies
from ._set_choices import Choices, choices_of_size
from ._strategies import Technique

__all__ = ["Family", "SetMove", "families", "find_move", "MAX_SIZE"]

MAX_SIZE = 4
"""The largest k the search looks for (jellyfish, quads)."""

_NAKED = {2: Technique.NAKED_PAIR, 3: Technique.NAKED_TRIPLE, 4: Technique.NAKED_QUAD}
_HIDDEN = {2: Technique.HIDDEN_PAIR, 3: Technique.HIDDEN_TRIPLE, 4: Technique.HIDDEN_QUAD}
_FISH = {2: Technique.X_WING, 3: Technique.SWORDFISH, 4: Technique.JELLYFISH}
_FRANKEN = {
    2: Technique.FRANKEN_X_WING,
    3: Technique.FRANKEN_SWORDFISH,
    4: Technique.FRANKEN_JELLYFISH,
}
_AREAS = ("box", "region")
"""House kinds that are areas rather than lines: a fish from one to a line is pointing."""


class Family(NamedTuple):
    """Candidate bases and covers of one kind, with each base claim's covers as a bit mask.

    ``base_claims[i]`` pairs each claim variable of base i with the bits of the covers holding
    it; ``cover_claims[j]`` pairs each claim of cover j with the bits of the bases holding it.
    ``labels`` name the bases and covers for people (``r1c2`` or a house title);
    ``techniques[k]`` is the strategy a move of size k is (None: not looked for); ``clashes[i]``
    has the bits of the bases sharing a claim with base i (diagonals cross), never chosen with it.

    >>> fam = families(Shape.sudoku(4))[0]
    >>> fam.kind, fam.base_labels[:2], fam.cover_labels[:2], fam.techniques[2].value
    ('naked', ('r1c1', 'r1c2'), ('row 1', 'row 1'), 'naked-pair')
    """

    kind: str
    bases: tuple[int, ...]
    covers: tuple[int, ...]
    base_claims: tuple[tuple[tuple[int, int], ...], ...]
    cover_claims: tuple[tuple[tuple[int, int], ...], ...]
    base_labels: tuple[str, ...]
    cover_labels: tuple[str, ...]
    digits: tuple[int, ...]
    techniques: tuple[Technique | None, ...]
    clashes: tuple[int, ...]


class SetMove(NamedTuple):
    """One use of set logic: the technique, the k bases and k covers, what is false and why.

    ``eliminated`` are the covers' open claims outside the bases (now false); ``because`` are the
    bases' claims outside the covers, all false already, which is why the bases' open claims lie
    in the covers. ``kind`` is ``naked``, ``hidden``, ``pointing``, ``claiming`` or ``fish``;
    ``digits`` the digits concerned; the labels name the bases and covers for people.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import Propagator
    >>> grid = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
    >>> p = Propagator(Shape.sudoku(9))
    >>> _ = list(p.givens(parse_line(grid))), list(p.propagate())
    >>> move = find_move(p.shape, p.value, p.true_of, {Technique.X_WING})
    >>> move.technique.value, move.base_labels, move.cover_labels, move.digits, move.eliminated
    ('x-wing', ('row 8', 'row 9'), ('column 2', 'column 5'), (7,), (340,))
    """

    technique: Technique
    bases: tuple[Axiom, ...]
    covers: tuple[Axiom, ...]
    eliminated: tuple[int, ...]
    because: tuple[int, ...]
    kind: str
    digits: tuple[int, ...]
    base_labels: tuple[str, ...]
    cover_labels: tuple[str, ...]

    @property
    def size(self) -> int:
        """Return k, the number of bases (and of covers)."""
        return len(self.bases)


def _family(
    kind: str,
    bases: Sequence[int],
    covers: Sequence[int],
    members: Sequence[Sequence[int]],
    labels: tuple[tuple[str, ...], tuple[str, ...]],
    digits: tuple[int, ...],
    techniques: tuple[Technique | None, ...],
) -> Family:
    cover_bit: dict[int, int] = {}
    for j, a in enumerate(covers):
        for v in members[a]:
            cover_bit[v] = cover_bit.get(v, 0) | 1 << j
    base_bit: dict[int, int] = {}
    for i, a in enumerate(bases):
        for v in members[a]:
            base_bit[v] = base_bit.get(v, 0) | 1 << i
    clashes = [0] * len(bases)
    for i, a in enumerate(bases):
        for v in members[a]:
            clashes[i] |= base_bit[v] & ~(1 << i)
    return Family(
        kind,
        tuple(bases),
        tuple(covers),
        tuple(tuple((v, cover_bit.get(v, 0)) for v in members[a]) for a in bases),
        tuple(tuple((v, base_bit.get(v, 0)) for v in members[a]) for a in covers),
        labels[0],
        labels[1],
        digits,
        techniques,
        tuple(clashes),
    )


@lru_cache(maxsize=32)
def families(shape: Shape) -> tuple[Family, ...]:
    """Return the families searched on a shape: naked, hidden, then fish (lines before franken).

    Axiom indices are those of :func:`satdoku.core._axioms.axioms` (cells first, then each
    house's digits).

    >>> len(families(Shape.sudoku(9))), len(families(Shape.latin(5)))
    (108, 30)
    """
    n = shape.n
    members = [a.variables for a in axioms(shape)]
    houses = shape.houses
    first = n * n  # the index of house 0's digit-1 axiom

    def digit_axiom(h: int, d: int) -> int:
        return first + h * n + d - 1

    found: list[Family] = []
    naked = (None, None, *_NAKED.values())
    hidden = (None, None, *_HIDDEN.values())
    digits = tuple(range(1, n + 1))
    labelled = [  # per house: its cells' labels, its title once per digit
        (house, tuple(cell_name(c, n) for c in house.cells), (house.title(),) * n)
        for house in houses
    ]
    for h, (house, cells, title) in enumerate(labelled):  # every naked family, then every hidden
        of_digits = [digit_axiom(h, d) for d in digits]
        found.append(
            _family("naked", house.cells, of_digits, members, (cells, title), digits, naked)
        )
    for h, (house, cells, title) in enumerate(labelled):
        of_digits = [digit_axiom(h, d) for d in digits]
        found.append(
            _family("hidden", of_digits, house.cells, members, (title, cells), digits, hidden)
        )
    kinds = list(dict.fromkeys(h.kind for h in houses))
    pairs = [(b, c) for b in kinds for c in kinds if b != c]
    pairs.sort(key=lambda p: not ({p[0], p[1]} <= {"row", "column"}))  # rows and columns first
    for base_kind, cover_kind in pairs:
        base_h = [h for h, house in enumerate(houses) if house.kind == base_kind]
        cover_h = [h for h, house in enumerate(houses) if house.kind == cover_kind]
        overlap = max(
            len(set(houses[b].cells) & set(houses[c].cells)) for b in base_h for c in cover_h
        )
        lines = {base_kind, cover_kind} <= {"row", "column"}
        locked = Technique.LOCKED_CANDIDATES if overlap > 1 else None
        fish = (None, locked, *(_FISH if lines else _FRANKEN).values())
        kind = "fish"
        if base_kind in _AREAS and cover_kind not in _AREAS:
            kind = "pointing"
        elif cover_kind in _AREAS and base_kind not in _AREAS:
            kind = "claiming"
        labels = (
            tuple(houses[h].title() for h in base_h),
            tuple(houses[h].title() for h in cover_h),
        )
        for d in range(1, n + 1):
            found.append(
                _family(
                    kind,
                    [digit_axiom(h, d) for h in base_h],
                    [digit_axiom(h, d) for h in cover_h],
                    members,
                    labels,
                    (d,),
                    fish,
                )
            )
    return tuple(found)


def _base_masks(family: Family, value: Sequence[int], true_of: Sequence[int]) -> list[int]:
    """Return per base the bits of the covers holding its open claims (0: not a usable base)."""
    masks = []
    for a, claims in zip(family.bases, family.base_claims, strict=True):
        mask = 0
        if not true_of[a]:
            for v, bits in claims:
                if value[v] == UNKNOWN:
                    if not bits:
                        mask = 0
                        break
                    mask |= bits
        masks.append(mask)
    return masks


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _move(
    family: Family,
    k: int,
    chosen: int,
    union: int,
    value: Sequence[int],
    shape: Shape,
) -> SetMove | None:
    """Return the move of these bases and covers, or None when it makes nothing false."""
    eliminated: dict[int, None] = {}
    for j in _bits(union):
        for v, bits in family.cover_claims[j]:
            if not bits & chosen and value[v] == UNKNOWN:
                eliminated[v] = None
    if not eliminated:
        return None
    base_idx, cover_idx = _bits(chosen), _bits(union)
    because = sorted(v for i in base_idx for v, bits in family.base_claims[i] if not bits & union)
    technique = family.techniques[k]
    assert technique is not None
    if family.kind == "naked":
        digits = tuple(family.digits[j] for j in cover_idx)
    elif family.kind == "hidden":
        digits = tuple(family.digits[i] for i in base_idx)
    else:
        digits = family.digits
    all_axioms = axioms(shape)
    return SetMove(
        technique,
        tuple(all_axioms[family.bases[i]] for i in base_idx),
        tuple(all_axioms[family.covers[j]] for j in cover_idx),
        tuple(sorted(eliminated)),
        tuple(because),
        family.kind,
        digits,
        tuple(family.base_labels[i] for i in base_idx),
        tuple(family.cover_labels[j] for j in cover_idx),
    )


def find_move(
    shape: Shape,
    value: Sequence[int],
    true_of: Sequence[int],
    techniques: Collection[Technique],
    most: int = MAX_SIZE,
    quiet: QuietFamilies | None = None,
) -> SetMove | None:
    """Return a set-logic move of the chosen techniques that makes a claim false, smallest k first.

    ``value`` holds each claim's value (index = variable), ``true_of`` each axiom's true claim
    (0: none). Among moves of one size, naked before hidden before fish, houses in order.
    ``quiet`` (kept by the caller across calls on a state whose claims only get decided, its
    counts those of the state's axioms): after a search that found nothing, only families with
    a base whose count of claims not false changed are read, and of those only the choices
    holding a base whose mask changed are tried (:mod:`satdoku.rules._quiet_families`: the
    others still make nothing false), so the move found is the one the full search finds.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import Propagator
    >>> grid = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
    >>> p = Propagator(Shape.sudoku(9))
    >>> _ = list(p.givens(parse_line(grid))), list(p.propagate())
    >>> move = find_move(p.shape, p.value, p.true_of, set(Technique))
    >>> move.technique.value, move.kind, move.base_labels, move.cover_labels, move.digits
    ('locked-candidates', 'claiming', ('column 3',), ('box 4',), (7,))
    >>> find_move(p.shape, p.value, p.true_of, {Technique.NAKED_QUAD}).base_labels
    ('r4c7', 'r4c9', 'r6c8', 'r6c9')
    """
    all_families = families(shape)
    key = (frozenset(techniques), most)
    sizes = _sizes(shape, *key)
    changed = None if quiet is None else quiet.changed(key)
    lost: dict[int, int] = {}  # per family, the bits of its bases whose count changed
    if changed is None:
        order: Sequence[int] = range(len(all_families))
    else:  # only a family with a base that lost a claim may have a move
        of_base = _families_of_bases(shape)
        for a in changed:
            for index, bit in of_base[a]:
                lost[index] = lost.get(index, 0) | bit
        order = sorted(lost)
    searched: dict[int, Choices | list[tuple[int, int]] | None] = {}  # None: no move
    raw: dict[int, list[int]] = {}
    for k in range(1, most + 1):
        for index in order:
            if k not in sizes[index]:
                continue
            family = all_families[index]
            if index not in searched:
                searched[index] = None
                if quiet is None or changed is None:
                    base, need = _base_masks(family, value, true_of), 0
                else:
                    claims = family.base_claims
                    base, need = quiet.refreshed(
                        index, family.bases, claims, lost[index], value, true_of
                    )
                raw[index] = base
                if changed is None or need:
                    usable = [(i, m) for i, m in enumerate(base) if m]
                    searched[index] = usable
                    if need:
                        searched[index] = Choices(usable, most, family.clashes, need)
            entry = searched[index]
            if entry is None:
                continue
            if isinstance(entry, Choices):
                found: Iterable[tuple[int, int]] = entry.of_size(k)
            else:  # a full search: size by size, as the first moves are often small
                found = choices_of_size(entry, k, family.clashes)
            for chosen, union in found:
                move = _move(family, k, chosen, union, value, shape)
                if move is not None:
                    return move
    if quiet is not None:
        quiet.record(key, raw)
    return None


@lru_cache(maxsize=64)
def _sizes(shape: Shape, wanted: frozenset[Technique], most: int) -> tuple[frozenset[int], ...]:
    """Return per family the sizes k <= most find_move looks for in it."""
    return tuple(
        frozenset(k for k in range(1, most + 1) if family.techniques[k] in wanted)
        for family in families(shape)
    )


@lru_cache(maxsize=32)
def _families_of_bases(shape: Shape) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Return per axiom the (family index, base bit) of each family it is a base of."""
    of_base: list[list[tuple[int, int]]] = [[] for _ in axioms(shape)]
    for index, family in enumerate(families(shape)):
        for i, a in enumerate(family.bases):
            of_base[a].append((index, 1 << i))
    return tuple(tuple(x) for x in of_base)
