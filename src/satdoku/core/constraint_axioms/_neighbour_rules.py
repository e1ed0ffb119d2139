"""Rules between neighbours as axioms: global rules expanded to pairs, dots, XV, their negatives.

Anti-knight and anti-king pairs (cells that share no house: the houses already keep the others
apart) are "not both d" per digit: ``EO(a=d, b=d, neither)``, a helper claim saying neither
holds d. Non-consecutive neighbours and the pairs a negative constraint speaks of forbid pairs of
digits both ways round, {d, d+1} say: two orthogonal neighbours share a row or a column, so they
never hold the same digit, and "at most one of a=d, a=d+1, b=d, b=d+1" says it exactly:
``EO(a=d, a=d+1, b=d, b=d+1, none)``, one helper claim per pair of digits. Kropki dots and XV
marks are two-cell tables of the pairs of digits they allow (:mod:`._tables`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Constraint,
    Kropki,
    KropkiNegative,
    NonConsecutive,
    XVNegative,
    cell_name,
)
from ._tables import Filling, fillings, rule_table_axioms

__all__ = [
    "move_pairs",
    "refused_pairs",
    "anti_move_axioms",
    "non_consecutive_axioms",
    "negative_axioms",
    "kropki_fillings",
    "kropki_axioms",
    "xv_fillings",
    "xv_axioms",
    "orthogonal_pairs",
]


def _moves_apart(n: int, steps: frozenset[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """Yield the pairs of cells (the first lower in reading order) whose distance is a step."""
    for a in range(n * n):
        for b in range(a + 1, n * n):
            rows, cols = abs(a // n - b // n), abs(a % n - b % n)
            if (rows, cols) in steps:
                yield a, b


_KNIGHT = frozenset({(1, 2), (2, 1)})
_KING = frozenset({(0, 1), (1, 0), (1, 1)})
_ORTHOGONAL = frozenset({(0, 1), (1, 0)})


def orthogonal_pairs(n: int) -> list[tuple[int, int]]:
    """Return every pair of orthogonal neighbours of an n×n grid, once.

    >>> orthogonal_pairs(2)
    [(0, 1), (0, 2), (1, 3), (2, 3)]
    """
    return list(_moves_apart(n, _ORTHOGONAL))


def move_pairs(rule: Constraint, puzzle: Puzzle) -> list[tuple[int, int]]:
    """Return the pairs of cells an anti-knight (anti-king) rule keeps apart: a move apart and
    sharing no house (the houses keep the others apart already).

    >>> from satdoku.core._shape import Shape
    >>> move_pairs(AntiKing(), Puzzle.empty(Shape.latin(2)))
    [(0, 3), (1, 2)]
    """
    if not isinstance(rule, (AntiKnight, AntiKing)):
        raise TypeError(f"an anti-move encoder got a {rule.kind} rule")
    peers = puzzle.shape.peers
    steps = _KNIGHT if isinstance(rule, AntiKnight) else _KING
    return [(a, b) for a, b in _moves_apart(puzzle.n, steps) if b not in peers[a]]


def anti_move_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return anti-knight's (anti-king's) axioms: cells a move apart sharing no house differ.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(4)
    >>> made = anti_move_axioms(AntiKnight(), 0, Puzzle.empty(Shape.latin(4)), helpers)
    >>> made[0].name, made[0].literals
    ('anti-knight: r1c1 and r2c3 not both 1', (1, 25, 65))
    >>> helpers.names[0]
    'anti-knight: neither r1c1 nor r2c3 is 1'
    """
    n, title = puzzle.n, rule.title(puzzle.n)
    made: list[LiteralAxiom] = []
    for a, b in move_pairs(rule, puzzle):
        first, second = cell_name(a, n), cell_name(b, n)
        for digit in range(1, n + 1):
            neither = helpers.new(f"{title}: neither {first} nor {second} is {digit}")
            made.append(
                LiteralAxiom(
                    f"{title}: {first} and {second} not both {digit}",
                    rule.kind,
                    (a * n + digit, b * n + digit, neither),
                    index,
                )
            )
    return made


def _not_consecutive(pair: Filling) -> bool:
    return abs(pair[0] - pair[1]) != 1


def _not_double(pair: Filling) -> bool:
    return pair[0] != 2 * pair[1] and pair[1] != 2 * pair[0]


@cache
def _no_sum(totals: frozenset[int]) -> Callable[[Filling], bool]:
    def keeps(pair: Filling) -> bool:
        return pair[0] + pair[1] not in totals

    return keeps


def _forbidden_digits(keeps: Callable[[Filling], bool], n: int) -> list[tuple[int, int]]:
    """Return the pairs of different digits (low, high) a test refuses, either way round.

    >>> _forbidden_digits(_not_consecutive, 4)
    [(1, 2), (2, 3), (3, 4)]
    """
    digits = range(1, n + 1)
    refused = [(x, y) for x in digits for y in digits if x < y and not keeps((x, y))]
    if any(keeps((y, x)) for x, y in refused):
        raise ValueError("a test between neighbours must refuse a pair both ways round")
    return refused


