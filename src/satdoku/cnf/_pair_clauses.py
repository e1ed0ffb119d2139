"""Two-cell rules (a ``<`` sign, an Adjacent mark, a two-cell Keen cage) as clauses over claims.

The pairs of digits a rule allows come from its table (:data:`satdoku.core.constraint_axioms.
TABLES`, the rows its axioms are made of). With each cell holding exactly one digit, the rule is
stated per cell a, its partner b and digit d by whichever is shorter: the support clause
``a=d → b ∈ S`` (S the partner's digits allowed with d), or the binary clauses ``¬(a=d ∧ b=e)``
for the digits e not in S. No helper claims: the stepper keeps the tables' axioms.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.constraint_axioms._tables import Filling

__all__ = ["pair_clauses"]


def pair_clauses(cells: Sequence[int], rows: Sequence[Filling], n: int) -> list[list[int]]:
    """Return clauses over claims whose models hold exactly the allowed pairs of two cells' digits.

    >>> pair_clauses((0, 1), [(1, 2)], 2)  # r1c1 < r1c2 on a 2x2 grid
    [[-1, 4], [-2], [-3], [-4, 1]]
    >>> pair_clauses((0, 1), [(1, 2), (2, 1), (2, 3), (3, 2)], 3)  # differ by one, 3x3
    [[-1, 5], [-2, -5], [-3, 5], [-4, 2], [-6, 2]]
    """
    clauses: list[list[int]] = []
    forbidden: set[tuple[int, int]] = set()
    digits = range(1, n + 1)
    for position, cell in enumerate(cells):
        partner = cells[1 - position]
        allowed: dict[int, set[int]] = {d: set() for d in digits}
        for row in rows:
            allowed[row[position]].add(row[1 - position])
        for digit, supports in allowed.items():
            claim = cell * n + digit  # claims.variable: row*n*n + col*n + digit
            if len(supports) <= n - len(supports):
                clauses.append([-claim, *(partner * n + e for e in sorted(supports))])
                continue
            for e in digits:
                other = partner * n + e
                if e not in supports and (other, claim) not in forbidden:
                    forbidden.add((claim, other))
                    clauses.append([-claim, -other])
    return clauses
