"""The stepper's propagator: rules 1 and 2, then set logic, over the axioms, as steps.

It keeps per axiom how many claims are not false and which claim is true, and queues each axiom as
a rule becomes due on it, so the trace records the rules in the order the counts reach them (the
trace-free rules over candidate masks are :mod:`satdoku.rules._candidate_grid`). When they stall,
set logic (and twins), if chosen, makes one move, smallest size first, and the two rules go on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from ..core._axioms import axioms
from ..core._claims import FALSE, TRUE, UNKNOWN, variable
from ..core._houses_only import houses_only
from ..core._puzzle import Grid, Puzzle
from ..core._shape import Shape
from ._quiet_families import QuietFamilies
from ._set_logic import find_move
from ._state import State
from ._steps import Rule, Step
from ._strategies import RULES_1_2, RuleSet, Technique

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
    """Rules 1 and 2 (and optionally set logic or twins) over a shape's axioms, to a fixpoint.

    Per axiom it keeps how many claims are not false and which claim is true, so each rule fires
    in time proportional to the axiom's size.

    >>> from satdoku.io._line import parse_line
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
        self.set_rules = frozenset(t for t in rules if t.rule == "set")
        self.value = [UNKNOWN] * (self.n**3 + 1)
        self.open = [len(m) for m in self.members]
        self.true_of = [0] * len(self.members)
        self.trues = 0
        self.queue: deque[int] = deque()
        self.conflict: Step | None = None
        self.quiet = QuietFamilies(self.open)
        """Set-logic families with no move, by their bases' counts (see ``find_move``)."""

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
        self.quiet.clear()  # claims decided since may be open again

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

    def strike(self, variables: Iterable[int], depth: int = 0) -> None:
        """Make open claims false, as a technique beyond the rules decided; rules 1, 2 follow.

        >>> p = Propagator(Shape.latin(2))
        >>> p.strike([1, 4]); list(p.propagate())[-1].rule.value, p.grid()
        (1, (2, 1, 1, 2))
        """
        for v in variables:
            if self.value[v] == UNKNOWN:
                self._set_false(v, depth)

    def _contradiction(self, a: int, because: tuple[int, ...], depth: int) -> None:
        if self.conflict is None:
            self.conflict = Step(
                Rule.CONTRADICTION, self.axioms[a], (), False, because, depth, self.n
            )

    def givens(self, puzzle: Puzzle) -> Iterator[Step]:
        """Make the givens true, one step each, in reading order (then a contradiction if any)."""
        houses_only(puzzle, "the stepper of houses (rules 1 and 2 over candidates)")
        n = self.n
        for claim in puzzle.givens():
            v = variable(claim, n)
            self._set_true(v, 0)
            yield Step(Rule.GIVEN, None, (v,), True, (), 0, n)
        if self.conflict is not None:
            yield self.conflict

    def assume(self, v: int, value: bool, rule: Rule, depth: int) -> Iterator[Step]:
        """Decide one claim by a guess or a backtrack, as a step (then a contradiction if any).

        A backtrack carries the depth of the guess it undoes; what follows it (a contradiction
        too) is at the depth it returns to, one less.
        """
        after = depth - 1 if rule is Rule.BACKTRACK else depth
        if value:
            self._set_true(v, after)
        elif self.value[v] == UNKNOWN:
            self._set_false(v, after)
        elif self.value[v] == TRUE:
            self.conflict = Step(Rule.CONTRADICTION, None, (), False, (v,), after, self.n)
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
            if not (self.twins or self.set_rules):
                return
            steps = self._set_logic(depth)
            if not steps:
                return
            yield from steps
            if self.conflict is not None:
                queue.clear()
                yield self.conflict
                return

    def _set_logic(self, depth: int) -> list[Step]:
        """Apply the first set-logic move found, smallest k first; return its steps.

        Twins are hidden pairs recorded as before: one step per cell of the pair, citing the
        cell's axiom, unless hidden pairs are asked for by name (then one set-logic step).
        """
        n, wanted = self.n, self.set_rules
        twins = self.twins and Technique.HIDDEN_PAIR not in wanted
        if twins:
            wanted = wanted | {Technique.HIDDEN_PAIR}
        move = find_move(self.shape, self.value, self.true_of, wanted, quiet=self.quiet)
        if move is None:
            return []
        for v in move.eliminated:
            self._set_false(v, depth)
        if not (twins and move.technique is Technique.HIDDEN_PAIR):
            return [
                Step(Rule.SET, None, move.eliminated, False, move.because, depth, n, None, move)
            ]
        house = next(i for i, h in enumerate(self.shape.houses) if h.title() == move.base_labels[0])
        d1, d2 = move.digits
        steps = []
        for cover in move.covers:
            rest = tuple(v for v in move.eliminated if v in cover.variables)
            if rest:
                steps.append(
                    Step(
                        Rule.TWINS,
                        cover,
                        rest,
                        False,
                        move.because,
                        depth,
                        n,
                        (house, d1, d2),
                        move,
                    )
                )
        return steps


def propagation(puzzle: Puzzle, rules: RuleSet = RULES_1_2) -> Iterator[Step]:
    """Yield the steps of propagating a puzzle's givens to the fixpoint of a rule set.

    >>> from satdoku.io._line import parse_line
    >>> steps = list(propagation(parse_line("1...")))
    >>> [s.rule.value for s in steps]
    ['given', 1, 1, 1, 2, 2, 2, 1]
    """
    p = Propagator(puzzle.shape, rules)
    yield from p.givens(puzzle)
    yield from p.propagate(0)


def fixpoint(puzzle: Puzzle, rules: RuleSet = RULES_1_2) -> tuple[State, Step | None]:
    """Return the state the rules reach from the givens, and the contradiction if one appeared.

    >>> from satdoku.io._line import parse_line
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
