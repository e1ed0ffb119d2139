"""A rule read along a sequence of cells as a small automaton: layered state and step claims.

The automaton starts in one state and reads the cells' digits in order; a transition function
gives the state after a digit (None: the digit is not allowed there), and the rule holds when
the last state is accepted. Only states on a path from the start to an accepted end are kept.
Per position there is one helper claim per step (state before, digit): exactly one step per
position; a cell holds d exactly when a step with d is taken; a state between two positions
holds exactly when a step enters it and exactly when a step leaves it (the shape of
:mod:`._skyscraper`'s clues, for any rule that reads a line: sums along it, sandwiches, arrows).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .._literal_axioms import HelperClaims, LiteralAxiom
from ..constraints import cell_name

__all__ = ["Automaton", "State", "automaton_axioms"]

State = tuple[int, ...]
"""What the automaton remembers of the digits read so far (a sum, a phase and a sum...)."""


@dataclass(frozen=True)
class Automaton:
    """What a rule reads along its cells: the start, the transitions, the accepted ends, and how
    a state is said in a helper claim's name.

    >>> def add(held, digit):
    ...     return (held[0] + digit,) if held[0] + digit <= 3 else None
    >>> sums = Automaton((0,), add, lambda held: held == (3,), lambda held: str(held[0]))
    >>> sums.step((1,), 2), sums.step((2,), 2), sums.accepts((3,))
    ((3,), None, True)
    """

    start: State
    step: Callable[[State, int], State | None]
    accepts: Callable[[State], bool]
    say: Callable[[State], str]


def _layers(machine: Automaton, size: int, n: int) -> list[dict[State, list[tuple[int, State]]]]:
    """Return per position the live steps out of each live state: (digit, state after)."""
    reached: list[set[State]] = [{machine.start}]
    for _ in range(size):
        after: set[State] = set()
        for state in reached[-1]:
            for digit in range(1, n + 1):
                following = machine.step(state, digit)
                if following is not None:
                    after.add(following)
        reached.append(after)
    live = {state for state in reached[-1] if machine.accepts(state)}
    layers: list[dict[State, list[tuple[int, State]]]] = []
    for position in reversed(range(size)):
        moves: dict[State, list[tuple[int, State]]] = {}
        for state in reached[position]:
            for digit in range(1, n + 1):
                following = machine.step(state, digit)
                if following is not None and following in live:
                    moves.setdefault(state, []).append((digit, following))
        layers.append(moves)
        live = set(moves)
    return layers[::-1]


def automaton_axioms(
    machine: Automaton,
    cells: Sequence[int],
    name: str,
    kind: str,
    source: int | None,
    helpers: HelperClaims,
) -> list[LiteralAxiom]:
    """Return the axioms saying the cells' digits take the automaton to an accepted end.

    With no path at all, a helper claim "no digits can keep it" is said both true and false: the
    rule cannot hold.

    >>> def add(held, digit):
    ...     return (held[0] + digit,) if held[0] + digit <= 3 else None
    >>> sums = Automaton((0,), add, lambda held: held == (3,), lambda held: str(held[0]))
    >>> helpers = HelperClaims(2)
    >>> made = automaton_axioms(sums, (0, 1), "r1c1+r1c2=3", "sum", 0, helpers)
    >>> helpers.names[:3]  # doctest: +NORMALIZE_WHITESPACE
    ['r1c1+r1c2=3: at r1c1, 0 then 1', 'r1c1+r1c2=3: at r1c1, 0 then 2',
     'r1c1+r1c2=3: after r1c1, 1']
    >>> [a.literals for a in made if a.name.endswith("r1c2=2 exactly when a step with 2 is")]
    [(13, -4)]
    """
    n = helpers.n
    made: list[LiteralAxiom] = []

    def axiom(text: str, literals: tuple[int, ...]) -> None:
        made.append(LiteralAxiom(f"{name}: {text}", kind, literals, source))

    layers = _layers(machine, len(cells), n)
    if not layers or not layers[0]:
        never = helpers.new(f"{name}: no digits can keep it")
        return [
            LiteralAxiom(f"{name}: no digits can keep it", kind, (never,), source),
            LiteralAxiom(f"{name}: no digits can keep it", kind, (-never,), source),
        ]
    states: dict[State, int] = {machine.start: 0}  # the start needs no claim: it holds
    for position, cell in enumerate(cells):
        where = cell_name(cell, n)
        last = position == len(cells) - 1
        steps: list[tuple[int, int, State, int]] = []  # (variable, digit, after, before claim)
        after: dict[State, int] = {}
        for state, moves in layers[position].items():
            for digit, following in moves:
                said = f"at {where}, {machine.say(state)} then {digit}"
                step = helpers.new(f"{name}: {said}")
                steps.append((step, digit, following, states[state]))
        if not last:
            for following in dict.fromkeys(s[2] for s in steps):
                after[following] = helpers.new(f"{name}: after {where}, {machine.say(following)}")
        axiom(f"one step at {where}", tuple(s[0] for s in steps))
        for digit in range(1, n + 1):
            with_digit = tuple(s[0] for s in steps if s[1] == digit)
            axiom(
                f"{where}={digit} exactly when a step with {digit} is",
                (*with_digit, -(cell * n + digit)),
            )
        for state, claim in states.items():
            if claim:
                out = tuple(s[0] for s in steps if s[3] == claim)
                said = machine.say(state)
                axiom(f"before {where}, {said} exactly when a step leaves it", (*out, -claim))
        for state, claim in after.items():
            into = tuple(s[0] for s in steps if s[2] == state)
            said = machine.say(state)
            axiom(f"after {where}, {said} exactly when a step enters it", (*into, -claim))
        states = after
    return made
