"""JSON records of the steps of the stepper over axioms of any form, as the step trace has them.

The fields are those of :func:`satdoku.views._trace_json.step_record` where they apply:
``"rule"``, ``"axiom"`` (``{"name", "claims"}``), ``"claims"`` with ``"value"`` (the claims
made false when the step makes any false, else those made true), ``"because"`` (the claims of
the literals that caused the step), ``"depth"`` and ``"text"``. Added: ``"literals"`` (every
literal made true, named), ``"reasons"`` (the literals that caused it, named), ``"helpers"``
(helper claims decided: ``{"name", "value"}``), ``"constraint"`` (the title of the constraint
the axiom encodes, or None), the axiom's ``"kind"`` and ``"literals"``, and a set-logic step's
``"size"``, ``"bases"`` and ``"covers"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..api._constraint_steps import constraint_steps, formula
from ..core._claims import claim_of
from ..core._literal_axioms import LiteralAxiom
from ..core._puzzle import Puzzle
from ..rules._literal_steps import LiteralStep
from ._literal_sentences import Wording, literal_text, narrated

__all__ = [
    "literal_axiom_json",
    "literal_step_record",
    "literal_step_records",
    "puzzle_wording",
    "constraint_step_records",
]


def _claims(literals: Iterable[int], n: int) -> list[list[int]]:
    return [list(claim_of(abs(u), n)) for u in literals if abs(u) <= n**3]


def literal_axiom_json(axiom: LiteralAxiom, wording: Wording) -> dict[str, Any]:
    """Return an axiom as ``{"name", "claims", "kind", "literals", "constraint"}``.

    >>> from satdoku.core._literal_axioms import HelperNames
    >>> axiom = LiteralAxiom("cell r1c1 holds exactly one digit", "cell", (1, 2))
    >>> literal_axiom_json(axiom, Wording.of(2, HelperNames(2), ()))["literals"]
    ['r1c1=1', 'r1c1=2']
    """
    return {
        "name": axiom.name,
        "claims": _claims(axiom.literals, wording.n),
        "kind": axiom.kind,
        "literals": [literal_text(u, wording) for u in axiom.literals],
        "constraint": wording.title(axiom.source),
    }


def literal_step_record(step: LiteralStep, wording: Wording, text: str) -> dict[str, Any]:
    """Return the JSON record of one step, with its sentence ``text``.

    >>> from satdoku.core._literal_axioms import HelperNames
    >>> from satdoku.rules._steps import Rule
    >>> rec = literal_step_record(LiteralStep(Rule.GIVEN, None, (1,), (), 0),
    ...                           Wording.of(2, HelperNames(2), ()), "given: r1c1=1")
    >>> rec["rule"], rec["claims"], rec["value"], rec["literals"], rec["constraint"]
    ('given', [[0, 0, 1]], True, ['r1c1=1'], None)
    """
    n = wording.n
    claims = n**3
    made_false = [u for u in step.decided if -claims <= u < 0]
    value = not made_false
    shown = made_false if made_false else [u for u in step.decided if u > 0]
    axiom = step.axiom
    record: dict[str, Any] = {
        "rule": step.rule.value,
        "axiom": None if axiom is None else literal_axiom_json(axiom, wording),
        "claims": _claims(shown, n),
        "value": value,
        "because": _claims(step.because, n),
        "depth": step.depth,
        "text": text,
        "literals": [literal_text(u, wording) for u in step.decided],
        "reasons": [literal_text(u, wording) for u in step.because],
        "helpers": [
            {"name": wording.helpers.name(abs(u)), "value": u > 0}
            for u in step.decided
            if abs(u) > claims
        ],
        "constraint": None if axiom is None else wording.title(axiom.source),
    }
    if step.bases:
        record["size"] = step.size
        record["bases"] = [literal_axiom_json(a, wording) for a in step.bases]
        record["covers"] = [literal_axiom_json(a, wording) for a in step.covers]
    return record


def literal_step_records(
    steps: Iterable[LiteralStep], wording: Wording
) -> Iterator[dict[str, Any]]:
    """Yield the JSON record of every step of a run, in order.

    >>> from satdoku.core._literal_axioms import HelperNames
    >>> from satdoku.rules._steps import Rule
    >>> steps = [LiteralStep(Rule.GIVEN, None, (1,), (), 0)]
    >>> [r["text"] for r in literal_step_records(steps, Wording.of(2, HelperNames(2), ()))]
    ['given: r1c1=1']
    """
    for step, text in narrated(steps, wording):
        yield literal_step_record(step, wording, text)


def puzzle_wording(puzzle: Puzzle) -> Wording:
    """Return the wording of a puzzle's steps: its helpers, constraints and symbols.

    >>> from satdoku.io._line import parse_line
    >>> puzzle_wording(parse_line("1...")).n
    2
    """
    f = formula(puzzle)
    return Wording.of(puzzle.n, f.helpers, f.axioms, puzzle.constraints, puzzle.symbols)


def constraint_step_records(
    puzzle: Puzzle, guess: bool = True, set_logic: int = 0
) -> Iterator[dict[str, Any]]:
    """Yield the JSON record of every step of solving a puzzle (see :func:`constraint_steps`).

    >>> from satdoku.io._line import parse_line
    >>> [r["text"] for r in constraint_step_records(parse_line("1..."))][:2]
    ['given: r1c1=1', "rule 1 on 'cell r1c1 holds exactly one digit': r1c1=1 is true, so r1c1≠2"]
    """
    steps = constraint_steps(puzzle, guess, set_logic)
    return literal_step_records(steps, puzzle_wording(puzzle))
