"""The stepper's propagator: rules 1 and 2 (and twins) over the axioms, to a fixpoint, as steps.

It keeps per axiom how many claims are not false and which claim is true, and queues each axiom as
a rule becomes due on it, so the trace records the rules in the order the counts reach them (the
trace-free rules over candidate masks are :mod:`satdoku.rules.candidate_grid`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from ..core.axioms import axioms
from ..core.claims import FALSE, TRUE, UNKNOWN, variable
from ..core.puzzle import Grid, Puzzle
from ..core.shape import Shape
from .state import State
from .steps import Rule, Step
from .strategies import RULES_1_2, RuleSet, Technique, find_twins

__all__ = ["Snapshot", "Propagator", "propagation", "fixpoint"]


class Snapshot(NamedTuple):
    """A copy of a propagator's state, to return to on backtracking."""

    value: list[int]
    open: list[int]
    true_of: list[int]
    trues: int


@lru_cache(maxsize=32)
def _tables(shape: Shape) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Return each axiom's variables and, per variable, the indices of the axioms holding it."""
    members = tuple(a.variables for a in axioms(shape))
    of_var: list[list[int]] = [[] for _ in range(shape.n**3 + 1)]
    for index, variables in enumerate(members):
        for v in variables:
            of_var[v].append(index)
    return members, tuple(tuple(x) for x in of_var)


