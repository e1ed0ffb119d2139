"""The compiled engine against tdoku on 9x9: CPU time per puzzle, in-process, side by side.

Run from the repository root after building the engine (``python setup.py build_ext --inplace``)::

    python benchmarks/engine_bench.py                  # first 20,000 puzzles of each set, 3 rounds
    python benchmarks/engine_bench.py --puzzles 2000 --rounds 5

For each collection of ``data_dir.DATA`` (17-clue, forum_hardest_1905_11+, top1465) it times,
in one process and in alternating rounds (tdoku, fast engine, generic engine, then again), the
bare calls on ready inputs: tdoku's ``TdokuSolverDpllTriadSimd`` through ctypes on the 81-byte
line, and ``Engine.solve(cells, budget)`` of ``satdoku.backends._native`` on the digits, once
with its fast path (the default) and once with ``fast=False`` (the generic engine). CPU time
(``time.process_time``), the median of the rounds, as microseconds per puzzle; the ratio
columns are engine / tdoku (1.0 = as fast as tdoku). Every engine solution is checked by
``satdoku.core._checker.is_solution`` outside the timing. Then the 16-given puzzle with 101,034
solutions is counted by the engine (both paths), by tdoku, and by ``satdoku count`` in a fresh
process (its CPU time, interpreter start-up included). The load average is printed before and
after: the figures are only comparable on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from data_dir import DATA, need  # type: ignore[import-not-found]  # benchmarks/data_dir.py
from tdoku import Tdoku  # type: ignore[import-not-found]  # benchmarks/tdoku.py

from satdoku.backends._compiled import GUESS_BUDGET, compiled
from satdoku.core._axioms import axioms
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape

SETS = {
    "17-clue": "puzzles2_17_clue",
    "forum_hardest": "puzzles5_forum_hardest_1905_11+",
    "top1465": "puzzles3_magictour_top1465",
}
COUNT_PUZZLE = ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2....91...."
COUNT_SOLUTIONS = 101_034


def read_set(name: str, most: int) -> list[str]:
    """The first ``most`` puzzles of a data file, as 81-character lines ('.' blank)."""
    lines = []
    with open(DATA / name) as file:
        for line in file:
            line = line.strip()
            if line and not line.startswith("#"):
                lines.append(line[:81].replace("0", "."))
                if len(lines) == most:
                    break
    return lines


def cpu(run: Callable[[], int]) -> tuple[float, int]:
    """CPU seconds one call of ``run`` took, and what it returned (guesses)."""
    start = time.process_time()
    guesses = run()
    return time.process_time() - start, guesses


def bench_set(label: str, lines: list[str], rounds: int, peer: Tdoku | None) -> dict[str, object]:
    """Time the three solvers on one set in alternating rounds; check the engine's solutions."""
    engine_type = compiled()
    assert engine_type is not None, "build the engine first: python setup.py build_ext --inplace"
    rows = [axiom.variables for axiom in axioms(Shape.sudoku(9))]
    fast, generic = engine_type(9, rows), engine_type(9, rows, fast=False)
    assert fast.fast and not generic.fast
    cells = [bytes(0 if ch == "." else int(ch) for ch in line) for line in lines]
    encoded = [line.encode() for line in lines]

    def engine_run(engine: object) -> Callable[[], int]:
        def run() -> int:
            guesses = 0
            for digits in cells:
                engine.solve(digits, GUESS_BUDGET)  # type: ignore[attr-defined]
                guesses += engine.nodes  # type: ignore[attr-defined]
            return guesses

        return run

    def tdoku_run() -> int:
        assert peer is not None
        call, solution, guesses = peer.call, peer.solution, peer.guesses
        total = 0
        for line in encoded:
            call(line, 1, 0, solution, guesses)
            total += guesses.value
        return total

    runs = {"fast": engine_run(fast), "generic": engine_run(generic)}
    if peer is not None:
        runs = {"tdoku": tdoku_run, **runs}
    times: dict[str, list[float]] = {name: [] for name in runs}
    guesses: dict[str, int] = {}
    for _ in range(rounds):
        for name, run in runs.items():
            seconds, guesses[name] = cpu(run)
            times[name].append(seconds)
    shape = Shape.sudoku(9)
    wrong = sum(
        not is_solution(fast.solve(digits, GUESS_BUDGET), Puzzle(shape, tuple(digits)))
        for digits in cells
    )
    n = len(lines)
    row: dict[str, object] = {"set": label, "puzzles": n, "wrong": wrong}
    for name in runs:
        row[name] = statistics.median(times[name]) / n * 1e6
        row[f"{name} guesses"] = guesses[name] / n
    return row


