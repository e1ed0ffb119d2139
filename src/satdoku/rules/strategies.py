"""Human strategies as named views of the two rules, rule sets, and the twins finder.

Elimination is rule 1; lone cell is rule 2 on a cell axiom; lone ranger is rule 2 on a house
axiom; twins (two digits confined to the same two cells of a house) is an extra rule beyond the
two, off by default.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import Enum
from typing import NamedTuple

from ..core.errors import InputError

__all__ = [
    "Technique",
    "RuleSet",
    "RULES_1",
    "RULES_1_2",
    "RULES_ALL",
    "LADDER",
    "parse_rules",
    "rules_label",
    "Twin",
    "find_twins",
]


class Technique(Enum):
    """A human strategy, and which rule it is a view of.

    >>> Technique("lone-ranger").rule
    2
    """

    ELIMINATION = "elimination"
    LONE_CELL = "lone-cell"
    LONE_RANGER = "lone-ranger"
    TWINS = "twins"

    @property
    def rule(self) -> int | str:
        """Return the rule of the stepper this strategy applies: 1, 2 or ``"twins"``."""
        return {"elimination": 1, "lone-cell": 2, "lone-ranger": 2}.get(self.value, "twins")

    def describe(self) -> str:
        """Say what the strategy does, in words.

        >>> Technique.LONE_CELL.describe()
        'rule 2 on a cell axiom: a cell with one candidate left holds it'
        """
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    Technique.ELIMINATION: "rule 1: a true claim makes every other claim of its axioms false",
    Technique.LONE_CELL: "rule 2 on a cell axiom: a cell with one candidate left holds it",
    Technique.LONE_RANGER: "rule 2 on a house axiom: a digit with one place left in a house "
    "goes there",
    Technique.TWINS: "two digits confined to the same two cells of a house leave no room there "
    "for other digits",
}

RuleSet = frozenset[Technique]
"""A set of strategies the stepper may use."""

RULES_1: RuleSet = frozenset({Technique.ELIMINATION})
"""Rule 1 alone: crossing out the neighbourhood of every true claim."""

RULES_1_2: RuleSet = frozenset({Technique.ELIMINATION, Technique.LONE_CELL, Technique.LONE_RANGER})
"""The two rules: the default, and exactly unit propagation on the extended encoding."""

RULES_ALL: RuleSet = RULES_1_2 | {Technique.TWINS}
"""The two rules and twins."""

LADDER: tuple[RuleSet, ...] = (
    RULES_1,
    frozenset({Technique.ELIMINATION, Technique.LONE_CELL}),
    RULES_1_2,
    RULES_ALL,
)
"""Rule sets from weakest to strongest, by which puzzles are rated."""

_ALIASES: dict[str, RuleSet] = {
    "1": RULES_1,
    "2": frozenset({Technique.LONE_CELL, Technique.LONE_RANGER}),
    "all": RULES_ALL,
    **{t.value: frozenset({t}) for t in Technique},
    **{t.value.replace("-", "_"): frozenset({t}) for t in Technique},
    **{t.value.replace("-", ""): frozenset({t}) for t in Technique},
}


def parse_rules(text: str) -> RuleSet:
    """Parse a comma-separated rule set of ``1``, ``2``, ``elimination``, ``lone-cell``,
    ``lone-ranger``, ``twins``, ``all``.

    >>> sorted(t.value for t in parse_rules("1,2,twins"))
    ['elimination', 'lone-cell', 'lone-ranger', 'twins']
    >>> parse_rules("3")
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: unknown rule '3': expected a comma-separated list of 1, 2, ...
    """
    rules: set[Technique] = set()
    for part in text.replace("+", ",").split(","):
        name = part.strip().lower()
        if not name:
            continue
        if name not in _ALIASES:
            raise InputError(
                f"unknown rule {name!r}: expected a comma-separated list of 1, 2, elimination, "
                "lone-cell, lone-ranger, twins, all"
            )
        rules |= _ALIASES[name]
    if not rules:
        raise InputError("empty rule set: name at least one rule, e.g. 1,2")
    return frozenset(rules)


def rules_label(rules: RuleSet) -> str:
    """Name a rule set briefly, with rule numbers where they fit.

    >>> rules_label(RULES_1_2), rules_label(RULES_ALL), rules_label(LADDER[1])
    ('1,2', '1,2,twins', '1,lone-cell')
    """
    parts = []
    if Technique.ELIMINATION in rules:
        parts.append("1")
    if {Technique.LONE_CELL, Technique.LONE_RANGER} <= rules:
        parts.append("2")
    else:
        parts += [t.value for t in (Technique.LONE_CELL, Technique.LONE_RANGER) if t in rules]
    if Technique.TWINS in rules:
        parts.append("twins")
    return ",".join(parts)


class Twin(NamedTuple):
    """Two digits confined to the same two cells of a house (positions within the house).

    >>> Twin(5, 7, 3, 5).digits
    (5, 7)
    """

    first: int
    second: int
    cell_a: int
    cell_b: int

    @property
    def digits(self) -> tuple[int, int]:
        """Return the two digits."""
        return (self.first, self.second)


def find_twins(candidates: Sequence[Collection[int]]) -> list[Twin]:
    """Return the twins of one house, given each cell's candidates, that remove some candidate.

    A digit counts when it appears in exactly two cells; two such digits in the same two cells
    are twins (seed 002, Figure 5).

    >>> row = [{1, 2, 4}, {3}, {3, 4}, {3, 5, 7}, {6}, {5, 6, 7}, {1, 2, 8}, {8, 9, 1}, {2}]
    >>> find_twins(row)
    [Twin(first=5, second=7, cell_a=3, cell_b=5)]
    """
    places: dict[int, list[int]] = {}
    for index, cands in enumerate(candidates):
        for digit in cands:
            places.setdefault(digit, []).append(index)
    by_pair: dict[tuple[int, int], list[int]] = {}
    for digit in sorted(places):
        where = places[digit]
        if len(where) == 2:
            by_pair.setdefault((where[0], where[1]), []).append(digit)
    twins = []
    for (a, b), digits in by_pair.items():
        if len(digits) != 2:
            continue
        keep = set(digits)
        if set(candidates[a]) - keep or set(candidates[b]) - keep:
            twins.append(Twin(digits[0], digits[1], a, b))
    return sorted(twins, key=lambda t: (t.cell_a, t.cell_b))
