"""Mixed-variant 9x9 puzzles made from a random solution grid, seeded, for variant_peers.py.

A random sudoku solution (a base pattern with its digits, rows in bands, bands, columns in stacks
and stacks shuffled), then rules read off it: thermometers (king-step paths of rising digits),
arrows (a circle and a king-step shaft summing to it), Kropki dots (orthogonal pairs in ratio 2
or differing by one), XV marks (pairs summing to 10 or 5), little killers (a diagonal's sum) and
sandwiches (the sum between 1 and 9 of a row or column). Givens of the solution are then added in
a random order until satdoku counts one solution, then each given it can do without is dropped.
Records are those of tests/data/variants/published.jsonl (rules by class name and fields, cells
``row*n + col``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any

import satdoku
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    XV,
    Arrow,
    Constraint,
    Kropki,
    LittleKiller,
    Sandwich,
    Side,
    Thermometer,
)

__all__ = ["MIXES", "mixed_record", "random_solution"]

N = 9
Grid = tuple[int, ...]
Maker = Callable[[Grid, random.Random, int], list[Constraint]]


def random_solution(rng: random.Random) -> Grid:
    """A random 9x9 sudoku solution: a shuffled base pattern."""

    def shuffled_lines() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [band * 3 + line for band in bands for line in rng.sample(range(3), 3)]

    rows, cols, digits = shuffled_lines(), shuffled_lines(), rng.sample(range(1, N + 1), N)
    return tuple(digits[(3 * (r % 3) + r // 3 + c) % N] for r in rows for c in cols)


def _king_steps(cell: int) -> list[int]:
    row, col = divmod(cell, N)
    return [
        (row + dr) * N + col + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= row + dr < N and 0 <= col + dc < N
    ]


def thermometers(grid: Grid, rng: random.Random, count: int) -> list[Constraint]:
    """Rising king-step paths of 3 to 6 cells, no cell on two of them."""
    used: set[int] = set()
    made: list[Constraint] = []
    while len(made) < count:
        path = [rng.choice([c for c in range(N * N) if c not in used])]
        while len(path) < 6:
            ahead = [c for c in _king_steps(path[-1]) if c not in used | set(path)]
            ahead = [c for c in ahead if grid[c] > grid[path[-1]]]
            if not ahead:
                break
            path.append(rng.choice(ahead))
        if len(path) >= 3:
            used |= set(path)
            made.append(Thermometer(tuple(path)))
    return made


def arrows(grid: Grid, rng: random.Random, count: int) -> list[Constraint]:
    """A circle and a shaft of 2 or 3 king-step cells summing to it, no cell on two arrows."""
    used: set[int] = set()
    made: list[Constraint] = []
    while len(made) < count:
        circle = rng.choice([c for c in range(N * N) if c not in used and grid[c] >= 3])
        shaft: list[int] = []
        cell = circle
        while sum(grid[c] for c in shaft) < grid[circle] and len(shaft) < 3:
            ahead = [c for c in _king_steps(cell) if c not in used | set(shaft) | {circle}]
            if not ahead:
                break
            cell = rng.choice(ahead)
            shaft.append(cell)
        if len(shaft) >= 2 and sum(grid[c] for c in shaft) == grid[circle]:
            used |= {circle, *shaft}
            made.append(Arrow((circle,), (tuple(shaft),)))
    return made


def _orthogonal_pairs() -> list[tuple[int, int]]:
    pairs = [(c, c + 1) for c in range(N * N) if c % N < N - 1]
    return pairs + [(c, c + N) for c in range(N * N - N)]


def kropki_dots(grid: Grid, rng: random.Random, count: int) -> list[Constraint]:
    """Dots on pairs in ratio 2 (black) or differing by one (white), chosen at random."""
    marks: list[Constraint] = []
    for a, b in _orthogonal_pairs():
        low, high = sorted((grid[a], grid[b]))
        if high == 2 * low:
            marks.append(Kropki(a, b, True))
        elif high - low == 1:
            marks.append(Kropki(a, b, False))
    return rng.sample(marks, min(count, len(marks)))


def xv_marks(grid: Grid, rng: random.Random, count: int) -> list[Constraint]:
    """X and V marks on pairs summing to 10 or 5, chosen at random."""
    marks: list[Constraint] = [
        XV(a, b, grid[a] + grid[b]) for a, b in _orthogonal_pairs() if grid[a] + grid[b] in (5, 10)
    ]
    return rng.sample(marks, min(count, len(marks)))


def little_killers(grid: Grid, rng: random.Random, count: int) -> list[Constraint]:
    """Diagonal sums from the top and left edges, diagonals of 3 cells or more."""
    places = [(-1, col, (1, step)) for col in range(N) for step in (-1, 1)]
    places += [(row, -1, (step, 1)) for row in range(N) for step in (-1, 1)]
    places = [(r, c, d) for r, c, d in places if 0 <= r + d[0] < N and 0 <= c + d[1] < N]
    made: list[Constraint] = []
    for row, col, direction in rng.sample(places, len(places)):
        clue = LittleKiller(row, col, direction, 1)
        cells = clue.cells(N)
        if len(cells) >= 3:
            made.append(dataclasses.replace(clue, total=sum(grid[c] for c in cells)))
        if len(made) == count:
            break
    return made


def sandwiches(grid: Grid, rng: random.Random, count: int) -> list[Constraint]:
    """Sandwich sums of random rows (from the left) and columns (from the top)."""
    lines = rng.sample([(side, line) for side in (Side.TOP, Side.LEFT) for line in range(N)], count)
    made: list[Constraint] = []
    for side, line in lines:
        clue = Sandwich(side, line, 0)
        digits = [grid[c] for c in clue.cells(N)]
        low, high = sorted((digits.index(1), digits.index(N)))
        made.append(Sandwich(side, line, sum(digits[low + 1 : high])))
    return made


MIXES: dict[str, Sequence[tuple[Maker, int]]] = {
    "thermo-arrow": ((thermometers, 5), (arrows, 5)),
    "kropki-xv": ((kropki_dots, 14), (xv_marks, 10)),
    "killer-sandwich": ((little_killers, 6), (sandwiches, 8)),
    "all": (
        (thermometers, 2),
        (arrows, 2),
        (kropki_dots, 5),
        (xv_marks, 5),
        (little_killers, 2),
        (sandwiches, 3),
    ),
}
"""Each mix: the rule makers and how many rules of each."""


def _field(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_field(v) for v in value]
    return value


def rule_record(rule: Constraint) -> dict[str, Any]:
    """A rule as its class name and fields (enums by value, tuples as lists)."""
    fields = {f.name: _field(getattr(rule, f.name)) for f in dataclasses.fields(rule)}
    return {"type": type(rule).__name__, **fields}


def mixed_record(mix: str, seed: int) -> dict[str, Any]:
    """One puzzle of a mix made with a seed: its rules, givens until unique, its solution."""
    rng = random.Random(f"{mix} {seed}")
    grid = random_solution(rng)
    rules = tuple(rule for make, count in MIXES[mix] for rule in make(grid, rng, count))
    cells = [0] * (N * N)
    order = rng.sample(range(N * N), N * N)
    shape = Shape.sudoku(N)

    def unique() -> bool:
        return satdoku.count(Puzzle(shape, tuple(cells), constraints=rules), 2).count == 1

    while not unique():
        cell = order.pop()
        cells[cell] = grid[cell]
    for cell in rng.sample(range(N * N), N * N):  # then drop each given it can do without
        if cells[cell]:
            cells[cell] = 0
            if not unique():
                cells[cell] = grid[cell]
    return {
        "name": f"{mix}-{seed}",
        "source": f"made by benchmarks/variant_mixed.py: mix {mix}, seed {seed}",
        "n": N,
        "box": [3, 3],
        "givens": "".join(str(d) if d else "." for d in cells),
        "rules": [rule_record(rule) for rule in rules],
        "solution": "".join(map(str, grid)),
    }