def refused_pairs(
    rule: Constraint, puzzle: Puzzle
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Return the pairs of orthogonal neighbours a non-consecutive rule or a negative
    constraint speaks of, and the pairs of digits (low, high) it refuses them, either way round.

    >>> from satdoku.core._shape import Shape
    >>> refused_pairs(XVNegative((3,), ((0, 1), (2, 3))), Puzzle.empty(Shape.latin(2)))
    ([(0, 2), (1, 3)], [(1, 2)])
    """
    keeps: Callable[[Filling], bool]
    marked: set[frozenset[int]] = set()
    if isinstance(rule, NonConsecutive):
        keeps = _not_consecutive
    elif isinstance(rule, KropkiNegative):
        keeps = _not_double if rule.ratio else _not_consecutive
    elif isinstance(rule, XVNegative):
        keeps = _no_sum(frozenset(rule.totals))
    else:
        raise TypeError(f"a negative constraint's encoder got a {rule.kind} rule")
    if not isinstance(rule, NonConsecutive):
        marked = {frozenset(pair) for pair in rule.marked}
    pairs = [pair for pair in orthogonal_pairs(puzzle.n) if frozenset(pair) not in marked]
    return pairs, _forbidden_digits(keeps, puzzle.n)


def _pair_tables(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return the axioms keeping each pair of orthogonal neighbours (a row or a column holds
    them both) from a pair of digits the rule refuses."""
    n, title = puzzle.n, rule.title(puzzle.n)
    pairs, refused = refused_pairs(rule, puzzle)
    made: list[LiteralAxiom] = []
    for a, b in pairs:
        named = f"{title}: {cell_name(a, n)},{cell_name(b, n)}"
        for x, y in refused:
            none = helpers.new(f"{named} hold neither {x} nor {y}")
            claims = (a * n + x, a * n + y, b * n + x, b * n + y)
            made.append(
                LiteralAxiom(f"{named}: not {x} and {y}", rule.kind, (*claims, none), index)
            )
    return made


def non_consecutive_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return non-consecutive's axioms: per pair of orthogonal neighbours, per digits d and d+1,
    at most one of the four claims of the two cells holding them.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(3)
    >>> made = non_consecutive_axioms(NonConsecutive(), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> made[0].name, made[0].literals, helpers.names[0]
    ('non-consecutive: r1c1,r1c2: not 1 and 2', (1, 2, 4, 5, 28), 'non-consecutive: r1c1,r1c2 \
hold neither 1 nor 2')
    """
    if not isinstance(rule, NonConsecutive):
        raise TypeError(f"a non-consecutive encoder got a {rule.kind} rule")
    return _pair_tables(rule, index, puzzle, helpers)


def negative_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a negative constraint's axioms: per orthogonal pair without a mark, per pair of
    digits it refuses, at most one of the four claims of the two cells holding them.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(2)
    >>> rule = XVNegative((3,), ((0, 1), (2, 3)))
    >>> made = negative_axioms(rule, 0, Puzzle.empty(Shape.latin(2)), helpers)
    >>> made[0].name, made[0].literals  # r1c1 and r2c1 can hold neither 1 nor 2: no solution
    ('no sum mark: no sum 3: r1c1,r2c1: not 1 and 2', (1, 2, 5, 6, 9))
    """
    if not isinstance(rule, (KropkiNegative, XVNegative)):
        raise TypeError(f"a negative constraint's encoder got a {rule.kind} rule")
    return _pair_tables(rule, index, puzzle, helpers)


@cache
def _dot_test(ratio: bool, value: int) -> Callable[[Filling], bool]:
    def keeps(pair: Filling) -> bool:
        low, high = sorted(pair)
        return high == low * value if ratio else high - low == value

    return keeps


@cache
def _sum_test(total: int) -> Callable[[Filling], bool]:
    def keeps(pair: Filling) -> bool:
        return pair[0] + pair[1] == total

    return keeps


def kropki_fillings(rule: Constraint, puzzle: Puzzle) -> list[Filling]:
    """Return the pairs of digits a Kropki dot allows.

    >>> from satdoku.core._shape import Shape
    >>> kropki_fillings(Kropki(0, 1, True), Puzzle.empty(Shape.latin(4)))
    [(1, 2), (2, 1), (2, 4), (4, 2)]
    """
    if not isinstance(rule, Kropki):
        raise TypeError(f"a dot's encoder got a {rule.kind} rule")
    return fillings(rule.cells(puzzle.n), puzzle.shape, _dot_test(rule.ratio, rule.value))


def kropki_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a Kropki dot's table: one helper claim per pair of digits it allows.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(3)
    >>> made = kropki_axioms(Kropki(0, 1, False), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> helpers.names[0]
    'white dot r1c1,r1c2 is filled 1,2'
    """
    return rule_table_axioms(rule, index, puzzle, helpers, kropki_fillings(rule, puzzle))


def xv_fillings(rule: Constraint, puzzle: Puzzle) -> list[Filling]:
    """Return the pairs of digits an XV mark allows.

    >>> from satdoku.core._shape import Shape
    >>> xv_fillings(XV(0, 1, 5), Puzzle.empty(Shape.latin(4)))
    [(1, 4), (2, 3), (3, 2), (4, 1)]
    """
    if not isinstance(rule, XV):
        raise TypeError(f"an XV encoder got a {rule.kind} rule")
    return fillings(rule.cells(puzzle.n), puzzle.shape, _sum_test(rule.total))


def xv_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return an XV mark's table: one helper claim per pair of digits it allows.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(4)
    >>> made = xv_axioms(XV(0, 1, 5), 0, Puzzle.empty(Shape.latin(4)), helpers)
    >>> helpers.names[0]
    'V r1c1,r1c2 is filled 1,4'
    """
    return rule_table_axioms(rule, index, puzzle, helpers, xv_fillings(rule, puzzle))
