"""Rules 1 and 2 over axioms of any form: exactly one literal of each axiom is true.

Rule 1: one literal of an axiom is true, so every other literal of it is false. Rule 2: every
literal of an axiom but one is false, so that one is true. The propagator keeps the truth of
every literal in one list indexed by the literal itself (``truth[-l]`` is the last items, as
Python indexes), per axiom how many literals are not false and which one is true, watch lists of
the axioms holding each literal, and a queue of the rules due; a contradiction (an axiom with two
true literals, or with every literal false) is its last step, not an exception.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..core._claims import FALSE, TRUE, UNKNOWN
from ..core._literal_axioms import LiteralAxiom
from ._literal_steps import LiteralStep
from ._steps import Rule

__all__ = ["LiteralSnapshot", "LiteralPropagator"]


class LiteralSnapshot(NamedTuple):
    """A copy of a propagator's state at a fixpoint, to return to on backtracking."""

    truth: list[int]
    open: list[int]
    true_of: list[int]
    satisfied: int


class LiteralPropagator:
    """Rules 1 and 2 over exactly-one axioms of literals, to a fixpoint, as steps.

    ``variables`` is the highest variable (claims and helpers); ``moves`` finds one set-logic
    move when the rules stall (:mod:`satdoku.rules._literal_sets`), None for rules 1 and 2 alone.

    >>> names = {"a": (1, 2, 3), "b": (-1, 4), "c": (1, 3, 4)}  # b: 4 is true when 1 is
    >>> p = LiteralPropagator([LiteralAxiom(k, "x", v) for k, v in names.items()], 4)
    >>> [s.rule.value for s in p.assume(2, Rule.GIVEN, 0)]
    ['given']
    >>> [(s.rule.value, s.axiom.name, s.decided) for s in p.propagate()]
    [(1, 'a', (-1, -3)), (1, 'b', (-4,)), ('contradiction', 'c', ())]
    >>> p.conflict.because
    (-1, -3, -4)
    """

    def __init__(self, axioms: Sequence[LiteralAxiom], variables: int) -> None:
        self.axioms = tuple(axioms)
        self.variables = variables
        self.members = [a.literals for a in self.axioms]
        size = 2 * variables + 1
        watch: list[list[int]] = [[] for _ in range(size)]
        for index, literals in enumerate(self.members):
            for literal in literals:
                watch[literal].append(index)
        self.watch = watch
        self.truth = [UNKNOWN] * size
        self.open = [len(m) for m in self.members]
        self.true_of = [0] * len(self.members)
        self.satisfied = 0
        self.queue: deque[int] = deque(
            (a << 1) | 1 for a, m in enumerate(self.members) if len(m) == 1
        )
        self.conflict: LiteralStep | None = None
        empty = next((a for a, m in enumerate(self.members) if not m), None)
        if empty is not None:  # no literal can be its true one: said by the first propagation
            self._contradiction(empty, (), 0)
        self._unsaid = self.conflict

    # -- state ---------------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        """Tell whether every axiom has its true literal (and no contradiction was found)."""
        return self.conflict is None and self.satisfied == len(self.members)

    def value(self, literal: int) -> int:
        """Return the truth of a literal: TRUE (1), FALSE (-1) or UNKNOWN (0)."""
        return self.truth[literal]

    def open_literals(self, axiom: int) -> list[int]:
        """Return the literals of an axiom (by index) that are neither true nor false."""
        truth = self.truth
        return [literal for literal in self.members[axiom] if truth[literal] == UNKNOWN]

    def snapshot(self) -> LiteralSnapshot:
        """Return a copy of the state (taken at a fixpoint: the queue is empty)."""
        return LiteralSnapshot(self.truth[:], self.open[:], self.true_of[:], self.satisfied)

    def restore(self, snap: LiteralSnapshot) -> None:
        """Return to a snapshot, forgetting any contradiction and pending work."""
        self.truth[:] = snap.truth
        self.open[:] = snap.open
        self.true_of[:] = snap.true_of
        self.satisfied = snap.satisfied
        self.queue.clear()
        self.conflict = self._unsaid = None

    # -- deciding literals ---------------------------------------------------------------
    def _make_true(self, literal: int, depth: int) -> None:
        """Make an open literal true: its axioms get their true literal, its negation's lose one."""
        truth, true_of, open_, queue = self.truth, self.true_of, self.open, self.queue
        truth[literal] = TRUE
        truth[-literal] = FALSE
        for a in self.watch[literal]:
            t = true_of[a]
            if t:
                self._contradiction(a, (t, literal), depth)
                continue
            true_of[a] = literal
            self.satisfied += 1
            if open_[a] > 1:
                queue.append(a << 1)
        for a in self.watch[-literal]:
            left = open_[a] - 1
            open_[a] = left
            if true_of[a]:
                continue
            if left == 1:
                queue.append((a << 1) | 1)
            elif left == 0:
                self._contradiction(a, tuple(-u for u in self.members[a]), depth)

    def _contradiction(self, a: int, because: tuple[int, ...], depth: int) -> None:
        if self.conflict is None:
            self.conflict = LiteralStep(Rule.CONTRADICTION, self.axioms[a], (), because, depth)

    def assume(self, literal: int, rule: Rule, depth: int) -> Iterator[LiteralStep]:
        """Make a literal true by a given, a guess or a backtrack, as a step (then a contradiction).

        A backtrack carries the depth of the guess it undoes and makes its negation true; what
        follows it is at the depth it returns to, one less.
        """
        after = depth - 1 if rule is Rule.BACKTRACK else depth
        truth = self.truth[literal]
        if truth == UNKNOWN:
            self._make_true(literal, after)
        elif truth == FALSE and self.conflict is None:
            clash = next((a for a in self.watch[literal] if self.true_of[a]), None)
            if clash is None:  # made false by its negation's axioms: no axiom holds both
                self.conflict = LiteralStep(Rule.CONTRADICTION, None, (), (literal,), after)
            else:
                clashing = (self.true_of[clash], literal)
                self.conflict = LiteralStep(
                    Rule.CONTRADICTION, self.axioms[clash], (), clashing, after
                )
        because = (-literal,) if rule is Rule.BACKTRACK else ()
        yield LiteralStep(rule, None, (literal,), because, depth)
        if self.conflict is not None:
            yield self.conflict

    def eliminate(self, literals: Sequence[int], depth: int) -> None:
        """Make open literals false (a set-logic move's conclusion), queueing the rules due."""
        for literal in literals:
            if self.truth[literal] == UNKNOWN:
                self._make_true(-literal, depth)

    def propagate(self, depth: int = 0) -> Iterator[LiteralStep]:
        """Apply rules 1 and 2 until nothing changes or a contradiction appears (its last step).

        An axiom of one literal is due for rule 2 from the start; an axiom of none is a
        contradiction, the first propagation's step.
        """
        if self.conflict is not None:
            if self._unsaid is not None:
                self._unsaid = None
                yield self.conflict
            return
        members, truth, true_of, open_ = self.members, self.truth, self.true_of, self.open
        axioms, queue, make_true = self.axioms, self.queue, self._make_true
        while queue:
            event = queue.popleft()
            a = event >> 1
            literals = members[a]
            if event & 1:
                if true_of[a] or open_[a] != 1:
                    continue
                chosen = next(u for u in literals if truth[u] == UNKNOWN)
                make_true(chosen, depth)
                because = tuple(-u for u in literals if u != chosen)
                yield LiteralStep(Rule.TWO, axioms[a], (chosen,), because, depth)
            else:
                decided = tuple(-u for u in literals if truth[u] == UNKNOWN)
                if not decided:
                    continue
                for u in decided:
                    if truth[u] == UNKNOWN:  # a literal twice in one axiom: decided once
                        make_true(u, depth)
                yield LiteralStep(Rule.ONE, axioms[a], decided, (true_of[a],), depth)
            if self.conflict is not None:
                queue.clear()
                yield self.conflict
                return
