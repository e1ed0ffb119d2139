"""Sentences that say what a step does, in r1c1 notation, citing its rule and axiom.

The stepper records variables only; the words are made on demand from a step and the shape,
in the puzzle's own symbols (a 16x16 read with letters says ``A``, not 10, in claims and in
axiom names alike). With ``terms=True`` a sentence also names the step by its teaching name
(elimination, lone cell, lone ranger, twins) and set logic by the community's.

>>> from satdoku.io.line import parse_line
>>> from satdoku.rules.propagator import propagation
>>> sentence(list(propagation(parse_line("1...")))[0])
'given: r1c1=1'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.axioms import Axiom
from ..core.claims import Claim, claim_of
from ..core.shape import Shape
from ..io.alphabet import Alphabet
from ..rules.steps import Rule, Step
from ..rules.strategies import Technique

if TYPE_CHECKING:  # the words only: importing the hint's solver at import time costs start-up
    from ..api.hint import Hint, Mistake
    from ..api.hint_blockers import Blocker

__all__ = [
    "sentence",
    "set_sentence",
    "symbol",
    "claim_text",
    "axiom_name",
    "technique_name",
    "join",
    "hint_text",
    "why_text",
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

    >>> from satdoku.core.axioms import axioms
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

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.propagator import propagation
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
    pair = [f"r{c // n + 1}c{c % n + 1}" for c in house.cells if c * n + d1 not in excluded]
    return (
        f"twins: in {house.title()} the digits {s1} and {s2} fit only {_join(pair)}, "
        f"so {_join(decided)} {verb} false"
    )


def _where(step: Step, alphabet: Alphabet) -> str:
    """Say where a deduction is, without its claims: the axiom, house, or bases of a move."""
    move = step.sets
    if move is None:
        assert step.axiom is not None
        if step.axiom.is_cell:
            return f"at r{step.claims[0].row + 1}c{step.claims[0].col + 1}"
        return f"in '{axiom_name(step.axiom, alphabet)}'"
    if move.kind == "naked":
        return f"in {move.cover_labels[0]}"
    if move.kind == "hidden":
        return f"in {move.base_labels[0]}"
    digit = symbol(move.digits[0], step.n, alphabet)
    return f"on the digit {digit} in {join(list(move.base_labels))}"


def _cells(claims: Sequence[Claim]) -> str:
    return join(list(dict.fromkeys(f"r{c.row + 1}c{c.col + 1}" for c in claims)))


def hint_text(hint: Hint, level: int | None = None, alphabet: Alphabet | None = None) -> str:
    """Say a hint (:class:`satdoku.api.hint.Hint`) at level 1, 2 or 3 (default: its own).

    >>> from satdoku.api.hint import hint
    >>> from satdoku.io.line import parse_line
    >>> h = hint(parse_line("1.3..4..2...4..1"))
    >>> hint_text(h, 1)
    'lone cell (rule 2 on a cell axiom: a cell with one candidate left holds it)'
    >>> hint_text(h, 2)
    'lone cell at r1c2'
    >>> hint_text(h, 3)  # doctest: +NORMALIZE_WHITESPACE
    "rule 2 (lone cell): in 'cell r1c2 holds exactly one digit' every claim but r1c2=2 is false,
     so r1c2=2. As a naked single (lone cell): r1c2 sees every other digit: 1 in r1c1 (row 1),
     3 in r1c3 (row 1) and 4 in r2c2 (column 2)."
    """
    level = hint.level if level is None else level
    alphabet = hint.alphabet if alphabet is None else alphabet
    shape = hint.puzzle.shape
    n = shape.n
    status = hint.status.value
    if status == "solved":
        return "the grid is solved: every cell is filled" + (
            " and agrees with the solution" if hint.solution is not None else ""
        )
    if status == "mistake":
        return _mistake_text(hint.mistakes, level, n, alphabet)
    if status == "unsolvable":
        cells = list(hint.conflict) or (list(hint.step.reasons) if hint.step else [])
        if level == 1 or not cells:
            return "the grid has no solution: some entries contradict each other"
        if level == 2:
            return f"the grid has no solution: look at {_cells(cells)}"
        entries = [claim_text(c, n, alphabet) for c in hint.conflict]
        if entries:
            return f"the grid has no solution: these entries cannot all hold: {join(entries)}"
        assert hint.step is not None
        return "the grid has no solution: " + sentence(hint.step, shape, alphabet)
    if status == "stuck":
        said = (
            "no technique up to set logic of size 4 (quads, jellyfish) makes progress: "
            "the next step is a guess"
        )
        if level == 1:
            return said
        open_cells = [
            (len(hint.state.candidates(r, c)), r, c)
            for r in range(n)
            for c in range(n)
            if not hint.state.digit(r, c)
        ]
        size, r, c = min(open_cells)
        digits = join([symbol(d, n, alphabet) for d in hint.state.candidates(r, c)])
        return f"{said}; r{r + 1}c{c + 1} has the fewest candidates ({digits})"
    step = hint.step
    assert step is not None
    technique = step.technique
    assert technique is not None
    kind = step.sets.kind if step.sets is not None and step.sets.size == 1 else None
    name = technique_name(technique, kind)
    if level == 1:
        return f"{name} ({technique.describe()})"
    if level == 2:
        return f"{name} {_where(step, alphabet)}"
    said = sentence(step, shape, alphabet, terms=True)
    why = why_text(step, hint.blockers, alphabet)
    return f"{said}. {why}" if why else said


def _cell(claim: Claim) -> str:
    return f"r{claim.row + 1}c{claim.col + 1}"


def _blocked(blocker: Blocker, n: int, alphabet: Alphabet, naked: bool) -> str:
    """Say what excludes one premise: the digit seen and where, or the cell's own digit."""
    premise, by = blocker.premise, blocker.by
    digit = symbol(premise.digit, n, alphabet)
    if by is None:
        return f"{digit} crossed out" if naked else f"{_cell(premise)} has {digit} crossed out"
    if blocker.house is None:
        return f"{_cell(premise)} holds {symbol(by.digit, n, alphabet)}"
    if naked:
        return f"{digit} in {_cell(by)} ({blocker.house})"
    return f"{_cell(premise)} sees {claim_text(by, n, alphabet)} ({blocker.house})"


