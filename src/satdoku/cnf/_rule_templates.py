"""A rule's compact clauses as a template over its cells, made once per kind of placement.

The clauses :func:`satdoku.cnf._constraint_formula.constrained_formula` gives a rule (``compact``)
depend on its cells only through their claims and through which of them share a house: two Keen
cages ``12+`` over three cells in a row have the same clauses, the claims of other cells aside.
A :class:`RuleTemplate` holds them over local variables (claim ``d`` of the rule's i-th cell is
``i*n + d``; the rule's helper and auxiliary variables follow); :func:`rule_template` makes it
once per :func:`placement_key` (a bounded cache) and :meth:`RuleTemplate.clauses` puts it on the
rule's cells and on helper variables from a given one on, each clause ending in a guard literal.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, fields
from functools import cache, cached_property
from operator import attrgetter, itemgetter, neg

from ..core._literal_axioms import HelperClaims
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ..core.constraint_axioms import ENCODERS, TABLES, encoder_for
from ..core.constraint_axioms._keen_cage import keen_cage_axioms
from ..core.constraint_axioms._tables import Filling
from ..core.constraints import Constraint, Sandwich, Skyscraper
from ._constraint_formula import ImpliedAtMostOne
from ._direct_clauses import direct_clauses
from ._encodings import AuxiliaryVariables, Encoding
from ._sandwich_clauses import sandwich_clauses, sandwich_fits
from ._skyscraper_clauses import skyscraper_clauses, skyscraper_halves

__all__ = [
    "PLACEMENT_FIELDS",
    "UNSHARED",
    "RuleTemplate",
    "placement_key",
    "table_clauses",
    "recipe",
    "rule_template",
    "TEMPLATES_KEPT",
]

PLACEMENT_FIELDS: dict[str, frozenset[str]] = {
    "keen cage": frozenset({"members"}),
    "killer cage": frozenset({"members"}),
    "comparison": frozenset({"smaller", "larger"}),
    "consecutive": frozenset({"first", "second"}),
    "skyscraper": frozenset({"side", "line"}),
    "kropki": frozenset({"first", "second"}),
    "xv": frozenset({"first", "second"}),
    "parity": frozenset({"cell"}),
    "distinct": frozenset({"members"}),
    "thermometer": frozenset({"path"}),
    "whisper": frozenset({"path"}),
    "renban": frozenset({"path"}),
    "palindrome": frozenset({"path"}),
    "between line": frozenset({"path"}),
    "entropic line": frozenset({"path"}),
    "modular line": frozenset({"path"}),
    "zipper line": frozenset({"path"}),
    "clone": frozenset({"first", "second"}),
    "quadruple": frozenset({"corner"}),
    "arrow": frozenset({"circle", "shafts"}),
    "little killer": frozenset({"row", "col", "direction"}),
    "sandwich": frozenset({"side", "line"}),
    "x-sum": frozenset({"side", "line"}),
}
"""The fields of each kind of rule that only say where it stands (its cells, in order, and how
many of them each field holds): the rest of the rule and which of its cells share a house make
its clauses. A rule of a kind not listed is its own placement, with the puzzle's shape (a
region sum line's boxes, a global rule), but a kind in :data:`UNSHARED`."""

UNSHARED = frozenset({"extremum"})
"""Kinds whose rules are encoded for each puzzle anew (an extremum's encoder reads the puzzle's
other rules)."""

TEMPLATES_KEPT = 4096
"""Templates kept (the least recently used goes first)."""


