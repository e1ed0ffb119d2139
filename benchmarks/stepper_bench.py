"""Benchmark of the pure-Python two-rule stepper (issue 3).

Measures, on a reproducible random sample of the 17-clue collection (every known 17-clue 9x9
Sudoku, each with one solution):

1. the time to propagate a 9x9 puzzle's givens to the fixpoint of rules 1 and 2 (median and
   95th percentile per puzzle, best of ``--repeat`` runs each), against PySAT's own
   ``Solver.propagate(assumptions=givens)`` on the extended pairwise encoding (the same
   fixpoint, computed in C++), as a ratio; the cost of rendering every step's sentence is
   shown separately (sentences are made lazily, never during propagation);
2. the fraction of the sample that rules 1 and 2 alone solve, without guessing (the
   literature figure for the extended encoding is about 44%), and with twins added;
3. complete solving with search: ``StepperBackend`` (fewest-candidates guessing) against the
   PySAT backend and the pure-Python peers ``dokusan`` and ``dlxsudoku`` when installed.

Usage::

    /tmp/venv/bin/python benchmarks/stepper_bench.py                   # 2000 puzzles, seed 3
    /tmp/venv/bin/python benchmarks/stepper_bench.py --count 49158     # the whole collection
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from data_dir import DATA, need
from pysat.solvers import Solver

from satdoku.backends._sat import SatBackend
from satdoku.backends._stepper import StepperBackend
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme, shape_clauses
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import format_line, parse_line
from satdoku.rules._propagator import Propagator
from satdoku.rules._search import TraceStatus, trace
from satdoku.rules._strategies import RULES_1_2, RULES_ALL
from satdoku.views._sentences import sentence

SEVENTEEN = DATA / "puzzles2_17_clue"


def load(count: int, seed: int) -> list[Puzzle]:
    """Return a reproducible random sample of the 17-clue collection."""
    lines = [
        line.strip()
        for line in SEVENTEEN.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    chosen = lines if count >= len(lines) else random.Random(seed).sample(lines, count)
    return [parse_line(line) for line in chosen]


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """Return the best wall-clock time of ``repeat`` calls, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def propagate_stepper(puzzle: Puzzle) -> Propagator:
    """Propagate the givens to the fixpoint of rules 1 and 2, consuming every step."""
    p = Propagator(puzzle.shape, RULES_1_2)
    for _ in p.givens(puzzle):
        pass
    for _ in p.propagate(0):
        pass
    return p


def render_all(puzzle: Puzzle) -> int:
    """Propagate and render every step's sentence; return the total text length."""
    p = Propagator(puzzle.shape, RULES_1_2)
    total = 0
    for source in (p.givens(puzzle), p.propagate(0)):
        for step in source:
            total += len(sentence(step, puzzle.shape))
    return total


def pct(values: list[float], q: float) -> float:
    """Return the q-quantile (0..1) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> str:
    """Format seconds as milliseconds."""
    return f"{seconds * 1000:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="puzzles sampled (default 2000)")
    parser.add_argument("--seed", type=int, default=3, help="sampling seed (default 3)")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs per puzzle (best of)")
    parser.add_argument(
        "--solve-count",
        type=int,
        default=200,
        help="puzzles of the sample solved completely in part 3 (default 200)",
    )
    args = parser.parse_args()
    need(SEVENTEEN)

    print(
        f"machine: {platform.platform()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    print(f"command: {sys.executable} {' '.join(sys.argv)}")
    puzzles = load(args.count, args.seed)
    print(f"sample: {len(puzzles)} puzzles of {SEVENTEEN} (random.Random({args.seed}).sample)\n")

    # 1. Propagation to the fixpoint, against PySAT's propagate.
    formula = shape_clauses(Shape.sudoku(9), Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE))
    timed = puzzles[: min(len(puzzles), 500)]
    mine, theirs, texts = [], [], []
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        for puzzle in timed:
            assumptions = puzzle.assumptions()
            mine.append(best_of(args.repeat, lambda p=puzzle: propagate_stepper(p)))
            theirs.append(
                best_of(args.repeat, lambda a=assumptions: solver.propagate(assumptions=a))
            )
            texts.append(best_of(args.repeat, lambda p=puzzle: render_all(p)))
    med_mine, med_theirs = statistics.median(mine), statistics.median(theirs)
    print(
        f"1. propagation of a 9x9 puzzle to the fixpoint of rules 1+2 ({len(timed)} puzzles, "
        f"best of {args.repeat} each)"
    )
    print(
        f"   stepper (pure Python)     median {ms(med_mine)}   p95 {ms(pct(mine, 0.95))}   "
        f"max {ms(max(mine))}"
    )
    print(f"   PySAT propagate (C++)     median {ms(med_theirs)}   p95 {ms(pct(theirs, 0.95))}")
    print(f"   ratio stepper / PySAT     {med_mine / med_theirs:.1f}x")
    print(
        f"   stepper + every sentence  median {ms(statistics.median(texts))}  "
        f"(text is rendered lazily, only when asked for)\n"
    )

    # 2. Fraction solved by the rules alone.
    start = time.perf_counter()
    solved_12 = sum(trace(p, RULES_1_2).status is TraceStatus.SOLVED for p in puzzles)
    seconds = time.perf_counter() - start
    solved_all = sum(trace(p, RULES_ALL).status is TraceStatus.SOLVED for p in puzzles)
    print("2. solved by the rules alone, no guessing")
    print(
        f"   rules 1+2:        {solved_12}/{len(puzzles)} = {solved_12 / len(puzzles):.1%}"
        f"   (literature, extended encoding: about 44%; {seconds:.1f} s for the sample)"
    )
    print(f"   rules 1+2+twins:  {solved_all}/{len(puzzles)} = {solved_all / len(puzzles):.1%}\n")

    # 3. Complete solving with search, against PySAT and pure-Python peers.
    sample = puzzles[: args.solve_count]
    rows: list[tuple[str, float, int]] = []
    stepper = StepperBackend()
    start = time.perf_counter()
    ok = sum(stepper.solve(p).solved for p in sample)
    rows.append(("satdoku stepper (pure Python)", time.perf_counter() - start, ok))
    with SatBackend() as sat:
        start = time.perf_counter()
        ok = sum(sat.solve(p).solved for p in sample)
        rows.append(("satdoku PySAT backend", time.perf_counter() - start, ok))
    try:
        sys.path.insert(0, str(Path(__file__).parent))
        import peers

        for name in ("dokusan", "dlxsudoku"):
            solve_peer = peers.PEERS[name]
            start = time.perf_counter()
            ok = sum(solve_peer(format_line(p.cells), timeout=10) is not None for p in sample)
            rows.append((f"{name} (pure Python peer)", time.perf_counter() - start, ok))
    except Exception as err:  # a peer missing or broken: report and go on
        print(f"   (peers skipped: {err})")
    base = rows[0][1]
    print(f"3. complete solving with search ({len(sample)} puzzles, sequential)")
    for name, secs, ok in rows:
        print(
            f"   {name:32s} {ok:5d} solved  {secs:7.2f} s  {len(sample) / secs:9.1f} puzzles/s"
            f"  time ratio to stepper {secs / base:6.2f}"
        )


if __name__ == "__main__":
    main()
