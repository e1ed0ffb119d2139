"""The digit-set table of a sum of distinct digits: one helper claim per set of digits it may hold.

A region of k cells with distinct digits summing to t holds exactly one of the k-sets of digits
that sum to t (``EO(sets)``); digit d is in the region (presence helper ``p_d``) exactly when
the chosen set has it (``EO({sets with d} ∪ {¬p_d})``) and then sits in exactly one of its
cells, else in none (``EO({x(c, d) for c} ∪ {¬p_d})``). On these axioms rules 1 and 2 do what
players do with a cage's combinations: a digit no set allows leaves every cell of the cage.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from .._literal_axioms import HelperClaims, LiteralAxiom
from ._sum_region import SumRegion

__all__ = ["SET_LIMIT", "digit_sets", "digit_set_axioms", "presence_axioms", "set_table_axioms"]

SET_LIMIT = 2000
"""The most digit sets a region is encoded with; past it, sums are encoded by partial sums."""


def digit_sets(size: int, total: int, n: int, low: int = 1) -> Iterator[tuple[int, ...]]:
    """Yield the sets of ``size`` distinct digits ``low..n`` summing to ``total``, ascending.

    Every branch of the search ends in a set (sums of k distinct digits of a run of whole
    numbers fill an interval), so the sets come at a steady pace however many there are.

    >>> list(digit_sets(2, 17, 9)), list(digit_sets(3, 7, 9)), list(digit_sets(2, 18, 9))
    ([(8, 9)], [(1, 2, 4)], [])
    """
    if size == 0:
        if total == 0:
            yield ()
        return
    smallest = size * low + size * (size - 1) // 2
    largest = size * n - size * (size - 1) // 2
    if not smallest <= total <= largest:
        return
    for first in range(low, n + 1):
        for rest in digit_sets(size - 1, total - first, n, first + 1):
            yield (first, *rest)


def presence_axioms(region: SumRegion, n: int, presence: Sequence[int]) -> list[LiteralAxiom]:
    """Return per digit: it sits in exactly one cell of the region when present, else in none.

    ``presence[d - 1]`` is the variable of the helper claim "the region holds a d"; left free,
    these axioms say only that no digit repeats.

    >>> region = SumRegion((0, 1), None, "cage over r1c1,r1c2", "killer cage", 0)
    >>> presence_axioms(region, 2, [9, 10])[0].literals
    (1, 3, -9)
    """
    return [
        LiteralAxiom(
            f"{region.name}: a {digit} in one cell or none",
            region.kind,
            (*(cell * n + digit for cell in region.cells), -presence[digit - 1]),
            region.source,
        )
        for digit in range(1, n + 1)
    ]


def digit_set_axioms(
    region: SumRegion, n: int, helpers: HelperClaims, limit: int = SET_LIMIT
) -> list[LiteralAxiom] | None:
    """Return the digit-set table of a region of distinct digits, or None past ``limit`` sets.

    >>> region = SumRegion((0, 1), 17, "cage 17 over r1c1,r1c2", "killer cage", 0)
    >>> helpers = HelperClaims(9)
    >>> found = digit_set_axioms(region, 9, helpers)
    >>> found[0].literals, helpers.names[0], helpers.names[9]
    ((730,), 'cage 17 over r1c1,r1c2 holds {8,9}', 'cage 17 over r1c1,r1c2 holds a 9')
    """
    if region.total is None:
        raise ValueError(f"{region.name} has no total: it has no digit sets")
    sets = list(islice(digit_sets(len(region.cells), region.total, n), limit + 1))
    if len(sets) > limit:
        return None
    return set_table_axioms(region, n, helpers, sets)


def set_table_axioms(
    region: SumRegion, n: int, helpers: HelperClaims, sets: Sequence[tuple[int, ...]]
) -> list[LiteralAxiom]:
    """Return the table of a region of distinct digits holding exactly one of ``sets``.

    >>> region = SumRegion((0, 1), None, "renban r1c1→r1c2", "renban", 0)
    >>> made = set_table_axioms(region, 3, HelperClaims(3), [(1, 2), (2, 3)])
    >>> made[0].literals, made[1].literals
    ((28, 29), (28, -30))
    """
    chosen = [helpers.new(region.helper_name("{" + ",".join(map(str, s)) + "}")) for s in sets]
    presence = [helpers.new(region.helper_name(f"a {digit}")) for digit in range(1, n + 1)]
    table = [
        LiteralAxiom(f"{region.name}: one set of digits", region.kind, tuple(chosen), region.source)
    ]
    for digit in range(1, n + 1):
        having = tuple(var for var, digits in zip(chosen, sets, strict=True) if digit in digits)
        table.append(
            LiteralAxiom(
                f"{region.name}: a {digit} exactly when its set has one",
                region.kind,
                (*having, -presence[digit - 1]),
                region.source,
            )
        )
    return table + presence_axioms(region, n, presence)
