"""The solution space: every solution, counts, uniqueness, forced cells, predicates, order.

Questions go to a SAT solver loaded with the puzzle's one encoding.  Excluding a solution is a
*blocking clause* over claim variables only (never auxiliary ones, so counts are of grids);
each question's blocking clauses carry its own activation literal, assumed while it runs and made
false for good when it ends, so later questions on the same solver see none of them. Large counts
use :mod:`satdoku.rules.counting` (the two rules, splitting and a cache) instead of one SAT call per
solution.

>>> from satdoku.io.line import parse_line
>>> count(parse_line("................"))
Count(count=288, complete=True, timed_out=False)
>>> is_unique(parse_line("..2....1.1..4..."))
False
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator, Sequence
from contextlib import AbstractContextManager, closing
from dataclasses import dataclass
from enum import Enum
from functools import partial

from pysat.solvers import Solver as PySatSolver

from ..backends.limits import check_limitable, solve_within
from ..backends.native import GUESS_BUDGET, engine_for
from ..backends.sat import DEFAULT_SOLVER, Strategy, check_solver_name
from ..cnf.encodings import Encoding, encode, shape_clauses
from ..core.checker import is_solution
from ..core.claims import TRUE, UNKNOWN, decode_model
from ..core.errors import InternalError
from ..core.limits import Limits
from ..core.puzzle import Grid, Puzzle
from ..core.results import Result, Status
from ..core.shape import Shape
from ..rules.counting import completions, count_completions
from ..rules.singles import eliminate
from .per_thread import PerThread
from .predicates import Predicate, Reject, judge

__all__ = [
    "Order",
    "Count",
    "SearchTimeout",
    "Explorer",
    "SAT_FIRST",
    "ENGINE_COUNT_MOST",
    "first",
    "solutions",
    "count",
    "is_unique",
    "backbone",
    "candidates",
    "SHARED_EXPLORERS",
]

SAT_FIRST = 8
"""Solutions looked for by SAT calls before counting switches to :mod:`satdoku.rules.counting`."""

ENGINE_COUNT_MOST = 1_000_000
"""Solutions the compiled engine counts one by one before a count goes to the other ways (its
budget of guesses ends it sooner: each solution past the first takes a guess)."""


class Order(Enum):
    """The order solutions come in: any (the solver's), or reading order (lexicographic).

    >>> Order("reading")
    <Order.READING: 'reading'>
    """

    ANY = "any"
    READING = "reading"


@dataclass(frozen=True)
class Count:
    """A number of solutions; ``complete`` is False when a limit (or a timeout) stopped counting.

    >>> Count(2, True).count
    2
    """

    count: int
    complete: bool
    timed_out: bool = False


class SearchTimeout(TimeoutError):
    """A question ran out of its time or conflict budget (see
    :class:`~satdoku.core.limits.Limits`)."""


def _order(order: Order | str | None) -> Order:
    return Order.ANY if order is None else Order(order)


class _Question:
    """One question about one puzzle on a loaded solver: assumptions, blocking, decoding."""

    def __init__(self, explorer: Explorer, puzzle: Puzzle) -> None:
        self.explorer = explorer
        self.puzzle = puzzle
        self.n = n = puzzle.shape.n
        self.open_cells = [c for c, d in enumerate(puzzle.cells) if not d]
        self.empty = False
        limits = explorer.limits
        self.deadline = None if limits.timeout is None else time.monotonic() + limits.timeout
        self.known: list[int] | None = None
        if explorer.strategy.resolve(n) is Strategy.PERSISTENT:
            self.solver, act = explorer._solver_for(puzzle.shape)
            self.fresh = False
            self.base = puzzle.assumptions() + [act]
        else:
            self.fresh = True
            self.known = eliminate(puzzle)
            if self.known is None:
                self.empty = True
                self.solver = None
                self.base = []
                return
            formula = encode(puzzle.shape, explorer.encoding, known=self.known)
            self.solver = PySatSolver(name=explorer.solver_name, bootstrap_with=formula.clauses)
            act = formula.top + 1
            self.base = [act]
        self.act = act

    def close(self) -> None:
        """Retire this question's blocking clauses (or free its fresh solver)."""
        if self.solver is None:
            return
        if self.fresh:
            self.solver.delete()
        else:
            self.solver.add_clause([-self.act])
        self.solver = None

    def __enter__(self) -> _Question:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def var(self, cell: int, digit: int) -> int:
        """Return the claim variable of a digit in a cell (cell = row*n + col; see
        :func:`satdoku.core.claims.variable`)."""
        return cell * self.n + digit

    def solve(self, extra: Sequence[int] = ()) -> Grid | None:
        """Return a solution under the extra assumptions, or None; raise SearchTimeout."""
        if self.empty or self.solver is None:
            return None
        self.explorer.sat_calls += 1
        solver = self.solver
        assumptions = self.base + list(extra)
        limits = self.explorer.limits
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise SearchTimeout("time limit reached")
            limits = Limits(left, limits.conflicts)
        ok = solve_within(solver, self.explorer.solver_name, assumptions, limits)
        if ok is None:
            raise SearchTimeout("time or conflict limit reached")
        if not ok:
            return None
        grid = self._decode(solver.get_model())
        if not is_solution(grid, self.puzzle):
            raise InternalError(f"solver returned a grid that is not a solution: {grid}")
        return grid

    def _decode(self, model: list[int]) -> Grid:
        if self.known is None:
            return decode_model(model, self.n)
        known = self.known
        n3 = self.n**3
        lits = [v for v in range(1, n3 + 1) if known[v] == TRUE]
        lits += [v for v in model if 0 < v <= n3 and known[v] == UNKNOWN]
        return decode_model(lits, self.n)

    def block(self, grid: Grid, reject: Reject | None = None) -> None:
        """Exclude the grid (reject None) or every grid sharing the reason, under this question."""
        assert self.solver is not None
        n = self.n
        given = self.puzzle.cells
        if reject is None:
            clause = [-self.var(c, grid[c]) for c in self.open_cells]
        else:
            # Givens are true in every solution: their claims add nothing to a reason.
            clause = [-self.var(r * n + c, d) for r, c, d in reject.claims if not given[r * n + c]]
            clause += [
                self.var(r * n + c, d)
                for r, c, d in reject.absent
                if not given[r * n + c] and self._possible(r * n + c, d)
            ]
        self.solver.add_clause(clause + [-self.act])

    def _possible(self, cell: int, digit: int) -> bool:
        return self.known is None or self.known[self.var(cell, digit)] != -1

    def propagated(self) -> list[int]:
        """Return the literals unit propagation gives from the givens (empty when it clashes)."""
        if self.empty or self.solver is None:
            return []
        ok, lits = self.solver.propagate(assumptions=self.base)
        return list(lits) if ok else []


class Explorer:
    """Answer questions about puzzles' solution spaces, with one PySAT solver per shape.

    ``sat_calls`` counts the SAT calls made so far (to compare ways of asking). ``native``:
    counts and uniqueness without a predicate go to the compiled engine of
    :mod:`satdoku.backends.native` first, within its budget of guesses (None: with the AUTO
    strategy).

    >>> from satdoku.io.line import parse_line
    >>> with Explorer() as ex:
    ...     ex.count(parse_line("1....2....3....4")).count, ex.is_unique(parse_line("1" * 16))
    (2, False)
    """

    def __init__(
        self,
        solver: str = DEFAULT_SOLVER,
        encoding: Encoding = Encoding(),
        strategy: Strategy = Strategy.AUTO,
        limits: Limits = Limits(),
        native: bool | None = None,
    ) -> None:
        self.solver_name = check_solver_name(solver)
        check_limitable(self.solver_name, limits)
        self.native = strategy is Strategy.AUTO if native is None else native
        self.encoding = encoding
        self.strategy = strategy
        self.limits = limits
        self.sat_calls = 0
        self._solvers: dict[Shape, tuple[PySatSolver, list[int]]] = {}

    def close(self) -> None:
        """Free every solver held."""
        for solver, _ in self._solvers.values():
            solver.delete()
        self._solvers.clear()

    def __enter__(self) -> Explorer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _solver_for(self, shape: Shape) -> tuple[PySatSolver, int]:
        """Return the shape's persistent solver and a fresh activation literal for a question."""
        held = self._solvers.get(shape)
        if held is None:
            formula = shape_clauses(shape, self.encoding)
            held = (
                PySatSolver(name=self.solver_name, bootstrap_with=formula.clauses),
                [formula.top],
            )
            self._solvers[shape] = held
        solver, top = held
        top[0] += 1
        return solver, top[0]

    def _question(self, puzzle: Puzzle) -> _Question:
        return _Question(self, puzzle)

    # -- enumeration -------------------------------------------------------------------------

    def solutions(
        self,
        puzzle: Puzzle,
        limit: int | None = None,
        where: Predicate | None = None,
        order: Order | str | None = None,
    ) -> Iterator[Grid]:
        """Yield the puzzle's solutions that pass ``where``, in ``order``, at most ``limit``.

        >>> from satdoku.io.line import parse_line
        >>> from satdoku.io.line import format_line
        >>> found = Explorer().solutions(parse_line("1....2....3....4"), order="reading")
        >>> [format_line(grid) for grid in found]
        ['1342421324313124', '1423324141322314']
        """
        if limit is not None and limit <= 0:
            return
        ordered = _order(order)
        if ordered is Order.READING:
            source = self._reading(puzzle, where)
        elif where is not None:
            source = self._blocking(puzzle, where)
        else:
            source = self._any(puzzle)
        for produced, grid in enumerate(source, 1):
            yield grid
            if limit is not None and produced >= limit:
                return

    def _blocking(self, puzzle: Puzzle, where: Predicate | None) -> Generator[Grid, None, None]:
        """One SAT call per model; a rejected model is blocked by its reason alone."""
        with self._question(puzzle) as q:
            while True:
                grid = q.solve()
                if grid is None:
                    return
                reject = judge(where, puzzle.with_cells(grid)) if where is not None else None
                q.block(grid, reject)
                if reject is None:
                    yield grid

    def _any(self, puzzle: Puzzle) -> Iterator[Grid]:
        """A few solutions by SAT (robust on hard puzzles), then the rest by cover's search."""
        seen: set[Grid] = set()
        with closing(self._blocking(puzzle, None)) as found:
            for grid in found:
                seen.add(grid)
                yield grid
                if len(seen) >= SAT_FIRST:
                    break
            else:
                return
        for grid in completions(puzzle):
            if grid not in seen:
                yield grid

    def _reading(self, puzzle: Puzzle, where: Predicate | None) -> Iterator[Grid]:
        """Solutions in reading order: the lexicographically smallest first, then the next."""
        with self._question(puzzle) as q:
            cells = q.open_cells
            grid = q.solve()
            if grid is None:
                return
            path: list[int] = []
            grid = self._lex_complete(q, path, 0, grid)
            while True:
                reject = judge(where, puzzle.with_cells(grid)) if where is not None else None
                if reject is None:
                    yield grid
                else:
                    q.block(grid, reject)
                # The next grid in reading order: raise the last cell that can be raised.
                for k in range(len(cells) - 1, -1, -1):
                    cell = cells[k]
                    above = [-q.var(cell, d) for d in range(1, grid[cell] + 1)]
                    found = q.solve(path[:k] + above)
                    if found is not None:
                        del path[k:]
                        grid = self._lex_complete(q, path, k, found, grid[cell] + 1)
                        break
                else:
                    return

    @staticmethod
    def _lex_complete(q: _Question, path: list[int], k: int, grid: Grid, low: int = 1) -> Grid:
        """Fix open cells k.. to their smallest digits (cell k to at least ``low``).

        ``path`` fixes open cells ..k-1 and ``grid`` is a model that agrees with it.  Per cell,
        one SAT call asks for a smaller digit than the model's; each model found lowers it, and
        an UNSAT answer (the usual case) fixes the cell.
        """
        cells = q.open_cells
        n = q.n
        for i in range(k, len(cells)):
            cell = cells[i]
            floor = low if i == k else 1
            below = [-q.var(cell, d) for d in range(1, floor)]
            while grid[cell] > floor:
                smaller = below + [-q.var(cell, d) for d in range(grid[cell], n + 1)]
                found = q.solve(path + smaller)
                if found is None:
                    break
                grid = found
            path.append(q.var(cell, grid[cell]))
        return grid

    # -- questions ---------------------------------------------------------------------------

    def first(
        self, puzzle: Puzzle, where: Predicate | None = None, order: Order | str | None = None
    ) -> Result:
        """Return the first solution passing ``where`` in ``order`` as a Result.

        >>> from satdoku.io.line import parse_line
        >>> Explorer().first(parse_line("................"), order="reading").solution[:4]
        (1, 2, 3, 4)
        """
        try:
            for grid in self.solutions(puzzle, 1, where, order):
                return Result(Status.SOLVED, grid, puzzle)
        except SearchTimeout:
            return Result(Status.TIMEOUT, puzzle=puzzle)
        return Result(Status.UNSOLVABLE, puzzle=puzzle)

    def count(
        self, puzzle: Puzzle, limit: int | None = None, where: Predicate | None = None
    ) -> Count:
        """Count the solutions (passing ``where``), stopping past ``limit``.

        >>> from satdoku.io.line import parse_line
        >>> Explorer().count(parse_line("................"), limit=10)
        Count(count=10, complete=False, timed_out=False)
        """
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be at least 0, got {limit}")
        engine = engine_for(puzzle.shape) if self.native and where is None else None
        if engine is not None:  # every solution once, by the rules and guessing, compiled
            most = limit if limit is not None else ENGINE_COUNT_MOST
            counted = engine.count(puzzle.cells, most, GUESS_BUDGET)
            if counted is not None and (counted[1] or limit is not None):
                total, complete = counted
                return Count(total, True) if complete else Count(limit or 0, False)
        found = 0
        small = where is not None or (limit is not None and limit < SAT_FIRST)
        try:
            with closing(self._blocking(puzzle, where)) as models:
                for _ in models:
                    found += 1
                    if limit is not None and found > limit:
                        return Count(limit, False)
                    if not small and found >= SAT_FIRST:
                        break
                else:
                    return Count(found, True)
        except SearchTimeout:
            return Count(found if limit is None else min(found, limit), False, True)
        timeout = self.limits.timeout
        total, complete = count_completions(puzzle, limit, timeout=timeout)
        timed_out = not complete and (limit is None or total < limit)
        return Count(total, complete, timed_out)

    def is_unique(self, puzzle: Puzzle, where: Predicate | None = None) -> bool:
        """Tell whether the puzzle has exactly one solution (passing ``where``); stops at two.

        >>> from satdoku.io.line import parse_line
        >>> Explorer().is_unique(parse_line("1234341221434321"))
        True
        """
        found = self.count(puzzle, 1, where)
        if found.timed_out:
            raise SearchTimeout("time or conflict limit reached before uniqueness was known")
        return found.count == 1 and found.complete

    def backbone(self, puzzle: Puzzle) -> Grid | None:
        """Return the cells that hold the same digit in every solution (0 elsewhere), or None.

        One SAT call per cell at most, none for cells unit propagation fixes: every model found
        on the way clears the cells it disagrees on.

        >>> from satdoku.io.line import parse_line
        >>> backbone(parse_line("1....2....3....4"))
        (1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4)
        """
        with self._question(puzzle) as q:
            grid = q.solve()
            if grid is None:
                return None
            n = q.n
            n3 = n**3
            forced = set()
            for lit in q.propagated():
                if 0 < lit <= n3:
                    forced.add((lit - 1) // n)  # the cell of the claim (core.claims.claim_of)
            maybe = {c for c in q.open_cells if c not in forced}
            for cell in q.open_cells:
                if cell not in maybe:
                    continue
                other = q.solve([-q.var(cell, grid[cell])])
                if other is None:
                    continue
                maybe = {c for c in maybe if other[c] == grid[c]}
            fixed = forced | maybe
            return tuple(d if puzzle.cells[c] or c in fixed else 0 for c, d in enumerate(grid))

    def candidates(self, puzzle: Puzzle) -> tuple[frozenset[int], ...]:
        """Return per cell the digits it holds in some solution (all empty when there is none).

        >>> from satdoku.io.line import parse_line
        >>> sorted(candidates(parse_line("1....2....3....4"))[1])
        [3, 4]
        """
        n = puzzle.shape.n
        with self._question(puzzle) as q:
            grid = q.solve()
            if grid is None:
                return tuple(frozenset() for _ in range(n * n))
            seen = [{d} for d in grid]
            n3 = n**3
            impossible = {-lit for lit in q.propagated() if -n3 <= lit < 0}
            for cell in q.open_cells:
                for d in range(1, n + 1):
                    if d in seen[cell] or q.var(cell, d) in impossible:
                        continue
                    other = q.solve([q.var(cell, d)])
                    if other is not None:
                        for c, e in enumerate(other):
                            seen[c].add(e)
            return tuple(frozenset(s) for s in seen)


SHARED_EXPLORERS = 4
"""Explorers (sets of options) kept per thread for the functions below; the oldest goes first."""

_EXPLORERS = PerThread[Explorer](SHARED_EXPLORERS)


def _shared(options: dict[str, object]) -> AbstractContextManager[Explorer]:
    """Lend this thread's explorer for these options (kept between calls; a question's
    blocking clauses are retired when it ends, so questions do not see each other's)."""
    key = tuple(sorted(options.items()))
    return _EXPLORERS.using(key, partial(Explorer, **options))  # type: ignore[arg-type]


def first(
    puzzle: Puzzle,
    where: Predicate | None = None,
    order: Order | str | None = None,
    **options: object,
) -> Grid | None:
    """Return the first solution passing ``where`` in ``order``, or None.

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.api.predicates import diagonal_has_2
    >>> first(parse_line("..3...2..4......"), diagonal_has_2, "reading")
    (1, 2, 3, 4, 4, 3, 2, 1, 2, 4, 1, 3, 3, 1, 4, 2)
    """
    with _shared(options) as ex:
        return ex.first(puzzle, where, order).solution


def solutions(
    puzzle: Puzzle,
    limit: int | None = None,
    where: Predicate | None = None,
    order: Order | str | None = None,
    **options: object,
) -> Iterator[Grid]:
    """Yield the solutions passing ``where``, in ``order`` (any, or reading), at most ``limit``.

    >>> from satdoku.io.line import parse_line
    >>> len(list(solutions(parse_line("................"))))
    288
    """
    with Explorer(**options) as ex:  # type: ignore[arg-type]
        yield from ex.solutions(puzzle, limit, where, order)


def count(
    puzzle: Puzzle, limit: int | None = None, where: Predicate | None = None, **options: object
) -> Count:
    """Count the solutions (passing ``where``), stopping past ``limit`` (then not complete).

    >>> from satdoku.io.line import parse_line
    >>> count(parse_line("1423324121344312"))
    Count(count=1, complete=True, timed_out=False)
    """
    with _shared(options) as ex:
        return ex.count(puzzle, limit, where)


def is_unique(puzzle: Puzzle, where: Predicate | None = None, **options: object) -> bool:
    """Tell whether the puzzle has exactly one solution (passing ``where``).

    >>> from satdoku.io.line import parse_line
    >>> is_unique(parse_line("1423324121344312"))
    True
    """
    with _shared(options) as ex:
        return ex.is_unique(puzzle, where)


def backbone(puzzle: Puzzle, **options: object) -> Grid | None:
    """Return the forced cells (same digit in every solution; 0 elsewhere), None if unsolvable.

    >>> from satdoku.io.line import parse_line
    >>> backbone(parse_line("142332412134.412")) is None
    True
    """
    with _shared(options) as ex:
        return ex.backbone(puzzle)


def candidates(puzzle: Puzzle, **options: object) -> tuple[frozenset[int], ...]:
    """Return per cell the set of digits it holds in some solution.

    >>> from satdoku.io.line import parse_line
    >>> candidates(parse_line("1423324121344312"))[0]
    frozenset({1})
    """
    with _shared(options) as ex:
        return ex.candidates(puzzle)