def count_rows(peer: Tdoku | None) -> list[tuple[str, float, int]]:
    """CPU seconds to count the 16-given puzzle: the engine's two paths, tdoku, satdoku count."""
    engine_type = compiled()
    assert engine_type is not None
    rows = [axiom.variables for axiom in axioms(Shape.sudoku(9))]
    digits = bytes(0 if ch == "." else int(ch) for ch in COUNT_PUZZLE)
    out = []
    for name, fast in (("engine, fast path", True), ("engine, generic", False)):
        engine = engine_type(9, rows, fast=fast)
        start = time.process_time()
        counted = engine.count(digits, 10**9, 10**9)[0]
        out.append((f"{name} (Engine.count)", time.process_time() - start, counted))
    if peer is not None:
        seconds, counted = cpu(lambda: peer.count(COUNT_PUZZLE.encode(), 10**9))
        out.append(("tdoku (ctypes, limit 10**9)", seconds, counted))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
        file.write(COUNT_PUZZLE + "\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    printed = subprocess.run(
        [sys.executable, "-m", "satdoku", "count", file.name],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.unlink(file.name)
    seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    label = f"satdoku count FILE (fresh process, CPU; wall {wall:.3f} s)"
    out.append((label, seconds, int(printed[0].rstrip("+"))))
    return out


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print its tables (markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=20_000, help="first N of each set")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (median)")
    args = parser.parse_args(argv)
    need(*(DATA / name for name in SETS.values()))
    peer, reason = Tdoku.load()
    print(f"load average before: {os.getloadavg()}")
    if peer is None:
        print(f"tdoku skipped: {reason}")
    print(f"\nCPU microseconds per puzzle, median of {args.rounds} alternating rounds\n")
    print("| set | puzzles | tdoku | fast engine | generic engine | fast / tdoku "
          "| generic / tdoku | guesses tdoku / fast / generic | wrong |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    for label, name in SETS.items():
        row = bench_set(label, read_set(name, args.puzzles), args.rounds, peer)
        peer_time = row.get("tdoku")
        fast_time, generic_time = row["fast"], row["generic"]
        assert isinstance(fast_time, float) and isinstance(generic_time, float)
        if isinstance(peer_time, float):
            shown = f"{peer_time:.2f}"
            ratios = f"{fast_time / peer_time:.2f} | {generic_time / peer_time:.2f}"
        else:
            shown, ratios = "-", "- | -"
        print(
            f"| {label} | {row['puzzles']} | {shown} "
            f"| {fast_time:.2f} | {generic_time:.2f} | {ratios} "
            f"| {row.get('tdoku guesses', 0):.1f} / "
            f"{row['fast guesses']:.1f} / {row['generic guesses']:.1f} | {row['wrong']} |",
            flush=True,
        )
    print(f"\nCounting {COUNT_PUZZLE} ({COUNT_SOLUTIONS:,} solutions)\n")
    print("| counter | CPU seconds | count |")
    print("|---|---|---|")
    for label, seconds, counted in count_rows(peer):
        print(f"| {label} | {seconds:.3f} | {counted:,} |")
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
