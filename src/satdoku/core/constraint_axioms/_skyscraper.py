"""Towers' clues as a small automaton along the line: layered state and step claims.

Looking in from the clue, the state after k towers is (towers seen, tallest so far); a tower
taller than the tallest is seen. Per position there is one helper claim per step (state before,
digit): exactly one step per position, a cell's digit d exactly when a step with d is taken, and a
state after k towers exactly when a step into it is taken, and exactly when a step out of it is.
Only states from which the clue can still be met in a line holding every digit once are kept.
"""

from __future__ import annotations

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import Constraint, Side, Skyscraper, cell_name

__all__ = ["skyscraper_axioms", "can_meet"]

State = tuple[int, int]
"""Towers seen and the tallest so far."""


def can_meet(state: State, towers: int, n: int, visible: int) -> bool:
    """Tell whether, after ``towers`` towers in that state, a line of n different digits can show
    ``visible`` towers (the taller digits still to come add 1..n-tallest seen ones).

    >>> can_meet((1, 9), 1, 9, 1), can_meet((1, 8), 1, 9, 1), can_meet((2, 5), 3, 9, 6)
    (True, False, True)
    """
    seen, tallest = state
    if tallest < towers:  # k different digits: the tallest is k or more
        return False
    least = seen + (1 if tallest < n else 0)
    return least <= visible <= seen + n - tallest


def _line_name(rule: Skyscraper) -> str:
    if rule.side in (Side.TOP, Side.BOTTOM):
        return f"column {rule.line + 1} from the {rule.side.value}"
    return f"row {rule.line + 1} from the {rule.side.value}"


def _state_name(line: str, towers: int, state: State) -> str:
    plural = "" if towers == 1 else "s"
    return f"{line}: after {towers} tower{plural}, {state[0]} seen, tallest {state[1]}"


def skyscraper_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a clue's axioms: its automaton's steps and states as helper claims.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(3)
    >>> clue = Skyscraper(Side.LEFT, 0, 3)  # 1,2,3 only: one step per position
    >>> made = skyscraper_axioms(clue, 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> helpers.names[1]
    'row 1 from the left: after 1 tower, 1 seen, tallest 1'
    >>> [a.literals for a in made if a.name.endswith("r1c1 is 1 exactly when a step with 1 is")]
    [(28, -1)]
    """
    if not isinstance(rule, Skyscraper):
        raise TypeError(f"a clue's encoder got a {rule.kind} rule")
    n, kind = puzzle.n, rule.kind
    line = _line_name(rule)
    made: list[LiteralAxiom] = []

    def axiom(name: str, literals: tuple[int, ...]) -> None:
        made.append(LiteralAxiom(name, kind, literals, index))

    states: dict[State, int] = {(0, 0): 0}  # the start needs no claim: it always holds
    names: dict[int, str] = {}  # the state claims' names
    for position, cell in enumerate(rule.cells(n)):
        towers = position + 1
        steps: list[tuple[int, int, State, int]] = []  # (variable, digit, after, before claim)
        after: dict[State, int] = {}
        for (seen, tallest), before in states.items():
            label = _state_name(line, position, (seen, tallest))
            for digit in range(1, n + 1):
                if digit == tallest:
                    continue  # the tallest so far stands earlier on the line
                state = (seen + 1, digit) if digit > tallest else (seen, tallest)
                if not can_meet(state, towers, n, rule.visible):
                    continue
                step = helpers.new(f"{label}, tower {towers} is {digit}")
                if towers < n and state not in after:
                    named = _state_name(line, towers, state)
                    after[state] = helpers.new(named)
                    names[after[state]] = named
                steps.append((step, digit, state, before))
        where = f"{line}: tower {towers}"
        axiom(f"{where}: exactly one step", tuple(s[0] for s in steps))
        for digit in range(1, n + 1):
            with_digit = tuple(s[0] for s in steps if s[1] == digit)
            name = f"{where}: {cell_name(cell, n)} is {digit} exactly when a step with {digit} is"
            axiom(name, (*with_digit, -(cell * n + digit)))  # claims.variable: row*n*n + col*n + d
        for before in states.values():
            if before:
                out = tuple(s[0] for s in steps if s[3] == before)
                axiom(f"{where}: {names[before]} exactly when a step leaves it", (*out, -before))
        for state, claim in after.items():
            into = tuple(s[0] for s in steps if s[2] == state)
            axiom(f"{where}: {names[claim]} exactly when a step enters it", (*into, -claim))
        states = after
    return made
