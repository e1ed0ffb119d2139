"""Counting speed: ``satdoku.api._space.count`` against PySAT's own ``enum_models`` on the same CNF.

``enum_models`` re-solves and adds a full-length blocking clause per model; satdoku counts by the
cover search (the two rules, splitting on the cell with fewest candidates, a cache of small
branches) after a few SAT calls.  Both count the same puzzles, built from the one encoding
(``shape_clauses`` plus the givens as unit clauses for ``enum_models``); the counts must agree.

A second table compares blocking by a predicate's *reason* with blocking the whole grid
(``is_sudoku`` on Latin-square puzzles): SAT calls and seconds.

Usage::

    /tmp/venv/bin/python benchmarks/count_bench.py               # everything (enum_models: long)
    /tmp/venv/bin/python benchmarks/count_bench.py --enum-cap 120  # stop enum_models after 120 s

With a cap, a capped ``enum_models`` run is reported as ">= cap" and the ratio as a lower bound.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable

from pysat.solvers import Solver

from satdoku.api._explorer import Explorer
from satdoku.api._predicates import is_sudoku
from satdoku.api._space import count
from satdoku.backends._solvers import DEFAULT_SOLVER
from satdoku.cnf._encodings import shape_clauses
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape

SUDOKU_1E5 = ".....52.....9....845.......2....71..9.1......3...4.8.9.......25.34..2............"
"""A 9x9 Sudoku with 104,153 solutions (givens kept from a solved grid by a seeded search)."""

LATIN_VARIANT = "48.9.2....93..5.866..3...1....5.1.9.....9.....3.2.6....7...3..524.1..36....6.4.27"
"""Seed 000's last puzzle (student variant): a 9x9 Latin puzzle solved with ``sudoku?``."""


def parse(text: str, shape: Shape) -> Puzzle:
    return Puzzle(shape, tuple(0 if ch == "." else int(ch) for ch in text))


CASES: list[tuple[str, Puzzle, int]] = [
    ("latin 5x5, empty", Puzzle.empty(Shape.latin(5)), 161_280),
    ("sudoku 9x9, 19 givens", parse(SUDOKU_1E5, Shape.sudoku(9)), 104_153),
]


def timed(fn: Callable[[], int], repeats: int) -> tuple[float, int]:
    """Return (median seconds, result) over repeats."""
    times, result = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def enum_models_count(puzzle: Puzzle, solver: str, cap: float | None) -> tuple[float, int, bool]:
    """Count with PySAT's enum_models on the shape's CNF plus the givens as units."""
    clauses = shape_clauses(puzzle.shape).clauses + [[v] for v in puzzle.assumptions()]
    start = time.perf_counter()
    found = 0
    with Solver(name=solver, bootstrap_with=clauses) as s:
        for _ in s.enum_models():
            found += 1
            if cap is not None and found % 256 == 0 and time.perf_counter() - start > cap:
                return time.perf_counter() - start, found, False
    return time.perf_counter() - start, found, True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="satdoku runs per case (median)")
    parser.add_argument(
        "--enum-cap",
        type=float,
        default=None,
        metavar="SECONDS",
        help="stop enum_models after this long (ratio becomes a lower bound)",
    )
    parser.add_argument("--solver", default=DEFAULT_SOLVER, help="PySAT solver of enum_models")
    parser.add_argument("--skip-enum", action="store_true", help="only time satdoku")
    args = parser.parse_args()
    print(f"# {' '.join([os.path.basename(sys.executable)] + sys.argv)}")
    print(f"# {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print()
    print(f"{'case':24} {'solutions':>10} {'satdoku s':>10} {'enum_models s':>14} {'ratio':>8}")
    for name, puzzle, expected in CASES:
        ours, got = timed(lambda p=puzzle: count(p).count, args.repeats)  # type: ignore[misc]
        assert got == expected, (name, got, expected)
        if args.skip_enum:
            print(f"{name:24} {got:>10} {ours:>10.2f} {'-':>14} {'-':>8}")
            continue
        theirs, found, complete = enum_models_count(puzzle, args.solver, args.enum_cap)
        if complete:
            assert found == expected, (name, found, expected)
            print(f"{name:24} {got:>10} {ours:>10.2f} {theirs:>14.1f} {theirs / ours:>7.0f}x")
        else:
            print(
                f"{name:24} {got:>10} {ours:>10.2f} {'>=' + format(theirs, '.0f'):>14} "
                f"{'>=' + format(theirs / ours, '.0f'):>7}x  (enum_models stopped at "
                f"{found} models)"
            )
    print()
    print("Blocking by reason vs blocking the whole grid (predicate sudoku? on Latin puzzles):")
    print(f"{'question':44} {'reason calls':>12} {'s':>6} {'full calls':>11} {'s':>7}")

    def full(grid: Puzzle) -> bool:
        return bool(is_sudoku(grid))

    questions: list[tuple[str, Callable[[Explorer, object], object]]] = [
        (
            "count 4x4 Latin squares that are Sudokus",
            lambda ex, pred: ex.count(Puzzle.empty(Shape.latin(4)), where=pred),
        ),  # type: ignore
        (
            "count 6x6 Latin from 2 rows that are Sudokus",
            lambda ex, pred: ex.count(parse("123456456123" + "." * 24, Shape.latin(6)), where=pred),
        ),  # type: ignore
        (
            "first Sudoku in reading order, a 9x9 Latin",
            lambda ex, pred: ex.first(
                parse(LATIN_VARIANT, Shape.latin(9)),
                pred,  # type: ignore
                "reading",
            ),
        ),
    ]
    for label, ask in questions:
        row = []
        answers = []
        for pred in (is_sudoku, full):
            with Explorer() as ex:
                start = time.perf_counter()
                answers.append(ask(ex, pred))
                row.append((ex.sat_calls, time.perf_counter() - start))
        assert answers[0] == answers[1], answers
        (rc, rs), (fc, fs) = row
        print(f"{label:44} {rc:>12} {rs:>6.2f} {fc:>11} {fs:>7.2f}")


if __name__ == "__main__":
    main()
