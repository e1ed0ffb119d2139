"""The share of puzzles each rung of the rating ladder solves, and the time to rate one.

For each collection of ``data_dir.DATA`` (or a reproducible random sample of it), every puzzle is
rated (:func:`satdoku.rules._rating.rate`, one process); the table gives the cumulative share
solved by rules 1 and 2 alone (rung 0), then with set logic of size up to 1, 2, 3, 4, the share
that needs guessing, and milliseconds per puzzle (mean over all, and by group).

Usage: ``python benchmarks/rungs_bench.py [--sample N] [--seed S] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from pathlib import Path

from data_dir import DATA, need

from satdoku.io._line import parse_line
from satdoku.rules._rating import rate

SETS = {
    "17-clue": "puzzles2_17_clue",
    "top1465": "puzzles3_magictour_top1465",
    "forum_hardest_1905_11+": "puzzles5_forum_hardest_1905_11+",
}


def read(name: str, sample: int | None, seed: int) -> tuple[list[str], int]:
    """Return the puzzle lines of a collection (a sample of them when it is larger) and its size."""
    lines = [
        line.strip()
        for line in (DATA / name).read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    total = len(lines)
    if sample is not None and total > sample:
        lines = random.Random(seed).sample(lines, sample)
    return lines, total


def measure(lines: list[str]) -> dict[str, object]:
    """Rate every puzzle; return the rung counts, cumulative shares and times."""
    rungs: Counter[int] = Counter()
    times: dict[int, list[float]] = {}
    techniques: Counter[str] = Counter()
    unsolvable = 0
    for line in lines:
        puzzle = parse_line(line)
        start = time.process_time()  # CPU time: the machine is shared
        r = rate(puzzle)
        spent = time.process_time() - start
        rungs[r.rung] += 1
        times.setdefault(r.rung, []).append(spent)
        techniques.update({k: 1 for k in r.counts})
        unsolvable += r.status != "solved"
    count = len(lines)
    cumulative = [sum(rungs[k] for k in range(rung + 1)) / count for rung in range(5)]
    every = [t for ts in times.values() for t in ts]
    no_guess = [t for rung, ts in times.items() if rung < 5 for t in ts]
    return {
        "puzzles": count,
        "rungs": {str(k): rungs[k] for k in range(6)},
        "cumulative": cumulative,
        "guessing": rungs[5] / count,
        "unsolvable": unsolvable,
        "ms_mean": 1000 * statistics.fmean(every),
        "ms_median": 1000 * statistics.median(every),
        "ms_no_guessing": 1000 * statistics.fmean(no_guess) if no_guess else None,
        "ms_singles": 1000 * statistics.fmean(times[0]) if times.get(0) else None,
        "ms_set_logic": (
            1000 * statistics.fmean([t for k in (1, 2, 3, 4) for t in times.get(k, [])])
            if any(times.get(k) for k in (1, 2, 3, 4))
            else None
        ),
        "ms_guessing": 1000 * statistics.fmean(times[5]) if times.get(5) else None,
        "puzzles_using": dict(techniques.most_common()),
    }


def table(results: dict[str, dict[str, object]]) -> str:
    """Return the results as a Markdown table."""

    def pct(x: object) -> str:
        return f"{100 * float(x):.1f} %"  # type: ignore[arg-type]

    def ms(x: object) -> str:
        return "–" if x is None else f"{float(x):.1f}"  # type: ignore[arg-type]

    rows = [
        "| set (puzzles rated / in set) | rules 1+2 (rung 0) | + set k=1 | k≤2 | k≤3 | k≤4 "
        "| needs guessing | CPU ms/puzzle mean (median) | ms rung 0 / rungs 1-4 / rung 5 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, r in results.items():
        c = r["cumulative"]
        assert isinstance(c, list)
        rows.append(
            f"| {name} ({r['puzzles']:,} / {r['total']:,}) | {pct(c[0])} | {pct(c[1])} | "
            f"{pct(c[2])} | {pct(c[3])} | {pct(c[4])} | {pct(r['guessing'])} | "
            f"{ms(r['ms_mean'])} ({ms(r['ms_median'])}) | {ms(r['ms_singles'])} / "
            f"{ms(r['ms_set_logic'])} / {ms(r['ms_guessing'])} |"
        )
    return "\n".join(rows)


def main() -> None:
    """Run the benchmark and print the table (and write JSON when asked)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=2000, help="puzzles per set at most")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS))
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    need(*(DATA / SETS[name] for name in args.sets))
    results: dict[str, dict[str, object]] = {}
    for name in args.sets:
        lines, total = read(SETS[name], args.sample, args.seed)
        started = time.perf_counter()
        result = measure(lines)
        result["total"] = total
        result["seconds"] = time.perf_counter() - started
        results[name] = result
        print(f"{name}: {result['puzzles']} puzzles in {result['seconds']:.1f} s", flush=True)
    print(table(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
