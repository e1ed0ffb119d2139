"""An experiment for the generation issue: minimal extreme 9x9 puzzles by a vicinity search.

Random minimal 9x9 puzzles are almost never rated extreme (none in 5,000 grids). Starting from
puzzles of the wanted level (any, minimal or not), each move removes one or two givens, adds the
cells of a random solution of what is left until the puzzle is unique again, takes it to a minimal
puzzle by one removal pass in a random order, and rates it; a new puzzle of the level joins the
pool. Measured on this machine: 108 minimal extreme puzzles in 60 s of CPU from two non-minimal
extreme puzzles that ``generate(level="extreme")`` made by bisection.

    python benchmarks/vicinity.py benchmarks/data/extreme_seeds.txt extreme 60  # seeds, level, CPU
"""

from __future__ import annotations

import random
import sys
import time

from satdoku.api.removal import remove_givens
from satdoku.api.uniqueness import Uniqueness
from satdoku.backends.native import engine_for
from satdoku.core.puzzle import Puzzle
from satdoku.core.shape import Shape
from satdoku.io.line import format_line, parse_line
from satdoku.rules.rating import Level, rate


def main(argv: list[str]) -> int:
    with open(argv[0]) as source:
        seeds = [parse_line(t.strip()).cells for t in source if t.strip()]
    want = Level(argv[1]) if len(argv) > 1 else Level.EXTREME
    budget = float(argv[2]) if len(argv) > 2 else 60.0
    shape = Shape.sudoku(9)
    rng = random.Random(1)
    engine = engine_for(shape)
    assert engine is not None, "the compiled engine is needed"
    check = Uniqueness(shape)
    pool, seen, found = list(seeds), set(seeds), []
    start, tries = time.process_time(), 0
    while time.process_time() - start < budget:
        tries += 1
        base = list(rng.choice(pool))
        givens = [c for c in range(81) if base[c]]
        for _ in range(rng.choice((1, 1, 2))):
            base[rng.choice(givens)] = 0
        solution = engine.solve(base, 10_000, rng.getrandbits(63) | 1)
        if not isinstance(solution, bytes):
            continue
        blanks = [c for c in range(81) if not base[c]]
        rng.shuffle(blanks)
        cells = list(base)
        for cell in blanks:
            if check.unique(cells):
                break
            cells[cell] = solution[cell]
        order = [(c,) for c in range(81) if cells[c]]
        rng.shuffle(order)
        key = remove_givens(cells, order, check.unique).cells
        if key in seen:
            continue
        seen.add(key)
        if rate(Puzzle(shape, key)).level is want:
            found.append(key)
            pool.append(key)
    took = time.process_time() - start
    print(f"{len(found)} {want.value} minimal puzzles in {took:.1f} s CPU, {tries} moves")
    for cells in found:
        print(format_line(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