@dataclass(frozen=True)
class RuleTemplate:
    """A rule's clauses over local variables, put on cells through a lookup table.

    ``cells`` is how many cells the rule has, ``extra`` how many helper and auxiliary variables.
    A template placed a second time has one getter per clause for the table (:attr:`getters`):
    quicker to use, slower to make than mapping each literal, and most rules of a kind rare
    enough (a Keen cage of its own target) are placed once.
    """

    n: int
    cells: int
    extra: int
    local: tuple[tuple[int, ...], ...]

    @cached_property
    def getters(self) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
        """Return one getter per clause of its literals (and ``-guard``) from a lookup table."""
        guard = self.cells * self.n + self.extra + 1
        # an empty clause (a rule nothing fills) is the unit -guard, twice: one item is no tuple
        return tuple(itemgetter(*(clause or (guard,)), guard) for clause in self.local)

    def clauses(self, cells: Sequence[int], first: int, guard: int) -> list[tuple[int, ...]]:
        """Return the clauses on these cells, extra variables from ``first`` on, each with
        ``-guard`` last.

        >>> from satdoku.core.constraints import Comparison
        >>> template = rule_template(Comparison(0, 1), Puzzle.empty(Shape.latin(2)), Encoding())
        >>> template.clauses((2, 3), 9, 20)  # r2c1 < r2c2
        [(-5, 8, -20), (-6, -20), (-7, -20), (-8, 5, -20)]
        >>> template.clauses((2, 3), 9, 20) == template.clauses((2, 3), 9, 20)  # by getters
        True
        """
        n = self.n
        lut = [0]  # lut[i] is local variable i, lut[-i] its negation, lut[width + 1] -guard
        for cell in cells:
            lut += range(cell * n + 1, cell * n + n + 1)
        lut += range(first, first + self.extra)
        lut += [-guard, *map(neg, reversed(lut))]
        lut.pop()  # the negation of lut[0]
        known = self.__dict__  # what cached_property fills; the dataclass is frozen
        if "getters" in known or known.pop("placed", False):
            return [getter(lut) for getter in self.getters]
        known["placed"] = True
        get, last = lut.__getitem__, -guard
        return [(*map(get, clause), last) if clause else (last, last) for clause in self.local]


def _clashes(cells: Sequence[int], shape: Shape) -> tuple[bool, ...]:
    """Return, for each pair of the cells in order, whether the two share a house."""
    peers = shape.peers
    return tuple(b in peers[a] for i, a in enumerate(cells) for b in cells[i + 1 :])


def placement_key(rule: Constraint, shape: Shape) -> Hashable | None:
    """Return what a rule's clauses depend on besides its cells' claims; None for a kind whose
    rules are encoded anew (:data:`UNSHARED`).

    >>> from satdoku.core.constraints import Comparison
    >>> a = placement_key(Comparison(0, 1), Shape.latin(3))
    >>> a == placement_key(Comparison(4, 5), Shape.latin(3)), a == placement_key(
    ...     Comparison(0, 4), Shape.latin(3))
    (True, False)
    """
    getters = _placement_getters(type(rule))
    if getters is None:
        return None if rule.kind in UNSHARED else (rule, shape)
    meaning, where = getters
    if isinstance(rule, Skyscraper):  # a row or a column: its clauses take no house in
        return meaning(rule), shape.n
    return meaning(rule), _outline(where(rule)), shape.n, _clashes(rule.cells(shape.n), shape)


def _outline(value: object) -> object:
    """Return how many items a placement's tuples hold, nested as they are (a number: 0)."""
    return tuple(map(_outline, value)) if isinstance(value, tuple) else 0


@cache
def _placement_getters(
    kind: type,
) -> tuple[attrgetter[tuple[object, ...]], attrgetter[object]] | None:
    """Return the getters of a kind's kind and fields beyond its placement and of its placement
    fields, None for a kind not in :data:`PLACEMENT_FIELDS`."""
    placement = PLACEMENT_FIELDS.get(getattr(kind, "kind", ""))
    if placement is None:
        return None
    meaning = attrgetter("kind", *(f.name for f in fields(kind) if f.name not in placement))
    return meaning, attrgetter(*sorted(placement))


def recipe(kind: str) -> tuple[object, object]:
    """Return what a kind of rule is encoded with now (its encoder and table): what is kept of a
    rule's clauses is kept under it too (a test may swap an encoder).

    >>> recipe("comparison")[0].__name__
    'comparison_axioms'
    """
    return ENCODERS.get(kind), TABLES.get(kind)


def rule_template(
    rule: Constraint, puzzle: Puzzle, encoding: Encoding, half: int | None = None
) -> RuleTemplate:
    """Return the template of a rule's compact clauses (cached by :func:`placement_key`); of a
    Towers clue, ``half`` asks for one half of them (``AT_MOST`` or ``AT_LEAST`` of
    :mod:`satdoku.cnf._skyscraper_clauses`, without the bounds), over the same helpers.

    >>> from satdoku.core.constraints import Comparison, Side
    >>> rule_template(Comparison(0, 1), Puzzle.empty(Shape.latin(2)), Encoding()).local
    ((-1, 4), (-2,), (-3,), (-4, 1))
    >>> clue, nine = Skyscraper(Side.LEFT, 0, 3), Puzzle.empty(Shape.latin(9))
    >>> [len(rule_template(clue, nine, Encoding(), half).local) for half in (None, 0, 1)]
    [298, 108, 187]
    """
    if half is not None and not isinstance(rule, Skyscraper):
        raise ValueError(f"only a Towers clue has halves, not {rule.kind}")
    key = placement_key(rule, puzzle.shape)
    if key is None:
        return _made(rule, puzzle, encoding)
    known = (key, encoding, recipe(rule.kind), half)
    with _LOCK:
        template = _KEPT.get(known)
        if template is not None:
            _KEPT.move_to_end(known)
            return template
    template = _made(rule, puzzle, encoding, half)
    with _LOCK:
        _KEPT[known] = template
        if len(_KEPT) > TEMPLATES_KEPT:
            _KEPT.popitem(last=False)
    return template


