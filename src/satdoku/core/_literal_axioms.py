"""Axioms over literals: exactly one of some claims, negated claims and helper claims is true.

Houses need only claims ("row 3 has exactly one 7"); rules beyond houses also speak of a claim's
negation ("r1c1 is not 7") and of helper claims that are not "cell holds digit" ("cage 3 is filled
5,8,1"). A helper choice ``b`` that is a function of a choice ``a`` is the axioms
``EO(f⁻¹(b) ∪ {¬b})``, one per ``b`` (the support encoding), on which rules 1 and 2 are
generalised arc consistency.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ._claims import claim_of

__all__ = ["LiteralAxiom", "HelperClaims", "HelperNames", "literal_label"]


@dataclass(frozen=True)
class LiteralAxiom:
    """A named group of DIMACS literals of which exactly one is true.

    A literal is a claim variable (1..n³), a helper claim's variable (above n³), or the negation
    of either. ``source`` is the index of the constraint the axiom encodes in its puzzle's
    ``constraints`` (None for houses and cells).

    >>> LiteralAxiom("r1c1 < r1c2: a pair", "comparison", (5, -1), 0).literals
    (5, -1)
    """

    name: str
    kind: str
    literals: tuple[int, ...]
    source: int | None = None


@dataclass(frozen=True)
class HelperNames:
    """The names of the helper claims of a formula, numbered from ``n**3 + 1`` on.

    >>> names = HelperNames(2, ("cage 1 is filled 1,2",))
    >>> names.first, names.last, names.name(9)
    (9, 9, 'cage 1 is filled 1,2')
    """

    n: int
    names: tuple[str, ...] = ()

    @property
    def first(self) -> int:
        """Return the variable of the first helper claim."""
        return self.n**3 + 1

    @property
    def last(self) -> int:
        """Return the highest helper variable (n**3 when there is none)."""
        return self.n**3 + len(self.names)

    def name(self, variable: int) -> str:
        """Return the name of a helper claim's variable."""
        return self.names[variable - self.first]


def literal_label(literal: int, helpers: HelperNames) -> str:
    """Name a literal for people: ``r1c1=5``, ``r1c1≠5``, a helper's name or "not (…)".

    >>> helpers = HelperNames(2, ("cage 1 is filled 1,2",))
    >>> literal_label(-2, helpers), literal_label(9, helpers), literal_label(-9, helpers)
    ('r1c1≠2', 'cage 1 is filled 1,2', 'not (cage 1 is filled 1,2)')
    """
    variable = abs(literal)
    if variable <= helpers.n**3:
        claim = claim_of(variable, helpers.n)
        sign = "=" if literal > 0 else "≠"
        return f"r{claim.row + 1}c{claim.col + 1}{sign}{claim.digit}"
    name = helpers.name(variable)
    return name if literal > 0 else f"not ({name})"


@dataclass
class HelperClaims:
    """A builder that numbers helper claims above n³ as encoders ask for them.

    >>> helpers = HelperClaims(2)
    >>> helpers.new("a"), helpers.new("b"), helpers.frozen().names
    (9, 10, ('a', 'b'))
    """

    n: int
    names: list[str] = field(default_factory=list)

    def new(self, name: str) -> int:
        """Return the variable of a new helper claim with that name."""
        self.names.append(name)
        return self.n**3 + len(self.names)

    def frozen(self) -> HelperNames:
        """Return the names given so far, as a value."""
        return HelperNames(self.n, tuple(self.names))
