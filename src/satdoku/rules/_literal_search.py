"""Search over axioms of any form: rules 1 and 2, set logic when chosen, guesses when they stall.

A guess makes true the first open literal of the open cell axiom with fewest open literals
(smallest domain first; any open axiom once every cell is decided); a backtrack returns to the
state before the guess and makes the guessed literal false. Solutions are counted up to a
limit: each one found before the limit is rejected as a contradiction step and the search goes
on. Every step is yielded, so a whole solve can be watched.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core._claims import TRUE
from ..core._literal_axioms import LiteralAxiom
from ._literal_propagation import LiteralPropagator, LiteralSnapshot
from ._literal_sets import find_literal_move
from ._literal_steps import LiteralStep
from ._search import TraceStatus
from ._steps import Rule

__all__ = ["LiteralRun"]


class LiteralRun:
    """One run over literal axioms: iterate it for the steps, then read its outcome.

    ``givens`` are literals true from the start; ``set_logic`` the largest k of set logic used
    when rules 1 and 2 stall (0: none); ``guess`` whether to search; ``limit`` how many
    solutions to look for. ``solutions`` holds each solution's true variables (claims and
    helpers); ``largest`` is the largest set-logic k used.

    >>> axioms = [LiteralAxiom("a", "cell", (1, 2)), LiteralAxiom("b", "cell", (3, 4)),
    ...           LiteralAxiom("c", "row", (1, 3))]
    >>> run = LiteralRun(axioms, 4, limit=5)
    >>> [s.rule.value for s in run][:4]
    ['guess', 1, 1, 2]
    >>> run.status.value, run.solutions
    ('solved', [(1, 4), (2, 3)])
    """

    def __init__(
        self,
        axioms: Sequence[LiteralAxiom],
        variables: int,
        givens: Sequence[int] = (),
        *,
        guess: bool = True,
        set_logic: int = 0,
        limit: int = 1,
    ) -> None:
        self.propagator = LiteralPropagator(axioms, variables)
        self.cells = [i for i, a in enumerate(self.propagator.axioms) if a.kind == "cell"]
        self.givens = tuple(givens)
        self.guess = guess
        self.set_logic = set_logic
        self.limit = limit
        self.status: TraceStatus | None = None
        self.solutions: list[tuple[int, ...]] = []
        self.guesses = 0
        self.backtracks = 0
        self.largest = 0
        self._steps = self._run()

    def __iter__(self) -> Iterator[LiteralStep]:
        return self._steps

    def _fixpoint(self, depth: int) -> Iterator[LiteralStep]:
        """Apply rules 1 and 2, then one set-logic move at a time while they stall."""
        p = self.propagator
        yield from p.propagate(depth)
        while self.set_logic and p.conflict is None and not p.solved:
            move = find_literal_move(p, self.set_logic)
            if move is None:
                return
            self.largest = max(self.largest, move.size)
            p.eliminate(move.eliminated, depth)
            yield LiteralStep(
                Rule.SET,
                None,
                tuple(-u for u in move.eliminated),
                move.because,
                depth,
                tuple(p.axioms[b] for b in move.bases),
                tuple(p.axioms[c] for c in move.covers),
            )
            if p.conflict is not None:
                p.queue.clear()
                yield p.conflict
                return
            yield from p.propagate(depth)

    def _choice(self) -> int:
        """Return the literal to guess: smallest open cell axiom first, else any open axiom."""
        p = self.propagator
        true_of, open_ = p.true_of, p.open
        pool = [a for a in self.cells if not true_of[a]]
        if not pool:
            pool = [a for a in range(len(open_)) if not true_of[a]]
        best = min(pool, key=lambda a: (open_[a], a))
        return p.open_literals(best)[0]

    def _solution(self) -> tuple[int, ...]:
        truth = self.propagator.truth
        return tuple(v for v in range(1, self.propagator.variables + 1) if truth[v] == TRUE)

    def _run(self) -> Iterator[LiteralStep]:
        p = self.propagator
        for literal in self.givens:
            yield from p.assume(literal, Rule.GIVEN, 0)
        yield from self._fixpoint(0)
        stack: list[tuple[LiteralSnapshot, int]] = []
        while True:
            if p.solved:
                self.solutions.append(self._solution())
                if len(self.solutions) >= self.limit or not self.guess:
                    self.status = TraceStatus.SOLVED
                    return
                p.conflict = LiteralStep(Rule.CONTRADICTION, None, (), (), len(stack))
                yield p.conflict  # another solution is looked for
            if p.conflict is not None:
                if not self.guess or not stack:
                    self.status = TraceStatus.SOLVED if self.solutions else TraceStatus.UNSOLVABLE
                    return
                depth = len(stack)
                snap, literal = stack.pop()
                p.restore(snap)
                self.backtracks += 1
                yield from p.assume(-literal, Rule.BACKTRACK, depth)
                yield from self._fixpoint(depth - 1)
                continue
            if not self.guess:
                self.status = TraceStatus.STALLED
                return
            literal = self._choice()
            stack.append((p.snapshot(), literal))
            self.guesses += 1
            yield from p.assume(literal, Rule.GUESS, len(stack))
            yield from self._fixpoint(len(stack))
