"""Blockers: for each premise of a hint's step (a claim it used as false), what excludes it.

A single is told by what blocks the other claims of its axiom: a hidden single (lone ranger) by
the digit each other cell of the house sees, a naked single (lone cell) by the cell that holds
each other digit among its peers. The blockers are read from the step's premises and the state
the hint reads, never by solving again: a premise's cell may hold another digit, a peer may hold
the premise's digit, or else the player's marks (or an earlier deduction) crossed it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core._claims import FALSE, TRUE, Claim, claim_of
from ..core._shape import Shape

__all__ = ["Blocker", "blockers"]


class Blocker(NamedTuple):
    """A premise of a step (a claim already false) and the true claim that excludes it.

    ``by`` is a claim of the same cell (the cell holds another digit) or of a peer holding the
    premise's digit, whose shared house ``house`` names (None for the same cell); ``by`` is None
    when nothing placed excludes the premise (the marks or an earlier deduction removed it).

    >>> Blocker(Claim(3, 3, 8), Claim(1, 3, 8), "column 4").by.label()
    'r2c4=8'
    """

    premise: Claim
    by: Claim | None
    house: str | None


def _blocker(premise: Claim, shape: Shape, values: Sequence[int]) -> Blocker:
    """Return what excludes one false premise in a state (claim values by variable)."""
    n = shape.n
    cell = premise.row * n + premise.col
    for digit in range(1, n + 1):
        if digit != premise.digit and values[cell * n + digit] == TRUE:
            return Blocker(premise, claim_of(cell * n + digit, n), None)
    for house in shape.houses:
        if cell not in house.cells:
            continue
        for peer in house.cells:
            if peer != cell and values[peer * n + premise.digit] == TRUE:
                return Blocker(premise, claim_of(peer * n + premise.digit, n), house.title())
    return Blocker(premise, None, None)


def blockers(
    premises: Sequence[int], decided: Sequence[int], shape: Shape, values: Sequence[int]
) -> tuple[Blocker, ...]:
    """Return a blocker for each false premise (claim variable) of a step, in the step's order.

    Premises the step itself decides, and premises not false in ``values``, are left out.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.api._hint_moves import player_values
    >>> grid = parse_line("1.3..4..2...4..1")
    >>> found = blockers((5, 7, 8), (6,), grid.shape, player_values(grid, None))
    >>> [(b.premise.label(), b.by.label(), b.house) for b in found]
    [('r1c2=1', 'r1c1=1', 'row 1'), ('r1c2=3', 'r1c3=3', 'row 1'), ('r1c2=4', 'r2c2=4', 'column 2')]
    """
    n = shape.n
    skip = set(decided)
    return tuple(
        _blocker(claim_of(v, n), shape, values)
        for v in dict.fromkeys(premises)
        if v not in skip and values[v] == FALSE
    )
