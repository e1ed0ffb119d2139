"""Test support for generation: checks of generated puzzles that do not use the generator.

They trust PySAT through an Explorer with the compiled engine switched off (the generator asks
the engine), the independent checker ``is_solution``, the rating of ``satdoku.rules._rating`` and
symmetry maps written out here (not ``satdoku.core._symmetry``).
"""

from __future__ import annotations

from collections.abc import Sequence

from satdoku.api._explorer import Explorer
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.generation._generate import Generated
from satdoku.rules._rating import rate

__all__ = [
    "check_generated",
    "mirror_cell",
    "removable_given",
    "solutions_up_to_two",
    "symmetric",
]

_PYSAT = Explorer(native=False)


def solutions_up_to_two(puzzle: Puzzle) -> int:
    """Count the puzzle's solutions with PySAT alone, stopping at 2."""
    counted = _PYSAT.count(puzzle, 1)
    return 1 if counted.complete and counted.count == 1 else (0 if counted.complete else 2)


def removable_given(puzzle: Puzzle) -> int | None:
    """Return a given whose removal alone leaves a unique puzzle (PySAT), None if none: minimal."""
    cells = list(puzzle.cells)
    for cell, digit in enumerate(puzzle.cells):
        if digit:
            cells[cell] = 0
            if solutions_up_to_two(puzzle.with_cells(cells)) < 2:
                return cell
            cells[cell] = digit
    return None


def mirror_cell(symmetry: str, row: int, col: int, n: int) -> tuple[int, int]:
    """The cell a symmetry maps (row, col) to, written out independently of core.symmetry."""
    return {
        "none": (row, col),
        "rot180": (n - 1 - row, n - 1 - col),
        "rot90": (col, n - 1 - row),
        "diagonal": (col, row),
        "mirror": (row, n - 1 - col),
    }[symmetry]


def symmetric(cells: Sequence[int], n: int, symmetry: str) -> bool:
    """Tell whether the givens' pattern is the same under the symmetry's map."""
    return all(
        (cells[r * n + c] != 0) == (cells[rr * n + cc] != 0)
        for r in range(n)
        for c in range(n)
        for rr, cc in [mirror_cell(symmetry, r, c, n)]
    )


def check_generated(made: Generated, *, minimal: bool = False) -> None:
    """The puzzle has the solution and only it; minimal: no given can go; symmetric; of the
    level it says."""
    puzzle = made.puzzle
    assert is_solution(made.solution, puzzle)
    assert solutions_up_to_two(puzzle) == 1
    assert symmetric(puzzle.cells, puzzle.shape.n, made.symmetry.value)
    assert made.givens == sum(1 for d in puzzle.cells if d)
    if minimal or made.minimal:
        cell = removable_given(puzzle)
        assert cell is None, f"given {cell} can go"
    if made.level is not None:
        assert rate(puzzle).level is made.level
