"""Making puzzles: unique, minimal on request, symmetric, of a wanted level, for every shape.

:func:`generate` draws a random complete grid from all the shape's solutions
(:mod:`satdoku.generation._random_grid`), then blanks givens one symmetry orbit at a time in a
random
order while the puzzle stays unique (:mod:`satdoku.generation._removal`,
:mod:`satdoku.api._uniqueness`).
A wish it cannot meet on one grid (a level, minimality with a symmetry, a number of givens) is
tried again on another, within a budget of attempts; when the budget runs out the answer says so
(``matched`` False), with the true rating of the puzzle it gives. A minimal puzzle of a rare
level (extreme: :data:`~satdoku.generation._vicinity.WALK_LEVELS`) is looked for by a walk from
each grid's puzzle through puzzles near it (:mod:`satdoku.generation._vicinity`), drawn from the
same
seed; each move of the walk counts as an attempt.

:func:`random_grid` and :func:`random_puzzle` (from :mod:`satdoku.generation._quick_puzzles`) are
the
quick helpers of tests and benchmarks: a shuffled pattern grid, and a fraction of its cells,
unique or not.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from ..api._arguments import shape_of
from ..api._uniqueness import Uniqueness
from ..backends._compiled import GUESS_BUDGET
from ..backends._ladder import compiled_climb
from ..core._puzzle import Grid, Puzzle
from ..core._random_cages import CageSizes
from ..core._shape import Shape
from ..core._symmetry import Symmetry, orbits
from ..rules._rating import Level, rate
from ._attempts import ATTEMPTS
from ._generate_killer import KillerWish, cage_sizes_of, make_killer
from ._generated import Generated
from ._quick_puzzles import random_grid, random_puzzle
from ._random_grid import complete
from ._removal import Removal, blank, is_minimal, remove_givens
from ._vicinity import WALK_LEVELS, WALK_MOVES, walk

__all__ = [
    "ATTEMPTS",
    "QUICK_BUDGET",
    "Generated",
    "generate",
    "level_of",
    "symmetry_of",
    "random_grid",
    "random_puzzle",
]

QUICK_BUDGET = 100
"""Guesses the engine may spend on one uniqueness question when minimality is not asked for:
past them the given is kept (sound). 25x25 puzzles came 10x faster than at the engine's full
budget (0.5 s against 6.7 s), with about as many givens (272 against 283)."""


def level_of(name: Level | str) -> Level:
    """Return the level a name (``easy`` … ``guessing``) or a Level stands for.

    >>> level_of("hard").value
    'hard'
    """
    try:
        return name if isinstance(name, Level) else Level(name)
    except ValueError:
        names = ", ".join(level.value for level in Level)
        raise ValueError(f"unknown level {name!r}: expected one of {names}") from None


def symmetry_of(name: Symmetry | str) -> Symmetry:
    """Return the symmetry a name (``none``, ``rot180``, ``rot90``, ``diagonal``, ``mirror``) is.

    >>> symmetry_of("rot90")
    <Symmetry.ROT90: 'rot90'>
    """
    try:
        return Symmetry(name)
    except ValueError:
        names = ", ".join(s.value for s in Symmetry)
        raise ValueError(f"unknown symmetry {name!r}: expected one of {names}") from None


@dataclass(frozen=True)
class _Wish:
    level: Level | None
    symmetry: Symmetry
    minimal: bool
    givens: int | None
    rated: bool


class _Maker:
    """One generate() call: a grid at a time until the wish is met or the budget is spent."""

    def __init__(self, shape: Shape, wish: _Wish, check: Uniqueness) -> None:
        self.shape = shape
        self.wish = wish
        self.check = check

    def accept(self, rng: random.Random) -> tuple[Removal, Grid]:
        """Draw a grid and blank orbits of it in a random order while the test allows it."""
        grid = complete(self.shape, (0,) * (self.shape.n**2), rng)
        if grid is None:
            raise ValueError(f"the shape {self.shape.describe()} has no complete grid")
        order = list(orbits(self.wish.symmetry, self.shape.n))
        rng.shuffle(order)
        # by singles: rules 1 and 2 fill it, so it is unique, and easy
        test = self.check.by_singles if self._by_singles() else self.check.unique
        return remove_givens(grid, order, test, self.wish.givens), grid

    def _by_singles(self) -> bool:
        """Tell whether givens go while singles fill the grid (easy wanted, not minimal)."""
        return self.wish.level is Level.EASY and not self.wish.minimal

    def minimal(self, removal: Removal) -> bool:
        """Tell whether the puzzle left is minimal (no given removable), checked if need be."""
        one_pass = self.wish.symmetry is Symmetry.NONE and not self._by_singles()
        if one_pass and removal.decided and not removal.stopped:
            return True  # one whole pass of the uniqueness test: see satdoku.generation._removal
        return is_minimal(removal.cells, self.check.unique) is True

    def rating(self, cells: Grid) -> tuple[Level, int]:
        """Rate cells by the ladder of :mod:`satdoku.rules._rating` (compiled when it is there)."""
        climbed = compiled_climb(self.shape, cells)
        if climbed is not None and not climbed.contradiction:
            rung = climbed.rung if climbed.solved else Level.GUESSING.rung
            return Level.from_rung(rung), rung
        rated = rate(Puzzle.checked_already(self.shape, cells), beyond=False)  # level, rung only
        return rated.level, rated.rung

    def leveled(self, removal: Removal, grid: Grid) -> tuple[Grid, Level, int] | None:
        """Return the puzzle of the wanted level along the removal, or None if there is none.

        Not minimal and no count of givens wanted: the removal's puzzles grow harder or stay
        (fewer givens never help the rules), so the last one of the level is found by bisection.
        """
        wanted = self.wish.level
        assert wanted is not None
        final = removal.cells
        easy = self.check.by_singles(final)
        if wanted is Level.EASY:
            return (final, *self.rating(final)) if easy else None
        if easy:
            return None  # rules 1 and 2 fill it: easy, however it is rated further
        level, rung = self.rating(final)
        if level is wanted or self.wish.minimal or self.wish.givens is not None:
            return (final, level, rung) if level is wanted else None
        if rung < wanted.rung:
            return None
        low, high = 0, len(removal.removed)  # rung(prefix low) <= wanted < rung(prefix high)
        found: tuple[Grid, Level, int] | None = None  # prefix low's puzzle and rating
        while high - low > 1:
            middle = (low + high) // 2
            cells = blank(grid, removal.removed[:middle])
            level, rung = self.rating(cells)
            if rung <= wanted.rung:
                low, found = middle, (cells, level, rung)
            else:
                high = middle
        return found if found is not None and found[1] is wanted else None

    def walks(self) -> bool:
        """Tell whether a missed grid is walked from: a minimal puzzle of a rare level wanted."""
        wish = self.wish
        return wish.minimal and wish.level in WALK_LEVELS and wish.givens is None

    def make(self, seed: int, attempts: int) -> Generated:
        """Try grids (and walks from them) until one meets the wish; the last, flagged, if none."""
        rng = random.Random(seed)
        wish = self.wish
        tried = 0
        while True:
            tried += 1
            removal, grid = self.accept(rng)
            cells: Grid = removal.cells
            level: Level | None = None
            rung: int | None = None
            ok = wish.givens is None or removal.stopped
            minimal: bool | None = None  # checked before rating when asked for: it is cheaper
            if ok and wish.minimal:
                minimal = ok = self.minimal(removal)
            if ok and wish.level is not None:
                leveled = self.leveled(removal, grid)
                ok = leveled is not None
                if leveled is not None:
                    cells, level, rung = leveled
            if not ok and tried < attempts and self.walks():
                assert wish.level is not None
                found = walk(
                    self.shape, (removal.cells, grid), wish.level,
                    orbits(wish.symmetry, self.shape.n), self.check, rng,
                    min(WALK_MOVES, attempts - tried),
                )  # fmt: skip
                tried += found.moves
                if found.met or tried >= attempts:
                    level, rung = self.rating(found.cells)
                    ok = found.met and level is wish.level  # rated again: never a wrong claim
                    return self.made(found.cells, found.solution, seed, found.minimal,
                                     (level, rung), tried, ok)  # fmt: skip
            if minimal is None:  # a puzzle of the bisection is not minimal: a later one is unique
                minimal = self.minimal(removal) if cells == removal.cells else False
            if ok or tried >= attempts:
                if level is None and (wish.rated or wish.level is not None):
                    level, rung = self.rating(cells)
                return self.made(cells, grid, seed, minimal, (level, rung), tried, ok)

    def made(
        self,
        cells: Grid,
        solution: Grid,
        seed: int,
        minimal: bool,
        rating: tuple[Level | None, int | None],
        tried: int,
        ok: bool,
    ) -> Generated:
        """Return the record of a puzzle made."""
        wish = self.wish
        puzzle = Puzzle.checked_already(self.shape, cells)
        return Generated(
            puzzle, solution, seed, wish.symmetry, minimal, *rating, wish.level, wish.minimal,
            wish.givens, tried, ok,
        )  # fmt: skip


def generate(
    shape: Shape | int | str | None = None,
    *,
    box: tuple[int, int] | str | None = None,
    level: Level | str | None = None,
    symmetry: Symmetry | str = Symmetry.NONE,
    minimal: bool = False,
    givens: int | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    attempts: int = ATTEMPTS,
    rated: bool | None = None,
    check: Uniqueness | None = None,
    killer: bool = False,
    cage_sizes: CageSizes | tuple[int, int] | str | None = None,
) -> Generated:
    """Return a random puzzle of the shape with exactly one solution, as wished.

    ``shape`` is a Shape, a size (9; a size no box tiles is a Latin square) or words
    (``"latin 5"``, ``"sudoku 6 box 3x2"``); ``box`` (``(3, 2)`` or ``"3x2"``) gives the boxes,
    and alone the size.

    ``level``: its rating must be that level; ``symmetry``: its givens keep that symmetry;
    ``minimal``: no given can be removed; ``givens``: at most that many givens (removal stops
    there). ``attempts``: the puzzles tried at most (grids, and moves of walks to a minimal
    extreme puzzle). ``seed`` (or a seed drawn from ``rng``, else from the system) makes the
    same call give the same puzzle. ``rated=False`` skips the rating when no level is wanted
    (faster; ``rated`` unsaid: rated, killers not). ``check``: a
    :class:`~satdoku.api._uniqueness.Uniqueness` of the shape to use (and keep open) instead of a
    new one.

    ``killer=True`` makes a killer puzzle (:mod:`satdoku.generation._generate_killer`): cages with
    totals, of ``cage_sizes`` cells (``"2-4"``, ``(2, 4)``; default 1 to 5) and ``givens``
    givens at most (default none); no symmetry. Rating a 9x9 killer takes seconds: it is rated
    when ``rated=True`` or a ``level`` is asked for.

    >>> from satdoku.core._checker import is_solution
    >>> made = generate(Shape.sudoku(6), symmetry="rot180", minimal=True, seed=1)
    >>> is_solution(made.solution, made.puzzle), made.minimal, made.symmetry.value
    (True, True, 'rot180')
    """
    shape = shape_of(shape, box)
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, got {attempts}")
    if givens is not None and not 0 <= givens <= shape.n * shape.n:
        raise ValueError(f"givens must be 0 to {shape.n * shape.n}, got {givens}")
    if seed is None:
        seed = rng.randrange(2**63) if rng is not None else secrets.randbits(63)
    wanted = None if level is None else level_of(level)
    if killer:
        if symmetry_of(symmetry) is not Symmetry.NONE:
            raise ValueError("killer puzzles are made without symmetry: leave symmetry out")
        if check is not None:
            raise ValueError("killer puzzles are checked by PySAT: leave check out")
        sizes = cage_sizes_of(cage_sizes, shape.n)
        return make_killer(shape, KillerWish(sizes, givens or 0, wanted, minimal, rated is True),
                           seed, attempts)  # fmt: skip
    if cage_sizes is not None:
        raise ValueError("cage_sizes is for killer puzzles: say killer=True")
    wish = _Wish(wanted, symmetry_of(symmetry), minimal, givens, rated is not False)
    own = check is None
    budget = GUESS_BUDGET if minimal else QUICK_BUDGET
    uniqueness = Uniqueness(shape, exact=minimal, budget=budget) if check is None else check
    try:
        return _Maker(shape, wish, uniqueness).make(seed, attempts)
    finally:
        if own:
            uniqueness.close()
