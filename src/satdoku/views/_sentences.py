"""Sentences that say what a step does, in r1c1 notation, citing its rule and axiom.

The stepper records variables only; the words are made on demand from a step and the shape,
in the puzzle's own symbols (a 16x16 read with letters says ``A``, not 10, in claims and in
axiom names alike). With ``terms=True`` a sentence also names the step by its teaching name
(elimination, lone cell, lone ranger, twins) and set logic by the community's.

>>> from satdoku.io._line import parse_line
>>> from satdoku.rules._propagator import propagation
>>> sentence(list(propagation(parse_line("1...")))[0])
'given: r1c1=1'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core._axioms import Axiom
from ..core._claims import Claim, claim_of
from ..core._shape import Shape
from ..core.constraints import cell_name
from ..io._alphabet import Alphabet
from ..rules._steps import Rule, Step
from ..rules._strategies import Technique

__all__ = [
    "sentence",
    "set_sentence",
    "symbol",
    "claim_text",
    "axiom_name",
    "technique_name",
    "join",
]


def symbol(digit: int, n: int, alphabet: Alphabet = Alphabet()) -> str:
    """Write a digit in the puzzle's symbols, or as a number when the alphabet is too short.

    >>> symbol(10, 16), symbol(1, 4, Alphabet("ABCD")), symbol(40, 49)
    ('A', 'A', '40')
    """
    return alphabet.symbol(digit) if n <= len(alphabet.symbols) else str(digit)


def claim_text(claim: Claim, n: int, alphabet: Alphabet = Alphabet()) -> str:
    """Name a claim in r1c1 notation with the digit in the puzzle's symbols.

    >>> claim_text(Claim(0, 1, 10), 16), claim_text(Claim(0, 1, 3), 9)
    ('r1c2=A', 'r1c2=3')
    """
    return f"r{claim.row + 1}c{claim.col + 1}={symbol(claim.digit, n, alphabet)}"


def _labels(variables: Sequence[int], n: int, alphabet: Alphabet) -> list[str]:
    return [claim_text(claim_of(v, n), n, alphabet) for v in variables]


def join(items: Sequence[str]) -> str:
    """Join words as people list them: ``a``, ``a and b``, ``a, b and c``.

    >>> join(["a"]), join(["a", "b", "c"])
    ('a', 'a, b and c')
    """
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_join = join


def axiom_name(axiom: Axiom, alphabet: Alphabet = Alphabet()) -> str:
    """Name an axiom with its digit in the puzzle's symbols (``row 1 has exactly one A``).

    >>> from satdoku.core._axioms import axioms
    >>> a = axioms(Shape.sudoku(16))[256 + 9]
    >>> a.name, axiom_name(a), axiom_name(axioms(Shape.sudoku(4))[0])
    ('row 1 has exactly one 10', 'row 1 has exactly one A', 'cell r1c1 holds exactly one digit')
    """
    if axiom.is_cell:
        return axiom.name
    n = axiom.n
    digit = (axiom.variables[0] - 1) % n + 1  # the digit of its claims (core.claims.claim_of)
    head, _, _ = axiom.name.rpartition(" ")
    return f"{head} {symbol(digit, n, alphabet)}"


def technique_name(technique: Technique, kind: str | None = None) -> str:
    """Name a technique in words (``X-wing``, ``lone ranger``, ``locked candidates (pointing)``).

    >>> technique_name(Technique.X_WING), technique_name(Technique.LOCKED_CANDIDATES, "claiming")
    ('X-wing', 'locked candidates (claiming)')
    """
    name = technique.value.replace("-", " ").replace("x wing", "X-wing")
    if technique is Technique.LOCKED_CANDIDATES and kind in ("pointing", "claiming"):
        name = f"{name} ({kind})"
    return name


def set_sentence(step: Step, alphabet: Alphabet = Alphabet(), *, terms: bool = False) -> str:
    """Say what a set-logic step does: its technique, bases and covers, and the claims made false.

    With ``terms``, a hidden pair also says it is the rule set's twins.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> from satdoku.rules._strategies import parse_rules
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
    digits = _join([symbol(d, n, alphabet) for d in move.digits])
    name = technique_name(move.technique, move.kind if move.size == 1 else None)
    if terms and move.technique is Technique.HIDDEN_PAIR:
        name += " (twins)"
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
    return (
        f"{name}: in {_join(list(move.base_labels))} the digit {digits} lies only in "
        f"{_join(list(move.cover_labels))}, so {_join(decided)} {verb} false"
    )


