"""Rules beyond houses as exactly-one axioms over literals and named helper claims.

Each kind of rule has its encoder (:mod:`._registry`); the axioms are what the stepper's rules 1
and 2 run on and what :mod:`satdoku.cnf._constraint_formula` turns into clauses. Encoders never
call the rules' independent checkers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._axioms import axioms
from .._literal_axioms import HelperClaims, HelperNames, LiteralAxiom
from .._puzzle import Puzzle
from ._registry import DERIVED, ENCODERS, TABLES, Derivation, Encoder, encoder_for

__all__ = [
    "ConstraintAxioms",
    "constraint_axioms",
    "puzzle_axioms",
    "DERIVED",
    "ENCODERS",
    "TABLES",
    "Derivation",
    "Encoder",
    "encoder_for",
]


@dataclass(frozen=True)
class ConstraintAxioms:
    """Axioms over literals and the names of the helper claims they speak of."""

    axioms: tuple[LiteralAxiom, ...]
    helpers: HelperNames


def constraint_axioms(
    puzzle: Puzzle, derived: bool = True, skip: frozenset[int] = frozenset()
) -> ConstraintAxioms:
    """Return the axioms of a puzzle's rules beyond houses, helpers numbered from n³ + 1 on.

    Rules are encoded in their order (but those whose index is in ``skip``: the caller states
    them otherwise), then (with ``derived``) the derivations of :data:`DERIVED` run: axioms that
    follow from the others and let rules 1 and 2 go further.

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> made = constraint_axioms(Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),)))
    >>> made.helpers.names, made.axioms[0].literals
    (('r1c1 < r1c2 is filled 1,2',), (9,))
    """
    helpers = HelperClaims(puzzle.n)
    made: list[LiteralAxiom] = []
    for index, rule in enumerate(puzzle.constraints):
        if index not in skip:
            made += encoder_for(rule.kind)(rule, index, puzzle, helpers)
    for derive in DERIVED if derived else ():
        made += derive(puzzle, helpers)
    return ConstraintAxioms(tuple(made), helpers.frozen())


def puzzle_axioms(puzzle: Puzzle, derived: bool = True) -> ConstraintAxioms:
    """Return every axiom of a puzzle: its cells' and houses' first, then its rules'.

    >>> from satdoku.core._shape import Shape
    >>> made = puzzle_axioms(Puzzle.empty(Shape.latin(2)))
    >>> len(made.axioms), made.axioms[0].literals, made.helpers.names
    (12, (1, 2), ())
    """
    houses = tuple(LiteralAxiom(a.name, a.kind, a.variables) for a in axioms(puzzle.shape))
    rules = constraint_axioms(puzzle, derived)
    return ConstraintAxioms(houses + rules.axioms, rules.helpers)
