"""An experiment for the generation issue: minimal puzzles of a level by a shared-pool search.

Starting from puzzles of the wanted level (any, minimal or not), each move is
:func:`satdoku.generation._vicinity.move` (blank one or two givens, fill in cells of a random
solution until
the puzzle is unique again, remove givens in a random order down to a minimal puzzle) and a new
puzzle of the level joins the pool. Measured on this machine: 108 minimal extreme puzzles in 60 s
of CPU from two non-minimal extreme puzzles that ``generate(level="extreme")`` made by bisection.

A shared pool breaks "puzzle i is made from its own seed alone", so ``generate`` does not use it:
it walks from each seed's own grid instead (:func:`satdoku.generation._vicinity.walk`). This
script keeps
the pool experiment, for comparison.

    python benchmarks/vicinity.py benchmarks/data/extreme_seeds.txt extreme 60  # seeds, level, CPU
"""

from __future__ import annotations

import random
import sys
import time

from satdoku.api._uniqueness import Uniqueness
from satdoku.core._shape import Shape
from satdoku.core._symmetry import Symmetry, orbits
from satdoku.generation._vicinity import closeness, move
from satdoku.io._line import format_line, parse_line
from satdoku.rules._rating import Level


def main(argv: list[str]) -> int:
    with open(argv[0]) as source:
        seeds = [parse_line(t.strip()).cells for t in source if t.strip()]
    want = Level(argv[1]) if len(argv) > 1 else Level.EXTREME
    budget = float(argv[2]) if len(argv) > 2 else 60.0
    shape = Shape.sudoku(9)
    rng = random.Random(1)
    cells_of = orbits(Symmetry.NONE, shape.n)
    check = Uniqueness(shape)
    pool, seen, found = list(seeds), set(seeds), []
    start, tries = time.process_time(), 0
    while time.process_time() - start < budget:
        tries += 1
        moved = move(shape, rng.choice(pool), cells_of, check, rng)
        if moved is None or moved[0] in seen:
            continue
        key = moved[0]
        seen.add(key)
        if closeness(shape, key, want).met:
            found.append(key)
            pool.append(key)
    took = time.process_time() - start
    print(f"{len(found)} {want.value} minimal puzzles in {took:.1f} s CPU, {tries} moves")
    for cells in found:
        print(format_line(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
