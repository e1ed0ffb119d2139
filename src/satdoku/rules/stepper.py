"""The two-rule stepper: propagate claims through exactly-one axioms, one immutable step at a time.

Rule 1: one claim of an axiom is true, so every other claim of it is false. Rule 2: every claim of
an axiom but one is false, so that one is true. Givens are the first steps; a contradiction (an
axiom with two true claims, or with every claim false) ends propagation as a step, not an
exception. Steps hold claim variables (``row*n*n + col*n + digit``) and are rendered to text only
on demand (:mod:`satdoku.views.trace`), so propagation stays fast.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from ..core.axioms import Axiom, axioms
from ..core.claims import FALSE, TRUE, UNKNOWN, Claim, claim_of, variable
from ..core.puzzle import Grid, Puzzle
from ..core.shape import Shape
from .strategies import RULES_1_2, RuleSet, Technique, find_twins

__all__ = [
    "Rule",
    "Step",
    "State",
    "Snapshot",
    "Propagator",
    "propagation",
    "fixpoint",
    "replay",
    "Replayer",
]


class Rule(Enum):
    """What a step is: rule 1 or 2, a given, a guess, a backtrack, twins, or a contradiction.

    The value is the step's ``"rule"`` in the JSON trace.

    >>> Rule(1).name, Rule("guess").value
    ('ONE', 'guess')
    """

    ONE = 1
    TWO = 2
    GIVEN = "given"
    GUESS = "guess"
    BACKTRACK = "backtrack"
    TWINS = "twins"
    CONTRADICTION = "contradiction"


class Step(NamedTuple):
    """One step: the rule, the axiom it used, the claims it decides and their value, and why.

    ``decided`` and ``because`` hold claim variables; ``claims`` and ``reasons`` give them as
    :class:`Claim`. ``depth`` is the number of guesses in force (a backtrack carries the depth of
    the guess it undoes). ``detail`` is ``(house index, digit, digit)`` for twins, else None.

    >>> s = Step(Rule.GIVEN, None, (1,), True, (), 0, 4)
    >>> s.claims
    (Claim(row=0, col=0, digit=1),)
    """

    rule: Rule
    axiom: Axiom | None
    decided: tuple[int, ...]
    value: bool
    because: tuple[int, ...]
    depth: int
    n: int
    detail: tuple[int, int, int] | None = None

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Return the claims this step decides."""
        return tuple(claim_of(v, self.n) for v in self.decided)

    @property
    def reasons(self) -> tuple[Claim, ...]:
        """Return the claims that caused this step."""
        return tuple(claim_of(v, self.n) for v in self.because)

    @property
    def technique(self) -> Technique | None:
        """Return the human strategy this step is a view of (None for givens, guesses, ...).

        >>> Step(Rule.ONE, None, (2,), False, (1,), 0, 4).technique
        <Technique.ELIMINATION: 'elimination'>
        """
        if self.rule is Rule.ONE:
            return Technique.ELIMINATION
        if self.rule is Rule.TWO:
            cell = self.axiom is not None and self.axiom.is_cell
            return Technique.LONE_CELL if cell else Technique.LONE_RANGER
        if self.rule is Rule.TWINS:
            return Technique.TWINS
        return None


class State(NamedTuple):
    """What is known at one moment: per claim variable TRUE (1), FALSE (-1) or unknown (0).

    ``values[v]`` is the state of variable v (index 0 unused). A cell's candidates are its claims
    not yet false; a cell is set when one of its claims is true.

    >>> s = State.initial(2)
    >>> s.candidates(0, 0), s.digit(0, 0)
    ((1, 2), 0)
    """

    n: int
    values: tuple[int, ...]

    @classmethod
    def initial(cls, n: int) -> State:
        """Return the state where nothing is known."""
        return cls(n, (UNKNOWN,) * (n**3 + 1))

    def value(self, claim: Claim) -> int:
        """Return TRUE (1), FALSE (-1) or UNKNOWN (0) for a claim."""
        n = self.n
        return self.values[variable(claim, n)]

    def candidates(self, row: int, col: int) -> tuple[int, ...]:
        """Return the digits of a cell whose claims are not false, increasing."""
        n = self.n
        base = (row * n + col) * n
        return tuple(d for d in range(1, n + 1) if self.values[base + d] != FALSE)

    def digit(self, row: int, col: int) -> int:
        """Return the digit whose claim is true in a cell, or 0 when none is."""
        n = self.n
        base = (row * n + col) * n
        for d in range(1, n + 1):
            if self.values[base + d] == TRUE:
                return d
        return 0

    def grid(self) -> Grid:
        """Return the cells set so far (0 where no claim of the cell is true)."""
        n = self.n
        return tuple(self.digit(i // n, i % n) for i in range(n * n))

    def board(self) -> list[list[tuple[int, ...]]]:
        """Return the candidates of every cell, as rows.

        >>> State.initial(2).board()[1]
        [(1, 2), (1, 2)]
        """
        n = self.n
        return [[self.candidates(r, c) for c in range(n)] for r in range(n)]

    def solved(self) -> bool:
        """Tell whether every cell is set."""
        return all(self.grid())


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


class Replayer:
    """Rebuild states from steps alone, forward, as a viewer does (see :func:`replay`).

    >>> from satdoku.io.line import parse_line
    >>> r = Replayer(2)
    >>> for step in propagation(parse_line("1...")):
    ...     r.apply(step)
    >>> r.state().grid(), r.position
    ((1, 2, 2, 1), 8)
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.values = [UNKNOWN] * (n**3 + 1)
        self.saved: dict[int, list[int]] = {}
        self.position = 0

    def apply(self, step: Step) -> None:
        """Apply one step: a guess saves the state, a backtrack of its depth restores it."""
        if step.rule is Rule.GUESS:
            self.saved[step.depth] = self.values[:]
        elif step.rule is Rule.BACKTRACK:
            self.values = self.saved.pop(step.depth)[:]
            for deeper in [d for d in self.saved if d > step.depth]:
                del self.saved[deeper]
        mark = TRUE if step.value else FALSE
        values = self.values
        for v in step.decided:
            values[v] = mark
        self.position += 1

    def state(self) -> State:
        """Return the state after the steps applied so far."""
        return State(self.n, tuple(self.values))


def replay(steps: Iterable[Step], n: int) -> Iterator[State]:
    """Yield the state after each step, rebuilt from the steps alone (as a viewer does).

    False claims remove candidates and true claims set cells; a guess remembers the state before
    it, and a backtrack of the same depth returns to that state, then applies its own claim.

    >>> from satdoku.io.line import parse_line
    >>> states = list(replay(propagation(parse_line("1...")), 2))
    >>> states[-1].grid()
    (1, 2, 2, 1)
    """
    replayer = Replayer(n)
    for step in steps:
        replayer.apply(step)
        yield replayer.state()
