"""The hard region of big grids: satdoku against CaDiCaL on the full CNF, puzzle by puzzle.

Random complete grids (Sudoku of side 25, 36, 49; Latin squares of order 40 and 50) with a
fraction of their cells kept (30 % to 70 % in steps of 5), five puzzles each (seeded: the same
puzzles every run). Each puzzle is solved by

* **satdoku**: ``SatBackend().solve`` (its default: rules 1 and 2, the compiled engine, the
  simplified formula, the portfolio race) in a fresh child process;
* **CaDiCaL**: the ``cadical`` program (Debian's) on the puzzle's full CNF as ``satdoku dimacs``
  writes it (the extended encoding, givens as unit clauses), in a fresh process;

each under the same limit of CPU seconds (``RLIMIT_CPU`` on every process; satdoku's portfolio
children count each on their own, so satdoku's figure is the CPU time of all its processes).
Answers are checked by ``is_solution`` (satdoku's) or by decoding CaDiCaL's model the same way.
The run writes a JSON line per puzzle as it goes (``--out``; an interrupted run resumes) and
prints the table of solved counts and medians.

    python benchmarks/sweep.py --limit 120 --per 5 --out sweep.jsonl

Chosen instances can be run again, by one solver or both: ``--cases``, ``--fractions`` and
``--seeds`` pick them, or ``--rows FILE --slower-than 5`` picks those of an earlier run where
either solver took over 5 CPU seconds (of ``--cases`` only, when given); ``--solvers satdoku``
leaves CaDiCaL out (its columns then read ``-``). ``--portfolio 1`` runs satdoku on one CPU, as
CaDiCaL runs: one configuration, no race (the default races two on a machine with two CPUs, and
a race costs twice its winner's CPU time). Rows of a run against ``--compare FILE`` print both
runs' CPU seconds side by side:

    python benchmarks/sweep.py --cases latin50 --fractions 0.7 --seeds 0,1 --solvers satdoku \
        --out rerun.jsonl --compare benchmarks/results/sweep_results.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from satdoku.cnf._dimacs_write import write_dimacs
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.generation._quick_puzzles import random_puzzle

CASES = [("sudoku", 25), ("sudoku", 36), ("sudoku", 49), ("latin", 40), ("latin", 50)]
FRACTIONS = [f / 100 for f in range(30, 71, 5)]

CHILD = r"""
import json, sys, time, resource
from satdoku.backends._sat import SatBackend
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
spec = json.loads(sys.stdin.read())
shape = Shape.latin(spec["n"]) if spec["latin"] else Shape.sudoku(spec["n"])
puzzle = Puzzle(shape, tuple(spec["cells"]))
start = time.perf_counter()
with SatBackend(portfolio=spec["portfolio"]) as backend:
    result = backend.solve(puzzle)
ok = result.solution is not None and is_solution(result.solution, puzzle)
print(json.dumps({"status": "solved" if ok else result.status.value,
                  "wall": time.perf_counter() - start}))
"""


def sweep_puzzle(case: str, fraction: float, seed: int) -> Puzzle:
    """The puzzle of one instance (``latin50``, 0.65, 3): a random complete grid of the case's
    shape with that fraction of its cells kept, drawn from a seed made of size and seed."""
    kind, n = case.rstrip("0123456789"), int(case.lstrip("abcdefghijklmnopqrstuvwxyz"))
    shape = Shape.latin(n) if kind == "latin" else Shape.sudoku(n)
    return random_puzzle(shape, fraction, seed=10_000 * n + 100 * seed)[0]


def _limit_cpu(seconds: float) -> Any:
    def apply() -> None:
        limit = int(seconds) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    return apply


def _run(argv: list[str], stdin: str | None, limit: float) -> tuple[float, float, str, int]:
    """(CPU seconds of the process and its children, wall, stdout, exit status)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run(
            argv,
            input=stdin,
            capture_output=True,
            text=True,
            preexec_fn=_limit_cpu(limit),
            timeout=limit * 4 + 30,  # a stuck process on a loaded machine
        )
        out, code = done.stdout, done.returncode
    except subprocess.TimeoutExpired as err:
        out, code = str(err.stdout or ""), -9
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, wall, out, code


