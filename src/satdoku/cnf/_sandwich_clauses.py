"""A sandwich clue's compact clauses: where its crusts stand, which digits lie between, and the
sets of digits that make its sum.

The SAT path's (``compact``) encoding of :class:`~satdoku.core.constraints.Sandwich`; the
stepper and ``satdoku dimacs`` keep the clue's automaton. The clue's line is a row or a column,
so it holds every digit once: the digits between the crusts (1 and n) are a set of the digits
2..n-1 whose sum is the clue, and as many cells as that set has digits lie between. Auxiliary
variables, each defined by its clauses: per position k of the line, "a crust stands before k",
"both crusts stand before k or at k" and "cell k lies between the crusts"; per digit d of
2..n-1, "d lies between the crusts" (the cell holding d lies between); per set of those digits
whose sum is the clue, "these are the digits between" (one of them holds, and a digit lies
between exactly when a set that holds has it); per size of those sets, "the crusts stand that
size plus one apart" (implied by each set of the size). A clue with more sets than
:data:`SANDWICH_SETS` (or on a grid smaller than 3×3) gets no clauses here: its automaton's
axioms state it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.constraints import Sandwich
from ._encodings import AuxiliaryVariables

__all__ = ["SANDWICH_SETS", "sandwich_clauses", "sandwich_fits"]

SANDWICH_SETS = 2000
"""The most sets of digits a clue's sum may have for these clauses (9×9: at most 12)."""


def _sets(digits: range, total: int) -> Iterator[tuple[int, ...]]:
    """Yield the sets of the digits (rising) whose sum is the total."""
    if total == 0:
        yield ()
        return
    for i, digit in enumerate(digits):
        if digit > total:
            return
        for rest in _sets(digits[i + 1 :], total - digit):
            yield (digit, *rest)


def _count(digits: range, total: int) -> int:
    """Return how many sets of the digits have the total as their sum."""
    ways = [1] + [0] * total
    for digit in digits:
        for held in range(total, digit - 1, -1):
            ways[held] += ways[held - digit]
    return ways[total] if total >= 0 else 0


def sandwich_fits(rule: Sandwich, n: int) -> bool:
    """Tell whether these clauses state the clue: a grid of 3×3 or more, and no more than
    :data:`SANDWICH_SETS` sets of digits for its sum.

    >>> from satdoku.core.constraints import Side
    >>> sandwich_fits(Sandwich(Side.TOP, 0, 35), 9), sandwich_fits(Sandwich(Side.TOP, 0, 0), 2)
    (True, False)
    """
    return n >= 3 and _count(range(2, n), rule.total) <= SANDWICH_SETS


def sandwich_clauses(rule: Sandwich, n: int, aux: AuxiliaryVariables) -> list[list[int]]:
    """Return a sandwich clue's clauses over its line's claims and new auxiliary variables
    (the clue must fit: :func:`sandwich_fits`).

    >>> from satdoku.core.constraints import Side
    >>> aux = AuxiliaryVariables(27)
    >>> made = sandwich_clauses(Sandwich(Side.LEFT, 0, 2), 3, aux)  # 1 2 3 or 3 2 1 on row 1
    >>> len(made), aux.top
    (41, 37)
    """
    if not sandwich_fits(rule, n):
        raise ValueError(f"a sandwich clue past the sets these clauses take: {rule}")
    inner = range(2, n)
    cells = rule.cells(n)

    def crusts(k: int) -> list[int]:
        return [cells[k] * n + 1, cells[k] * n + n]

    made: list[list[int]] = []
    before = [0] + [aux.fresh() for _ in range(n)]  # before[k]: a crust at a position < k
    for k in range(n):
        earlier = [before[k]] if k else []
        made.append([-before[k + 1], *earlier, *crusts(k)])
        made += ([before[k + 1], -lit] for lit in [*earlier, *crusts(k)])
    both = [0] * (n + 1)  # both[k]: both crusts at positions < k (k >= 2)
    for k in range(1, n):
        both[k + 1] = aux.fresh()
        earlier = [both[k]] if k > 1 else []
        made += [[-both[k + 1], *earlier, before[k]], [-both[k + 1], *earlier, *crusts(k)]]
        made += ([both[k + 1], -lit] for lit in earlier)
        made += ([both[k + 1], -before[k], -crust] for crust in crusts(k))
    between = [0] * n
    for k in range(1, n):
        between[k] = aux.fresh()
        made += [[-between[k], before[k]], [-between[k], -both[k + 1]]]
        made.append([between[k], -before[k], both[k + 1]])
    inside = {digit: aux.fresh() for digit in inner}
    for digit, held in inside.items():
        made.append([-(cells[0] * n + digit), -held])
        for k in range(1, n):
            claim = cells[k] * n + digit
            made += [[-claim, -held, between[k]], [-claim, held, -between[k]]]
    sets = list(_sets(inner, rule.total))
    if not sets:  # the clue cannot hold
        never = aux.fresh()
        return [[never], [-never]]
    chosen = [aux.fresh() for _ in sets]
    made.append(chosen)
    for digit, held in inside.items():
        made.append([-held, *(c for c, s in zip(chosen, sets, strict=True) if digit in s)])
        made += ([-c, held if digit in s else -held] for c, s in zip(chosen, sets, strict=True))
    for size in sorted({len(s) for s in sets}):
        apart = aux.fresh()
        made += ([-c, apart] for c, s in zip(chosen, sets, strict=True) if len(s) == size)
        for k in range(n):
            for crust, other in ((1, n), (n, 1)):
                partners = [
                    cells[j] * n + other for j in (k - size - 1, k + size + 1) if 0 <= j < n
                ]
                made.append([-apart, -(cells[k] * n + crust), *partners])
    return made
