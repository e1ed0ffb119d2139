"""Quick random grids and puzzles for tests, benchmarks and examples (not unique, not uniform).

:func:`random_grid` shuffles one pattern grid (digits, rows within bands, bands, columns within
stacks, stacks): instant at any size, but its grids are a small family, not drawn from all
solutions, and :func:`random_puzzle` keeps a fraction of one's cells whether or not the puzzle
stays unique. :func:`satdoku.generation._generate.generate` makes real puzzles, from grids drawn
from
all solutions (:func:`satdoku.generation._random_grid.complete`).
"""

from __future__ import annotations

import random

from ..backends._interrupts import shielded
from ..backends._solvers import DEFAULT_SOLVER, new_solver
from ..cnf._encodings import shape_clauses
from ..core._claims import decode_model
from ..core._pattern_grid import pattern_grid
from ..core._puzzle import Grid, Puzzle
from ..core._shape import Shape

__all__ = ["random_grid", "random_puzzle"]


def _pattern_grid(shape: Shape, rng: random.Random) -> Grid:
    """Shuffle a patterned grid: digits, rows within bands, bands, columns within stacks, stacks."""
    n = shape.n
    br, bc = shape.box if shape.box is not None else (1, n)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    if shape.box is None:
        rows = rng.sample(range(n), n)
        cols = rng.sample(range(n), n)
    else:
        bands = rng.sample(range(n // br), n // br)
        rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
        stacks = rng.sample(range(n // bc), n // bc)
        cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    pattern = pattern_grid(shape)
    assert pattern is not None  # only shapes without diagonals or regions come here
    return tuple(digits[pattern[r * n + c] - 1] for r in rows for c in cols)


def _sat_grid(shape: Shape, rng: random.Random) -> Grid | None:
    """Find a grid with a SAT solver steered by random phases (any shape, e.g. diagonals)."""
    n = shape.n
    with new_solver(DEFAULT_SOLVER, shape_clauses(shape).clauses) as solver:
        solver.set_phases([v if rng.random() < 1 / n else -v for v in range(1, n**3 + 1)])
        if not shielded(solver.solve):
            return None
        return decode_model(solver.get_model(), n)


def random_grid(shape: Shape, seed: int | random.Random = 0) -> Grid | None:
    """Return a quick random complete grid of the shape (None if it has none, e.g. 2x2 X).

    A shuffled pattern grid for boxes and Latin squares; a SAT solver with random phases for
    diagonals and regions.

    >>> from satdoku.core._checker import broken_axioms
    >>> broken_axioms(random_grid(Shape.sudoku(6), 1), Shape.sudoku(6))
    []
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if not shape.diagonals and shape.regions is None:
        return _pattern_grid(shape, rng)
    return _sat_grid(shape, rng)


def random_puzzle(
    shape: Shape, givens: float = 0.4, seed: int | random.Random = 0
) -> tuple[Puzzle, Grid]:
    """Return a puzzle made by keeping a fraction of a random grid's cells, and that grid.

    The puzzle has at least that grid as a solution (it may have others).

    >>> from satdoku.core._checker import is_solution
    >>> puzzle, grid = random_puzzle(Shape.sudoku(4), 0.5, seed=3)
    >>> is_solution(grid, puzzle), puzzle.blanks()
    (True, 8)
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    grid = random_grid(shape, rng)
    if grid is None:
        raise ValueError(f"the shape {shape.describe()} has no complete grid")
    n2 = shape.n * shape.n
    keep = set(rng.sample(range(n2), round(givens * n2)))
    return Puzzle(shape, tuple(d if i in keep else 0 for i, d in enumerate(grid))), grid
