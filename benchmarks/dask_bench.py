"""``satdoku solve --dask local:2`` against ``--jobs 2`` and one process, on a million lines.

The 17-clue set (49,158 puzzles, one solution each) is repeated to ``--lines`` puzzle lines in a
temporary file; each configuration solves it with the command line, output to a file, the runs
alternating (one, jobs 2, dask, one, jobs 2, dask, ...) so that a change of the machine's load
falls on all of them. Every output is compared with the one-process output (they must be the
same bytes). CPU time is that of the command and its children (the Dask workers are the
command's grandchildren, counted when they end); the load average is taken before each run.

Optionally (``--scheduler``) the same file through a cluster started beforehand (``dask
scheduler`` and ``dask worker`` as on a real cluster): the cluster's start-up is then not
counted, and neither is the workers' CPU time (they are not the command's children).

The commands run as an installed satdoku runs: with Python's bytecode cache (this machine sets
``PYTHONDONTWRITEBYTECODE``, which would make every run compile satdoku's modules again; the
cache goes to a temporary folder, ``PYTHONPYCACHEPREFIX``), after one untimed warm-up run of each
configuration on a small file.

The overhead figure is the median wall time of ``--dask local:2`` over that of ``--jobs 2``
(the target: at most 1.5). With ``local:N`` the command solves chunks itself while the cluster
starts, and alone when the work left is under what a start costs (100,000 lines: no cluster).

Usage::

    .venv/bin/python benchmarks/dask_bench.py                  # 1,000,000 lines, 3 rounds
    .venv/bin/python benchmarks/dask_bench.py --lines 200000 --rounds 2
    .venv/bin/python benchmarks/dask_bench.py --scheduler tcp://127.0.0.1:8786
"""

from __future__ import annotations

import argparse
import filecmp
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from data_dir import DATA, need

SEVENTEEN = DATA / "puzzles2_17_clue"
SATDOKU = Path(sys.executable).with_name("satdoku")


def write_lines(path: Path, lines: int) -> None:
    """Write ``lines`` puzzle lines: the 17-clue set repeated (its comments left out)."""
    puzzles = [t for t in SEVENTEEN.read_text().splitlines() if t.strip() and not t.startswith("#")]
    with path.open("w") as out:
        for start in range(0, lines, len(puzzles)):
            out.write("\n".join(puzzles[: min(len(puzzles), lines - start)]) + "\n")


def installed_env(folder: Path) -> dict[str, str]:
    """Return the environment of a run as installed: bytecode cached (in ``folder``)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    return env


def timed(argv: list[str], output: Path, env: dict[str, str]) -> tuple[float, float]:
    """Run a command with its output to a file; return its wall and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with output.open("wb") as out:
        subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    """Run the rounds and print a table (Markdown) of wall and CPU times and the overhead."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="local:N and --jobs N")
    parser.add_argument("--scheduler", help="also through this running scheduler (tcp://...)")
    args = parser.parse_args()
    need(SEVENTEEN)
    n = args.workers
    configs = {
        "one process": [],
        f"--jobs {n}": ["--jobs", str(n)],
        f"--dask local:{n}": ["--dask", f"local:{n}"],
    }
    if args.scheduler:
        configs[f"--dask {args.scheduler}"] = ["--dask", args.scheduler]
    times: dict[str, list[tuple[float, float, float]]] = {name: [] for name in configs}
    with tempfile.TemporaryDirectory(prefix="dask-bench-") as folder:
        puzzles = Path(folder) / "puzzles.txt"
        write_lines(puzzles, args.lines)
        reference = Path(folder) / "one.out"
        env = installed_env(Path(folder))
        warm = Path(folder) / "warm.txt"
        write_lines(warm, 1000)
        for options in configs.values():  # fills the bytecode cache
            timed([str(SATDOKU), "solve", str(warm), *options], Path(folder) / "warm.out", env)
        print(
            f"{args.lines:,} lines ({puzzles.stat().st_size / 2**20:.0f} MiB), {os.cpu_count()} "
            f"CPUs, Python {platform.python_version()}, {args.rounds} rounds",
            flush=True,
        )
        for round_number in range(args.rounds):
            for name, options in configs.items():
                load = os.getloadavg()[0]
                output = Path(folder) / "run.out"
                argv = [str(SATDOKU), "solve", str(puzzles), *options]
                wall, cpu = timed(argv, output, env)
                if name == "one process" and round_number == 0:
                    output.replace(reference)
                elif not filecmp.cmp(output, reference, shallow=False):
                    raise SystemExit(f"{name}: output differs from the one-process output")
                times[name].append((wall, cpu, load))
                print(
                    f"  round {round_number + 1} {name:<28} wall {wall:7.2f} s  cpu {cpu:7.2f} s"
                    f"  load {load:.2f}",
                    flush=True,
                )
    print()
    print("| run | wall s (median) | CPU s (median) | puzzles/s | load before (mean) |")
    print("|---|---|---|---|---|")
    for name, rows in times.items():
        wall = statistics.median(r[0] for r in rows)
        cpu = statistics.median(r[1] for r in rows)
        load = statistics.mean(r[2] for r in rows)
        print(f"| `{name}` | {wall:.2f} | {cpu:.2f} | {args.lines / wall:,.0f} | {load:.2f} |")
    jobs = statistics.median(r[0] for r in times[f"--jobs {n}"])
    dask = statistics.median(r[0] for r in times[f"--dask local:{n}"])
    print(f"\noverhead --dask local:{n} / --jobs {n} (wall): {dask / jobs:.2f} (target <= 1.5)")
    if args.scheduler:
        running = statistics.median(r[0] for r in times[f"--dask {args.scheduler}"])
        print(f"overhead --dask {args.scheduler} / --jobs {n} (wall): {running / jobs:.2f}")


if __name__ == "__main__":
    main()
