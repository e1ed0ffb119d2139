"""Generation: checked puzzles per level, time per puzzle by level and shape, and peers.

Part 1 (checked): ``--count`` 9x9 minimal puzzles per level (default 1,000) made by
``generate_many`` (``--jobs`` worker processes), then every one checked by code the generator
does not use: its solution by ``is_solution``; unique by PySAT alone (an Explorer with the compiled
engine off; count to 2); minimal by PySAT on the puzzle minus each one given (each must have 2+
solutions); the level by ``rate`` on the puzzle read again. Plus ``--sym-count`` puzzles per
symmetry, the pattern checked by the maps written out here. A wish missed within the budget of
attempts is counted, never hidden.

Part 2 (speed, one process): CPU seconds per puzzle, medians, by level and shape: 9x9 minimal
unrated (the 100/s aim), 16x16 and 25x25 unique / easy / medium, Latin 10, X-Sudoku, jigsaw,
killers (9x9 by cage sizes, 6x6; no givens, unique by PySAT through the cages, unrated).

Part 3 (peers, if installed in ``--peers-python``'s environment): pencilmark, hodoku-py and
lib-sudoku on the levels they offer, CPU seconds per puzzle in their own process.

Usage::

    .venv/bin/python benchmarks/generate_bench.py                 # the full run (long)
    .venv/bin/python benchmarks/generate_bench.py --count 50 --sym-count 20 --quick
    .venv/bin/python benchmarks/generate_bench.py --peers-python /tmp/hb_peers/bin/python
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from satdoku.api._explorer import Explorer
from satdoku.backends._constraint_sat import count_constrained
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core._symmetry import Symmetry
from satdoku.generation._generate import ATTEMPTS, Generated, generate
from satdoku.generation._generate_batch import Request, generate_many
from satdoku.generation._random_grid import random_jigsaw
from satdoku.rules._rating import Level, rate

LEVELS = [level.value for level in Level]
EXTREME_ATTEMPTS = 50_000
"""Tries per minimal extreme 9x9 puzzle: with 20,000 the walk of satdoku.generation._vicinity met
993
of 1,000 (median about 3,300 tries, about 0.5 ms each); the misses are walks that ran long."""
PYSAT = Explorer(native=False)


def count_to_two(puzzle: Puzzle) -> int:
    """Count solutions with PySAT alone, stopping at 2."""
    found = PYSAT.count(puzzle, 1)
    return found.count if found.complete else 2


def unique(puzzle: Puzzle) -> bool:
    """Tell whether a puzzle has one solution: PySAT alone, through every rule of a killer."""
    if puzzle.constraints:
        return count_constrained(puzzle, 2) == 1
    return count_to_two(puzzle) == 1


def mapped(symmetry: str, r: int, c: int, n: int) -> tuple[int, int]:
    """The cell a symmetry maps (r, c) to, written out here (not satdoku.core._symmetry)."""
    return {
        "none": (r, c),
        "rot180": (n - 1 - r, n - 1 - c),
        "rot90": (c, n - 1 - r),
        "diagonal": (c, r),
        "mirror": (r, n - 1 - c),
    }[symmetry]


def verify(made: Generated) -> dict[str, bool]:
    """Check one puzzle without the generator: solution, unique, minimal, symmetric, level."""
    puzzle, n = made.puzzle, made.puzzle.shape.n
    cells = puzzle.cells
    checks = {
        "solution": is_solution(made.solution, puzzle),
        "unique": count_to_two(puzzle) == 1,
        "symmetric": all(
            (cells[r * n + c] != 0) == (cells[rr * n + cc] != 0)
            for r in range(n)
            for c in range(n)
            for rr, cc in [mapped(made.symmetry.value, r, c, n)]
        ),
    }
    if made.minimal or made.wanted_minimal:
        fewer = list(cells)
        minimal = True
        for cell, digit in enumerate(cells):
            if digit:
                fewer[cell] = 0
                minimal = minimal and count_to_two(puzzle.with_cells(fewer)) == 2
                fewer[cell] = digit
        checks["minimal"] = minimal
    if made.wanted is not None:
        checks["level"] = rate(puzzle).level is made.wanted
    return checks


def checked_run(request: Request, count: int, seed: int, jobs: int) -> dict[str, object]:
    """Generate and check ``count`` puzzles; return the tallies."""
    start, cpu = time.perf_counter(), time.process_time()
    made = list(generate_many(request, count, seed, jobs))
    wall = time.perf_counter() - start
    tallies: Counter[str] = Counter()
    givens = []
    for one in made:
        tallies["matched"] += one.matched
        if not one.matched:
            continue  # a missed wish is counted as missed, and not checked against the wish
        givens.append(one.givens)
        for name, ok in verify(one).items():
            tallies[f"{name} ok"] += ok
            tallies[f"{name} checked"] += 1
    return {
        "count": count,
        "wall s": round(wall, 2),
        "parent cpu s": round(time.process_time() - cpu, 2),
        "per puzzle ms (wall x jobs)": round(wall * jobs / count * 1000, 2),
        "attempts": sum(one.attempts for one in made),
        "median givens": statistics.median(givens) if givens else None,
        "distinct": len({one.puzzle.cells for one in made}),
        **dict(sorted(tallies.items())),
    }


def cpu_per_puzzle(make: Callable[[int], Generated], seeds: Sequence[int]) -> dict[str, object]:
    """Median and mean CPU seconds per call of ``make`` over the seeds, in this process."""
    times, matched, givens = [], 0, []
    for seed in seeds:
        start = time.process_time()
        made = make(seed)
        times.append(time.process_time() - start)
        matched += made.matched
        givens.append(made.givens)
        assert unique(made.puzzle) and is_solution(made.solution, made.puzzle)
    return {
        "puzzles": len(times),
        "median s": round(statistics.median(times), 4),
        "mean s": round(statistics.fmean(times), 4),
        "max s": round(max(times), 3),
        "matched": matched,
        "median givens": statistics.median(givens),
    }


def speed_cases(quick: bool) -> list[tuple[str, Callable[[int], Generated], int]]:
    """The timed cases: a name, a maker of one puzzle from a seed, and how many puzzles."""
    jigsaw, _ = random_jigsaw(9, random.Random(1))

    def new_jigsaw(seed: int) -> Shape:
        return random_jigsaw(9, random.Random(seed))[0]

    s9, s16, s25 = Shape.sudoku(9), Shape.sudoku(16), Shape.sudoku(25)
    few = 3 if quick else 10
    x9, latin10 = Shape.sudoku(9, diagonals=True), Shape.latin(10)
    cases: list[tuple[str, Callable[[int], Generated], int]] = [
        (
            "9x9 unique minimal, unrated",
            lambda s: generate(s9, minimal=True, rated=False, seed=s),
            1000,
        ),
        ("9x9 unique minimal, rated", lambda s: generate(s9, minimal=True, seed=s), 300),
        ("9x9 rot180 unique (not minimal)", lambda s: generate(s9, symmetry="rot180", seed=s), 300),
    ]
    for level in LEVELS:
        count = 30 if level in ("expert", "extreme") else 100
        cases.append((f"9x9 {level}", lambda s, lv=level: generate(s9, level=lv, seed=s), count))
    for level in LEVELS:
        count = 30 if level in ("expert", "extreme") else 100
        attempts = EXTREME_ATTEMPTS if level == "extreme" else ATTEMPTS
        cases.append(
            (
                f"9x9 minimal {level}",
                lambda s, lv=level, a=attempts: generate(
                    s9, level=lv, minimal=True, seed=s, attempts=a
                ),
                count,
            )
        )
    for level in ["easy", "medium", "hard"]:  # as pencilmark and hodoku-py make them: symmetric
        cases.append(
            (
                f"9x9 {level} rot180",
                lambda s, lv=level: generate(s9, level=lv, symmetry="rot180", seed=s),
                30,
            )
        )
    cases.append(("9x9 unique, 24 givens", lambda s: generate(s9, givens=24, seed=s), 30))
    cases += [
        ("16x16 unique, unrated", lambda s: generate(s16, seed=s, rated=False), 3 * few),
        ("16x16 easy", lambda s: generate(s16, level="easy", seed=s), 3 * few),
        ("16x16 medium", lambda s: generate(s16, level="medium", seed=s, attempts=50), few),
        ("25x25 unique, unrated", lambda s: generate(s25, seed=s, rated=False), few),
        ("25x25 easy", lambda s: generate(s25, level="easy", seed=s), few),
        ("25x25 medium", lambda s: generate(s25, level="medium", seed=s, attempts=20), few),
        ("latin 10 unique minimal", lambda s: generate(latin10, minimal=True, seed=s), 30),
        ("x-sudoku 9 minimal", lambda s: generate(x9, minimal=True, seed=s), 100),
        ("jigsaw 9 minimal (one map)", lambda s: generate(jigsaw, minimal=True, seed=s), 100),
        ("jigsaw 9, a new map each", lambda s: generate(new_jigsaw(s), seed=s), 30),
        ("9x9 killer, cages 1-5", lambda s: generate(s9, killer=True, seed=s), 100),
        (
            "9x9 killer, cages 2-4",
            lambda s: generate(s9, killer=True, cage_sizes="2-4", seed=s),
            100,
        ),
        (
            "9x9 killer, cages 3-5",
            lambda s: generate(s9, killer=True, cage_sizes="3-5", seed=s),
            30,
        ),
        (
            "6x6 killer, cages 2-4",
            lambda s: generate(6, killer=True, cage_sizes="2-4", seed=s),
            100,
        ),
    ]
    return [(name, make, max(2, count // 10) if quick else count) for name, make, count in cases]


PEER_CODE = r"""
import json, sys, time
which, count, arg = sys.argv[1], int(sys.argv[2]), sys.argv[3]
times = []
for i in range(count):
    start = time.process_time()
    if which == "lib-sudoku":
        import lib_sudoku
        lib_sudoku.gen_unsolved(int(arg))
    elif which == "hodoku-py":
        from hodoku import Generator, DifficultyType
        Generator().generate(DifficultyType[arg], symmetric=True)
    else:
        import pencilmark.gen.api as pg
        pg.generate({"size": 9, "target_band": arg, "symmetry": "rot180", "seed": i + 1,
                     "time_limit": 60})
    times.append(time.process_time() - start)
    print(json.dumps(times), flush=True)
