"""satdoku against tdoku on 9x9, counting, and --jobs: the speed issue's figures, side by side.

Run alone (``python benchmarks/speed16.py [--quick]``) or from ``benchmarks/run.py``. Every figure
is CPU time (``time.process_time`` in-process, ``getrusage(RUSAGE_CHILDREN)`` for fresh
processes) unless it says wall; satdoku and tdoku alternate A B A B and the medians are
reported with their ratio (satdoku's rate over tdoku's: 1 is as fast as tdoku) and the load
average. tdoku is built from ``../shared/peers/tdoku`` by :mod:`tdoku` (skipped, with the reason
printed, where it cannot be built).

* **in-process, from a file**: ``satdoku.cli.main(["solve", FILE])`` with its output to
  /dev/null, against a Python loop reading the same file and calling tdoku through ctypes,
  writing each solution to /dev/null.
* **in-process, in memory**: the library's batch call on puzzle lines already in memory
  (:func:`satdoku_in_memory`) against tdoku's ctypes call on the same bytes.
* **end to end**: ``satdoku solve FILE`` in a fresh process against tdoku's C++ program
  (``tdoku_main.cc``) on the same file, both writing to /dev/null.
* **count**: the 101,034-solution puzzle of the issue through ``satdoku count`` (fresh process)
  and ``satdoku.count`` (in-process) against tdoku's count.
* **--jobs 2** against one process (wall clock: the point is the second core).

Every satdoku answer of the file runs is compared with tdoku's (both unique-solution sets).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from data_dir import DATA, need
from tdoku import Tdoku, build

HERE = Path(__file__).resolve().parent
SETS = {
    "17-clue": "puzzles2_17_clue",
    "forum_hardest_1905_11+": "puzzles5_forum_hardest_1905_11+",
    "magictour_top1465": "puzzles3_magictour_top1465",
}
COUNT_PUZZLE = ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2....91...."
COUNT_SOLUTIONS = 101_034
SATDOKU = [sys.executable, "-m", "satdoku"]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def puzzle_lines(path: Path, limit: int | None) -> list[str]:
    lines = [
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return lines[:limit]


def child_cpu(argv: list[str], stdin: str | None = None) -> tuple[float, float, str]:
    """Run a fresh process; return (CPU seconds, wall seconds, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, wall, done.stdout


def alternate(a: Callable[[], float], b: Callable[[], float], rounds: int) -> tuple[float, float]:
    """Run a and b alternately; return their median times."""
    times_a, times_b = [], []
    for _ in range(rounds):
        times_a.append(a())
        times_b.append(b())
    return statistics.median(times_a), statistics.median(times_b)


def satdoku_file_in_process(path: Path) -> float:
    """CPU seconds of ``satdoku solve FILE`` run in this process, output to /dev/null."""
    from satdoku.cli import main

    saved = sys.stdout
    with open(os.devnull, "w") as null:
        sys.stdout = null
        start = time.process_time()
        try:
            status = main(["solve", str(path), "--no-progress"])
        finally:
            sys.stdout = saved
        took = time.process_time() - start
    assert status == 0, status
    return took


def tdoku_file_in_process(peer: Tdoku, path: Path) -> float:
    """CPU seconds of reading the file, solving each line with tdoku, writing to /dev/null."""
    start = time.process_time()
    with open(path, "rb") as source, open(os.devnull, "wb") as out:
        for line in source:
            if line[:1] == b"#" or len(line) < 81:
                continue
            found, solution = peer.solve(line[:81].replace(b"0", b"."))
            out.write(solution + b"\n" if solution else b"unsolvable\n")
    return time.process_time() - start


def satdoku_in_memory(lines: list[str]) -> Callable[[], float]:
    """The library's fastest call on lines in memory (the compiled engine's batch when built)."""
    from satdoku.backends._compiled import engine_for
    from satdoku.core._shape import Shape

    engine = engine_for(Shape.sudoku(9))
    assert engine is not None, "no compiled engine"
    data = [bytes(0 if c in ".0" else int(c) for c in line[:81]) for line in lines]

    def run() -> float:
        start = time.process_time()
        for cells in data:
            engine.solve(cells, 100_000)
        return time.process_time() - start

    return run


def file_rows(peer: Tdoku, program: Path, quick: bool, workdir: Path) -> list[dict[str, Any]]:
    rows = []
    rounds = 3 if quick else 5
    for name, file in SETS.items():
        limit = 2000 if quick else (10_000 if "hardest" in name else None)
        lines = puzzle_lines(DATA / file, limit)
        path = workdir / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n")
        # the answers first: satdoku's and tdoku's outputs must agree line for line
        ours = child_cpu([*SATDOKU, "solve", str(path)])[2].split()
        theirs = child_cpu([str(program), str(path)])[2].split()
        wrong = sum(a != b for a, b in zip(ours, theirs, strict=True))
        print(f"  {name}: {len(lines)} puzzles, in-process from a file", file=sys.stderr)
        s_file, t_file = alternate(
            lambda p=path: satdoku_file_in_process(p),
            lambda p=path: tdoku_file_in_process(peer, p),
            rounds,
        )
        print(f"  {name}: in memory", file=sys.stderr)
        encoded = [line[:81].replace("0", ".").encode() for line in lines]

        def tdoku_memory(encoded: list[bytes] = encoded) -> float:
            start = time.process_time()
            for puzzle in encoded:
                peer.solve(puzzle)
            return time.process_time() - start

        s_mem, t_mem = alternate(satdoku_in_memory(lines), tdoku_memory, rounds)
        print(f"  {name}: end to end", file=sys.stderr)
        s_e2e, t_e2e = alternate(
            lambda p=path: child_cpu([*SATDOKU, "solve", str(p)])[0],
            lambda p=path: child_cpu([str(program), str(p)])[0],
            rounds,
        )
        rows.append(
            {
                "set": name,
                "puzzles": len(lines),
                "wrong": wrong,
                "file": (s_file, t_file),
                "memory": (s_mem, t_mem),
                "end_to_end": (s_e2e, t_e2e),
                "load": load(),
            }
        )
    return rows


def count_row(peer: Tdoku, rounds: int) -> dict[str, Any]:
    from satdoku import count, parse_puzzle

    puzzle = parse_puzzle(COUNT_PUZZLE)

    def ours() -> float:
        start = time.process_time()
        answer = count(puzzle)
        took = time.process_time() - start
        assert answer.count == COUNT_SOLUTIONS and answer.complete, answer
        return took

    def theirs() -> float:
        start = time.process_time()
        found = peer.count(COUNT_PUZZLE.encode())
        took = time.process_time() - start
        assert found == COUNT_SOLUTIONS, found
        return took

    s_mem, t_mem = alternate(ours, theirs, rounds)
    cli = []
    for _ in range(rounds):
        cpu, wall, out = child_cpu([*SATDOKU, "count", "-"], stdin=COUNT_PUZZLE + "\n")
        assert str(COUNT_SOLUTIONS) in out, out
        cli.append((cpu, wall))
    return {
        "in_process": (s_mem, t_mem),
        "cli_cpu": statistics.median(c for c, _ in cli),
        "cli_wall": statistics.median(w for _, w in cli),
        "load": load(),
    }


def jobs_row(path: Path, rounds: int) -> dict[str, Any]:
    def wall(*extra: str) -> float:
        return child_cpu([*SATDOKU, "solve", str(path), *extra])[1]

    one, two = alternate(lambda: wall(), lambda: wall("--jobs", "2"), rounds)
    return {"one": one, "two": two, "load": load()}


def measure(quick: bool, workdir: Path) -> dict[str, Any]:
    """Every figure of the speed issue; {"skipped": reason} when tdoku cannot be built."""
    lib, program, reason = build()
    if lib is None or program is None:
        return {"skipped": reason}
    peer = Tdoku(lib)
    res: dict[str, Any] = {"load_start": load()}
    res["files"] = file_rows(peer, program, quick, workdir)
    print("  count", file=sys.stderr)
    res["count"] = count_row(peer, 3 if quick else 5)
    print("  --jobs 2", file=sys.stderr)
    res["jobs"] = jobs_row(DATA / SETS["17-clue"], 3)
    res["load_end"] = load()
    return res


def ratio(pair: tuple[float, float]) -> str:
    ours, theirs = pair
    return f"{theirs / ours:.2f}"


def report(res: dict[str, Any]) -> str:
    """The markdown section of RESULTS.md."""
    if "skipped" in res:
        return f"## Against tdoku\n\nSkipped: {res['skipped']}.\n"
    out = [
        "## Against tdoku (9x9: the physical limit)",
        "",
        f"CPU time, medians of alternating runs; load average {res['load_start']} at the start, "
        f"{res['load_end']} at the end. *Ratio*: satdoku's rate over tdoku's (target >= 0.5 "
        "in-process, >= 0.3 end to end).",
        "",
        "| set | puzzles | wrong | in-process from a file: satdoku / tdoku (ratio) "
        "| in memory: satdoku / tdoku (ratio) | end to end: satdoku / tdoku (ratio) |",
        "|---|---:|---:|---|---|---|",
    ]
    for row in res["files"]:
        cells = []
        for key in ("file", "memory", "end_to_end"):
            ours, theirs = row[key]
            per = 1e6 / row["puzzles"]
            cells.append(
                f"{ours * per:.1f} / {theirs * per:.1f} us a puzzle (**{ratio(row[key])}**)"
            )
        out.append(
            f"| {row['set']} | {row['puzzles']:,} | {row['wrong']} | " + " | ".join(cells) + " |"
        )
    count = res["count"]
    ours, theirs = count["in_process"]
    out += [
        "",
        f"Counting the 16-given puzzle of {COUNT_SOLUTIONS:,} solutions: `satdoku count` "
        f"(fresh process) {count['cli_cpu']:.2f} s CPU, {count['cli_wall']:.2f} s wall (target "
        f"< 0.5 s); in-process `satdoku.count` {ours:.3f} s against tdoku's {theirs:.3f} s: "
        f"**{ours / theirs:.1f}x** tdoku's time (target <= 3x).",
        "",
        f"`satdoku solve` on the 17-clue file, wall clock: one process {res['jobs']['one']:.2f} s, "
        f"`--jobs 2` {res['jobs']['two']:.2f} s: "
        f"**{res['jobs']['one'] / res['jobs']['two']:.2f}x** "
        f"(2 shared cores; load {res['jobs']['load']}).",
    ]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples, fewer rounds")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    need(*(DATA / name for name in SETS.values()))
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        res = measure(args.quick, Path(tmp))
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1))
    print(report(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
