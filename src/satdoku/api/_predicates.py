"""Predicates on solutions: tests of a finished grid, answered by yes, no or a reason (Reject).

A predicate takes the solution as a :class:`~satdoku.core._solution.Solution` (the digits, with the
puzzle's shape, symbols and rules: what :func:`satdoku.solve` returns; a filled Puzzle works too)
and returns ``True`` (accept), ``False`` (reject this grid) or a :class:`Reject` naming the claims
that make it fail.  A reject with a reason lets a solver exclude every grid sharing those claims
with one short blocking clause, not just the one grid.

>>> from satdoku.core._puzzle import Puzzle
>>> from satdoku.core._shape import Shape
>>> grid = Puzzle.from_rows([[3, 2, 1], [2, 1, 3], [1, 3, 1]], Shape.latin(3))
>>> bool(diagonal_has_2(grid)), yes(grid), bool(no(grid))
(False, True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Union

from ..core._claims import Claim
from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._reasons import Reject
from ..core._results import MAX_BLOCKED
from ..core._shape import default_box
from ..core._solution import Solution

__all__ = [
    "Reject",
    "PredicateVerdict",
    "Predicate",
    "yes",
    "no",
    "diagonal_has_2",
    "is_sudoku",
    "PREDICATES",
    "predicate_named",
    "judge",
    "PredicateError",
    "PredicateWork",
    "MAX_REASONS",
]


# Union, not |: a runtime alias on Python 3.10
PredicateVerdict = Union[bool, Reject, Iterable[Claim]]  # noqa: UP007
"""What a predicate returns: True, False, a Reject, or the claims that make it fail."""

Predicate = Callable[[Solution], PredicateVerdict]
"""A test of a finished grid (given as a Solution, as solve returns it)."""


def yes(solution: Solution | Puzzle) -> bool:
    """Accept every grid (the Racket solver's ``yes``).

    >>> yes(Puzzle.from_rows([[1]]))
    True
    """
    return True


def no(solution: Solution | Puzzle) -> Reject:
    """Reject every grid, whatever its claims: the reason is empty (the Racket solver's ``no``).

    >>> no(Puzzle.from_rows([[1]]))
    Reject(claims=(), absent=())
    """
    return Reject()


def diagonal_has_2(solution: Solution | Puzzle) -> bool | Reject:
    """Accept a grid whose main diagonal holds a 2 (the Racket solver's ``diagonal-has-2?``).

    The reason of a rejection is that the diagonal's claims of 2 are all absent: any grid without
    a 2 on the main diagonal fails, so one clause excludes all of them.

    >>> from satdoku.core._shape import Shape
    >>> diagonal_has_2(Puzzle.from_rows([[2, 1], [1, 2]], Shape.latin(2)))
    True
    >>> [c.label() for c in diagonal_has_2(Puzzle.from_rows([[1, 2], [2, 1]])).absent]
    ['r1c1=2', 'r2c2=2']
    """
    n = solution.n
    cells = solution.cells
    if any(cells[i * n + i] == 2 for i in range(n)):
        return True
    return Reject(absent=tuple(Claim(i, i, 2) for i in range(n)))


def is_sudoku(solution: Solution | Puzzle) -> bool | Reject:
    """Accept a grid whose boxes each hold every digit once (the Racket solver's ``sudoku?``).

    Boxes are the most square r×c boxes of the side (3×3 for 9×9); rows and columns are not
    checked.  The reason of a rejection is one digit twice in one box: two claims.

    >>> rows = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    >>> is_sudoku(Puzzle.from_rows(rows))
    True
    >>> rows = [[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]]
    >>> [c.label() for c in is_sudoku(Puzzle.from_rows(rows)).claims]
    ['r1c2=2', 'r2c1=2']
    """
    n = solution.n
    box = default_box(n)
    if box is None:
        raise ValueError(f"a {n}x{n} grid has no boxes (n is prime), so sudoku? is undefined")
    br, bc = box
    cells = solution.cells
    for top in range(0, n, br):
        for left in range(0, n, bc):
            seen: dict[int, Claim] = {}
            for r in range(top, top + br):
                for c in range(left, left + bc):
                    d = cells[r * n + c]
                    if d in seen:
                        return Reject((seen[d], Claim(r, c, d)))
                    seen[d] = Claim(r, c, d)
    return True


class PredicateError(Exception):
    """A predicate raised, or gave a reason that does not hold in the grid it judged.

    >>> str(PredicateError(is_sudoku, ValueError("no boxes")))
    'predicate is_sudoku raised ValueError: no boxes'
    """

    def __init__(self, predicate: object, error: BaseException) -> None:
        name = getattr(predicate, "__name__", repr(predicate))
        self.predicate = predicate
        self.error = error
        super().__init__(f"predicate {name} raised {type(error).__name__}: {error}")


PREDICATES: dict[str, Predicate] = {
    "yes": yes,
    "no": no,
    "diagonal-has-2": diagonal_has_2,
    "sudoku": is_sudoku,
}
"""Built-in predicates by their command-line name (``satdoku solve --where NAME``)."""


def predicate_named(name: str) -> Predicate:
    """Return the built-in predicate of that name, or raise InputError listing the names.

    >>> predicate_named("sudoku") is is_sudoku
    True
    """
    try:
        return PREDICATES[name]
    except KeyError:
        raise InputError(
            f"unknown predicate {name!r}: expected one of {', '.join(PREDICATES)}"
        ) from None


def judge(predicate: Predicate, solution: Solution) -> Reject | None:
    """Run a predicate on a grid: None when it accepts, else the Reject (False: every claim).

    A reason must hold in the grid (its claims true, its absent claims false), else the grid it
    was meant to exclude would not be excluded.  A predicate that raises, or gives a reason that
    does not hold, raises :class:`PredicateError` (the original error is its ``error``).

    >>> from satdoku.core._shape import Shape
    >>> grid = Puzzle.from_rows([[1, 2], [2, 1]], Shape.latin(2))
    >>> judge(yes, grid) is None
    True
    >>> len(judge(lambda g: False, grid).claims)
    4
    """
    try:
        return _judge(predicate, solution)
    except Exception as err:  # the user's code: any error is reported as the predicate's
        raise PredicateError(predicate, err) from err


def _judge(predicate: Predicate, solution: Solution) -> Reject | None:
    verdict = predicate(solution)
    if isinstance(verdict, Reject):
        reject = verdict
    elif isinstance(verdict, (bool, int)) or verdict is None:
        if verdict:
            return None
        reject = Reject(tuple(_claims_of(solution)))
    else:
        reject = Reject(tuple(verdict))
    n = solution.n
    cells = solution.cells
    for claim in reject.claims:
        if not isinstance(claim, tuple) or len(claim) != 3:
            raise ValueError(f"a reason holds claims (row, col, digit), got {claim!r}")
        if cells[claim[0] * n + claim[1]] != claim[2]:
            raise ValueError(f"reason claim {Claim(*claim).label()} is not true in the grid")
    for claim in reject.absent:
        if cells[claim[0] * n + claim[1]] == claim[2]:
            raise ValueError(f"reason absent claim {Claim(*claim).label()} is true in the grid")
    return reject


def _claims_of(solution: Puzzle | Solution) -> Iterable[Claim]:
    return solution.claims() if isinstance(solution, Solution) else solution.givens()


MAX_REASONS = MAX_BLOCKED
"""Reasons (blocked claims) a :class:`PredicateWork` keeps; past them it only counts."""


class PredicateWork:
    """What a predicate did during one question: solutions rejected, and the reasons blocked.

    A reason is a :class:`Reject` with claims (every grid holding them all is blocked) or absent
    claims (every grid holding none of them is blocked).

    >>> work = PredicateWork()
    >>> work.note(Reject((Claim(0, 0, 1),)))
    >>> work.note(Reject())
    >>> work.rejected, [[c.label() for c in r.claims] for r in work.blocked]
    (2, [['r1c1=1']])
    """

    def __init__(self) -> None:
        self.rejected = 0
        self.blocked: list[Reject] = []

    def note(self, verdict: Reject) -> None:
        """Count a rejected solution; keep its reason if it gave one (up to MAX_REASONS)."""
        self.rejected += 1
        if (verdict.claims or verdict.absent) and len(self.blocked) < MAX_REASONS:
            self.blocked.append(verdict)

    def fields(self) -> dict[str, Any]:
        """Return the fields of a :class:`~satdoku.core._results.Result` that say this work.

        >>> PredicateWork().fields()
        {'rejected': 0, 'blocked': ()}
        """
        return {"rejected": self.rejected, "blocked": tuple(self.blocked)}
