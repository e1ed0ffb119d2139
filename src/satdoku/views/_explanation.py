"""Explanations for people and tools: the clashing givens and the rule steps, said and recorded."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..api._explain import Explanation
from ..core._results import Result
from ..io._alphabet import Alphabet, alphabet_of
from ._sentences import claim_text, sentence
from ._trace_json import step_record

__all__ = ["explanation_lines", "explanation_record", "annotated"]


def explanation_lines(
    explanation: Explanation, alphabet: Alphabet | str | None = None
) -> list[str]:
    """Say it for people: the clashing givens, then each rule step (r1c1 notation).

    The digits are in ``alphabet``, by default the symbols the puzzle was read with.

    >>> from satdoku.api._explain import explain
    >>> from satdoku.io._line import parse_line
    >>> for line in explanation_lines(explain(parse_line("1...1..........."))):
    ...     print(line)
    these givens cannot all hold: r1c1=1, r2c1=1
    given: r1c1=1
    given: r2c1=1
    contradiction: in 'column 1 has exactly one 1' both r1c1=1 and r2c1=1 are true
    """
    puzzle, conflict = explanation.puzzle, explanation.conflict
    alphabet = alphabet_of(alphabet, puzzle.symbols)
    if not conflict:
        head = f"the shape itself has no solution ({puzzle.shape.describe()})"
    else:
        some = "these givens" if len(conflict) > 1 else "this given"
        n = puzzle.shape.n
        head = f"{some} cannot all hold: " + ", ".join(claim_text(c, n, alphabet) for c in conflict)
        if not explanation.minimal:
            head += " (not minimised: a limit was reached)"
    lines = [head]
    if explanation.steps:
        lines += [sentence(s, puzzle.shape, alphabet) for s in explanation.steps]
    elif conflict:
        lines.append("(the two rules alone do not reach the contradiction: search proves it)")
    return lines


def explanation_record(
    explanation: Explanation, alphabet: Alphabet | str | None = None
) -> dict[str, Any]:
    """Return the JSON fields of an explanation: conflict, minimal, steps (with text).

    >>> from satdoku.api._explain import explain
    >>> from satdoku.io._line import parse_line
    >>> explanation_record(explain(parse_line("11..............")))["conflict"]
    [[0, 0, 1], [0, 1, 1]]
    """
    shape = explanation.puzzle.shape
    alphabet = alphabet_of(alphabet, explanation.puzzle.symbols)
    return {
        "conflict": explanation.conflict_json(),
        "minimal": explanation.minimal,
        "steps": [step_record(s, shape, alphabet) for s in explanation.steps],
    }


def annotated(
    result: Result,
    explanation: Explanation | None,
    alphabet: Alphabet = Alphabet(),
    steps: bool = False,
) -> Result:
    """Return the result with ``"conflict"`` (and with ``steps``, ``"explanation"``) in its extra.

    Without an explanation the result comes back unchanged.

    >>> from satdoku.api._explain import Explainer
    >>> from satdoku.core._results import Status
    >>> from satdoku.io._line import parse_line
    >>> r = Result(Status.UNSOLVABLE, puzzle=parse_line("11.............."))
    >>> annotated(r, Explainer().explain_result(r)).extra
    {'conflict': [[0, 0, 1], [0, 1, 1]]}
    """
    if explanation is None:
        return result
    extra = dict(result.extra)
    extra["conflict"] = explanation.conflict_json()
    if not explanation.minimal:
        extra["conflict_minimal"] = False
    if steps:
        extra["explanation"] = {
            "text": explanation_lines(explanation, alphabet),
            "steps": explanation_record(explanation, alphabet)["steps"],
        }
    return replace(result, extra=extra)