def satdoku_one(
    puzzle: Puzzle, latin: bool, limit: float, portfolio: int | None = None
) -> dict[str, Any]:
    cells = list(puzzle.cells)
    spec = json.dumps({"n": puzzle.shape.n, "latin": latin, "cells": cells, "portfolio": portfolio})
    cpu, wall, out, code = _run([sys.executable, "-c", CHILD], spec, limit)
    status = json.loads(out)["status"] if code == 0 and out.strip() else "timeout"
    if cpu > limit:
        status = "timeout"
    return {"status": status, "cpu": cpu, "wall": wall}


def cadical_one(puzzle: Puzzle, limit: float, workdir: Path) -> dict[str, Any]:
    cnf = workdir / "puzzle.cnf"
    cnf.write_text(write_dimacs(puzzle))
    cpu, wall, out, code = _run(["cadical", "-q", str(cnf)], None, limit)
    status = "timeout"
    if code == 10:
        n = puzzle.shape.n
        true = [
            int(v)
            for line in out.splitlines()
            if line.startswith("v ")
            for v in line[2:].split()
            if int(v) > 0
        ]
        cells = [0] * (n * n)
        for var in true:
            if var <= n**3:
                cell, digit = divmod(var - 1, n)
                cells[cell] = digit + 1
        status = "solved" if is_solution(tuple(cells), puzzle) else "wrong"
    elif code == 20:
        status = "unsolvable"  # never: every puzzle keeps a grid's cells
    if cpu > limit:
        status = "timeout"
    return {"status": status, "cpu": cpu, "wall": wall}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=120.0, help="CPU seconds per solve")
    parser.add_argument("--per", type=int, default=5, help="puzzles per case and fraction")
    parser.add_argument("--out", default="sweep.jsonl", help="JSON lines, one per puzzle")
    parser.add_argument("--cases", default="", help="e.g. sudoku25,latin40 (default: all)")
    parser.add_argument("--fractions", default="", help="e.g. 0.65,0.7 (default: 0.3 to 0.7)")
    parser.add_argument("--seeds", default="", help="e.g. 0,1 (default: 0 to per-1)")
    parser.add_argument("--solvers", default="satdoku,cadical", help="satdoku, cadical or both")
    parser.add_argument("--rows", default="", help="run the instances of this earlier run's rows")
    parser.add_argument(
        "--slower-than", type=float, default=0.0, help="with --rows: where either took over this"
    )
    parser.add_argument("--compare", default="", help="print CPU seconds beside this run's")
    parser.add_argument(
        "--portfolio",
        type=int,
        default=None,
        help="satdoku's raced configurations (default: its own, one per CPU, at most 2)",
    )
    args = parser.parse_args(argv)
    out = Path(args.out)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["case"], row["fraction"], row["seed"]))
    solvers = set(args.solvers.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        for case, fraction, seed in instances(args):
            if (case, fraction, seed) in done:
                continue
            puzzle = sweep_puzzle(case, fraction, seed)
            row: dict[str, Any] = {"case": case, "fraction": fraction, "seed": seed}
            if "satdoku" in solvers:
                latin = case.startswith("latin")
                row["satdoku"] = satdoku_one(puzzle, latin, args.limit, args.portfolio)
                if args.portfolio is not None:
                    row["portfolio"] = args.portfolio
            if "cadical" in solvers:
                row["cadical"] = cadical_one(puzzle, args.limit, Path(tmp))
            row["load"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
            with out.open("a") as sink:
                sink.write(json.dumps(row) + "\n")
            print(case, fraction, seed, *_said(row), file=sys.stderr, flush=True)
    print(table(out, args.limit))
    if args.compare:
        print()
        print(compare(out, Path(args.compare)))
    return 0


def instances(args: argparse.Namespace) -> list[tuple[str, float, int]]:
    """The (case, fraction, seed) to run: from ``--rows``, or cases x fractions x seeds."""
    wanted = set(args.cases.split(",")) if args.cases else None
    if args.rows:
        picked = []
        for line in Path(args.rows).read_text().splitlines():
            row = json.loads(line)
            cpus = [row[who]["cpu"] for who in ("satdoku", "cadical") if who in row]
            if max(cpus) > args.slower_than and (not wanted or row["case"] in wanted):
                picked.append((row["case"], row["fraction"], row["seed"]))
        return picked
    fractions = [float(f) for f in args.fractions.split(",")] if args.fractions else FRACTIONS
    seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else list(range(args.per))
    return [
        (f"{kind}{n}", fraction, seed)
        for kind, n in CASES
        if not wanted or f"{kind}{n}" in wanted
        for fraction in fractions
        for seed in seeds
    ]


def _said(row: dict[str, Any]) -> list[str]:
    """Status and CPU seconds of each solver in the row (``-`` for one not run)."""
    return [
        f"{row[who]['status']} {row[who]['cpu']:.2f}" if who in row else "- -"
        for who in ("satdoku", "cadical")
    ]


def compare(path: Path, earlier: Path) -> str:
    """The markdown table of this run's rows beside the same instances' rows in an earlier run."""
    before = {}
    for line in earlier.read_text().splitlines():
        row = json.loads(line)
        before[(row["case"], row["fraction"], row["seed"])] = row
    lines = [
        "| case | given | seed | satdoku now | satdoku before | CaDiCaL before | load now |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]

    def cell(row: dict[str, Any] | None, who: str) -> str:
        if row is None or who not in row:
            return "-"
        run = row[who]
        return f"{run['cpu']:.1f}" + ("" if run["status"] == "solved" else f" ({run['status']})")

    for line in path.read_text().splitlines():
        row = json.loads(line)
        old = before.get((row["case"], row["fraction"], row["seed"]))
        lines.append(
            f"| {row['case']} | {row['fraction']:.0%} | {row['seed']} | {cell(row, 'satdoku')} "
            f"| {cell(old, 'satdoku')} | {cell(old, 'cadical')} | {row['load']} |"
        )
    return "\n".join(lines)


def table(path: Path, limit: float) -> str:
    """The markdown table: per case and fraction, solved counts and median CPU seconds."""
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    groups: dict[tuple[str, float], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["case"], row["fraction"]), []).append(row)
    lines = [
        "| case | given | puzzles | satdoku solved | CaDiCaL solved | satdoku median CPU s "
        "| CaDiCaL median CPU s | satdoku solves all CaDiCaL solves |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for (case, fraction), group in groups.items():

        def med(who: str, group: list[dict[str, Any]] = group) -> str:
            times = [
                r[who]["cpu"] if r[who]["status"] == "solved" else limit for r in group if who in r
            ]
            if not times:
                return "-"
            return f"{statistics.median(times):.2f}" + (
                "+" if statistics.median(times) >= limit else ""
            )

        def solved(who: str, group: list[dict[str, Any]] = group) -> str:
            if not any(who in r for r in group):
                return "-"
            return str(sum(who in r and r[who]["status"] == "solved" for r in group))

        both = [r for r in group if "satdoku" in r and "cadical" in r]
        covers = all(
            r["satdoku"]["status"] == "solved" for r in both if r["cadical"]["status"] == "solved"
        )
        verdict = ("yes" if covers else "no") if both else "-"
        lines.append(
            f"| {case} | {fraction:.0%} | {len(group)} | {solved('satdoku')} | {solved('cadical')} "
            f"| {med('satdoku')} | {med('cadical')} | {verdict} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
