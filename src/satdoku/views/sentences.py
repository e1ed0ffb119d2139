"""Sentences that say what a step does, in r1c1 notation, citing its rule and axiom.

The stepper records variables only; the words are made on demand from a step and the shape.

>>> from satdoku.io.line import parse_line
>>> from satdoku.rules.propagator import propagation
>>> sentence(list(propagation(parse_line("1...")))[0])
'given: r1c1=1'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.claims import Claim, claim_of
from ..core.shape import Shape
from ..io.alphabet import Alphabet
from ..rules.steps import Rule, Step

__all__ = ["sentence", "set_sentence"]


def _label(claim: Claim, alphabet: Alphabet, n: int) -> str:
    digit = alphabet.symbol(claim.digit) if n <= len(alphabet.symbols) and n > 9 else claim.digit
    return f"r{claim.row + 1}c{claim.col + 1}={digit}"


def _labels(variables: Sequence[int], n: int, alphabet: Alphabet) -> list[str]:
    return [_label(claim_of(v, n), alphabet, n) for v in variables]


def _join(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _symbol(digit: int, alphabet: Alphabet, n: int) -> str:
    return alphabet.symbol(digit) if n <= len(alphabet.symbols) and n > 9 else str(digit)


def set_sentence(step: Step, alphabet: Alphabet = Alphabet()) -> str:
    """Say what a set-logic step does: its technique, bases and covers, and the claims made false.

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.search import trace
    >>> from satdoku.rules.strategies import parse_rules
    >>> grid = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
    >>> t = trace(parse_line(grid), parse_rules("1,2,set2"))
    >>> [set_sentence(s) for s in t.steps if s.sets][:2]  # doctest: +NORMALIZE_WHITESPACE
    ['locked candidates (claiming): in column 3 the digit 7 lies only in box 4, so r5c2=7 is false',
     'naked pair: in column 9 r4c9 and r6c9 hold only 3 and 6, so r1c9=3, r1c9=6, r2c9=3, r2c9=6,
      r5c9=3, r5c9=6 and r8c9=3 are false']
    """
    move = step.sets
    assert move is not None
    n = step.n
    decided = _labels(step.decided, n, alphabet)
    verb = "is" if len(decided) == 1 else "are"
    digits = _join([_symbol(d, alphabet, n) for d in move.digits])
    name = move.technique.value.replace("-", " ")
    if move.technique.value == "x-wing":
        name = "X-wing"
    if move.kind == "naked":
        return (
            f"{name}: in {move.cover_labels[0]} {_join(list(move.base_labels))} hold only "
            f"{digits}, so {_join(decided)} {verb} false"
        )
    if move.kind == "hidden":
        return (
            f"{name}: in {move.base_labels[0]} the digits {digits} fit only "
            f"{_join(list(move.cover_labels))}, so {_join(decided)} {verb} false"
        )
    if move.size == 1 and move.kind in ("pointing", "claiming"):
        name = f"{name} ({move.kind})"
    return (
        f"{name}: in {_join(list(move.base_labels))} the digit {digits} lies only in "
        f"{_join(list(move.cover_labels))}, so {_join(decided)} {verb} false"
    )


def sentence(step: Step, shape: Shape | None = None, alphabet: Alphabet = Alphabet()) -> str:
    """Say what a step does, citing its rule and axiom, in r1c1 notation.

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.propagator import propagation
    >>> steps = list(propagation(parse_line("1...")))
    >>> sentence(steps[0])
    'given: r1c1=1'
    >>> sentence(steps[2])
    "rule 1: r1c1=1 is true, so in 'row 1 has exactly one 1' r1c2=1 is false"
    >>> sentence(steps[4])
    "rule 2: in 'row 1 has exactly one 2' every claim but r1c2=2 is false, so r1c2=2"
    """
    n = step.n
    decided = _labels(step.decided, n, alphabet)
    because = _labels(step.because, n, alphabet)
    name = step.axiom.name if step.axiom is not None else ""
    rule = step.rule
    if rule is Rule.GIVEN:
        return f"given: {decided[0]}"
    if rule is Rule.ONE:
        verb = "is" if len(decided) == 1 else "are"
        return f"rule 1: {because[0]} is true, so in '{name}' {_join(decided)} {verb} false"
    if rule is Rule.TWO:
        return f"rule 2: in '{name}' every claim but {decided[0]} is false, so {decided[0]}"
    if rule is Rule.TWINS:
        assert step.detail is not None
        index, d1, d2 = step.detail
        verb = "is" if len(decided) == 1 else "are"
        if shape is None:
            return (
                f"twins: the digits {d1} and {d2} fit only two cells, so {_join(decided)} "
                f"{verb} false"
            )
        house = shape.houses[index]
        excluded = set(step.because)
        pair = [f"r{c // n + 1}c{c % n + 1}" for c in house.cells if c * n + d1 not in excluded]
        return (
            f"twins: in {house.title()} the digits {d1} and {d2} fit only {_join(pair)}, "
            f"so {_join(decided)} {verb} false"
        )
    if rule is Rule.SET:
        return set_sentence(step, alphabet)
    if rule is Rule.GUESS:
        return f"guess (depth {step.depth}): {decided[0]}"
    if rule is Rule.BACKTRACK:
        return (
            f"backtrack (depth {step.depth}): the guess {decided[0]} led to a contradiction, "
            f"so {decided[0]} is false"
        )
    if step.axiom is None:
        if not step.because:
            return "contradiction: the complete grid is rejected by the predicate"
        return f"contradiction: {because[0]} is already decided the other way"
    if len(step.because) == 2:
        return f"contradiction: in '{name}' both {because[0]} and {because[1]} are true"
    return f"contradiction: in '{name}' every claim is false"
