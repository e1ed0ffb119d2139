"""Minimal puzzles of a rare level, by a walk through the vicinity of a puzzle near that level.

Random minimal 9x9 puzzles are seldom expert (about 1 in 250) and practically never extreme
(none in 5,000), so drawing grid after grid rarely meets such a wish. A walk does: each move
blanks one or two given orbits of a puzzle, fills in orbits of a random solution of what is left
until the puzzle is unique again, and removes orbits in a random order down to a puzzle where
none can go (:func:`move`), so the symmetry is kept. Each new puzzle is scored by its
:func:`closeness` to the wanted level (first how near the largest move of the rating ladder came
to the level's, then how few candidates were left when it stalled), and the walk goes on from the
puzzles scored best so far.
Every choice is drawn from the caller's ``rng``: the same seed gives the same walk, whatever
else was generated.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..api._uniqueness import Uniqueness
from ..backends._ladder import compiled_climb
from ..core._puzzle import Grid, Puzzle
from ..core._shape import Shape
from ..rules._rating import Level, climb
from ._random_grid import complete
from ._removal import is_minimal, remove_givens

__all__ = [
    "SOLVED_SHORT",
    "WALK_LEVELS",
    "WALK_MOVES",
    "Closeness",
    "Found",
    "closeness",
    "move",
    "walk",
]

WALK_LEVELS = frozenset({Level.EXTREME})
"""The levels :func:`~satdoku.generation._generate.generate` walks to when a minimal puzzle is
wanted.

