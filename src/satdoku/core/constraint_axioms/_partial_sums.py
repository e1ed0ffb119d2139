"""Layered partial sums: a sum of digits (repeats allowed) as exactly-one axioms over helpers.

The helper claim ``L(i, v)`` says "the region's first i cells sum to v" (for the first cell it
is the claim itself) and ``T(i, u, d)`` says "the first i-1 cells sum to u and cell i holds d".
Each layer has one sum; a step's transition is chosen by the sum before it (one per ``u``), by
the cell's digit (one per ``d``), and chooses the sum after it (one per ``v``); the last step
reaches only the total. Sums no cell can still turn into the total are left out.
"""

from __future__ import annotations

from collections import defaultdict

from .._literal_axioms import HelperClaims, LiteralAxiom
from ..constraints._cell_names import cell_name
from ._sum_region import SumRegion

__all__ = ["partial_sum_axioms", "sum_range"]


def sum_range(i: int, size: int, total: int, n: int) -> range:
    """Return the sums of a region's first ``i`` of ``size`` cells that can still reach the total.

    >>> sum_range(1, 2, 17, 9), sum_range(2, 3, 5, 9)
    (range(8, 10), range(2, 5))
    """
    rest = size - i
    return range(max(i, total - rest * n), min(i * n, total - rest) + 1)


def partial_sum_axioms(region: SumRegion, n: int, helpers: HelperClaims) -> list[LiteralAxiom]:
    """Return axioms that say the region's digits sum to its total (repeats left to others).

    >>> region = SumRegion((0, 3), 3, "r1c1,r2c2 sum to 3", "45 rule", None, False)
    >>> [axiom.literals for axiom in partial_sum_axioms(region, 2, HelperClaims(2))[:2]]
    [(1, 2), (9, -1)]
    """
    cells, total = region.cells, region.total
    if total is None:
        raise ValueError(f"{region.name} has no total: it is no sum")
    size = len(cells)

    def axiom(name: str, literals: list[int]) -> LiteralAxiom:
        return LiteralAxiom(f"{region.name}: {name}", region.kind, tuple(literals), region.source)

    first = cells[0] * n
    sums = {v: first + v for v in sum_range(1, size, total, n)}  # L(1, v) is "cell 1 holds v"
    found = [axiom("its first cell holds one possible digit", list(sums.values()))]
    for i in range(2, size + 1):
        cell = cells[i - 1]
        after = sum_range(i, size, total, n)
        steps: dict[int, list[int]] = defaultdict(list)  # per sum before
        digits: dict[int, list[int]] = defaultdict(list)  # per digit of the cell
        reaching: dict[int, list[int]] = defaultdict(list)  # per sum after
        for before in sums:
            for digit in range(1, n + 1):
                if before + digit in after:
                    step = helpers.new(
                        f"{region.name}: its first {i - 1} cells sum to {before}, "
                        f"{cell_name(cell, n)} holds {digit}"
                    )
                    steps[before].append(step)
                    digits[digit].append(step)
                    reaching[before + digit].append(step)
        found += [
            axiom(f"its first {i - 1} cells sum to {before} by one step", [*steps[before], -var])
            for before, var in sums.items()
        ]
        found += [
            axiom(
                f"{cell_name(cell, n)} holds {digit} in one step",
                [*digits[digit], -cell * n - digit],
            )
            for digit in range(1, n + 1)
        ]
        if i == size:
            found.append(axiom(f"its cells sum to {total} in one way", reaching[total]))
            break
        sums = {v: helpers.new(f"{region.name}: its first {i} cells sum to {v}") for v in after}
        found.append(axiom(f"its first {i} cells have one sum", list(sums.values())))
        found += [
            axiom(f"its first {i} cells sum to {v} by one step", [*reaching[v], -var])
            for v, var in sums.items()
        ]
    return found
