"""Human strategies as named views of the rules, rule sets, the rating ladder, and twins.

Elimination is rule 1; lone cell is rule 2 on a cell axiom; lone ranger is rule 2 on a house
axiom. The third rule, set logic (:mod:`satdoku.rules._set_logic`), is named by the community's
words for its kinds and sizes: locked candidates (k = 1), naked and hidden pairs, triples and
quads, X-wing, swordfish and jellyfish (and their "franken" forms, whose houses include boxes or
regions). Twins (two digits confined to the same two cells of a house) is the hidden
pair, kept under its own name. All but rules 1 and 2 are off by default.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import Enum
from typing import NamedTuple

from ..core._errors import InputError

__all__ = [
    "Technique",
    "RuleSet",
    "RULES_1",
    "RULES_1_2",
    "RULES_ALL",
    "LADDER",
    "RUNGS",
    "set_rules",
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
    LOCKED_CANDIDATES = "locked-candidates"
    NAKED_PAIR = "naked-pair"
    NAKED_TRIPLE = "naked-triple"
    NAKED_QUAD = "naked-quad"
    HIDDEN_PAIR = "hidden-pair"
    HIDDEN_TRIPLE = "hidden-triple"
    HIDDEN_QUAD = "hidden-quad"
    X_WING = "x-wing"
    SWORDFISH = "swordfish"
    JELLYFISH = "jellyfish"
    FRANKEN_X_WING = "franken-x-wing"
    FRANKEN_SWORDFISH = "franken-swordfish"
    FRANKEN_JELLYFISH = "franken-jellyfish"

    @property
    def rule(self) -> int | str:
        """Return the rule of the stepper this strategy applies: 1, 2, ``"twins"`` or ``"set"``.

        >>> Technique.X_WING.rule
        'set'
        """
        if self.value in ("elimination", "lone-cell", "lone-ranger"):
            return 1 if self is Technique.ELIMINATION else 2
        return "twins" if self is Technique.TWINS else "set"

    @property
    def size(self) -> int:
        """Return k, the number of base (and cover) axioms of a set-logic strategy (0 for others).

        >>> Technique.SWORDFISH.size, Technique.TWINS.size, Technique.LONE_CELL.size
        (3, 2, 0)
        """
        return _SIZES.get(self, 0)

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
    Technique.LOCKED_CANDIDATES: "set logic, k = 1: a digit confined to one house's cells inside "
    "another house is false elsewhere in that house (pointing, claiming)",
}
for _k, _word in ((2, "pair"), (3, "triple"), (4, "quad")):
    _DESCRIPTIONS[Technique(f"naked-{_word}")] = (
        f"set logic, k = {_k}: {_k} cells of a house holding only {_k} digits leave those digits "
        "nowhere else in the house"
    )
    _DESCRIPTIONS[Technique(f"hidden-{_word}")] = (
        f"set logic, k = {_k}: {_k} digits confined to {_k} cells of a house leave no room there "
        "for other digits"
    )
for _k, _fish in ((2, "x-wing"), (3, "swordfish"), (4, "jellyfish")):
    _DESCRIPTIONS[Technique(_fish)] = (
        f"set logic, k = {_k}: a digit confined in {_k} rows to {_k} columns (or in {_k} columns "
        f"to {_k} rows) is false elsewhere in those {_k} columns (rows)"
    )
    _DESCRIPTIONS[Technique(f"franken-{_fish}")] = (
        f"set logic, k = {_k}: a digit confined in {_k} houses of one kind to {_k} houses of "
        "another kind, boxes or regions among them, is false elsewhere in the latter"
    )

_SIZES = {
    Technique.TWINS: 2,
    Technique.LOCKED_CANDIDATES: 1,
    **{
        Technique(f"{kind}-{word}"): k
        for kind in ("naked", "hidden")
        for k, word in ((2, "pair"), (3, "triple"), (4, "quad"))
    },
    **{
        Technique(f"{franken}{fish}"): k
        for franken in ("", "franken-")
        for k, fish in ((2, "x-wing"), (3, "swordfish"), (4, "jellyfish"))
    },
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
"""Rule sets from weakest to strongest of the two rules and twins (before set logic)."""


def set_rules(k: int) -> RuleSet:
    """Return the set-logic strategies of size 1 to k (``set1`` ... ``set4``), twins excluded.

    >>> sorted(t.value for t in set_rules(1))
    ['locked-candidates']
    >>> len(set_rules(4))
    13
    """
    return frozenset(t for t in Technique if t is not Technique.TWINS and 0 < t.size <= k)


RUNGS: tuple[RuleSet, ...] = tuple(RULES_1_2 | set_rules(k) for k in range(5))
"""The rating ladder: rules 1 and 2 (singles), then with set logic of size up to 1, 2, 3, 4."""

_ALIASES: dict[str, RuleSet] = {
    "1": RULES_1,
    "2": frozenset({Technique.LONE_CELL, Technique.LONE_RANGER}),
    "all": RULES_ALL,
    **{t.value: frozenset({t}) for t in Technique},
    **{t.value.replace("-", "_"): frozenset({t}) for t in Technique},
    **{t.value.replace("-", ""): frozenset({t}) for t in Technique},
    **{f"set{k}": set_rules(k) for k in range(1, 5)},
    "set": set_rules(4),
    "pointing": frozenset({Technique.LOCKED_CANDIDATES}),
    "claiming": frozenset({Technique.LOCKED_CANDIDATES}),
}

_NAMES = (
    "1, 2, elimination, lone-cell, lone-ranger, twins, all, set1..set4, locked-candidates, "
    "naked-pair, naked-triple, naked-quad, hidden-pair, hidden-triple, hidden-quad, x-wing, "
    "swordfish, jellyfish"
)


def parse_rules(text: str) -> RuleSet:
    """Parse a comma-separated rule set: ``1``, ``2``, ``set1`` ... ``set4``, technique names.

    The names: ``elimination``, ``lone-cell``, ``lone-ranger``, ``twins``, ``all`` (rules 1, 2
    and twins), ``set1`` ... ``set4`` (set logic of size up to k), and the set-logic kinds
    ``locked-candidates``, ``naked-pair`` ... ``naked-quad``, ``hidden-pair`` ...
    ``hidden-quad``, ``x-wing``, ``swordfish``, ``jellyfish``.

    >>> sorted(t.value for t in parse_rules("1,2,twins"))
    ['elimination', 'lone-cell', 'lone-ranger', 'twins']
    >>> sorted(t.value for t in parse_rules("x-wing,pointing"))
    ['locked-candidates', 'x-wing']
    >>> parse_rules("3")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: unknown rule '3': expected a comma-separated list of 1, 2, ...
    """
    rules: set[Technique] = set()
    for part in text.replace("+", ",").split(","):
        name = part.strip().lower()
        if not name:
            continue
        if name not in _ALIASES:
            raise InputError(f"unknown rule {name!r}: expected a comma-separated list of {_NAMES}")
        rules |= _ALIASES[name]
    if not rules:
        raise InputError("empty rule set: name at least one rule, e.g. 1,2")
    return frozenset(rules)


def rules_label(rules: RuleSet) -> str:
    """Name a rule set briefly, with rule numbers where they fit.

    >>> rules_label(RULES_1_2), rules_label(RULES_ALL), rules_label(LADDER[1])
    ('1,2', '1,2,twins', '1,lone-cell')
    >>> rules_label(RUNGS[2]), rules_label(RULES_1_2 | {Technique.X_WING})
    ('1,2,set2', '1,2,x-wing')
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
    chosen = {t for t in rules if t.rule == "set"}
    k = max((k for k in range(1, 5) if set_rules(k) <= chosen), default=0)
    if k:
        parts.append(f"set{k}")
    parts += sorted(t.value for t in chosen - set_rules(k))
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
    are twins.

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
