"""A hint in words: what to look at, the step's sentence, and why (blockers, mistakes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core._claims import Claim, claim_of
from ..core.constraints import cell_name
from ..io._alphabet import Alphabet
from ..rules._steps import Rule, Step
from ._hint_rule_sentences import (
    conflict_text,
    contradiction_claims,
    hint_wording,
    rule_step_text,
    rule_stuck_text,
    rule_titles,
)
from ._literal_sentences import literal_sentence
from ._sentences import axiom_name, claim_text, join, sentence, symbol, technique_name
from ._technique_parts import pattern_cells
from ._technique_sentences import technique_sentence

if TYPE_CHECKING:  # the words only: importing the hint's solver at import time costs start-up
    from ..api._hint import Hint, Mistake
    from ..api._hint_blockers import Blocker
    from ..rules.techniques import TechniqueStep

__all__ = ["hint_text", "why_text"]


def hint_text(hint: Hint, level: int | None = None, alphabet: Alphabet | None = None) -> str:
    """Say a hint (:class:`satdoku.api._hint.Hint`) at level 1, 2 or 3 (default: its own).

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
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
        said = _mistake_text(hint.mistakes, level, n, alphabet)
        if hint.rules and level == 3:
            said += f"; the entries cannot all hold: {conflict_text(hint, alphabet)}"
        return said
    if status == "unsolvable":
        cells = list(hint.conflict) or (list(hint.step.reasons) if hint.step else [])
        cells = cells or contradiction_claims(hint)  # crossed-out marks, on a puzzle with rules
        if level == 1 or not (cells or hint.rules):
            return "the grid has no solution: some entries contradict each other"
        if level == 2:
            return f"the grid has no solution: look at {_cells(cells, rule_titles(hint))}"
        if hint.rules:
            return (
                f"the grid has no solution: these cannot all hold: {conflict_text(hint, alphabet)}"
            )
        if hint.deduction is not None and hint.deduction.step is not None:
            words = literal_sentence(hint.deduction.step, hint_wording(hint, alphabet))
            return f"the grid has no solution: {words}"
        entries = [claim_text(c, n, alphabet) for c in hint.conflict]
        if entries:
            return f"the grid has no solution: these entries cannot all hold: {join(entries)}"
        assert hint.step is not None
        return "the grid has no solution: " + sentence(hint.step, shape, alphabet)
    if status == "stuck" and hint.deduction is not None:
        return rule_stuck_text(hint, level, alphabet)
    if status == "stuck":
        said = (
            "no technique up to nested forcing chains makes progress"
            + (
                ""
                if hint.unique
                else " (uniqueness techniques need a puzzle known to have one solution)"
            )
            + ": the next step is a guess"
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
    if hint.advanced is not None:
        return _advanced_text(hint.advanced, level, n, alphabet)
    if hint.deduction is not None:
        return rule_step_text(hint, level, alphabet)
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


def _advanced_text(step: TechniqueStep, level: int, n: int, alphabet: Alphabet) -> str:
    """Say a step beyond set logic: its name and SE value, where it is, or its premises."""
    unique = " (the puzzle has one solution)" if step.unique else ""
    name = f"{step.technique.title} (SE {step.se}, beyond set logic: {step.family})"
    if level == 1:
        return name + unique
    if level == 2:
        cells = join([cell_name(c, n) for c in pattern_cells(step)])
        start = "starting at" if step.chain and step.family != "wings" else "at"
        return f"{name} {start} {cells}{unique}"
    return f"{technique_sentence(step, n, alphabet)} (SE {step.se})"


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

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
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


def _cells(claims: Sequence[Claim], titles: Sequence[str] = ()) -> str:
    return join(list(dict.fromkeys(f"r{c.row + 1}c{c.col + 1}" for c in claims)) + list(titles))
