"""Which encoder turns each kind of rule into axioms, and the axioms derived from a whole puzzle."""

from __future__ import annotations

from collections.abc import Callable

from ..constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    KillerCage,
    Skyscraper,
)
from ..errors import InputError
from ..literal_axioms import HelperClaims, LiteralAxiom
from ..puzzle import Puzzle
from .comparison import comparison_axioms, comparison_fillings
from .consecutive import consecutive_axioms, consecutive_fillings
from .keen_cage import keen_cage_axioms, keen_cage_fillings
from .killer_cage import killer_cage_axioms, killer_cage_fillings
from .killer_innies import innie_axioms
from .skyscraper import skyscraper_axioms
from .tables import RuleFillings

__all__ = ["Encoder", "Derivation", "ENCODERS", "DERIVED", "TABLES", "encoder_for"]

Encoder = Callable[[Constraint, int, Puzzle, HelperClaims], list[LiteralAxiom]]
"""Turns one rule (and its index in ``puzzle.constraints``, the axioms' ``source``) into axioms,
numbering the helper claims it needs with the builder."""

Derivation = Callable[[Puzzle, HelperClaims], list[LiteralAxiom]]
"""Derives axioms from a whole puzzle (several rules and houses together)."""

ENCODERS: dict[str, Encoder] = {
    ArithmeticCage.kind: keen_cage_axioms,
    Comparison.kind: comparison_axioms,
    Consecutive.kind: consecutive_axioms,
    Skyscraper.kind: skyscraper_axioms,
    KillerCage.kind: killer_cage_axioms,  # type: ignore[dict-item]
}
"""The encoder of each kind of rule, by :attr:`Constraint.kind`."""

TABLES: dict[str, RuleFillings] = {
    ArithmeticCage.kind: keen_cage_fillings,
    Comparison.kind: comparison_fillings,
    Consecutive.kind: consecutive_fillings,
    KillerCage.kind: killer_cage_fillings,
}
"""The fillings each kind allows over its cells: the rows of the tables its encoder makes (a
killer cage's encoder makes digit sets), and the SAT path's clauses of two-cell rules."""

DERIVED: list[Derivation] = [innie_axioms]
"""Derivations run after every rule is encoded, in this order (the 45 rule's derived cages)."""


def encoder_for(kind: str) -> Encoder:
    """Return the encoder of a kind of rule; refuse a kind satdoku cannot encode, by name.

    >>> encoder_for("comparison").__name__
    'comparison_axioms'
    >>> encoder_for("thermometer")
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: satdoku cannot encode thermometer rules
    """
    encoder = ENCODERS.get(kind)
    if encoder is None:
        raise InputError(f"satdoku cannot encode {kind} rules")
    return encoder
