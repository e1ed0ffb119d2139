"""A solver per shape that holds its house clauses, lent to one puzzle with rules at a time.

Loading a 9×9 grid's 9,000-12,000 house clauses took most of the time of a puzzle with rules
beyond houses; they are the same for every puzzle of a shape. A :class:`RuleSession` adds one
puzzle's rule clauses (:mod:`satdoku.cnf._rule_templates`), each ending in ``¬guard`` for a new
guard variable that every solve of the puzzle assumes, and the session's end adds the unit
``¬guard``: those clauses hold no more. Blocking clauses (counting) carry ``¬guard`` too.

Every puzzle's helper variables start just above the shape's variables, so they are those of
earlier puzzles again, whose clauses all hold through their false guards; guards are numbered
above every helper, and a puzzle with more helpers than there is room for below the first guard
gets a new solver, as does every :data:`PUZZLES_PER_SOLVER`-th puzzle (retired clauses and
their learnt clauses go with the old one). Solvers are kept per thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, TypeGuard

from ..cnf._encodings import Encoding, shape_clauses
from ..cnf._rule_templates import RuleTemplate, recipe, rule_template
from ..cnf._skyscraper_clauses import AT_LEAST, AT_MOST, skyscraper_bounds
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ..core.constraints import Constraint, Skyscraper
from ._solvers import new_solver

if TYPE_CHECKING:  # PySAT loads when a solver is made, not at start-up
    from pysat.solvers import Solver as PySatSolver

__all__ = [
    "PUZZLES_PER_SOLVER",
    "KEPT_CLAUSES",
    "KEPT_LIMIT",
    "IDLE_FACTOR",
    "DEFER_CLUES",
    "DEFERRED_ROOM",
    "SHAPES_PER_THREAD",
    "RuleSession",
    "rule_session",
]

PUZZLES_PER_SOLVER = 256
"""Puzzles a shape's solver takes before a new one replaces it."""

KEPT_CLAUSES = 64
"""The most clauses of a rule kept in a shape's solver for later puzzles (rules without
helpers only)."""

KEPT_LIMIT = 50_000
"""Clauses of kept rules past which a shape's solver is renewed."""

IDLE_FACTOR = 16
"""A shape's solver is renewed for a puzzle when its variables above the shape's pass this
many times the puzzle's helpers and claims (those of a big puzzle before, say: a 9×9 Towers
puzzle has some 22,000 helpers, a Keen puzzle 50-4,000, and each idle variable costs every
solve about 0.07 µs)."""

SHAPES_PER_THREAD = 4
"""Shape solvers a thread keeps (the oldest idle one goes first)."""


DEFER_CLUES = True
"""Whether a session loads a Towers clue's clauses only when asked (:meth:`RuleSession.load`,
:meth:`RuleSession.load_broken`): a clue is 210-300 clauses, its bounds (``skyscraper_bounds``)
a few units, and an easy puzzle's 36 clues are mostly kept by those and the houses; the
solver's grid shows which clue it breaks, and which way: a line showing too many towers gets
the clue's at-most half (about 100 clauses), too few its at-least half (about 190)."""


DEFERRED_ROOM = 2
"""A session keeps room below its guard for the helpers of one in this many of its deferred
clues (an easy 9×9 Towers puzzle loads 4-13 of 36); the helpers of a clue loaded past that
room are numbered above every guard. Helper variables cost every solve (the solver decides
each), used or not: numbering a clue's helpers when it is loaded keeps them few."""


class _WaitingClue:
    """A Towers clue whose clauses are not all in the solver: its cells from the clue's side,
    its first helper variable (None before either half is loaded), and the halves not loaded
    yet."""

    __slots__ = ("rule", "place", "first", "halves")

    def __init__(self, rule: Skyscraper, place: _PlacedClue) -> None:
        self.rule = rule
        self.place = place
        self.first: int | None = None
        self.halves = [AT_MOST, AT_LEAST]

    def seen(self, grid: Sequence[int]) -> int:
        """Return how many towers the grid's line shows from the clue."""
        seen = tallest = 0
        for height in self.place.heights(grid):
            if height > tallest:
                seen, tallest = seen + 1, height
        return seen


@dataclass(frozen=True)
class _PlacedClue:
    """A clue's cells (nearest first), the getter of their digits from a grid, and the
    literals of its bounds' units."""

    cells: tuple[int, ...]
    heights: Callable[[Sequence[int]], tuple[int, ...]]
    bounds: tuple[int, ...]


@lru_cache(maxsize=4096)
def _placed_clue(rule: Skyscraper, n: int) -> _PlacedClue:
    """Return where a clue stands on an n×n grid, worked out once."""
    cells = rule.cells(n)
    heights = itemgetter(*cells) if n > 1 else lambda grid: (grid[cells[0]],)
    return _PlacedClue(cells, heights, tuple(unit[0] for unit in skyscraper_bounds(rule, n)))