"""

PEER_CASES = [
    ("lib-sudoku", "24", "unique, 24 givens"),
    ("hodoku-py", "EASY", "EASY, symmetric"),
    ("hodoku-py", "MEDIUM", "MEDIUM, symmetric"),
    ("hodoku-py", "HARD", "HARD, symmetric"),
    ("pencilmark", "Easy", "Easy, rot180"),
    ("pencilmark", "Hard", "Hard, rot180"),
]


def peers(python: str, count: int, timeout: float) -> list[dict[str, object]]:
    """Time the peers in their own environment; a peer that fails or runs out of time says so."""
    rows: list[dict[str, object]] = []
    for name, arg, what in PEER_CASES:
        row: dict[str, object] = {"peer": name, "case": what}
        try:
            done = subprocess.run(
                [python, "-c", PEER_CODE, name, str(count), arg],
                capture_output=True,
                text=True,
                timeout=timeout,
            )
            out = done.stdout
            if done.returncode:
                row["error"] = done.stderr.strip().splitlines()[-1:] or ["failed"]
        except subprocess.TimeoutExpired as stop:
            out = stop.stdout.decode() if isinstance(stop.stdout, bytes) else (stop.stdout or "")
            row["error"] = f"stopped after {timeout:.0f} s"
        lines = [line for line in out.splitlines() if line.startswith("[")]
        if lines:
            times = json.loads(lines[-1])
            row |= {"puzzles": len(times), "median s": round(statistics.median(times), 4)}
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="checked puzzles per level")
    parser.add_argument("--expert-count", type=int, default=1000, help="checked expert puzzles")
    parser.add_argument("--extreme-count", type=int, default=1000, help="checked extreme puzzles")
    parser.add_argument("--sym-count", type=int, default=200, help="checked puzzles per symmetry")
    parser.add_argument("--attempts", type=int, default=ATTEMPTS, help="tries per puzzle at most")
    parser.add_argument(
        "--extreme-attempts",
        type=int,
        default=EXTREME_ATTEMPTS,
        help="tries per minimal extreme puzzle at most (grids and walk moves, ~0.5 ms each)",
    )
    parser.add_argument("--levels", default="", help="check only these levels (comma-separated)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="fewer puzzles in the timings")
    parser.add_argument("--skip", default="", help="parts to skip: checked,speed,peers")
    parser.add_argument("--cases", default="", help="time only the cases whose name has this")
    parser.add_argument("--peers-python", default="/tmp/hb_peers/bin/python")
    parser.add_argument("--peer-count", type=int, default=3)
    parser.add_argument("--peer-timeout", type=float, default=120)
    parser.add_argument("--out", help="also write the report (JSON) to this file")
    args = parser.parse_args(argv)
    skip = set(args.skip.split(","))
    report: dict[str, object] = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}",
        "load average at start": os.getloadavg(),
    }
    if "checked" not in skip:
        checked = {}
        for level in args.levels.split(",") if args.levels else LEVELS:
            count = {"expert": args.expert_count, "extreme": args.extreme_count}.get(
                level, args.count
            )
            attempts = args.extreme_attempts if level == "extreme" else args.attempts
            request = Request(Shape.sudoku(9), Level(level), minimal=True, attempts=attempts)
            checked[f"9x9 minimal {level}"] = checked_run(request, count, args.seed, args.jobs)
            print(level, checked[f"9x9 minimal {level}"], flush=True)
        for symmetry in ["rot180", "rot90", "diagonal", "mirror"] if args.sym_count else []:
            minimal = symmetry != "rot90"  # rot90 and minimal: under 1 grid in 200 (see README)
            request = Request(Shape.sudoku(9), symmetry=Symmetry(symmetry), minimal=minimal)
            name = f"9x9 {symmetry}{' minimal' if minimal else ''}"
            checked[name] = checked_run(request, args.sym_count, args.seed, args.jobs)
            print(name, checked[name], flush=True)
        report["checked"] = checked
        report["load average after checked"] = os.getloadavg()
    if "speed" not in skip:
        speed = {}
        for name, make, count in speed_cases(args.quick):
            if args.cases and args.cases not in name:
                continue
            speed[name] = cpu_per_puzzle(make, range(count))
            print(name, speed[name], flush=True)
        report["speed (CPU s per puzzle, one process)"] = speed
        report["load average after speed"] = os.getloadavg()
    if "peers" not in skip:
        if Path(args.peers_python).exists():
            report["peers"] = peers(args.peers_python, args.peer_count, args.peer_timeout)
            print(report["peers"], flush=True)
        else:
            report["peers"] = f"not run: no {args.peers_python} (pip install pencilmark "
            "hodoku-py lib-sudoku into a venv there)"
        report["load average at end"] = os.getloadavg()
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
