"""Making killer puzzles: cages with totals over a random grid, and no givens (or few), unique.

Each attempt draws a complete grid from all the shape's solutions (:mod:`._random_grid`) and
tiles it with random connected cages holding no digit twice (:mod:`satdoku.core._random_cages`),
each with its total in the grid. Givens are kept at random up to the wanted number (none by
default: a pure killer). While PySAT finds a second solution (:mod:`._other_solution`), the
puzzle is mended where the two differ: a cage is cut in two whose parts' totals tell the
solutions apart, else a differing cell moves into a touching cage or swaps with one of its
cells, else two cages are joined whose union repeats a digit in the other solution (moves,
swaps and joins :data:`RESHAPES` times at most), else the grid's digit of a differing cell is
kept as a given. Givens beyond the wanted number are then removed while the puzzle stays
unique. An attempt that keeps more givens than wanted, or misses a wanted level, is followed by
another, within the budget of attempts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..api._rating import rate
from ..core._errors import InputError
from ..core._puzzle import Grid, Puzzle
from ..core._random_cages import CageSizes, cage_splits, killer_cages, random_cages
from ..core._random_regions import is_connected, neighbours
from ..core._shape import Shape
from ..core._symmetry import Symmetry
from ..rules._rating import Level
from ._generated import Generated
from ._other_solution import other_solution
from ._random_grid import complete
from ._removal import Removal, is_minimal, remove_givens

__all__ = ["DEFAULT_LARGEST", "GRIDS", "RESHAPES", "KillerWish", "cage_sizes_of", "make_killer"]

DEFAULT_LARGEST = 5
"""The largest cage when no sizes are asked for (the side of the grid if it is smaller)."""

RESHAPES = 40
"""Moves and swaps of cells between cages and joins of two cages one attempt may make to tell
solutions apart: they lose totals as well as gain them, so they could undo each other's work;
past them a given is kept instead."""


GRIDS = 20
"""Grids an attempt draws before it gives up on tiling one with cages of the sizes asked for
(each tried :data:`~satdoku.core._random_cages.DRAWS` times)."""

Groups = list[tuple[int, ...]]
Reshape = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
"""Cages removed and the cages put in their place."""


def cage_sizes_of(sizes: CageSizes | tuple[int, int] | str | None, n: int) -> CageSizes:
    """Return the cage sizes asked for (default 1 to 5, at most n), checked against the side.

    >>> cage_sizes_of(None, 4), cage_sizes_of("2-3", 9), cage_sizes_of((2, 4), 9)
    (CageSizes(smallest=1, largest=4), CageSizes(smallest=2, largest=3), \
CageSizes(smallest=2, largest=4))
    """
    if sizes is None:
        return CageSizes(1, min(DEFAULT_LARGEST, n))
    if isinstance(sizes, str):
        sizes = CageSizes.parse(sizes)
    elif not isinstance(sizes, CageSizes):
        sizes = CageSizes(*sizes)
    if sizes.largest > n:
        raise ValueError(
            f"cage sizes {sizes}: a cage holds no digit twice, so {n} cells at most on a "
            f"{n}x{n} grid"
        )
    cells = n * n
    counts = range(1, cells + 1)
    if not any(count * sizes.smallest <= cells <= count * sizes.largest for count in counts):
        raise ValueError(f"cage sizes {sizes}: no number of such cages has {cells} cells")
    return sizes


@dataclass(frozen=True)
class KillerWish:
    """What a killer should be: cage sizes, at most ``givens`` givens, a level, minimal givens.

    >>> KillerWish(CageSizes(2, 4)).givens
    0
    """

    sizes: CageSizes
    givens: int = 0
    level: Level | None = None
    minimal: bool = False
    rated: bool = False


def _borders(
    groups: Groups, differ: set[int], n: int
) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Yield each differing cell with its cage and each other cage it touches."""
    owner = {cell: cage for cage in groups for cell in cage}
    for cell in sorted(differ):
        source = owner[cell]
        for target in sorted({owner[near] for near in neighbours(cell, n)} - {source}):
            yield cell, source, target


def _fits(cage: Sequence[int], grid: Grid, n: int) -> bool:
    """Tell whether a cage is connected and holds no digit of the grid twice."""
    return len({grid[cell] for cell in cage}) == len(cage) and is_connected(set(cage), n)


