"""The JSON fields of a hint on a puzzle with rules: the rule cited, the step, its premises.

A deduction has the houses hint's ``technique`` (``elimination``, ``lone-cell``, ``lone-ranger``,
``set-logic`` or the kind of the rule: ``thermometer``, ``cage``), ``rung`` and ``stage``, and
``constraint`` (the title of the rule cited, or null); from level 2 ``axiom`` (its name) or a
set-logic step's ``bases`` and ``covers``, ``cells`` (``[row, col]`` the step decides) and
``rule_cells`` (the cited rule's cells) and ``lead_rules`` (the titles of the rules whose
eliminations lead to a placement); at level 3 ``step`` (the step's record as ``satdoku
step --json`` writes it on such a puzzle), ``premises`` (the entries and crossed-out candidates
it rests on, named), ``blockers`` (as the houses hint's) and ``lead`` (the records of the
eliminations that lead to a placement, in order).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..api._hint_blockers import Blocker
from ._hint_rule_sentences import hint_wording, lead_rules, lead_steps, premise_texts, step_cells
from ._literal_records import literal_step_record
from ._literal_sentences import literal_sentence

if TYPE_CHECKING:
    from ..api._hint import Hint

__all__ = ["rule_hint_fields", "blocker_records"]


def rule_hint_fields(hint: Hint) -> dict[str, Any]:
    """Return the fields of a hint's deduction on a puzzle with rules, at the hint's level.

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io.tatham import parse_game_id
    >>> marks = " ".join(["123"] * 9)  # every candidate kept
    >>> rec = rule_hint_fields(hint(parse_game_id("keen:3:a3_ac,a3m6a9"), marks, level=2))
    >>> rec["technique"], rec["constraint"], rec["rule_cells"]
    ('keen cage', 'cage 3+ over r1c1,r1c2', [[0, 0], [0, 1]])
    """
    found = hint.deduction
    assert found is not None and found.step is not None
    step, n = found.step, hint.puzzle.n
    axiom = step.axiom
    source = axiom.source if axiom is not None else None
    rule = hint.puzzle.constraints[source] if source is not None else None
    rec: dict[str, Any] = {
        "technique": hint.technique_name,
        "rung": hint.rung,
        "stage": hint.stage,
        "constraint": rule.title(n) if rule is not None else None,
    }
    if hint.level >= 2:
        if axiom is not None:
            rec["axiom"] = axiom.name
        else:
            rec["bases"] = [a.name for a in step.bases]
            rec["covers"] = [a.name for a in step.covers]
        rec["cells"] = [list(divmod(cell, n)) for cell in step_cells(step, n)]
        rec["rule_cells"] = [list(divmod(cell, n)) for cell in rule.cells(n)] if rule else []
        rec["lead_rules"] = lead_rules(hint)
    if hint.level == 3:
        wording = hint_wording(hint)
        lead = [literal_step_record(s, wording, text) for s, text in lead_steps(hint, wording)]
        text = literal_sentence(step, wording, found.truth)
        rec["step"] = literal_step_record(step, wording, text)
        rec["premises"] = premise_texts(hint, hint.alphabet)
        rec["blockers"] = blocker_records(hint.blockers)
        rec["lead"] = lead
    return rec


def blocker_records(blockers: Sequence[Blocker]) -> list[dict[str, Any]]:
    """Return the blockers of a hint as ``{"premise", "by", "house"}`` records.

    >>> from satdoku.core._claims import Claim
    >>> blocker_records([Blocker(Claim(0, 1, 1), Claim(0, 0, 1), "row 1")])
    [{'premise': [0, 1, 1], 'by': [0, 0, 1], 'house': 'row 1'}]
    """
    return [
        {
            "premise": list(b.premise),
            "by": list(b.by) if b.by is not None else None,
            "house": b.house,
        }
        for b in blockers
    ]