class _ShapeSolver:
    """A solver loaded with a shape's clauses: the first variable above them, the lowest guard
    handed out (None before the first), the highest variable used, puzzles it may still take,
    sessions open, and whether it left the thread's keeping (freed when its last session ends)."""

    __slots__ = (
        "solver",
        "base",
        "floor",
        "top",
        "left",
        "busy",
        "dropped",
        "rules",
        "kept_clauses",
    )

    def __init__(self, name: str, shape: Shape, encoding: Encoding) -> None:
        formula = shape_clauses(shape, encoding)
        self.solver: PySatSolver = new_solver(name, formula.clauses)
        self.base = formula.top + 1
        self.floor: int | None = None
        self.top = formula.top
        self.left = PUZZLES_PER_SOLVER
        self.busy = 0
        self.dropped = False
        self.rules: dict[tuple[Constraint, object], int] = {}  # kept rules' selectors
        self.kept_clauses = 0

    def fits(self, extra: int, n: int) -> bool:
        """Tell whether a puzzle with ``extra`` helper variables may use this solver: there is
        room for them below the guards, and not many times as many variables left idle (every
        solve decides each of them)."""
        if self.left <= 0 or self.kept_clauses > KEPT_LIMIT:
            return False
        if self.top - self.base > IDLE_FACTOR * (extra + n**3):
            return False
        return self.floor is None or self.base + extra < self.floor

    def drop(self) -> None:
        """Leave the thread's keeping; the solver is freed now or when its last session ends."""
        self.dropped = True
        if not self.busy:
            self.solver.delete()


class RuleSession:
    """One puzzle's clauses in a shape's solver: solve with ``assumptions`` (the guard, the
    selectors of the puzzle's kept rules and the bounds of its deferred clues), block with the
    guard.

    The clauses of Towers clues (see :data:`DEFER_CLUES`) wait in ``pending`` (by the rule's
    index in the puzzle) with only their sound consequences loaded: a grid the solver finds must
    still be checked against them; :meth:`load_broken` adds the half of the clauses of each
    clue it breaks that the grid breaks, :meth:`load` all of a clue's clauses. An answer of no
    solution is final (the clauses loaded follow from the puzzle's rules).

    A rule without helpers and with at most :data:`KEPT_CLAUSES` clauses (a ``<`` sign, an
    Adjacent mark or its absence, a two-cell cage) stays in the solver under a selector of its
    own, for the later puzzles that have the same rule (Unequal's signs stand on a few hundred
    places): only the first loads its clauses.

    >>> from satdoku.core.constraints import Comparison
    >>> puzzle = Puzzle(Shape.latin(2), (0,) * 4, constraints=(Comparison(0, 1),))
    >>> with rule_session(puzzle, "minisat22") as session:
    ...     session.solver.solve(session.assumptions), session.solver.get_model()[:4]
    (True, [1, -2, -3, 4])
    """

    __slots__ = (
        "solver",
        "guard",
        "assumptions",
        "pending",
        "_puzzle",
        "_encoding",
        "_waiting",
        "_held",
        "_helpers",
    )

    def __init__(
        self,
        held: _ShapeSolver,
        guard: int,
        assumptions: list[int],
        puzzle: Puzzle,
        encoding: Encoding,
        waiting: dict[int, _WaitingClue],
        helpers: range,
    ) -> None:
        self.solver = held.solver
        self._held = held
        self._helpers = helpers  # the free helper variables below the guard
        self.guard = guard
        self.assumptions = assumptions
        self._puzzle = puzzle
        self._encoding = encoding
        self._waiting = waiting  # by the rule's index in the puzzle
        self.pending: dict[int, Constraint] = {i: clue.rule for i, clue in waiting.items()}

    def load(self, indices: list[int]) -> None:
        """Add all the clauses of these pending rules (indices into the puzzle's rules)."""
        for index in indices:
            clue = self._waiting[index]
            for half in list(clue.halves):
                self._load_half(index, clue, half)

    def load_broken(self, grid: Sequence[int]) -> bool:
        """Add, for each pending clue the grid breaks, the half of its clauses the grid breaks
        (too many towers seen: at most the clue, too few: at least); tell whether any was."""
        loaded = False
        for index, clue in list(self._waiting.items()):
            seen, visible = clue.seen(grid), clue.rule.visible
            half = AT_MOST if seen > visible else AT_LEAST
            if seen != visible and half in clue.halves:
                self._load_half(index, clue, half)
                loaded = True
        return loaded

    def _load_half(self, index: int, clue: _WaitingClue, half: int) -> None:
        """Add one half of a waiting clue's clauses; the clue pends no more once both are in."""
        template = rule_template(clue.rule, self._puzzle, self._encoding, half)
        if clue.first is None:  # its helpers: below the guard if there is room, else above all
            free, held = self._helpers, self._held
            if len(free) >= template.extra:
                clue.first, self._helpers = free.start, free[template.extra :]
            else:
                clue.first, held.top = held.top + 1, held.top + template.extra
        add = getattr(self.solver, "solver", self.solver).add_clause
        for clause in template.clauses(clue.place.cells, clue.first, self.guard):
            add(clause)
        clue.halves.remove(half)
        if not clue.halves:
            del self._waiting[index], self.pending[index]

    def block(self, literals: list[int]) -> None:
        """Add a clause (a found solution's blocking clause) for this puzzle only."""
        literals.append(-self.guard)
        self.solver.add_clause(literals)


