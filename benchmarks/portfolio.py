"""Which CaDiCaL configurations to race on big grids: each alone, then what each pair would cost.

satdoku races the configurations of ``PORTFOLIO_OPTIONS`` (one child process each) on the
formula rules 1 and 2 simplified; the first answer wins and the others are killed. In CPU
seconds a race of k configurations costs k times the fastest one, so a pair pays only where
its two members differ by more than 2x on the puzzles that matter. This script measures each
candidate configuration alone on chosen instances of the hard-region sweep (same puzzles as
``benchmarks/sweep.py``), each in a fresh child under ``RLIMIT_CPU``, and prints per instance
the CPU seconds alone and the cost of every pair raced (2 x the faster), with totals.

    python benchmarks/portfolio.py --rows benchmarks/results/sweep_results.jsonl --slower-than 3 \
        --limit 60 --out portfolio.jsonl

``--instances latin50:0.65:3,sudoku49:0.4:3`` names instances instead (case:given:seed). An
interrupted run resumes from ``--out``. A configuration past ``--limit`` reads ``>limit``; a
pair's cost counts such a member as unsolved. The figures in benchmarks/RESULTS.md:

    python benchmarks/portfolio.py --out benchmarks/results/portfolio_results.jsonl --report-only
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

from data_dir import RESULTS
from sweep import sweep_puzzle  # benchmarks/sweep.py: the same instances

SWEEP_ROWS = RESULTS / "sweep_results.jsonl"
"""The rows of the sweep the figures in RESULTS.md come from."""

CONFIGURATIONS: dict[str, dict[str, int]] = {
    "stable": {"chrono": 0, "elim": 0, "stabilizeonly": 1},
    "chrono0": {"chrono": 0},
    "defaults": {},
}
"""Candidates by name: CaDiCaL 1.5.3 options (``defaults``: none set)."""

CHILD = r"""
import json, sys
from satdoku.backends._solvers import new_solver
from satdoku.backends._strategy import fresh_encoding
from satdoku.cnf._encodings import Encoding, encode
from satdoku.core._checker import is_solution
from satdoku.core._claims import decode_model
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.rules._singles import singles
spec = json.loads(sys.stdin.read())
n = spec["n"]
shape = Shape.latin(n) if spec["latin"] else Shape.sudoku(n)
puzzle = Puzzle(shape, tuple(spec["cells"]))
known = singles(puzzle)
formula = encode(shape, fresh_encoding(shape, Encoding(), known), known=known)
with new_solver("cadical153", formula.clauses, {"cadical153": spec["options"]}) as solver:
    ok = solver.solve()
    grid = decode_model(solver.get_model(), n, known) if ok else None
print("solved" if grid is not None and is_solution(grid, puzzle) else "wrong")
"""


def run_one(case: str, fraction: float, seed: int, options: dict[str, int], limit: float) -> float:
    """CPU seconds of one configuration alone on one instance, or inf past the limit."""
    puzzle = sweep_puzzle(case, fraction, seed)  # the sweep's very puzzle
    spec = {
        "n": puzzle.shape.n,
        "latin": case.startswith("latin"),
        "cells": list(puzzle.cells),
        "options": options,
    }

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (int(limit) + 1, int(limit) + 2))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        input=json.dumps(spec),
        capture_output=True,
        text=True,
        preexec_fn=cap,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode == 0 and done.stdout.strip() not in ("solved", ""):
        raise RuntimeError(f"{case} {fraction} {seed} {options}: {done.stdout.strip()}")
    return cpu if done.returncode == 0 and cpu <= limit else float("inf")


def picked(args: argparse.Namespace) -> list[tuple[str, float, int]]:
    """The instances: named, or the sweep rows where either solver took over --slower-than."""
    if args.instances:
        out = []
        for item in args.instances.split(","):
            case, fraction, seed = item.split(":")
            out.append((case, float(fraction), int(seed)))
        return out
    rows = [json.loads(line) for line in Path(args.rows).read_text().splitlines()]
    return [
        (r["case"], r["fraction"], r["seed"])
        for r in rows
        if max(r[who]["cpu"] for who in ("satdoku", "cadical") if who in r) > args.slower_than
        and any(r[who]["status"] == "solved" for who in ("satdoku", "cadical") if who in r)
    ]


def report(path: Path, names: list[str], limit: float) -> str:
    """Markdown: CPU seconds of each configuration alone and of each pair raced, with totals."""
    results: dict[tuple[str, float, int], dict[str, float]] = {}
    limits: dict[tuple[str, float, int], float] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        key = (row["case"], row["fraction"], row["seed"])
        results.setdefault(key, {})[row["config"]] = row["cpu"] if row["solved"] else float("inf")
        limits[key] = row.get("limit", limit)
    pairs = list(itertools.combinations(names, 2))
    head = names + [f"{a}+{b}" for a, b in pairs]
    lines = ["| instance | " + " | ".join(head) + " |", "|---|" + "---:|" * len(head)]
    totals = dict.fromkeys(head, 0.0)
    fails = dict.fromkeys(head, 0)

    def shown(x: float, limit: float) -> str:
        return f">{limit:.0f}" if x == float("inf") else f"{x:.1f}"

    for (case, fraction, seed), alone in results.items():
        if not all(name in alone for name in names):
            continue
        costs = {name: alone[name] for name in names}
        for a, b in pairs:
            costs[f"{a}+{b}"] = 2 * min(alone[a], alone[b])
        cap = limits[(case, fraction, seed)]
        for name, cost in costs.items():
            totals[name] += min(cost, 2 * cap if "+" in name else cap)
            fails[name] += cost == float("inf")
        shown_costs = " | ".join(shown(costs[h], cap) for h in head)
        lines.append(f"| {case} {fraction:.0%} s{seed} | {shown_costs} |")
    total = " | ".join(f"{totals[h]:.0f}" for h in head)
    lines.append(f"| total, CPU s (unsolved count as the limit) | {total} |")
    lines.append("| unsolved | " + " | ".join(str(fails[h]) for h in head) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default=str(SWEEP_ROWS), help="a sweep's rows")
    parser.add_argument("--slower-than", type=float, default=3.0, help="CPU s either took")
    parser.add_argument("--instances", default="", help="case:given:seed,... instead of --rows")
    parser.add_argument("--configs", default=",".join(CONFIGURATIONS), help="names to measure")
    parser.add_argument("--limit", type=float, default=60.0, help="CPU seconds per run")
    parser.add_argument("--out", default="portfolio.jsonl", help="JSON lines, one per run")
    parser.add_argument("--report-only", action="store_true", help="print --out's table, run none")
    args = parser.parse_args(argv)
    names = args.configs.split(",")
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["case"], row["fraction"], row["seed"], row["config"]))
    for case, fraction, seed in [] if args.report_only else picked(args):
        for name in names:
            if (case, fraction, seed, name) in done:
                continue
            cpu = run_one(case, fraction, seed, CONFIGURATIONS[name], args.limit)
            row = {"case": case, "fraction": fraction, "seed": seed, "config": name}
            row.update(solved=cpu != float("inf"), cpu=round(min(cpu, args.limit), 2))
            row["limit"] = args.limit
            row["load"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
            with out.open("a") as sink:
                sink.write(json.dumps(row) + "\n")
            print(case, fraction, seed, name, row["cpu"], row["solved"], file=sys.stderr)
    print(report(out, names, args.limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