Measured on 9x9 (60 seeds, CPU): minimal expert puzzles came no faster by the walk (1.36 s mean,
1.18 s median) than by drawing grids (1.26 s, 0.80 s), so expert keeps drawing grids; minimal
extreme ones come only by the walk."""

WALK_MOVES = 600
"""Moves one walk makes before the generator starts again from a new grid (measured: walks
that meet a minimal extreme 9x9 puzzle mostly do within 600 moves; 300 met fewer)."""


class Closeness(NamedTuple):
    """How far a unique puzzle is from a level; tuples compare, less is closer, (0, 0) is it.

    ``short`` is how many rungs below the level's the ladder's largest move stayed; ``gap`` is
    the candidates left in open cells when the ladder stalled (or made its first move past the
    level), and ``SOLVED_SHORT`` when the ladder solved the puzzle short of the level (too easy).
    A walk to a rare level goes through puzzles that needed its largest moves before stalling.

    >>> Closeness(0, 4) < Closeness(1, 9) < Closeness(1, SOLVED_SHORT) < Closeness(2, 0)
    True
    """

    short: int
    gap: int

    @property
    def met(self) -> bool:
        """Tell whether the puzzle is rated the level itself."""
        return self.short == 0 and self.gap == 0


SOLVED_SHORT = 10**9
"""The gap of a puzzle the ladder solves short of the wanted level: after any stalled one."""


def closeness(
    shape: Shape, cells: Sequence[int], wanted: Level, *, compiled: bool = True
) -> Closeness:
    """Score how close the rating of the unique puzzle ``cells`` is to the wanted level.

    It runs the ladder as :func:`~satdoku.rules._rating.rate` does (smallest set first) and
    stops at the first move past the level's rung; guessing is never tried. The compiled
    ladder (:func:`~satdoku.backends._ladder.compiled_climb`) runs it when it is there and
    ``compiled`` is true.

    >>> from satdoku.io._line import parse_line
    >>> closeness(Shape.sudoku(4), parse_line("1.3..4..2...4..1").cells, Level.EASY)
    Closeness(short=0, gap=0)
    >>> closeness(Shape.sudoku(4), parse_line("1.3..4..2...4..1").cells, Level.HARD).short
    2
    """
    climbed = compiled_climb(shape, cells, wanted.rung) if compiled else None
    if climbed is None:
        climbed = climb(Puzzle.checked_already(shape, tuple(cells)), wanted.rung)
    rung, solved, left = climbed.rung, climbed.solved, climbed.left
    short = max(0, wanted.rung - rung)
    if solved and rung <= wanted.rung:
        return Closeness(short, 0 if short == 0 else SOLVED_SHORT)
    if wanted is Level.GUESSING:  # the ladder stalled: it needs guessing
        return Closeness(0, 0)
    return Closeness(short, left)


def move(
    shape: Shape,
    cells: Sequence[int],
    orbits: Sequence[Sequence[int]],
    check: Uniqueness,
    rng: random.Random,
) -> tuple[Grid, Grid] | None:
    """Return a unique puzzle near ``cells`` where no orbit can go, and its solution.

    One or two given orbits are blanked, a random solution of what is left fills blank orbits
    (in a random order) until the puzzle is unique, then orbits go in a random order while it
    stays so, those filled in first (the puzzle stays near ``cells``). None when the check is
    undecided about the filled puzzle.

    >>> with Uniqueness(Shape.sudoku(4)) as check:
    ...     cells, solution = move(Shape.sudoku(4), (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3,
    ...         4, 3, 2, 1), [(c,) for c in range(16)], check, random.Random(1))
    ...     check.unique(cells), all(d in (0, s) for d, s in zip(cells, solution))
    (True, True)
    """
    work = list(cells)
    given = [orbit for orbit in orbits if work[orbit[0]]]
    for orbit in rng.sample(given, min(len(given), rng.choice((1, 1, 2)))):
        for cell in orbit:
            work[cell] = 0
    solution = complete(shape, work, rng)
    assert solution is not None, "a puzzle with givens taken away still has its solutions"
    blanks = [orbit for orbit in orbits if not work[orbit[0]]]
    rng.shuffle(blanks)
    for orbit in blanks:
        if check.unique(work):
            break
        for cell in orbit:
            work[cell] = solution[cell]
    else:
        if not check.unique(work):
            return None
    order = [orbit for orbit in orbits if work[orbit[0]]]
    rng.shuffle(order)
    order.sort(key=lambda orbit: bool(cells[orbit[0]]))  # the orbits filled in go first
    return remove_givens(work, order, check.unique).cells, solution


class Found(NamedTuple):
    """What a walk ends with: the puzzle closest to the level, its solution, its closeness,
    whether it is minimal (given by given), and the moves made.

    ``met`` is True when the puzzle is of the level and minimal.

    >>> Found((1,), (1,), Closeness(0, 0), True, 3).met
    True
    """

    cells: Grid
    solution: Grid
    closeness: Closeness
    minimal: bool
    moves: int

    @property
    def met(self) -> bool:
        """Tell whether the walk found a minimal puzzle of the level."""
        return self.closeness.met and self.minimal


def walk(
    shape: Shape,
    start: tuple[Grid, Grid],
    wanted: Level,
    orbits: Sequence[Sequence[int]],
    check: Uniqueness,
    rng: random.Random,
    moves: int,
) -> Found:
    """Walk from a unique puzzle (cells, solution) until a minimal puzzle of the level appears.

    Each move starts from a puzzle drawn among those scored closest so far; at most ``moves``
    moves. Minimality given by given is checked when orbits hold several cells (a symmetry) or
    the check may be undecided; otherwise the removal pass of a move leaves a minimal puzzle.

    >>> with Uniqueness(Shape.sudoku(4)) as check:
    ...     grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    ...     found = walk(Shape.sudoku(4), (grid, grid), Level.EASY, [(c,) for c in range(16)],
    ...                  check, random.Random(2), 20)
    >>> found.met, found.moves <= 20
    (True, True)
    """
    passes = check.exact and all(len(orbit) == 1 for orbit in orbits)  # a pass leaves it minimal
    cells, solution = start
    best = closeness(shape, cells, wanted)
    pool = [start]
    seen = {cells}
    done = 0
    while done < moves:
        done += 1
        moved = move(shape, rng.choice(pool)[0], orbits, check, rng)
        if moved is None or moved[0] in seen:
            continue
        seen.add(moved[0])
        score = closeness(shape, moved[0], wanted)
        if score.met and (passes or is_minimal(moved[0], check.unique) is True):
            return Found(*moved, score, True, done)
        if score < best:
            best, pool = score, [moved]
        elif score == best:
            pool.append(moved)
    cells, solution = pool[-1]
    minimal = is_minimal(cells, check.unique) is True
    return Found(cells, solution, best, minimal, done)
