"""A technique's step as a value: what it rests on, what it removes or places, and its SE rating.

Candidates are ``(cell, digit)`` pairs with cells numbered ``row*n + col``. A :class:`Node` is a
candidate or, for grouped chains, a digit in two or more cells of one house ("one of these
cells holds d"). Chains alternate strong links (at least one end true) and weak links (at most
one end true), starting and ending with a strong one, so one of the chain's two ends is true.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Advanced", "Node", "TechniqueStep", "length_penalty", "Candidate"]

Candidate = tuple[int, int]
"""A candidate as (cell, digit)."""


class Advanced(Enum):
    """A technique beyond set logic: its community name, its family (the rung) and SE base value.

    >>> Advanced.XY_WING.family, Advanced.XY_WING.se_base
    ('wings', 4.2)
    """

    XY_WING = "xy-wing"
    XYZ_WING = "xyz-wing"
    W_WING = "w-wing"
    SKYSCRAPER = "skyscraper"
    TWO_STRING_KITE = "2-string-kite"
    TURBOT_FISH = "turbot-fish"
    SIMPLE_COLOURING = "simple-colouring"
    X_CHAIN = "x-chain"
    XY_CHAIN = "xy-chain"
    AIC = "aic"
    UNIQUE_RECTANGLE_1 = "unique-rectangle-1"
    UNIQUE_RECTANGLE_2 = "unique-rectangle-2"
    UNIQUE_RECTANGLE_3 = "unique-rectangle-3"
    UNIQUE_RECTANGLE_4 = "unique-rectangle-4"
    BUG_PLUS_1 = "bug+1"
    CONTRADICTION_FORCING_CHAIN = "contradiction-forcing-chain"
    CELL_FORCING_CHAIN = "cell-forcing-chain"
    UNIT_FORCING_CHAIN = "unit-forcing-chain"
    NESTED_FORCING_CHAIN = "nested-forcing-chain"

    @property
    def family(self) -> str:
        """Return the rung of the ladder the technique belongs to."""
        return _FAMILY[self]

    @property
    def se_base(self) -> float:
        """Return the technique's value on Sudoku Explainer's scale before length penalties."""
        return _SE[self]

    @property
    def title(self) -> str:
        """Return the community name as words: ``XY-wing``, ``2-string kite``.

        >>> Advanced.UNIQUE_RECTANGLE_2.title, Advanced.BUG_PLUS_1.title
        ('unique rectangle type 2', 'BUG+1')
        """
        return _TITLES.get(self, self.value.replace("-", " "))


FAMILIES = ("wings", "single-digit", "uniqueness", "chains", "forcing", "nested")
"""The rungs beyond set logic, weakest first, as the ladder climbs them (Sudoku Explainer's
order: unique rectangles 4.5-5.0 and BUG+1 5.6 come before chains, 6.6 and up)."""

_FAMILY = {
    **dict.fromkeys((Advanced.XY_WING, Advanced.XYZ_WING, Advanced.W_WING), "wings"),
    **dict.fromkeys(
        (
            Advanced.SKYSCRAPER,
            Advanced.TWO_STRING_KITE,
            Advanced.TURBOT_FISH,
            Advanced.SIMPLE_COLOURING,
        ),
        "single-digit",
    ),
    **dict.fromkeys((Advanced.X_CHAIN, Advanced.XY_CHAIN, Advanced.AIC), "chains"),
    **dict.fromkeys(
        (
            Advanced.UNIQUE_RECTANGLE_1,
            Advanced.UNIQUE_RECTANGLE_2,
            Advanced.UNIQUE_RECTANGLE_3,
            Advanced.UNIQUE_RECTANGLE_4,
            Advanced.BUG_PLUS_1,
        ),
        "uniqueness",
    ),
    **dict.fromkeys(
        (
            Advanced.CONTRADICTION_FORCING_CHAIN,
            Advanced.CELL_FORCING_CHAIN,
            Advanced.UNIT_FORCING_CHAIN,
        ),
        "forcing",
    ),
    Advanced.NESTED_FORCING_CHAIN: "nested",
}

# Sudoku Explainer's values (its rules' getDifficulty): XY-wing 4.2, XYZ-wing 4.4, unique loops
# 4.5 (+0.1 per extra digit of a type 3), BUG 5.6; it has no W-wing, skyscraper, kite, turbot or
# colouring and finds them as chains: X-chains 6.6, chains of bivalue cells 6.6, mixed chains
# 7.0, each plus its length penalty; dynamic forcing chains 8.5, nested ones 9.5 and up.
_SE = {
    Advanced.XY_WING: 4.2,
    Advanced.XYZ_WING: 4.4,
    Advanced.W_WING: 7.0,
    Advanced.SKYSCRAPER: 6.6,
    Advanced.TWO_STRING_KITE: 6.6,
    Advanced.TURBOT_FISH: 6.6,
    Advanced.SIMPLE_COLOURING: 6.6,
    Advanced.X_CHAIN: 6.6,
    Advanced.XY_CHAIN: 6.6,
    Advanced.AIC: 7.0,
    Advanced.UNIQUE_RECTANGLE_1: 4.5,
    Advanced.UNIQUE_RECTANGLE_2: 4.5,
    Advanced.UNIQUE_RECTANGLE_3: 4.5,
    Advanced.UNIQUE_RECTANGLE_4: 4.5,
    Advanced.BUG_PLUS_1: 5.6,
    Advanced.CONTRADICTION_FORCING_CHAIN: 8.5,
    Advanced.CELL_FORCING_CHAIN: 8.5,
    Advanced.UNIT_FORCING_CHAIN: 8.5,
    Advanced.NESTED_FORCING_CHAIN: 9.5,
}

_TITLES = {
    Advanced.XY_WING: "XY-wing",
    Advanced.XYZ_WING: "XYZ-wing",
    Advanced.W_WING: "W-wing",
    Advanced.TWO_STRING_KITE: "2-string kite",
    Advanced.X_CHAIN: "X-chain",
    Advanced.XY_CHAIN: "XY-chain",
    Advanced.AIC: "alternating inference chain",
    **{Advanced(f"unique-rectangle-{k}"): f"unique rectangle type {k}" for k in range(1, 5)},
    Advanced.BUG_PLUS_1: "BUG+1",
}


def length_penalty(complexity: int) -> float:
    """Return Sudoku Explainer's length penalty of a chain of ``complexity`` nodes.

    No penalty up to 6 nodes; then 0.1 more each time the length passes 4, 6, 8, 10, 15,
    20, 30... (the bound grows by 3/2 and 4/3 in turn).

    >>> [length_penalty(k) for k in (4, 6, 7, 9, 12, 40)]
    [0.0, 0.0, 0.1, 0.2, 0.3, 0.7]
    """
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return round(added, 1)


@dataclass(frozen=True)
class Node:
    """A digit in one cell, or in a group of cells of one house (one of them holds it).

    >>> Node((3,), 5).cell, Node((3, 4), 5).grouped
    (3, True)
    """

    cells: tuple[int, ...]
    digit: int

    @property
    def cell(self) -> int:
        """Return the cell of a node of one cell."""
        return self.cells[0]

    @property
    def grouped(self) -> bool:
        """Tell whether the node spans several cells."""
        return len(self.cells) > 1


@dataclass(frozen=True)
class TechniqueStep:
    """One use of a technique: its premises, what it removes and places, and its SE rating.

    The premises depend on the technique: ``chain`` for the chains and wings that are chains
    (XY-wing, W-wing, skyscraper, kite, turbot fish, X-, XY-chains, AIC), ``cells`` and
    ``digits`` for patterns (XYZ-wing: pivot then pincers; unique rectangles: the four corners;
    BUG+1: the cell), ``links`` for simple colouring (its strong links, cell pairs), ``branches``
    for forcing chains (the candidates assumed in turn, each one's consequences following by
    rules 1 and 2, or by contradiction tests too when nested), ``house`` where a house matters.
    ``unique`` is True when the step holds only because the puzzle has one solution.

    >>> s = TechniqueStep(Advanced.XY_WING, ((5, 3),), chain=(Node((1,), 3), Node((1,), 1)))
    >>> s.family, s.se
    ('wings', 4.2)
    """

    technique: Advanced
    eliminated: tuple[Candidate, ...]
    placed: tuple[Candidate, ...] = ()
    chain: tuple[Node, ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    links: tuple[tuple[int, int], ...] = ()
    branches: tuple[Candidate, ...] = ()
    house: int | None = None
    complexity: int = 0

    @property
    def family(self) -> str:
        """Return the rung of the ladder the step belongs to."""
        return self.technique.family

    @property
    def unique(self) -> bool:
        """Tell whether the step rests on the puzzle having one solution."""
        return self.technique.family == "uniqueness"

    @property
    def se(self) -> float:
        """Return the step's value on Sudoku Explainer's scale (base value plus length penalty)."""
        base = self.technique.se_base
        if self.technique is Advanced.UNIQUE_RECTANGLE_3:
            base += 0.1 * max(0, len(self.digits) - 3)
        if self.technique.family in ("chains", "single-digit", "forcing", "nested"):
            base += length_penalty(self.complexity or len(self.chain))
        if self.technique is Advanced.W_WING:
            base += length_penalty(len(self.chain))
        return round(base, 1)