_KEPT: OrderedDict[Hashable, RuleTemplate] = OrderedDict()
"""The templates made, by placement key, encoding and the kind's encoder and table, the most
recently used last."""

_LOCK = threading.Lock()


def table_clauses(size: int, rows: Sequence[Filling], n: int) -> list[list[int]]:
    """Return the compact clauses of a table rule over local variables: claim ``d`` of the i-th
    cell is ``i*n + d``, filling ``k`` (0-based) is helper ``size*n + k + 1``.

    They are the clauses of the rule's table axioms but the fillings' at-most-one, which the
    cells imply: two fillings differ in a cell, and each filling implies its claims. Some
    filling holds, and a cell's claim holds exactly when a filling putting its digit there does.

    >>> table_clauses(2, [(1, 2)], 2)  # r1c1 < r1c2 over 1..2: filled 1,2
    [[5], [5, -1], [-5, 1], [-2], [-3], [5, -4], [-5, 4]]
    """
    width = size * n
    chosen = range(width + 1, width + len(rows) + 1)
    made = [list(chosen)]
    for position in range(size):
        supports: list[list[int]] = [[] for _ in range(n + 1)]  # by digit
        for helper, row in zip(chosen, rows, strict=True):
            supports[row[position]].append(helper)
        for digit in range(1, n + 1):
            claim = position * n + digit
            held = supports[digit]
            made.append([*held, -claim])
            made += ([-helper, claim] for helper in held)
    return made


def _made(
    rule: Constraint, puzzle: Puzzle, encoding: Encoding, half: int | None = None
) -> RuleTemplate:
    """Encode the rule alone and move its variables to local ones."""
    n = puzzle.n
    claims = n**3
    cells = rule.cells(n)
    table = ENCODERS.get(rule.kind) is keen_cage_axioms and len(cells) != 2
    if table:  # a cage of a table's fillings: its clauses made locally
        rows = TABLES[rule.kind](rule, puzzle)
        return _template(n, len(cells), len(rows), table_clauses(len(cells), rows, n))
    direct = direct_clauses(rule, puzzle)
    aux = AuxiliaryVariables(claims)
    if direct is not None:
        clauses, top = direct, claims
    elif isinstance(rule, Sandwich) and sandwich_fits(rule, n):
        clauses, top = sandwich_clauses(rule, n, aux), aux.top
    elif isinstance(rule, Skyscraper):
        if half is None:
            clauses = skyscraper_clauses(rule, n, aux)
        else:
            clauses = skyscraper_halves(rule, n, aux)[half]
        top = aux.top
    else:
        helpers = HelperClaims(n)
        axioms = encoder_for(rule.kind)(rule, 0, puzzle, helpers)
        aux = AuxiliaryVariables(claims + len(helpers.names))
        trimmed = ImpliedAtMostOne(claims, puzzle.shape)
        clauses = [clause for axiom in axioms for clause in trimmed.clauses(axiom, encoding, aux)]
        top = aux.top
    width = len(cells) * n
    moves = {
        cell * n + digit: i * n + digit for i, cell in enumerate(cells) for digit in range(1, n + 1)
    }
    moves.update((variable, width + variable - claims) for variable in range(claims + 1, top + 1))
    moves.update([(-variable, -moved) for variable, moved in moves.items()])
    local = moves.__getitem__
    return _template(n, len(cells), top - claims, [list(map(local, clause)) for clause in clauses])


def _template(n: int, cells: int, extra: int, clauses: list[list[int]]) -> RuleTemplate:
    """Return the template of clauses over local variables."""
    return RuleTemplate(n, cells, extra, tuple(map(tuple, clauses)))