class Propagator:
    """Rules 1 and 2 (and optionally twins) over a shape's axioms, to a fixpoint, as steps.

    Per axiom it keeps how many claims are not false and which claim is true, so each rule fires
    in time proportional to the axiom's size.

    >>> from satdoku.io.line import parse_line
    >>> p = Propagator(Shape.sudoku(4))
    >>> steps = list(p.givens(parse_line("1.3..4..2...4..1")))
    >>> steps += p.propagate()
    >>> p.solved, p.conflict
    (True, None)
    """

    def __init__(self, shape: Shape, rules: RuleSet = RULES_1_2) -> None:
        self.shape = shape
        self.n = shape.n
        self.rules = rules
        self.axioms = axioms(shape)
        self.members, self.of_var = _tables(shape)
        cells = self.n * self.n
        cell_ok = Technique.LONE_CELL in rules
        house_ok = Technique.LONE_RANGER in rules
        self.rule2 = [cell_ok if i < cells else house_ok for i in range(len(self.members))]
        self.rule1 = Technique.ELIMINATION in rules
        self.twins = Technique.TWINS in rules
        self.value = [UNKNOWN] * (self.n**3 + 1)
        self.open = [len(m) for m in self.members]
        self.true_of = [0] * len(self.members)
        self.trues = 0
        self.queue: deque[int] = deque()
        self.conflict: Step | None = None

    # -- state ---------------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        """Tell whether every cell has a true claim (and no contradiction was found)."""
        return self.conflict is None and self.trues == self.n * self.n

    def state(self) -> State:
        """Return the current state as an immutable value."""
        return State(self.n, tuple(self.value))

    def grid(self) -> Grid:
        """Return the digits set so far, 0 elsewhere."""
        n = self.n
        cells = [0] * (n * n)
        for cell in range(n * n):
            v = self.true_of[cell]
            if v:
                cells[cell] = (v - 1) % n + 1  # the digit of claim v (core.claims.claim_of)
        return tuple(cells)

    def snapshot(self) -> Snapshot:
        """Return a copy of the state (taken at a fixpoint: the queue is empty)."""
        return Snapshot(self.value[:], self.open[:], self.true_of[:], self.trues)

    def restore(self, snap: Snapshot) -> None:
        """Return to a snapshot, forgetting any contradiction and pending work."""
        self.value[:] = snap.value
        self.open[:] = snap.open
        self.true_of[:] = snap.true_of
        self.trues = snap.trues
        self.queue.clear()
        self.conflict = None

    def open_cells(self) -> Iterator[int]:
        """Yield the cells (row*n + col) with no true claim, in reading order."""
        true_of = self.true_of
        return (c for c in range(self.n * self.n) if not true_of[c])

    def cell_candidates(self, cell: int) -> list[int]:
        """Return the digits of a cell whose claims are not false."""
        n, value = self.n, self.value
        base = cell * n
        return [d for d in range(1, n + 1) if value[base + d] != FALSE]

    # -- deciding claims -----------------------------------------------------------------
    def _set_true(self, v: int, depth: int) -> None:
        """Make claim v true; note a contradiction when an axiom of it already has a true claim."""
        if self.value[v] == TRUE:
            return
        if self.value[v] == FALSE:
            for a in self.of_var[v]:
                t = self.true_of[a]
                if t:
                    self._contradiction(a, (t, v), depth)
                    return
            self.conflict = Step(Rule.CONTRADICTION, None, (), False, (v,), depth, self.n)
            return
        self.value[v] = TRUE
        self.trues += 1
        true_of, queue = self.true_of, self.queue
        for a in self.of_var[v]:
            t = true_of[a]
            if t:
                self._contradiction(a, (t, v), depth)
                continue
            true_of[a] = v
            if self.rule1:
                queue.append(a << 1)

    def _set_false(self, v: int, depth: int) -> None:
        """Make an unknown claim v false; queue rule 2 where one claim is left."""
        self.value[v] = FALSE
        open_, true_of, rule2 = self.open, self.true_of, self.rule2
        for a in self.of_var[v]:
            left = open_[a] - 1
            open_[a] = left
            if left == 1:
                if not true_of[a] and rule2[a]:
                    self.queue.append((a << 1) | 1)
            elif left == 0:
                self._contradiction(a, self.members[a], depth)

    def _contradiction(self, a: int, because: tuple[int, ...], depth: int) -> None:
        if self.conflict is None:
            self.conflict = Step(
                Rule.CONTRADICTION, self.axioms[a], (), False, because, depth, self.n
            )

    def givens(self, puzzle: Puzzle) -> Iterator[Step]:
        """Make the givens true, one step each, in reading order (then a contradiction if any)."""
        n = self.n
        for claim in puzzle.givens():
            v = variable(claim, n)
            self._set_true(v, 0)
            yield Step(Rule.GIVEN, None, (v,), True, (), 0, n)
        if self.conflict is not None:
            yield self.conflict

    def assume(self, v: int, value: bool, rule: Rule, depth: int) -> Iterator[Step]:
        """Decide one claim by a guess or a backtrack, as a step (then a contradiction if any)."""
        if value:
            self._set_true(v, depth)
        elif self.value[v] == UNKNOWN:
            self._set_false(v, depth)
        elif self.value[v] == TRUE:
            self.conflict = Step(Rule.CONTRADICTION, None, (), False, (v,), depth, self.n)
        yield Step(rule, None, (v,), value, (v,), depth, self.n)
        if self.conflict is not None:
            yield self.conflict

    def reject(self, depth: int) -> Step:
        """Record that a complete grid was rejected (by a predicate) as a contradiction."""
        self.conflict = Step(Rule.CONTRADICTION, None, (), False, (), depth, self.n)
        return self.conflict

    def propagate(self, depth: int = 0) -> Iterator[Step]:
        """Apply the rules until nothing changes or a contradiction appears (its last step)."""
        if self.conflict is not None:
            return
        n = self.n
        members, value, true_of, open_ = self.members, self.value, self.true_of, self.open
        axioms_ = self.axioms
        queue = self.queue
        set_false, set_true = self._set_false, self._set_true
        while True:
            while queue:
                event = queue.popleft()
                a = event >> 1
                if event & 1:
                    if true_of[a] or open_[a] != 1:
                        continue
                    for v in members[a]:
                        if value[v] == UNKNOWN:
                            break
                    set_true(v, depth)
                    yield Step(
                        Rule.TWO,
                        axioms_[a],
                        (v,),
                        True,
                        tuple(u for u in members[a] if u != v),
                        depth,
                        n,
                    )
                else:
                    rest = tuple(v for v in members[a] if value[v] == UNKNOWN)
                    if not rest:
                        continue
                    for v in rest:
                        set_false(v, depth)
                    yield Step(Rule.ONE, axioms_[a], rest, False, (true_of[a],), depth, n)
                if self.conflict is not None:
                    queue.clear()
                    yield self.conflict
                    return
            if not self.twins:
                return
            steps = self._twins(depth)
            if not steps:
                return
            yield from steps
            if self.conflict is not None:
                queue.clear()
                yield self.conflict
                return

    def _twins(self, depth: int) -> list[Step]:
        """Apply the first twins found that remove a candidate; return their steps."""
        n, value, true_of = self.n, self.value, self.true_of
        for index, house in enumerate(self.shape.houses):
            placed = {(true_of[cell] - 1) % n + 1 for cell in house.cells if true_of[cell]}
            cands = [
                []
                if true_of[cell]
                else [
                    d for d in range(1, n + 1) if d not in placed and value[cell * n + d] != FALSE
                ]
                for cell in house.cells
            ]
            for twin in find_twins(cands):
                d1, d2 = twin.digits
                pair = (house.cells[twin.cell_a], house.cells[twin.cell_b])
                because = tuple(
                    cell * n + d for d in (d1, d2) for cell in house.cells if cell not in pair
                )
                if any(value[v] != FALSE for v in because):
                    continue  # a digit placed in the house: not a twin of open cells
                steps = []
                for cell in pair:
                    rest = tuple(
                        cell * n + d
                        for d in range(1, n + 1)
                        if d not in (d1, d2) and value[cell * n + d] == UNKNOWN
                    )
                    if not rest:
                        continue
                    for v in rest:
                        self._set_false(v, depth)
                    steps.append(
                        Step(
                            Rule.TWINS,
                            self.axioms[cell],
                            rest,
                            False,
                            because,
                            depth,
                            n,
                            (index, d1, d2),
                        )
                    )
                if steps:
                    return steps
        return []


def propagation(puzzle: Puzzle, rules: RuleSet = RULES_1_2) -> Iterator[Step]:
    """Yield the steps of propagating a puzzle's givens to the fixpoint of a rule set.

    >>> from satdoku.io.line import parse_line
    >>> steps = list(propagation(parse_line("1...")))
    >>> [s.rule.value for s in steps]
    ['given', 1, 1, 1, 2, 2, 2, 1]
    """
    p = Propagator(puzzle.shape, rules)
    yield from p.givens(puzzle)
    yield from p.propagate(0)


def fixpoint(puzzle: Puzzle, rules: RuleSet = RULES_1_2) -> tuple[State, Step | None]:
    """Return the state the rules reach from the givens, and the contradiction if one appeared.

    >>> from satdoku.io.line import parse_line
    >>> state, conflict = fixpoint(parse_line("1..............."))
    >>> state.candidates(0, 1), conflict is None
    ((2, 3, 4), True)
    """
    p = Propagator(puzzle.shape, rules)
    for _ in p.givens(puzzle):
        pass
    for _ in p.propagate(0):
        pass
    return p.state(), p.conflict