class _Mender:
    """One attempt's cages and givens, mended until the grid is the puzzle's one solution."""

    def __init__(self, shape: Shape, grid: Grid, sizes: CageSizes, rng: random.Random) -> None:
        self.shape, self.grid, self.sizes, self.rng = shape, grid, sizes, rng

    def puzzle(self, cells: Sequence[int], groups: Groups) -> Puzzle:
        """Return the puzzle of the givens and the cages (with their totals)."""
        return Puzzle(self.shape, tuple(cells), constraints=killer_cages(self.grid, groups))

    def cuts(self, groups: Groups, other: Grid, differ: set[int]) -> list[Reshape]:
        """Return the cuts of a cage in two whose totals differ in ``other``."""
        grid = self.grid
        return [
            ((cage,), parts)
            for cage in groups
            if differ.intersection(cage)
            for parts in cage_splits(cage, self.shape.n, self.sizes)
            if sum(grid[cell] for cell in parts[0]) != sum(other[cell] for cell in parts[0])
        ]

    def moves(self, groups: Groups, other: Grid, differ: set[int]) -> list[Reshape]:
        """Return the moves of a cell where ``other`` differs into a touching cage: both
        totals then differ."""
        grid, n, sizes = self.grid, self.shape.n, self.sizes
        found: list[Reshape] = []
        for cell, source, target in _borders(groups, differ, n):
            rest = tuple(member for member in source if member != cell)
            if (
                sizes.fits(len(rest))
                and is_connected(set(rest), n)
                and sizes.fits(len(target) + 1)
                and grid[cell] not in {grid[member] for member in target}
            ):
                found.append(((source, target), (rest, tuple(sorted((*target, cell))))))
        return found

    def swaps(self, groups: Groups, other: Grid, differ: set[int]) -> list[Reshape]:
        """Return the swaps of a differing cell with a cell of a touching cage that make the
        totals differ."""
        grid, n = self.grid, self.shape.n
        found: list[Reshape] = []
        for cell, source, target in _borders(groups, differ, n):
            for swapped in target:
                if grid[cell] - other[cell] == grid[swapped] - other[swapped]:
                    continue
                left = tuple(sorted({*source, swapped} - {cell}))
                right = tuple(sorted({*target, cell} - {swapped}))
                if _fits(left, grid, n) and _fits(right, grid, n):
                    found.append(((source, target), (left, right)))
        return found

    def joins(self, groups: Groups, other: Grid, differ: set[int]) -> list[Reshape]:
        """Return the joins of two touching cages whose union repeats a digit in ``other``."""
        grid, n = self.grid, self.shape.n
        return [
            ((first, second), (tuple(sorted(first + second)),))
            for i, first in enumerate(groups)
            for second in groups[i + 1 :]
            if self.sizes.fits(len(first) + len(second))
            and len({other[cell] for cell in first + second}) < len(first) + len(second)
            and _fits(first + second, grid, n)
        ]

    def mend(self, cells: list[int], groups: Groups) -> None:
        """Cut, move, swap, join or keep givens until the puzzle has no solution but the grid."""
        reshapes = 0
        while True:
            other = other_solution(self.puzzle(cells, groups), self.grid)
            if other is None:
                return
            differ = {cell for cell, digit in enumerate(other) if digit != self.grid[cell]}
            found = self.cuts(groups, other, differ)
            if not found and reshapes < RESHAPES:
                reshapes += 1
                for kind in (self.moves, self.swaps, self.joins):
                    found = found or kind(groups, other, differ)
            if found:
                removed, added = self.rng.choice(found)
                for cage in removed:
                    groups.remove(cage)
                groups.extend(added)
                groups.sort()
            else:
                cell = self.rng.choice(sorted(differ))
                cells[cell] = self.grid[cell]

    def unique(self, groups: Groups) -> Callable[[Sequence[int]], bool]:
        """Return the test that the grid is the one solution of some givens and the cages."""
        return lambda cells: other_solution(self.puzzle(cells, groups), self.grid) is None


def _attempt(shape: Shape, wish: KillerWish, rng: random.Random) -> tuple[Puzzle, Grid, bool]:
    """Make one unique killer: its puzzle, its solution, and whether its givens are minimal."""
    n = shape.n
    for _ in range(GRIDS):  # a grid no tiling was found for is followed by another
        grid = complete(shape, (0,) * (n * n), rng)
        if grid is None:
            raise ValueError(f"the shape {shape.describe()} has no complete grid")
        drawn = random_cages(grid, n, wish.sizes, rng)
        if drawn is not None:
            break
    else:
        raise InputError(
            f"cage sizes {wish.sizes}: no tiling of a grid by such cages was found in "
            f"{GRIDS} grids: widen the range"
        )
    groups: Groups = list(drawn)
    kept = set(rng.sample(range(n * n), wish.givens))
    cells = [grid[cell] if cell in kept else 0 for cell in range(n * n)]
    mender = _Mender(shape, grid, wish.sizes, rng)
    mender.mend(cells, groups)
    order = [(cell,) for cell in range(n * n) if cells[cell]]
    rng.shuffle(order)
    unique = mender.unique(groups)
    removal: Removal = remove_givens(cells, order, unique, None if wish.minimal else wish.givens)
    minimal = not removal.stopped or is_minimal(removal.cells, unique) is True
    return mender.puzzle(removal.cells, groups), grid, minimal


def make_killer(shape: Shape, wish: KillerWish, seed: int, attempts: int) -> Generated:
    """Return a unique killer puzzle of the shape as wished, the same for the same seed.

    Attempts follow one another until one meets the wish (givens, level) or ``attempts`` are
    spent; then the last one is given, ``matched`` False.

    >>> made = make_killer(Shape.sudoku(4), KillerWish(CageSizes(2, 3)), seed=3, attempts=10)
    >>> made.givens, all(2 <= len(cage.members) <= 3 for cage in made.puzzle.constraints)
    (0, True)
    """
    rng = random.Random(seed)
    tried = 0
    while True:
        tried += 1
        puzzle, grid, minimal = _attempt(shape, wish, rng)
        level: Level | None = None
        rung: int | None = None
        if wish.rated or wish.level is not None:
            rating = rate(puzzle)
            level, rung = rating.level, rating.rung
        givens = sum(1 for digit in puzzle.cells if digit)
        ok = givens <= wish.givens and wish.level in (None, level) and (minimal or not wish.minimal)
        if ok or tried >= attempts:
            return Generated(
                puzzle, grid, seed, Symmetry.NONE, minimal, level, rung, wish.level,
                wish.minimal, wish.givens, tried, ok,
            )  # fmt: skip