def _helpers_needed(puzzle: Puzzle, templates: dict[int, RuleTemplate]) -> int:
    """Return the helper variables to keep below a puzzle's guard: all of the rules loaded at
    once, room for those of a share of the deferred clues (:data:`DEFERRED_ROOM`)."""
    rules = puzzle.constraints
    deferred = sum(t.extra for i, t in templates.items() if _deferred(rules[i]))
    return sum(t.extra for t in templates.values()) - deferred + deferred // DEFERRED_ROOM


def _deferred(rule: Constraint) -> TypeGuard[Skyscraper]:
    """Tell whether a session loads the rule's clauses only when a grid breaks it."""
    return DEFER_CLUES and isinstance(rule, Skyscraper)


def _template(rule: Constraint, puzzle: Puzzle, encoding: Encoding) -> RuleTemplate:
    """Return the template a session starts a rule with: a deferred Towers clue's at-most half
    (its helpers are those of every half), any other rule's clauses."""
    if _deferred(rule):
        return rule_template(rule, puzzle, encoding, AT_MOST)
    return rule_template(rule, puzzle, encoding)


_KEPT = threading.local()


def _kept() -> dict[tuple[str, Shape, Encoding], _ShapeSolver]:
    kept: dict[tuple[str, Shape, Encoding], _ShapeSolver] | None = getattr(_KEPT, "solvers", None)
    if kept is None:
        kept = _KEPT.solvers = {}
    return kept


def _shape_solver(key: tuple[str, Shape, Encoding], extra: int, n: int) -> _ShapeSolver:
    """Return this thread's solver for the key with room for ``extra`` helpers, made if need be."""
    kept = _kept()
    held = kept.get(key)
    if held is not None and held.fits(extra, n):
        return held
    if held is not None:
        kept.pop(key).drop()
    while len(kept) >= SHAPES_PER_THREAD:
        kept.pop(next(iter(kept))).drop()
    held = kept[key] = _ShapeSolver(*key)
    return held


@contextmanager
def rule_session(
    puzzle: Puzzle, solver_name: str, encoding: Encoding = Encoding()
) -> Iterator[RuleSession]:
    """Lend the shape's solver (this thread's) to the puzzle: its rule clauses added under a new
    guard, retired when the block ends (small rules without helpers stay, see
    :class:`RuleSession`).

    >>> from satdoku.core.constraints import Comparison
    >>> puzzle = Puzzle(Shape.latin(2), (2, 0, 0, 0), constraints=(Comparison(0, 1),))
    >>> with rule_session(puzzle, "minisat22") as session:
    ...     session.solver.solve([*puzzle.assumptions(), *session.assumptions])
    False
    """
    n = puzzle.n
    key = (solver_name, puzzle.shape, encoding)
    held = _kept().get(key)
    known = {} if held is None else held.rules
    templates = {
        index: _template(rule, puzzle, encoding)
        for index, rule in enumerate(puzzle.constraints)
        if (rule, recipe(rule.kind)) not in known
    }
    extra = _helpers_needed(puzzle, templates)
    fresh = _shape_solver(key, extra, n)
    if fresh is not held:  # a new solver knows no rule yet
        templates.update(
            (index, _template(rule, puzzle, encoding))
            for index, rule in enumerate(puzzle.constraints)
            if index not in templates
        )
        held = fresh
        extra = _helpers_needed(puzzle, templates)
    guard = max(held.top, held.base + extra) + 1
    if held.floor is None:  # room below the guards for puzzles with more helpers than this one
        guard += n**3 + extra // 2
        held.floor = guard
    held.top = guard
    held.left -= 1
    held.busy += 1
    solver = held.solver
    try:
        add = getattr(solver, "solver", solver).add_clause  # past PySAT's dispatching wrapper
        first = held.base
        selectors = [guard]
        waiting: dict[int, _WaitingClue] = {}
        for index, rule in enumerate(puzzle.constraints):
            template = templates.get(index)
            if template is None:
                selectors.append(held.rules[rule, recipe(rule.kind)])
                continue
            if _deferred(rule):
                waiting[index] = clue = _WaitingClue(rule, _placed_clue(rule, n))
                selectors.extend(clue.place.bounds)  # assumed: no clause to add and retire
                continue
            selector = guard
            if not template.extra and len(template.local) <= KEPT_CLAUSES:
                held.top += 1
                selector = held.rules[rule, recipe(rule.kind)] = held.top
                held.kept_clauses += len(template.local)
                selectors.append(selector)
            for clause in template.clauses(rule.cells(n), first, selector):
                add(clause)
            first += template.extra
        helpers = range(first, held.base + extra)
        yield RuleSession(held, guard, selectors, puzzle, encoding, waiting, helpers)
    finally:
        held.busy -= 1
        if held.dropped:
            if not held.busy:
                solver.delete()
        else:
            solver.add_clause([-guard])