def why_text(step: Step, blockers: Sequence[Blocker], alphabet: Alphabet = Alphabet()) -> str:
    """Say why a single holds (what blocks each premise), or name a set-logic step's houses.

    >>> from satdoku.api.hint import hint
    >>> from satdoku.io.line import parse_line
    >>> h = hint(parse_line("1.3..4..2...4..1"))
    >>> why_text(h.step, h.blockers)
    'As a naked single (lone cell): r1c2 sees every other digit: 1 in r1c1 (row 1), 3 in r1c3 \
(row 1) and 4 in r2c2 (column 2).'
    """
    n = step.n
    move = step.sets
    if move is not None:
        bases, covers = (list(dict.fromkeys(x)) for x in (move.base_labels, move.cover_labels))
        return (
            f"Base{'s' if len(bases) > 1 else ''} {join(bases)}; "
            f"cover{'s' if len(covers) > 1 else ''} {join(covers)}."
        )
    if step.rule is not Rule.TWO or step.axiom is None or not blockers:
        return ""
    target = claim_of(step.decided[0], n)
    naked = step.axiom.is_cell
    reasons = join([_blocked(b, n, alphabet, naked) for b in blockers])
    if naked:
        return f"As a naked single (lone cell): {_cell(target)} sees every other digit: {reasons}."
    house = step.axiom.name.partition(" has exactly one")[0]
    digit = symbol(target.digit, n, alphabet)
    return (
        f"As a hidden single (lone ranger): {claim_text(target, n, alphabet)} is the only place "
        f"for {digit} in {house}, as every other cell of it is blocked: {reasons}."
    )


def _mistake_text(mistakes: Sequence[Mistake], level: int, n: int, alphabet: Alphabet) -> str:
    """Say a player's mistakes at a level: how many, where, or what each one is."""
    count = len(mistakes)
    if level == 1:
        some = "a mistake" if count == 1 else f"{count} mistakes"
        return f"there is {some}: a filled cell or a removed candidate contradicts the solution"
    if level == 2:
        return (
            f"{'a mistake' if count == 1 else 'mistakes'} at {_cells([m.claim for m in mistakes])}"
        )
    said = []
    for m in mistakes:
        claim = claim_text(m.claim, n, alphabet)
        right = symbol(m.solution, n, alphabet)
        if m.kind == "removed":
            said.append(f"{claim} was crossed out, but the solution has {right} there")
        elif m.kind == "given":
            said.append(f"{claim} changes the given {right}")
        else:
            said.append(f"{claim} is wrong: the solution has {right} there")
    return "; ".join(said)
