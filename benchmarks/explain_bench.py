"""What --explain costs: solving vs explaining unsolvable 9x9 puzzles (a minimal conflict each).

Unsolvable puzzles are made from the magictour top-1465 collection by giving one blank a digit
that differs from the unique solution's but clashes with no peer (so the rules must work for it).
Prints medians over the puzzles, per puzzle, and the sizes of the conflicts found.

    /tmp/venv/bin/python benchmarks/explain_bench.py [COUNT]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from data_dir import DATA, need

from satdoku.api._explain import Explainer
from satdoku.backends._sat import SatBackend
from satdoku.core._puzzle import Puzzle
from satdoku.io._line import parse_line

TOP1465 = DATA / "puzzles3_magictour_top1465"


def unsolvable(count: int) -> list[Puzzle]:
    rng = random.Random(1)
    lines = [t.split()[0] for t in TOP1465.read_text().splitlines() if t and not t.startswith("#")]
    out = []
    with SatBackend() as backend:
        for text in lines[:count]:
            p = parse_line(text)
            solution = backend.solve(p).solution
            assert solution is not None
            cells = list(p.cells)
            blanks = [i for i, d in enumerate(cells) if not d]
            rng.shuffle(blanks)
            for i in blanks:
                digits = [
                    d
                    for d in range(1, 10)
                    if d != solution[i] and all(cells[j] != d for j in p.shape.peers[i])
                ]
                if digits:
                    cells[i] = rng.choice(digits)
                    break
            out.append(Puzzle(p.shape, tuple(cells)))
    return out


def main() -> None:
    need(TOP1465)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    puzzles = unsolvable(count)
    solve_ms, explain_ms, sizes, chains = [], [], [], 0
    with SatBackend() as backend, Explainer() as explainer:
        for p in puzzles:
            start = time.perf_counter()
            result = backend.solve(p)
            solve_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            e = explainer.explain(p)
            explain_ms.append((time.perf_counter() - start) * 1000)
            assert result.status.value == "unsolvable" and e is not None and e.minimal
            sizes.append(len(e.conflict))
            chains += bool(e.steps)
    print(f"{len(puzzles)} unsolvable 9x9 puzzles (magictour + one wrong digit), cadical153")
    print(f"solve:   median {statistics.median(solve_ms):.2f} ms/puzzle")
    print(
        f"explain: median {statistics.median(explain_ms):.2f} ms/puzzle "
        f"({statistics.median(explain_ms) / statistics.median(solve_ms):.1f}x the solve)"
    )
    print(
        f"conflict size: median {statistics.median(sizes)}, max {max(sizes)}; "
        f"{chains} of {len(puzzles)} refuted by rules 1 and 2 alone"
    )


if __name__ == "__main__":
    main()
