"""The explorer: answers about a puzzle's solution space, asked of SAT solvers and the engine.

Every solution, in any order or in reading order, counts, uniqueness, forced cells and the
digits each cell can hold. Each question leases the shape's pooled solver
(:class:`~satdoku.api._question.Question`), so questions on one explorer never see each other's
blocking clauses. Counts and candidates go to the compiled engine first
(:mod:`satdoku.backends._engine_count`, :mod:`satdoku.backends._engine_space`); counts it gives
up on go to :mod:`satdoku.rules._counting` (the two rules, splitting and a cache). The first
solution in any order with no predicate is the backend's, as for :func:`satdoku.api._solve.solve`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from contextlib import closing
from typing import Any

from ..backends._compiled import engine_for
from ..backends._engine_count import count_by_engine
from ..backends._engine_space import engine_candidates
from ..backends._limits import check_limitable
from ..backends._pool import SolverPool
from ..backends._sat import SatBackend
from ..backends._solvers import DEFAULT_SOLVER, check_solver_name
from ..backends._strategy import Strategy
from ..cnf._encodings import Encoding
from ..core._houses_only import houses_only
from ..core._limits import Limits
from ..core._puzzle import Grid, Puzzle
from ..core._results import Result, Status
from ..core._solution import Solution
from ..rules._counting import DeadlinePassed, completions, count_completions
from ._arguments import predicate_of, puzzle_of
from ._constrained_space import constrained_count, constrained_grids
from ._count_result import Count
from ._order import Order, order_of
from ._predicates import Predicate, PredicateWork, judge
from ._question import Question, SearchTimeout
from ._relabeled_count import past_limit_by_relabeling

__all__ = ["Order", "order_of", "Count", "Explorer", "SAT_FIRST"]

SAT_FIRST = 8
"""Solutions looked for by SAT calls before counting switches to :mod:`satdoku.rules._counting`."""


class Explorer:
    """Answer questions about puzzles' solution spaces, with one pooled PySAT solver per shape.

    ``sat_calls`` counts the SAT calls made so far (to compare ways of asking). ``native``:
    counts and uniqueness without a predicate go to the compiled engine of
    :mod:`satdoku.backends._compiled` first, within its budget of guesses (None: with the AUTO
    strategy).

    >>> from satdoku.io._line import parse_line
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
        self.work = PredicateWork()  # what the predicate of the last question did
        self._persistent = SolverPool()
        self._backend: SatBackend | None = None  # first solutions in any order, made on demand

    def close(self) -> None:
        """Free every solver held."""
        self._persistent.close()
        if self._backend is not None:
            self._backend.close()
            self._backend = None

    def __enter__(self) -> Explorer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _tally(self) -> None:
        self.sat_calls += 1

    def _question(self, puzzle: Puzzle) -> Question:
        """Open a question about the puzzle (on the shape's pooled solver, or a fresh one)."""
        return Question(
            puzzle,
            self._persistent,
            solver=self.solver_name,
            encoding=self.encoding,
            strategy=self.strategy,
            limits=self.limits,
            tally=self._tally,
        )

    # -- enumeration -------------------------------------------------------------------------

    def solutions(
        self,
        puzzle: Puzzle | object,
        limit: int | None = None,
        where: Predicate | str | None = None,
        order: Order | str | None = None,
    ) -> Generator[Grid, None, None]:
        """Yield the puzzle's solutions that pass ``where``, in ``order``, at most ``limit``.

        >>> from satdoku.io._line import format_line, parse_line
        >>> found = Explorer().solutions(parse_line("1....2....3....4"), order="reading")
        >>> [format_line(grid) for grid in found]
        ['1342421324313124', '1423324141322314']
        """
        self.work = PredicateWork()
        if limit is not None and limit <= 0:
            return
        ordered = order_of(order)
        puzzle, where = puzzle_of(puzzle), predicate_of(where)
        if puzzle.constraints:  # rules beyond houses: their own formula, any order
            if ordered is Order.READING:
                houses_only(puzzle, "reading order")
            source = constrained_grids(puzzle, where, self.solver_name, self.limits, self.work)
        elif ordered is Order.READING:
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
                reject = judge(where, Solution(grid, puzzle)) if where is not None else None
                q.block(grid, reject)
                if reject is None:
                    yield grid
                else:
                    self.work.note(reject)

    def _any(self, puzzle: Puzzle) -> Iterator[Grid]:
        """A few solutions by SAT (robust on hard puzzles), then the rest by cover's search.

        The time limit holds for the whole enumeration (it raises SearchTimeout).
        """
        timeout = self.limits.timeout
        deadline = None if timeout is None else time.monotonic() + timeout
        seen: set[Grid] = set()
        with closing(self._blocking(puzzle, None)) as found:
            for grid in found:
                seen.add(grid)
                yield grid
                if len(seen) >= SAT_FIRST:
                    break
                if deadline is not None and time.monotonic() > deadline:
                    raise SearchTimeout("time limit reached while enumerating")
            else:
                return
        try:
            for grid in completions(puzzle, deadline):
                if grid not in seen:
                    yield grid
        except DeadlinePassed:
            raise SearchTimeout("time limit reached while enumerating") from None

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
                reject = judge(where, Solution(grid, puzzle)) if where is not None else None
                if reject is None:
                    yield grid
                else:
                    self.work.note(reject)
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
    def _lex_complete(q: Question, path: list[int], k: int, grid: Grid, low: int = 1) -> Grid:
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
        self,
        puzzle: Puzzle | object,
        where: Predicate | str | None = None,
        order: Order | str | None = None,
    ) -> Result:
        """Return the first solution passing ``where`` in ``order`` as a Result.

        In any order and with no predicate, this is the backend's answer (the compiled engine,
        then PySAT with the same options as :func:`satdoku.api._solve.solve`).

        >>> from satdoku.io._line import parse_line
        >>> Explorer().first(parse_line("................"), order="reading").solution[:4]
        (1, 2, 3, 4)
        """
        puzzle, where = puzzle_of(puzzle), predicate_of(where)
        if where is None and order_of(order) is Order.ANY:
            if self._backend is None:
                self._backend = SatBackend(
                    self.solver_name, self.encoding, self.strategy, self.limits, native=self.native
                )
            return self._backend.solve(puzzle)
        try:
            for grid in self.solutions(puzzle, 1, where, order):
                return Result(Status.SOLVED, grid, puzzle, **self._work_of(where))
        except SearchTimeout:
            return Result(Status.TIMEOUT, puzzle=puzzle, **self._work_of(where))
        return Result(Status.UNSOLVABLE, puzzle=puzzle, **self._work_of(where))

    def _work_of(self, where: Predicate | None) -> dict[str, Any]:
        """Return the predicate's work as a result's fields (none without a predicate)."""
        return {} if where is None else self.work.fields()

    def count(
        self,
        puzzle: Puzzle | object,
        limit: int | None = None,
        where: Predicate | str | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Count:
        """Count the solutions (passing ``where``), stopping past ``limit`` or the time limit.

        ``progress``, when given, is called now and then with the number counted so far (a
        lower bound), so a long count can be shown.

        >>> from satdoku.io._line import parse_line
        >>> Explorer().count(parse_line("................"), limit=10)
        Count(count=10, complete=False, timed_out=False)
        """
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be at least 0, got {limit}")
        self.work = PredicateWork()
        puzzle, where = puzzle_of(puzzle), predicate_of(where)
        if puzzle.constraints:
            return constrained_count(puzzle, limit, where, self.solver_name, self.limits, self.work)
        engine = engine_for(puzzle.shape) if self.native and where is None else None
        timeout = self.limits.timeout
        started = time.monotonic()
        if engine is not None:  # every solution once, by the rules and guessing, compiled
            deadline = None if timeout is None else started + timeout
            counted = count_by_engine(engine, puzzle.cells, limit, deadline, progress)
            if counted is not None:
                return Count(counted.count, counted.complete, counted.timed_out)
        if where is None and limit is not None:
            relabeled = past_limit_by_relabeling(self.first, puzzle, limit)
            if relabeled is not None:
                return relabeled
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
        if timeout is not None:
            timeout = max(0.0, timeout - (time.monotonic() - started))
        total, complete = count_completions(puzzle, limit, timeout=timeout)
        timed_out = not complete and (limit is None or total < limit)
        return Count(total, complete, timed_out)

    def is_unique(self, puzzle: Puzzle | object, where: Predicate | str | None = None) -> bool:
        """Tell whether the puzzle has exactly one solution (passing ``where``); stops at two.

        >>> from satdoku.io._line import parse_line
        >>> Explorer().is_unique(parse_line("1234341221434321"))
        True
        """
        found = self.count(puzzle, 1, where)
        if found.timed_out:
            raise SearchTimeout("time or conflict limit reached before uniqueness was known")
        return found.count == 1 and found.complete

    def backbone(self, puzzle: Puzzle | object) -> Grid | None:
        """Return the cells that hold the same digit in every solution (0 elsewhere), or None.

        One SAT call per cell at most, none for cells unit propagation fixes: every model found
        on the way clears the cells it disagrees on. (Not the engine: it cannot ask "not this
        digit" in one call, and PySAT's way was 2-10x faster on 9x9 to 25x25.)

        >>> from satdoku.io._line import parse_line
        >>> Explorer().backbone(parse_line("1....2....3....4"))
        (1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4)
        """
        puzzle = puzzle_of(puzzle)
        houses_only(puzzle, "forced cells and candidates")
        with self._question(puzzle) as q:
            grid = q.solve()
            if grid is None:
                return None
            n = q.n
            n3 = n**3
            forced = {(lit - 1) // n for lit in q.propagated() if 0 < lit <= n3}
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

    def candidates(self, puzzle: Puzzle | object) -> tuple[frozenset[int], ...]:
        """Return per cell the digits it holds in some solution (all empty when there is none).

        >>> from satdoku.io._line import parse_line
        >>> sorted(Explorer().candidates(parse_line("1....2....3....4"))[1])
        [3, 4]
        """
        puzzle = puzzle_of(puzzle)
        houses_only(puzzle, "forced cells and candidates")
        n = puzzle.shape.n
        found = engine_candidates(puzzle.shape, puzzle.cells, self.native, self.limits.timeout)
        if found is not None and not found.doubtful:  # the engine settled every claim
            return tuple(frozenset(s) for s in found.seen)
        with self._question(puzzle) as q:
            if found is None:  # PySAT alone: a first solution, then every claim it leaves open
                grid = q.solve()
                if grid is None:
                    return tuple(frozenset() for _ in range(n * n))
                seen = [{d} for d in grid]
                asked = [(c, d) for c in q.open_cells for d in range(1, n + 1)]
            else:  # only the claims the engine could not settle
                seen, asked = found.seen, found.doubtful
            n3 = n**3
            impossible = {-lit for lit in q.propagated() if -n3 <= lit < 0}
            for cell, d in asked:
                if d in seen[cell] or q.var(cell, d) in impossible:
                    continue
                other = q.solve([q.var(cell, d)])
                if other is not None:
                    for c, e in enumerate(other):
                        seen[c].add(e)
            return tuple(frozenset(s) for s in seen)
