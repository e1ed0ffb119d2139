"""The CNF of a puzzle with rules beyond houses: house clauses, then each rule axiom's clauses.

Variables: claims 1..n³ (``row*n*n + col*n + digit``), then the helper claims of the rules
(:mod:`satdoku.core.constraint_axioms`), then auxiliary variables of at-most-one encodings. The
cells and houses are encoded as :func:`satdoku.cnf._encodings.encode` does (the scheme applies to
them); every rule axiom is encoded whole: an at-least-one clause and an at-most-one, pairwise up
to 16 literals and Sinz's sequential counter above (``auto``), or as the encoding names.

The SAT path asks for a ``compact`` formula, with the same models over the claims: two-cell
rules and the rules that pairs of cells state as clauses over claims (:mod:`._direct_clauses`:
thermometers, anti-knight, non-consecutive...), Towers clues by the tallest tower so far and a
count of the towers seen (:mod:`._skyscraper_clauses`: auxiliary variables), sandwich clues by
the digits between their crusts (:mod:`._sandwich_clauses`), an axiom's at-most-one left out
where an earlier axiom's already covers it (:class:`ImpliedAtMostOne`), and no derived axioms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core._literal_axioms import HelperNames, LiteralAxiom
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ..core.constraint_axioms import ConstraintAxioms, constraint_axioms
from ..core.constraints import Constraint, Sandwich, Skyscraper
from ._direct_clauses import direct_clauses
from ._encodings import AMO_ENCODERS, AuxiliaryVariables, Encoding, Formula, encode
from ._sandwich_clauses import sandwich_clauses, sandwich_fits
from ._skyscraper_clauses import skyscraper_clauses

__all__ = ["ConstrainedFormula", "ImpliedAtMostOne", "constrained_formula", "axiom_clauses"]


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


class ImpliedAtMostOne:
    """Clauses of axioms whose at-most-one an earlier axiom's implies, told apart as they come.

    A helper claim belongs to the first axiom that holds it (positive). An axiom whose positive
    literals all belong to one earlier axiom, besides at most one other literal r, needs only
    its at-least-one clause and ``¬h ∨ ¬r`` per such helper h: the earlier axiom's at-most-one
    already keeps two of them from holding together (a table's "exactly one filling" and the
    support axioms of its cells' claims, say). Given the ``shape``, the pairs ``¬a ∨ ¬b`` of
    claims that the cells and houses already keep apart are left out too (a killer cage's
    "a 5 in one cell or none" over cells of a box).

    >>> trimmed = ImpliedAtMostOne(claims=8)
    >>> aux = AuxiliaryVariables(12)
    >>> trimmed.clauses(LiteralAxiom("fillings", "k", (9, 10, 11)), Encoding(), aux)[:2]
    [[9, 10, 11], [-9, -10]]
    >>> trimmed.clauses(LiteralAxiom("r1c1=1 by its fillings", "k", (9, 10, -1)), Encoding(), aux)
    [[9, 10, -1], [-9, 1], [-10, 1]]
    """

    def __init__(self, claims: int, shape: Shape | None = None) -> None:
        self.claims = claims
        self.owner: dict[int, int] = {}
        self.seen = 0
        self.shape = shape

    def clauses(
        self, axiom: LiteralAxiom, encoding: Encoding, aux: AuxiliaryVariables
    ) -> list[list[int]]:
        """Return the axiom's clauses, at most one pair of literals left to an earlier axiom."""
        self.seen += 1
        literals = axiom.literals
        helpers = [lit for lit in literals if lit > self.claims]
        owners = {self.owner.get(lit) for lit in helpers}
        rest = [lit for lit in literals if lit <= self.claims]
        if len(helpers) > 1 and len(owners) == 1 and None not in owners and len(rest) <= 1:
            return [list(literals), *([-h, -r] for r in rest for h in helpers)]
        for lit in helpers:
            self.owner.setdefault(lit, self.seen)
        made = axiom_clauses(axiom, encoding, aux)
        if self.shape is None or len(rest) < 2:
            return made
        n, peers = self.shape.n, self.shape.peers
        claims = (abs(lit) for lit in rest)
        places = {-c: divmod(c - 1, n) for c in claims if c <= self.claims}  # ¬claim: cell, digit

        def by_houses(clause: list[int]) -> bool:
            """Tell whether a clause is ``¬a ∨ ¬b`` for claims a, b that the cells and houses
            keep from holding together (one cell's two digits, or one digit in two cells of a
            house)."""
            if len(clause) != 2 or clause[0] not in places or clause[1] not in places:
                return False
            (first, digit), (second, other) = places[clause[0]], places[clause[1]]
            if first == second:
                return digit != other
            return digit == other and second in peers[first]

        return [clause for clause in made if not by_houses(clause)]


def _direct_rules(puzzle: Puzzle) -> dict[int, list[list[int]]]:
    """Return the clauses of each rule that pairs of its cells state, by the rule's index."""
    made = ((index, direct_clauses(rule, puzzle)) for index, rule in enumerate(puzzle.constraints))
    return {index: clauses for index, clauses in made if clauses is not None}


def _own_clauses(rule: Constraint, n: int) -> bool:
    """Tell whether the compact formula states a rule by clauses of its own, not its axioms:
    a Towers clue, a sandwich clue its clauses fit."""
    return isinstance(rule, Skyscraper) or (isinstance(rule, Sandwich) and sandwich_fits(rule, n))


@lru_cache(maxsize=16)
def _houses(shape: Shape, encoding: Encoding) -> Formula:
    """Return the shape's house formula, made once per shape (callers copy its clause list)."""
    return encode(shape, encoding)


def _moved(literal: int, claims: int, helpers: int) -> int:
    """Return a literal of the house formula with its auxiliary variable moved past the helpers."""
    if literal > claims:
        return literal + helpers
    return literal - helpers if literal < -claims else literal


def constrained_formula(
    puzzle: Puzzle,
    encoding: Encoding = Encoding(),
    *,
    units: Sequence[int] = (),
    compact: bool = False,
) -> ConstrainedFormula:
    """Return the CNF of a puzzle and its rules; ``units`` (givens, say) end it as unit clauses.

    ``compact``: rules stated by pairs of cells without helper claims, Towers clues by their own
    clauses, implied at-most-ones left out, no derived axioms (the same solutions, fewer
    clauses; the helpers are those of the other rules).

    >>> from satdoku.core.constraints import Comparison
    >>> from satdoku.core._shape import Shape
    >>> puzzle = Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),))
    >>> made = constrained_formula(puzzle)
    >>> made.formula.clauses[-7:], made.helpers.last, made.formula.top
    ([[9], [9, -1], [-9, 1], [-2], [-3], [9, -4], [-9, 4]], 9, 9)
    """
    n = puzzle.n
    pairs = _direct_rules(puzzle) if compact else {}
    # the 45 rule's derived cages cost PySAT more than they save (Solo's killers, every level)
    clues = [i for i, rule in enumerate(puzzle.constraints) if compact and _own_clauses(rule, n)]
    rules: ConstraintAxioms = constraint_axioms(puzzle, not compact, frozenset([*pairs, *clues]))
    claims, helpers = n**3, len(rules.helpers.names)
    houses = _houses(puzzle.shape, encoding)
    # the houses' auxiliary variables move above the helper claims, numbered from n³ + 1
    if houses.top == claims:  # no auxiliary variables to move (pairwise houses)
        clauses = [clause.copy() for clause in houses.clauses]
    else:
        clauses = [[_moved(v, claims, helpers) for v in clause] for clause in houses.clauses]
    origins = list(houses.origins)
    aux = AuxiliaryVariables(houses.top + helpers)
    trimmed = ImpliedAtMostOne(claims, puzzle.shape)
    for axiom in rules.axioms:
        start = len(clauses)
        if compact:
            clauses.extend(trimmed.clauses(axiom, encoding, aux))
        else:
            clauses.extend(axiom_clauses(axiom, encoding, aux))
        origins.append((axiom.name, start, len(clauses)))
    for index, direct in pairs.items():
        start = len(clauses)
        clauses.extend(direct)
        origins.append((puzzle.constraints[index].title(n), start, len(clauses)))
    for index in clues:
        clue = puzzle.constraints[index]
        start = len(clauses)
        if isinstance(clue, Skyscraper):
            clauses.extend(skyscraper_clauses(clue, n, aux))
        elif isinstance(clue, Sandwich):
            clauses.extend(sandwich_clauses(clue, n, aux))
        origins.append((clue.title(n), start, len(clauses)))
    if units:
        start = len(clauses)
        clauses.extend([unit] for unit in units)
        origins.append(("givens", start, len(clauses)))
    return ConstrainedFormula(Formula(puzzle.n, clauses, aux.top, origins), rules.helpers)
