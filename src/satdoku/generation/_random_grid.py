"""Random complete grids drawn from all of a shape's solutions, and random jigsaw shapes.

The compiled engine (:mod:`satdoku.backends._compiled`) completes the grid by guesses drawn from a
seed: a random open claim of an axiom drawn among those with the fewest claims left, so every
solution can come out (not only shuffles of one pattern). A run past its budget of guesses starts
again with the next seed; without the engine (or past its sides) a SAT solver with random phases
and a random assumed first row does the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..backends._compiled import engine_for
from ..backends._interrupts import shielded
from ..backends._solvers import DEFAULT_SOLVER, new_solver
from ..cnf._encodings import shape_clauses
from ..core._claims import decode_model
from ..core._puzzle import Grid
from ..core._random_regions import random_region_map
from ..core._shape import Shape

__all__ = ["FILL_BUDGET", "complete", "random_grid", "random_jigsaw"]

FILL_BUDGET = 2_000
"""Guesses one random completion may make before it starts again with a new seed."""

RESTARTS = 8
"""Random completions tried by the engine before the SAT solver is asked."""


def _seeded(engine: object) -> bool:
    """Tell whether the engine draws random guesses (built from this version's ``_engine/``)."""
    try:
        engine.solve((0,) * 1, 0, 1)  # type: ignore[attr-defined]
    except TypeError:
        return False
    except ValueError:  # the wrong number of cells: the seed was read
        return True
    return True


def _sat_complete(shape: Shape, cells: Sequence[int], rng: random.Random) -> Grid | None:
    """Complete the cells with a SAT solver steered by random phases, or None if impossible."""
    n = shape.n
    with new_solver(DEFAULT_SOLVER, shape_clauses(shape).clauses) as solver:
        solver.set_phases([v if rng.random() < 1 / n else -v for v in range(1, n**3 + 1)])
        givens = [i * n + d for i, d in enumerate(cells) if d]  # variable of (cell, digit)
        if not shielded(solver.solve, givens):
            return None
        return decode_model(solver.get_model(), n)


def complete(shape: Shape, cells: Sequence[int], rng: random.Random) -> Grid | None:
    """Return a random completion of the cells (0 blank) drawn from ``rng``, None when none is.

    >>> from satdoku.core._checker import broken_axioms
    >>> grid = complete(Shape.sudoku(4), (1,) + (0,) * 15, random.Random(2))
    >>> grid[0], broken_axioms(grid, Shape.sudoku(4))
    (1, [])
    """
    engine = engine_for(shape)
    if engine is not None and _seeded(engine):
        for _ in range(RESTARTS):
            found = engine.solve(cells, FILL_BUDGET, rng.randrange(1, 2**64))
            if isinstance(found, bytes):
                return tuple(found)
            if found is False:
                return None
    return _sat_complete(shape, cells, rng)


def random_grid(shape: Shape, seed: int | random.Random = 0) -> Grid | None:
    """Return a random complete grid of the shape (None if the shape has none, e.g. 2x2 X).

    >>> from satdoku.core._checker import broken_axioms
    >>> broken_axioms(random_grid(Shape.sudoku(6), 1), Shape.sudoku(6))
    []
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return complete(shape, (0,) * (shape.n * shape.n), rng)


def random_jigsaw(
    n: int, rng: random.Random, *, diagonals: bool = False, tries: int = 200
) -> tuple[Shape, Grid]:
    """Return a jigsaw shape of n random connected regions that admits a solution, and one.

    Maps are drawn until one has a solution (a map with none, or too slow to decide, is
    dropped); ValueError after ``tries`` maps.

    >>> shape, grid = random_jigsaw(6, random.Random(4))
    >>> shape.regions is not None and len(set(shape.regions)) == 6 and 0 not in grid
    True
    """
    for _ in range(tries):
        shape = Shape.jigsaw(random_region_map(n, rng), diagonals=diagonals)
        engine = engine_for(shape)
        if engine is not None and _seeded(engine):
            found = engine.solve((0,) * (n * n), FILL_BUDGET, rng.randrange(1, 2**64))
            grid = tuple(found) if isinstance(found, bytes) else None
        else:
            grid = _sat_complete(shape, (0,) * (n * n), rng)
        if grid is not None:
            return shape, grid
    raise ValueError(f"no {n}x{n} jigsaw map with a solution in {tries} random maps")
