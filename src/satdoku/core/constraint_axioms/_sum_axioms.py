"""A sum region's axioms: the digit-set table when it is small, else layered partial sums."""

from __future__ import annotations

from .._literal_axioms import HelperClaims, LiteralAxiom
from ._digit_sets import SET_LIMIT, digit_set_axioms, presence_axioms
from ._partial_sums import partial_sum_axioms
from ._sum_region import SumRegion

__all__ = ["sum_axioms"]


def sum_axioms(
    region: SumRegion, n: int, helpers: HelperClaims, set_limit: int = SET_LIMIT
) -> list[LiteralAxiom]:
    """Return axioms saying the region's digits sum to its total and (if distinct) never repeat.

    Distinct digits with at most ``set_limit`` digit sets get the digit-set table; more sets,
    or repeats allowed, get partial sums (plus "each digit at most once" when distinct).

    >>> region = SumRegion((0, 1), 3, "cage 3 over r1c1,r1c2", "killer cage", 0)
    >>> [a.literals for a in sum_axioms(region, 2, HelperClaims(2))]
    [(9,), (9, -10), (9, -11), (1, 3, -10), (2, 4, -11)]
    """
    if region.total is None:
        return _at_most_once(region, n, helpers) if len(region.cells) > 1 else []
    if region.distinct:
        table = digit_set_axioms(region, n, helpers, set_limit)
        if table is not None:
            return table
        return partial_sum_axioms(region, n, helpers) + _at_most_once(region, n, helpers)
    return partial_sum_axioms(region, n, helpers)


def _at_most_once(region: SumRegion, n: int, helpers: HelperClaims) -> list[LiteralAxiom]:
    presence = [helpers.new(region.helper_name(f"a {digit}")) for digit in range(1, n + 1)]
    return presence_axioms(region, n, presence)
