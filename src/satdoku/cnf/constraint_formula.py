"""The CNF of a puzzle with rules beyond houses: house clauses, then each rule axiom's clauses.

Variables: claims 1..n³ (``row*n*n + col*n + digit``), then the helper claims of the rules
(:mod:`satdoku.core.constraint_axioms`), then auxiliary variables of at-most-one encodings. The
cells and houses are encoded as :func:`satdoku.cnf.encodings.encode` does (the scheme applies to
them); every rule axiom is encoded whole: an at-least-one clause and an at-most-one, pairwise up
to 16 literals and Sinz's sequential counter above (``auto``), or as the encoding names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.constraint_axioms import ConstraintAxioms, constraint_axioms
from ..core.literal_axioms import HelperNames, LiteralAxiom
from ..core.puzzle import Puzzle
from .encodings import AMO_ENCODERS, AuxiliaryVariables, Encoding, Formula, encode

__all__ = ["ConstrainedFormula", "constrained_formula", "axiom_clauses"]


@dataclass(frozen=True)
class ConstrainedFormula:
    """A puzzle's CNF with its rules, and the names of the helper claims it uses."""

    formula: Formula
    helpers: HelperNames


def axiom_clauses(
    axiom: LiteralAxiom, encoding: Encoding, aux: AuxiliaryVariables
) -> list[list[int]]:
    """Return the clauses of an exactly-one axiom over literals: at least one, at most one.

    >>> aux = AuxiliaryVariables(9)
    >>> axiom_clauses(LiteralAxiom("a", "comparison", (9, -1)), Encoding(), aux)
    [[9, -1], [-9, 1]]
    """
    literals = axiom.literals
    amo = AMO_ENCODERS[encoding.amo.resolve(len(literals))]
    return [list(literals), *amo(literals, aux)]


def _moved(literal: int, claims: int, helpers: int) -> int:
    """Return a literal of the house formula with its auxiliary variable moved past the helpers."""
    if literal > claims:
        return literal + helpers
    return literal - helpers if literal < -claims else literal


def constrained_formula(
    puzzle: Puzzle, encoding: Encoding = Encoding(), *, units: Sequence[int] = ()
) -> ConstrainedFormula:
    """Return the CNF of a puzzle and its rules; ``units`` (givens, say) end it as unit clauses.

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core.shape import Shape
    >>> puzzle = Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),))
    >>> made = constrained_formula(puzzle)
    >>> made.formula.clauses[-7:], made.helpers.last, made.formula.top
    ([[9], [9, -1], [-9, 1], [-2], [-3], [9, -4], [-9, 4]], 9, 9)
    """
    rules: ConstraintAxioms = constraint_axioms(puzzle)
    claims, helpers = puzzle.n**3, len(rules.helpers.names)
    houses = encode(puzzle.shape, encoding)
    # the houses' auxiliary variables move above the helper claims, numbered from n³ + 1
    clauses = [[_moved(v, claims, helpers) for v in clause] for clause in houses.clauses]
    origins = list(houses.origins)
    aux = AuxiliaryVariables(houses.top + helpers)
    for axiom in rules.axioms:
        start = len(clauses)
        clauses.extend(axiom_clauses(axiom, encoding, aux))
        origins.append((axiom.name, start, len(clauses)))
    if units:
        start = len(clauses)
        clauses.extend([unit] for unit in units)
        origins.append(("givens", start, len(clauses)))
    return ConstrainedFormula(Formula(puzzle.n, clauses, aux.top, origins), rules.helpers)