def _rule_name(step: Step, terms: bool) -> str:
    """Return ``rule 1`` / ``rule 2``, with the teaching name when asked."""
    technique = step.technique
    if not terms or technique is None:
        return f"rule {step.rule.value}"
    return f"rule {step.rule.value} ({technique_name(technique)})"


def sentence(
    step: Step,
    shape: Shape | None = None,
    alphabet: Alphabet = Alphabet(),
    *,
    terms: bool = False,
    candidates: Sequence[int] | None = None,
) -> str:
    """Say what a step does, citing its rule and axiom, in r1c1 notation and the puzzle's symbols.

    ``terms`` adds the teaching name of the step (elimination, lone cell, lone ranger, twins);
    ``candidates`` (a guess's cell candidates just before it) lets a guess name its alternatives.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._propagator import propagation
    >>> steps = list(propagation(parse_line("1...")))
    >>> sentence(steps[0])
    'given: r1c1=1'
    >>> sentence(steps[2])
    "rule 1: r1c1=1 is true, so in 'row 1 has exactly one 1' r1c2=1 is false"
    >>> sentence(steps[4], terms=True)
    "rule 2 (lone ranger): in 'row 1 has exactly one 2' every claim but r1c2=2 is false, so r1c2=2"
    >>> guess = Step(Rule.GUESS, None, (2,), True, (2,), 1, 2)
    >>> sentence(guess, candidates=(1, 2))
    'guess (depth 1): r1c1=2, one of r1c1=1 and r1c1=2; the others are tried if it fails'
    """
    n = step.n
    decided = _labels(step.decided, n, alphabet)
    because = _labels(step.because, n, alphabet)
    name = axiom_name(step.axiom, alphabet) if step.axiom is not None else ""
    rule = step.rule
    if rule is Rule.GIVEN:
        return f"given: {decided[0]}"
    if rule is Rule.ONE:
        verb = "is" if len(decided) == 1 else "are"
        return (
            f"{_rule_name(step, terms)}: {because[0]} is true, so in '{name}' "
            f"{_join(decided)} {verb} false"
        )
    if rule is Rule.TWO:
        return (
            f"{_rule_name(step, terms)}: in '{name}' every claim but {decided[0]} is false, "
            f"so {decided[0]}"
        )
    if rule is Rule.TWINS:
        return _twins(step, shape, alphabet, decided)
    if rule is Rule.SET:
        return set_sentence(step, alphabet, terms=terms)
    if rule is Rule.GUESS:
        said = f"guess (depth {step.depth}): {decided[0]}"
        if candidates is not None and len(candidates) > 1:
            cell = claim_of(step.decided[0], n)
            options = [claim_text(cell._replace(digit=d), n, alphabet) for d in candidates]
            said += f", one of {_join(options)}; the others are tried if it fails"
        return said
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


def _twins(step: Step, shape: Shape | None, alphabet: Alphabet, decided: list[str]) -> str:
    """Say what a twins step (a hidden pair, one cell at a time) does."""
    assert step.detail is not None
    n = step.n
    index, d1, d2 = step.detail
    s1, s2 = symbol(d1, n, alphabet), symbol(d2, n, alphabet)
    verb = "is" if len(decided) == 1 else "are"
    if shape is None:
        return (
            f"twins: the digits {s1} and {s2} fit only two cells, so {_join(decided)} {verb} false"
        )
    house = shape.houses[index]
    excluded = set(step.because)
    pair = [cell_name(c, n) for c in house.cells if c * n + d1 not in excluded]
    return (
        f"twins: in {house.title()} the digits {s1} and {s2} fit only {_join(pair)}, "
        f"so {_join(decided)} {verb} false"
    )
