"""A hint on a puzzle with rules in words: the rule to look at, the step citing it, its premises.

The step's sentence is the stepper's (:func:`satdoku.views._literal_sentences.literal_sentence`:
"thermometer r1c1→r1c3: only 20 fillings remain, so r1c1 is not 5"); the premises are the
entries (and crossed-out candidates) it rests on, each entry said once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..core._axioms import axioms
from ..core._claims import FALSE, TRUE, Claim, claim_of
from ..core.constraints import cell_name
from ..io._alphabet import Alphabet
from ..rules._literal_sets import MAX_LITERAL_SIZE
from ..rules._literal_steps import LiteralStep
from ..rules._steps import Rule
from ..rules._strategies import Technique
from ._literal_records import puzzle_wording
from ._literal_sentences import Wording, literal_sentence
from ._sentences import axiom_name, claim_text, join, symbol, technique_name

if TYPE_CHECKING:  # the words only: importing the hint's solver at import time costs start-up
    from ..api._hint import Hint

__all__ = [
    "hint_wording",
    "rule_step_text",
    "rule_stuck_text",
    "rule_titles",
    "contradiction_claims",
    "conflict_text",
    "premise_texts",
    "lead_steps",
    "lead_rules",
    "step_cells",
]


def hint_wording(hint: Hint, alphabet: Alphabet | None = None) -> Wording:
    """Return the wording of a hint's puzzle, in the hint's symbols (or ``alphabet``'s)."""
    return replace(puzzle_wording(hint.puzzle), alphabet=alphabet or hint.alphabet)


def contradiction_claims(hint: Hint) -> list[Claim]:
    """Return the claims of the stepper's contradiction in a hint on a puzzle with rules."""
    found = hint.deduction
    if found is None or found.step is None:
        return []
    n = hint.puzzle.n
    return [claim_of(abs(u), n) for u in found.step.because if abs(u) <= n**3]


def rule_titles(hint: Hint) -> list[str]:
    """Return the titles of the rules a hint names (a conflict's), in the puzzle's order."""
    n = hint.puzzle.n
    return [hint.puzzle.constraints[index].title(n) for index in hint.rules]


def step_cells(step: LiteralStep, n: int) -> list[int]:
    """Return the cells (``row*n + col``) whose claims a step decides, in order."""
    return list(dict.fromkeys((abs(u) - 1) // n for u in step.decided if abs(u) <= n**3))


def premise_texts(hint: Hint, alphabet: Alphabet) -> list[str]:
    """Name what a deduction rests on: the entries it needs, and candidates crossed out.

    A candidate excluded by an entry of its own cell or of a peer is named by that entry.
    """
    found = hint.deduction
    if found is None:
        return []
    n = hint.puzzle.n
    said = [claim_text(claim_of(u, n), n, alphabet) for u in found.premises if u > 0]
    for blocker in hint.blockers:
        if blocker.by is not None:
            said.append(claim_text(blocker.by, n, alphabet))
        else:
            premise = blocker.premise
            digit = symbol(premise.digit, n, alphabet)
            said.append(f"{cell_name(premise.row * n + premise.col, n)}≠{digit} (crossed out)")
    return list(dict.fromkeys(said))


def _name(hint: Hint, step: LiteralStep) -> str:
    """Name the kind of step: a technique of the houses, set logic, or the rule's kind."""
    technique = hint.technique_name
    if step.rule is Rule.SET:
        return f"set logic of size {step.size} (over the houses and the puzzle's rules)"
    if technique in {t.value for t in Technique}:
        chosen = Technique(technique)
        return f"{technique_name(chosen)} ({chosen.describe()})"
    if step.axiom is not None and step.axiom.source is None:  # derived from several rules
        return f"{technique} (a deduction several of the puzzle's rules make together)"
    return f"{technique} (a deduction from one of the puzzle's {technique} rules)"


def _where(hint: Hint, step: LiteralStep, wording: Wording, alphabet: Alphabet) -> str:
    """Say where a step is, without its conclusion: its rule, axiom or bases, and its cells."""
    n = hint.puzzle.n
    cells = join([cell_name(c, n) for c in step_cells(step, n)])
    technique = hint.technique_name
    if step.rule is Rule.SET:
        bases = join([f"'{a.name}'" for a in step.bases])
        return f"set logic of size {step.size} on {bases}, at {cells}"
    assert step.axiom is not None
    title = wording.title(step.axiom.source)
    if title is not None:
        return f"{title}, at {cells}"
    if technique == "lone-cell":
        return f"lone cell at {cells}"
    named = {a.name: a for a in axioms(hint.puzzle.shape)}.get(step.axiom.name)
    name = axiom_name(named, alphabet) if named is not None else step.axiom.name
    if technique not in _HOUSES:  # an axiom several rules imply together (the 45 rule's)
        return f"'{name}', at {cells}"
    return f"{technique_name(Technique(technique))} in '{name}', at {cells}"


_HOUSES = {Technique.ELIMINATION.value, Technique.LONE_RANGER.value}


def rule_step_text(hint: Hint, level: int, alphabet: Alphabet) -> str:
    """Say a deduction on a puzzle with rules: its kind (1), also where (2), or all of it (3)."""
    found = hint.deduction
    assert found is not None and found.step is not None
    step = found.step
    if level == 1:
        return _name(hint, step)
    wording = hint_wording(hint, alphabet)
    if level == 2:
        where = _where(hint, step, wording, alphabet)
        used = lead_rules(hint)
        return f"{where}, after eliminations by {join(used)}" if used else where
    said = literal_sentence(step, wording, found.truth)
    lead = [text for _, text in lead_steps(hint, wording)]
    if lead:
        shown = lead[:_SAID] + ([f"{len(lead) - _SAID} more"] if len(lead) > _SAID else [])
        said = f"{'; '.join(shown)}; then {said}"
    premises = premise_texts(hint, alphabet)
    if not premises:
        return f"{said}. No entry is needed: the rules alone say so."
    return f"{said}. It rests on {join(premises)}."


_SAID = 12
"""The most steps leading to a placement that the words say one by one (the record has all)."""


def lead_steps(hint: Hint, wording: Wording) -> list[tuple[LiteralStep, str]]:
    """Return the steps that lead to a hint's placement (eliminations it rests on), each with
    its sentence, in order."""
    found = hint.deduction
    if found is None or not found.lead:
        return []
    truth = list(found.start)
    lead = set(found.lead)
    said = []
    for index, step in enumerate(found.trail):
        for literal in step.decided:
            truth[abs(literal)] = TRUE if literal > 0 else FALSE
        if index in lead:
            said.append((step, literal_sentence(step, wording, truth)))
    return said


def lead_rules(hint: Hint) -> list[str]:
    """Return the titles of the rules the eliminations leading to a placement come from."""
    found = hint.deduction
    if found is None:
        return []
    n, rules = hint.puzzle.n, hint.puzzle.constraints
    sources = [found.trail[i].axiom for i in found.lead]
    titles = [rules[a.source].title(n) for a in sources if a is not None and a.source is not None]
    return list(dict.fromkeys(titles))


def rule_stuck_text(hint: Hint, level: int, alphabet: Alphabet) -> str:
    """Say that rules 1 and 2 and set logic stall on a puzzle with rules: a guess is next."""
    said = (
        "rules 1 and 2 over the houses and the puzzle's rules, and set logic up to size "
        f"{MAX_LITERAL_SIZE}, make no progress: the next step is a guess"
    )
    found = hint.deduction
    if level == 1 or found is None:
        return said
    n = hint.puzzle.n
    truth = found.truth
    open_cells = []
    for cell in range(n * n):
        left = [d for d in range(1, n + 1) if truth[cell * n + d] != FALSE]
        if len(left) > 1:
            open_cells.append((len(left), cell, left))
    if not open_cells:
        return said
    _, cell, left = min(open_cells)
    digits = join([symbol(d, n, alphabet) for d in left])
    return f"{said}; {cell_name(cell, n)} has the fewest candidates ({digits})"


def conflict_text(hint: Hint, alphabet: Alphabet) -> str:
    """Say the entries and rules of a conflict: ``r1c1=5; thermometer r1c1→r1c3``."""
    n = hint.puzzle.n
    entries: list[str] = [claim_text(c, n, alphabet) for c in hint.conflict]
    return "; ".join(entries + rule_titles(hint))
