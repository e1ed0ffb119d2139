"""An independent checker of grids: it reads the shape's houses, not the solver or the CNF."""

from __future__ import annotations

from collections.abc import Sequence

from .puzzle import Puzzle
from .shape import Shape

__all__ = ["is_solution", "broken_axioms"]


def broken_axioms(cells: Sequence[int], shape: Shape) -> list[str]:
    """Return a sentence for every axiom a grid breaks (empty when it is a valid full grid).

    >>> broken_axioms((1, 2, 2, 1), Shape.latin(2))
    []
    >>> for sentence in broken_axioms((1, 2, 1, 0), Shape.latin(2)):
    ...     print(sentence)
    cell r2c2 holds exactly one digit (it is blank)
    row 2 has exactly one 2 (found 0)
    column 1 has exactly one 1 (found 2: r1c1, r2c1)
    column 1 has exactly one 2 (found 0)
    column 2 has exactly one 1 (found 0)
    """
    n = shape.n
    problems: list[str] = []
    if len(cells) != n * n:
        return [f"the grid has {len(cells)} cells, expected {n * n}"]
    for i, d in enumerate(cells):
        if not 1 <= d <= n:
            what = "it is blank" if d == 0 else f"it holds {d}, not one of 1..{n}"
            problems.append(f"cell r{i // n + 1}c{i % n + 1} holds exactly one digit ({what})")
    for house in shape.houses:
        where: dict[int, list[int]] = {}
        for cell in house.cells:
            where.setdefault(cells[cell], []).append(cell)
        for digit in range(1, n + 1):
            found = where.get(digit, [])
            if len(found) != 1:
                text = f"{house.title()} has exactly one {digit} (found {len(found)}"
                if found:
                    text += ": " + ", ".join(f"r{c // n + 1}c{c % n + 1}" for c in found)
                problems.append(text + ")")
    return problems


def is_solution(solution: Sequence[int], puzzle: Puzzle) -> bool:
    """Tell whether a full grid keeps every given and holds each digit once in every house.

    >>> from satdoku.shape import Shape
    >>> p = Puzzle(Shape.latin(2), (1, 0, 0, 0))
    >>> is_solution((1, 2, 2, 1), p), is_solution((2, 1, 1, 2), p)
    (True, False)
    """
    n = puzzle.shape.n
    if len(solution) != n * n:
        return False
    if any(g and g != s for g, s in zip(puzzle.cells, solution, strict=True)):
        return False
    full = set(range(1, n + 1))
    return all({solution[c] for c in house.cells} == full for house in puzzle.shape.houses)
