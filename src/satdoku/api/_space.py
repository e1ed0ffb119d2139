"""The solution space of a puzzle in one call: every solution, counts, uniqueness, forced cells.

Each function asks this thread's :class:`~satdoku.api._explorer.Explorer` for its options (kept
between calls, so a loop of calls loads a shape's clauses once; each question's blocking clauses
are retired when it ends, so questions do not see each other's).

>>> from satdoku.io._line import parse_line
>>> count(parse_line("................"))
Count(count=288, complete=True, timed_out=False)
>>> is_unique(parse_line("..2....1.1..4..."))
False
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from functools import partial

from ..core._puzzle import Grid, Puzzle
from ..core._solution import Solution
from ._arguments import options_of, predicate_of, puzzle_of
from ._explorer import Count, Explorer, Order
from ._per_thread import PerThread
from ._predicates import Predicate

__all__ = [
    "first",
    "solutions",
    "count",
    "is_unique",
    "backbone",
    "candidates",
    "SHARED_EXPLORERS",
]

SHARED_EXPLORERS = 4
"""Explorers (sets of options) kept per thread for the functions below; the oldest goes first."""

_EXPLORERS = PerThread[Explorer](SHARED_EXPLORERS)


def _shared(options: dict[str, object]) -> AbstractContextManager[Explorer]:
    """Lend this thread's explorer for these options (kept between calls; a question's
    blocking clauses are retired when it ends, so questions do not see each other's)."""
    key = tuple(sorted(options.items()))
    return _EXPLORERS.using(key, partial(Explorer, **options))  # type: ignore[arg-type]


def first(
    puzzle: Puzzle | object,
    where: Predicate | str | None = None,
    order: Order | str | None = None,
    **options: object,
) -> Solution | None:
    """Return the first solution passing ``where`` in ``order``, or None.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.api._predicates import diagonal_has_2
    >>> first(parse_line("..3...2..4......"), diagonal_has_2, "reading")
    (1, 2, 3, 4, 4, 3, 2, 1, 2, 4, 1, 3, 3, 1, 4, 2)
    """
    puzzle = puzzle_of(puzzle)
    with _shared(options_of(options)) as ex:
        found = ex.first(puzzle, predicate_of(where), order).solution
    return None if found is None else Solution(found, puzzle)


def solutions(
    puzzle: Puzzle | object,
    limit: int | None = None,
    where: Predicate | str | None = None,
    order: Order | str | None = None,
    **options: object,
) -> Iterator[Solution]:
    """Yield the solutions passing ``where``, in ``order`` (any, or reading), at most ``limit``.

    >>> from satdoku.io._line import parse_line
    >>> len(list(solutions(parse_line("................"))))
    288
    """
    with Explorer(**options_of(options)) as ex:
        puzzle = puzzle_of(puzzle)
        for grid in ex.solutions(puzzle, limit, predicate_of(where), order):
            yield Solution(grid, puzzle)


def count(
    puzzle: Puzzle | object,
    limit: int | None = None,
    where: Predicate | None = None,
    **options: object,
) -> Count:
    """Count the solutions (passing ``where``), stopping past ``limit`` (then not complete).

    >>> from satdoku.io._line import parse_line
    >>> count(parse_line("1423324121344312"))
    Count(count=1, complete=True, timed_out=False)
    """
    with _shared(options_of(options)) as ex:
        return ex.count(puzzle_of(puzzle), limit, predicate_of(where))


def is_unique(
    puzzle: Puzzle | object, where: Predicate | str | None = None, **options: object
) -> bool:
    """Tell whether the puzzle has exactly one solution (passing ``where``).

    >>> from satdoku.io._line import parse_line
    >>> is_unique(parse_line("1423324121344312"))
    True
    """
    with _shared(options_of(options)) as ex:
        return ex.is_unique(puzzle_of(puzzle), predicate_of(where))


def backbone(puzzle: Puzzle | object, **options: object) -> Grid | None:
    """Return the forced cells (same digit in every solution; 0 elsewhere), None if unsolvable.

    >>> from satdoku.io._line import parse_line
    >>> backbone(parse_line("142332412134.412")) is None
    True
    """
    with _shared(options_of(options)) as ex:
        return ex.backbone(puzzle_of(puzzle))


def candidates(puzzle: Puzzle | object, **options: object) -> tuple[frozenset[int], ...]:
    """Return per cell the set of digits it holds in some solution.

    >>> from satdoku.io._line import parse_line
    >>> candidates(parse_line("1423324121344312"))[0]
    frozenset({1})
    """
    with _shared(options_of(options)) as ex:
        return ex.candidates(puzzle_of(puzzle))
