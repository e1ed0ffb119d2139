"""Which encoder turns each kind of rule into axioms, and the axioms derived from a whole puzzle."""

from __future__ import annotations

from collections.abc import Callable

from .._errors import InputError
from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import (
    XV,
    AntiKing,
    AntiKnight,
    ArithmeticCage,
    Arrow,
    BetweenLine,
    Clone,
    Comparison,
    Consecutive,
    Constraint,
    Distinct,
    EntropicLine,
    Extremum,
    KillerCage,
    Kropki,
    KropkiNegative,
    LittleKiller,
    ModularLine,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    RegionSumLine,
    Renban,
    Sandwich,
    Skyscraper,
    Thermometer,
    Whisper,
    XSum,
    XVNegative,
    ZipperLine,
)
from ._cell_rules import distinct_axioms, extremum_axioms, parity_axioms
from ._comparison import comparison_axioms, comparison_fillings
from ._consecutive import consecutive_axioms, consecutive_fillings
from ._keen_cage import keen_cage_axioms, keen_cage_fillings
from ._killer_cage import killer_cage_axioms, killer_cage_fillings
from ._killer_innies import innie_axioms
from ._line_rules import line_axioms, renban_axioms
from ._neighbour_rules import (
    anti_move_axioms,
    kropki_axioms,
    kropki_fillings,
    negative_axioms,
    non_consecutive_axioms,
    xv_axioms,
    xv_fillings,
)
from ._skyscraper import skyscraper_axioms
from ._sum_rules import (
    arrow_axioms,
    line_clue_axioms,
    little_killer_axioms,
    region_sum_line_axioms,
)
from ._tables import RuleFillings

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
    Distinct.kind: distinct_axioms,
    AntiKnight.kind: anti_move_axioms,
    AntiKing.kind: anti_move_axioms,
    NonConsecutive.kind: non_consecutive_axioms,
    Parity.kind: parity_axioms,
    Extremum.kind: extremum_axioms,
    Kropki.kind: kropki_axioms,
    KropkiNegative.kind: negative_axioms,
    XV.kind: xv_axioms,
    XVNegative.kind: negative_axioms,
    Thermometer.kind: line_axioms,
    Whisper.kind: line_axioms,
    Renban.kind: renban_axioms,
    Palindrome.kind: line_axioms,
    BetweenLine.kind: line_axioms,
    EntropicLine.kind: line_axioms,
    ModularLine.kind: line_axioms,
    ZipperLine.kind: line_axioms,
    Clone.kind: line_axioms,
    Quadruple.kind: line_axioms,
    LittleKiller.kind: little_killer_axioms,
    Sandwich.kind: line_clue_axioms,
    XSum.kind: line_clue_axioms,
    Arrow.kind: arrow_axioms,
    RegionSumLine.kind: region_sum_line_axioms,
}
"""The encoder of each kind of rule, by :attr:`Constraint.kind`."""

TABLES: dict[str, RuleFillings] = {
    ArithmeticCage.kind: keen_cage_fillings,
    Comparison.kind: comparison_fillings,
    Consecutive.kind: consecutive_fillings,
    KillerCage.kind: killer_cage_fillings,
    Kropki.kind: kropki_fillings,
    XV.kind: xv_fillings,
}
"""The fillings each kind allows over its cells: the rows of the tables its encoder makes (a
killer cage's encoder makes digit sets), and the SAT path's clauses of two-cell rules."""

DERIVED: list[Derivation] = [innie_axioms]
"""Derivations run after every rule is encoded, in this order (the 45 rule's derived cages)."""


def encoder_for(kind: str) -> Encoder:
    """Return the encoder of a kind of rule; refuse a kind satdoku cannot encode, by name.

    >>> encoder_for("comparison").__name__
    'comparison_axioms'
    >>> encoder_for("fog")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: satdoku cannot encode fog rules
    """
    encoder = ENCODERS.get(kind)
    if encoder is None:
        raise InputError(f"satdoku cannot encode {kind} rules")
    return encoder
