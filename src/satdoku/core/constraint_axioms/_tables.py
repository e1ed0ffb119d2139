"""Tuple tables: a rule over a few cells as one helper claim per filling it allows.

A filling is a tuple of digits, one per cell. The table's axioms say that exactly one filling is
chosen and, per cell c and digit d, that ``c=d`` exactly when a chosen filling puts d there:
``EO({fillings with c=d} ∪ {¬(c=d)})`` (the support encoding), on which the stepper's rules 1 and
2 are generalised arc consistency. Fillings that repeat a digit in two cells sharing a house are
left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from .._shape import Shape
from ..constraints import Constraint, cell_name

__all__ = [
    "Filling",
    "RuleFillings",
    "clash_positions",
    "fillings",
    "table_axioms",
    "rule_table_axioms",
]

Filling = tuple[int, ...]
"""The digits of a table's cells, in the order of its cells."""

RuleFillings = Callable[[Constraint, Puzzle], list[Filling]]
"""The fillings a rule of some kind allows over its cells in a puzzle: the one statement of the
rule's meaning that its axioms (and the SAT path's clauses without helpers) are made from."""


def _always(prefix: Filling) -> bool:
    return True


def fillings(
    cells: Sequence[int],
    shape: Shape,
    fits: Callable[[Filling], bool],
    may_grow: Callable[[Filling], bool] = _always,
) -> list[Filling]:
    """Return the fillings of the cells that ``fits`` accepts, none repeating a digit in a house.

    ``may_grow`` prunes: a start of a filling it refuses is not extended.

    >>> fillings((0, 1), Shape.latin(3), lambda f: f[0] < f[1])
    [(1, 2), (1, 3), (2, 3)]
    >>> len(fillings((0, 4), Shape.latin(3), lambda f: True))  # r1c1, r2c2: no house shared
    9
    """
    return list(_grown(shape.n, clash_positions(cells, shape), fits, may_grow))


def clash_positions(cells: Sequence[int], shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Return, for each position of the cells, the earlier positions whose cell shares a house
    with its cell.

    >>> clash_positions((0, 1, 4), Shape.latin(3))  # r1c1, r1c2, r2c2
    ((), (0,), (1,))
    """
    peers = shape.peers
    return tuple(
        tuple(j for j in range(i) if cells[j] in peers[cell]) for i, cell in enumerate(cells)
    )


@lru_cache(maxsize=1024)
def _grown(
    n: int,
    clashes: tuple[tuple[int, ...], ...],
    fits: Callable[[Filling], bool],
    may_grow: Callable[[Filling], bool],
) -> tuple[Filling, ...]:
    """Return the fillings of cells clashing so; kept per test (the same for every ``<`` sign of
    a size whose cells share a house, say: the tests of signs and marks are module functions)."""

    def grow(prefix: Filling) -> Iterator[Filling]:
        i = len(prefix)
        if i == len(clashes):
            if fits(prefix):
                yield prefix
            return
        taken = {prefix[j] for j in clashes[i]}
        for digit in range(1, n + 1):
            if digit not in taken:
                longer = (*prefix, digit)
                if may_grow(longer):
                    yield from grow(longer)

    return tuple(grow(()))


def table_axioms(
    title: str,
    cells: Sequence[int],
    rows: Sequence[Filling],
    kind: str,
    source: int,
    helpers: HelperClaims,
) -> list[LiteralAxiom]:
    """Return the axioms of a table: exactly one filling, and each cell's digits by its fillings.

    >>> helpers = HelperClaims(2)
    >>> made = table_axioms("r1c1 < r1c2", (0, 1), [(1, 2)], "comparison", 0, helpers)
    >>> [a.literals for a in made], helpers.names
    ([(9,), (9, -1), (-2,), (-3,), (9, -4)], ['r1c1 < r1c2 is filled 1,2'])
    """
    n = helpers.n
    chosen = [helpers.new(f"{title} is filled {','.join(map(str, row))}") for row in rows]
    made = [LiteralAxiom(f"{title}: exactly one filling", kind, tuple(chosen), source)]
    for position, cell in enumerate(cells):
        name = cell_name(cell, n)
        supports: list[list[int]] = [[] for _ in range(n + 1)]  # by digit
        for h, row in zip(chosen, rows, strict=True):
            supports[row[position]].append(h)
        for digit in range(1, n + 1):
            claim = cell * n + digit  # claims.variable, cell = row*n + col
            made.append(
                LiteralAxiom(
                    f"{title}: {name}={digit} exactly when a filling putting {digit} there is",
                    kind,
                    (*supports[digit], -claim),
                    source,
                )
            )
    return made


def rule_table_axioms(
    rule: Constraint,
    index: int,
    puzzle: Puzzle,
    helpers: HelperClaims,
    rows: Sequence[Filling],
) -> list[LiteralAxiom]:
    """Return the table axioms of a rule over its cells: one helper claim per filling in ``rows``.

    >>> from satdoku.core.constraints import Comparison
    >>> puzzle = Puzzle.empty(Shape.latin(2))
    >>> made = rule_table_axioms(Comparison(0, 1), 0, puzzle, HelperClaims(2), [(1, 2), (2, 1)])
    >>> made[0].name, made[0].literals
    ('r1c1 < r1c2: exactly one filling', (9, 10))
    """
    n = puzzle.n
    return table_axioms(rule.title(n), rule.cells(n), rows, rule.kind, index, helpers)
