"""One-cell rules and extra regions as axioms: parity, fortress extrema, regions of distinct digits.

A parity cell's digits of the other parity are said false (one axiom ``EO(¬c=d)`` each). An
extremum is a two-cell table per neighbour it is compared with (the pairs in order). A region of
n cells holds each digit exactly once, as a house does; a smaller one holds each digit at most
once, by a presence helper per digit (:func:`._digit_sets.presence_axioms`).
"""

from __future__ import annotations

from .._errors import InputError
from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import Constraint, Distinct, Extremum, Parity, cell_name
from ._sum_axioms import sum_axioms
from ._sum_region import SumRegion
from ._tables import Filling, fillings, table_axioms

__all__ = ["parity_axioms", "extremum_axioms", "distinct_axioms"]


def parity_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a parity cell's axioms: each digit of the other parity is not there.

    >>> from satdoku.core._shape import Shape
    >>> made = parity_axioms(Parity(0, True), 0, Puzzle.empty(Shape.latin(4)), HelperClaims(4))
    >>> [(a.name, a.literals) for a in made]
    [('r1c1 is even: not 1', (-1,)), ('r1c1 is even: not 3', (-3,))]
    """
    if not isinstance(rule, Parity):
        raise TypeError(f"a parity encoder got a {rule.kind} rule")
    n, title = puzzle.n, rule.title(puzzle.n)
    odd_digits = range(1, n + 1, 2)
    wrong = [d for d in range(1, n + 1) if (d in odd_digits) == rule.even]
    return [
        LiteralAxiom(f"{title}: not {digit}", rule.kind, (-(rule.cell * n + digit),), index)
        for digit in wrong
    ]


def _above(pair: Filling) -> bool:
    return pair[0] > pair[1]


def _below(pair: Filling) -> bool:
    return pair[0] < pair[1]


def extremum_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return an extremum's axioms: a table of the pairs in order per neighbour compared.

    A neighbour that is an extremum of the same kind and compared both ways is refused: each
    would be above the other (a fortress lists its cells' neighbours among them as exempt).

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(2)
    >>> made = extremum_axioms(Extremum(0, True, (1,)), 0, Puzzle.empty(Shape.latin(2)), helpers)
    >>> helpers.names
    ['r1c1 is a maximum: r1c1 > r2c1 is filled 2,1']
    """
    if not isinstance(rule, Extremum):
        raise TypeError(f"an extremum encoder got a {rule.kind} rule")
    n, cell, title = puzzle.n, rule.cell, rule.title(puzzle.n)
    row, col = divmod(cell, n)
    steps = ((-1, 0), (0, -1), (0, 1), (1, 0))
    others = [
        (row + dr) * n + col + dc
        for dr, dc in steps
        if 0 <= row + dr < n and 0 <= col + dc < n and (row + dr) * n + col + dc not in rule.exempt
    ]
    for other in others:
        for peer in puzzle.constraints:
            if not isinstance(peer, Extremum) or peer.cell != other or cell in peer.exempt:
                continue
            if peer.maximum == rule.maximum:
                word = "maxima" if rule.maximum else "minima"
                pair = f"{cell_name(cell, n)} and {cell_name(other, n)}"
                raise InputError(
                    f"{pair} are neighbouring {word} each compared with the other: "
                    "list each in the other's exempt cells"
                )
    sign, keeps = (">", _above) if rule.maximum else ("<", _below)
    made: list[LiteralAxiom] = []
    for other in others:
        named = f"{title}: {cell_name(cell, n)} {sign} {cell_name(other, n)}"
        rows = fillings((cell, other), puzzle.shape, keeps)
        made += table_axioms(named, (cell, other), rows, rule.kind, index, helpers)
    return made


def distinct_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a region's axioms: n cells hold each digit once; fewer, each digit at most once.

    >>> from satdoku.core._shape import Shape
    >>> made = distinct_axioms(Distinct((0, 3)), 0, Puzzle.empty(Shape.latin(2)), HelperClaims(2))
    >>> [(a.name, a.literals) for a in made]  # doctest: +NORMALIZE_WHITESPACE
    [('region r1c1,r2c2 holds exactly one 1', (1, 7)),
     ('region r1c1,r2c2 holds exactly one 2', (2, 8))]
    """
    if not isinstance(rule, Distinct):
        raise TypeError(f"a region encoder got a {rule.kind} rule")
    n, title = puzzle.n, rule.title(puzzle.n)
    if len(rule.members) == n:
        return [
            LiteralAxiom(
                f"{title} holds exactly one {digit}",
                rule.kind,
                tuple(cell * n + digit for cell in rule.members),
                index,
            )
            for digit in range(1, n + 1)
        ]
    return sum_axioms(SumRegion(rule.members, None, title, rule.kind, index), n, helpers)
