"""JSON records of steps and traces (``satdoku step --json``), made on demand from the stepper.

The JSON form is an exact contract: ``"steps"`` (each with ``"rule"``, ``"axiom"``,
``"claims"``, ``"value"``, ``"because"``, ``"depth"``; we add ``"text"``) and a final
``"status"`` with ``"solution"`` when solved; other top-level fields are additions. A set-logic
step (rule ``"set"``) and a twins step add ``"technique"``, ``"size"`` (k), ``"bases"`` and
``"covers"`` (axioms as ``{"name", "claims"}``) and ``"digits"``; its ``"claims"`` are made
false and its ``"because"`` are the bases' claims outside the covers (all false already). An
axiom whose name says a digit another way than the puzzle's symbols (``"row 1 has exactly one
10"`` of a 16x16 written ``1-9A-G``) adds ``"title"``, the name in those symbols. A puzzle
with rules beyond houses adds ``"constraints"``: what the step page draws of them (cages with
their clues and outlines, signs on edges, clues outside the grid, notes for the legend).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core._axioms import Axiom
from ..core._claims import claim_of
from ..core._shape import Shape
from ..io._alphabet import Alphabet, alphabet_of
from ..io._line import format_line
from ..rules._search import Trace
from ..rules._steps import Rule, Step
from ._constraint_drawing import constraint_drawing, drawing_json
from ._sentences import sentence

__all__ = ["axiom_json", "axiom_title", "claims_json", "step_record", "trace_record"]


def claims_json(variables: Sequence[int], n: int) -> list[list[int]]:
    """Return claims as ``[row, col, digit]`` lists (0-based row and column).

    >>> claims_json([1, 16], 4)
    [[0, 0, 1], [0, 3, 4]]
    """
    return [list(claim_of(v, n)) for v in variables]


def axiom_title(axiom: Axiom, alphabet: Alphabet = Alphabet()) -> str:
    """Return an axiom's name in the puzzle's own symbols ("row 1 has exactly one A", not 10).

    >>> from satdoku.core._axioms import axioms
    >>> axiom_title(axioms(Shape.sudoku(16))[256 + 9])
    'row 1 has exactly one A'
    >>> axiom_title(axioms(Shape.sudoku(4))[16], Alphabet("ABCD"))
    'row 1 has exactly one A'
    """
    if axiom.is_cell or axiom.n > len(alphabet.symbols):
        return axiom.name
    head = axiom.name.rpartition(" ")[0]
    return f"{head} {alphabet.symbol(claim_of(axiom.variables[0], axiom.n).digit)}"


def axiom_json(axiom: Axiom, alphabet: Alphabet | None = None) -> dict[str, Any]:
    """Return an axiom as ``{"name", "claims"}``, as a step record names it.

    With an ``alphabet``, a ``"title"`` in the puzzle's symbols is added where it differs from
    the name (the name itself stays as the contract has it).

    >>> from satdoku.core._axioms import axioms
    >>> axiom_json(axioms(Shape.sudoku(4))[0])["claims"][:2]
    [[0, 0, 1], [0, 0, 2]]
    >>> axiom_json(axioms(Shape.sudoku(16))[256 + 9], Alphabet())["title"]
    'row 1 has exactly one A'
    """
    record = {"name": axiom.name, "claims": claims_json(axiom.variables, axiom.n)}
    if alphabet is not None and (title := axiom_title(axiom, alphabet)) != axiom.name:
        record["title"] = title
    return record


def step_record(
    step: Step, shape: Shape | None = None, alphabet: Alphabet = Alphabet()
) -> dict[str, Any]:
    """Return the JSON record of one step (the exact contract, plus ``"text"``).

    >>> from satdoku.rules._steps import Step, Rule
    >>> step_record(Step(Rule.GIVEN, None, (1,), True, (), 0, 2))  # doctest: +NORMALIZE_WHITESPACE
    {'rule': 'given', 'axiom': None, 'claims': [[0, 0, 1]], 'value': True, 'because': [],
     'depth': 0, 'text': 'given: r1c1=1'}
    """
    n = step.n
    axiom = None if step.axiom is None else axiom_json(step.axiom, alphabet)
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
    move = step.sets
    if move is not None:
        record["technique"] = move.technique.value
        record["size"] = move.size
        record["bases"] = [axiom_json(a, alphabet) for a in move.bases]
        record["covers"] = [axiom_json(a, alphabet) for a in move.covers]
        record["digits"] = list(move.digits)
        if move.kind in ("naked", "hidden") and "house" not in record:
            record["house"] = move.cover_labels[0] if move.kind == "naked" else move.base_labels[0]
    return record


def trace_record(trace: Trace, alphabet: Alphabet | str | None = None) -> dict[str, Any]:
    """Return the JSON record of a whole trace: steps, status, solution, and the puzzle's shape.

    ``alphabet`` by default is the symbols the puzzle was read with.

    A trace cut short (``max_steps``) is marked ``"truncated": true`` (its status is stalled).

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> rec = trace_record(trace(parse_line("1...")))
    >>> rec["status"], rec["solution"], rec["n"], rec["box"], len(rec["steps"])
    ('solved', '1221', 2, None, 8)
    """
    shape = trace.puzzle.shape
    alphabet = alphabet_of(alphabet, trace.puzzle.symbols)
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
    if trace.puzzle.constraints:
        drawing = constraint_drawing(trace.puzzle.constraints, shape.n)
        record["constraints"] = drawing_json(drawing, shape.n)
    if trace.truncated:
        record["truncated"] = True
    return record
