"""Rendering traces for people and tools: sentences in r1c1 notation, JSON, pencil-mark boards.

The stepper records variables only; every text here is made on demand from a step and the shape.
The JSON form (``satdoku step --json``) is an exact contract: ``"steps"`` (each with ``"rule"``,
``"axiom"``, ``"claims"``, ``"value"``, ``"because"``, ``"depth"``; we add ``"text"``) and a final
``"status"`` with ``"solution"`` when solved; other top-level fields are additions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.claims import Claim, claim_of
from ..core.shape import Shape, default_box
from ..io.alphabet import Alphabet
from ..io.line import format_line
from ..rules.search import Trace
from ..rules.stepper import Rule, State, Step

__all__ = [
    "sentence",
    "step_record",
    "trace_record",
    "format_board",
    "claims_json",
]


def _label(claim: Claim, alphabet: Alphabet, n: int) -> str:
    digit = alphabet.symbol(claim.digit) if n <= len(alphabet.symbols) and n > 9 else claim.digit
    return f"r{claim.row + 1}c{claim.col + 1}={digit}"


def _labels(variables: Sequence[int], n: int, alphabet: Alphabet) -> list[str]:
    return [_label(claim_of(v, n), alphabet, n) for v in variables]


def _join(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentence(step: Step, shape: Shape | None = None, alphabet: Alphabet = Alphabet()) -> str:
    """Say what a step does, citing its rule and axiom, in r1c1 notation.

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.stepper import propagation
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


def claims_json(variables: Sequence[int], n: int) -> list[list[int]]:
    """Return claims as ``[row, col, digit]`` lists (0-based row and column).

    >>> claims_json([1, 16], 4)
    [[0, 0, 1], [0, 3, 4]]
    """
    return [list(claim_of(v, n)) for v in variables]


def step_record(
    step: Step, shape: Shape | None = None, alphabet: Alphabet = Alphabet()
) -> dict[str, Any]:
    """Return the JSON record of one step (the exact contract, plus ``"text"``).

    >>> from satdoku.rules.stepper import Step, Rule
    >>> step_record(Step(Rule.GIVEN, None, (1,), True, (), 0, 2))  # doctest: +NORMALIZE_WHITESPACE
    {'rule': 'given', 'axiom': None, 'claims': [[0, 0, 1]], 'value': True, 'because': [],
     'depth': 0, 'text': 'given: r1c1=1'}
    """
    n = step.n
    axiom = None
    if step.axiom is not None:
        axiom = {"name": step.axiom.name, "claims": claims_json(step.axiom.variables, n)}
    record: dict[str, Any] = {
        "rule": step.rule.value,
        "axiom": axiom,
        "claims": claims_json(step.decided, n),
        "value": step.value,
        "because": claims_json(step.because, n),
        "depth": step.depth,
        "text": sentence(step, shape, alphabet),
    }
    technique = step.technique
    if technique is not None and step.rule is Rule.TWO:
        record["technique"] = technique.value
    if step.detail is not None and shape is not None:
        index, d1, d2 = step.detail
        record["house"] = shape.houses[index].title()
        record["digits"] = [d1, d2]
    return record


def trace_record(trace: Trace, alphabet: Alphabet = Alphabet()) -> dict[str, Any]:
    """Return the JSON record of a whole trace: steps, status, solution, and the puzzle's shape.

    A trace cut short (``max_steps``) is marked ``"truncated": true`` (its status is stalled).

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.search import trace
    >>> rec = trace_record(trace(parse_line("1...")))
    >>> rec["status"], rec["solution"], rec["n"], rec["box"], len(rec["steps"])
    ('solved', '1221', 2, None, 8)
    """
    shape = trace.puzzle.shape
    record: dict[str, Any] = {
        "steps": [step_record(s, shape, alphabet) for s in trace.steps],
        "status": trace.status.value,
    }
    if trace.solution is not None:
        record["solution"] = format_line(trace.solution, alphabet)
    record.update(
        {
            "n": shape.n,
            "box": list(shape.box) if shape.box is not None else None,
            "regions": list(shape.regions) if shape.regions is not None else None,
            "diagonals": shape.diagonals,
            "alphabet": alphabet.symbols[: shape.n] if shape.n <= len(alphabet.symbols) else None,
            "puzzle": format_line(trace.puzzle.cells, alphabet),
            "houses": [
                {
                    "name": h.title(),
                    "kind": h.kind,
                    "cells": [[c // shape.n, c % shape.n] for c in h.cells],
                }
                for h in shape.houses
            ],
            "guesses": trace.guesses,
            "search": trace.search,
            "order": trace.order.value,
        }
    )
    if trace.truncated:
        record["truncated"] = True
    return record


def format_board(
    state: State, shape: Shape, alphabet: Alphabet = Alphabet(), givens: Sequence[int] | None = None
) -> str:
    """Draw a board with pencil marks: each cell a small grid of its candidates, set cells big.

    An open cell shows each candidate at its place and ``.`` where the claim is false; a set
    cell shows only its digit, in the middle (``*`` before it marks a given). ``#`` and ``=``
    draw box borders.

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.stepper import fixpoint
    >>> p = parse_line("1...")
    >>> print(format_board(fixpoint(p)[0], p.shape, givens=p.cells))
    +-----+-----+
    |*1   | 2   |
    +-----+-----+
    | 2   | 1   |
    +-----+-----+
    """
    n = shape.n
    mr, mc = default_box(n) or (1, n)
    br, bc = shape.box if shape.box is not None else (n, n)
    width = 1 if n <= len(alphabet.symbols) else len(str(n))
    middle = 1 + ((mc - 1) // 2) * (width + 1)

    def sym(d: int) -> str:
        return (alphabet.symbol(d) if width == 1 else str(d)).rjust(width)

    def rule(fill: str, cross: str) -> str:
        segment = fill * (mc * (width + 1) + 1)
        return cross + "".join(
            segment + (cross if (c + 1) % bc == 0 or c == n - 1 else "+") for c in range(n)
        )

    lines = []
    for r in range(n):
        lines.append(rule("=", "#") if r and r % br == 0 else rule("-", "+"))
        for line in range(mr):
            row = "|"
            for c in range(n):
                digit = state.digit(r, c)
                if digit:
                    body = " " * (mc * (width + 1) + 1)
                    if line == mr // 2:
                        mark = "*" if givens is not None and givens[r * n + c] else " "
                        body = body[: middle - 1] + mark + sym(digit) + body[middle + width :]
                else:
                    cands = set(state.candidates(r, c))
                    marks = [
                        sym(d) if d in cands else ".".rjust(width)
                        for d in range(line * mc + 1, line * mc + mc + 1)
                    ]
                    body = " " + " ".join(marks) + " "
                row += body + ("#" if (c + 1) % bc == 0 and c != n - 1 else "|")
            lines.append(row)
    lines.append(rule("-", "+"))
    return "\n".join(lines)
