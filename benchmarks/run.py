"""One entry point for every speed-and-scale measurement; writes benchmarks/RESULTS.md.

Run from the repository root (the ``bench`` extra installs the peers and matplotlib)::

    python benchmarks/run.py            # the full run (about 15-25 minutes on 2 cores)
    python benchmarks/run.py --quick    # a short run (a few minutes), smaller samples

What it measures, in one run, on one machine:

* 9x9 batches (``../shared/data``): ``satdoku solve FILE`` end to end (a fresh process reading the
  file and printing every solution; wall clock), the bare solver call it is built on
  (``solve(assumptions)`` on ready literal lists, one persistent solver), and every Python peer
  of :mod:`peers` on the same first puzzles, as puzzles/s and ratios; ``--jobs 2`` against one
  process; peak memory of a big streamed file against a small one.
* Scale: generated Sudoku of sides 16-64 and the files of ``../shared/data/large``; Latin-square
  completion (quasigroup with holes) at orders 30-50 with 42 % of the cells given; satdoku
  against the naive PySAT baseline and the peers that take those sizes, with per-puzzle timeouts.
  Every satdoku size runs in its own process so its peak RSS is its own.

Every solution (satdoku's and the peers') is checked by an independent checker.

Notes from development (measured on this 2-core machine while other jobs ran; not part of the
report's run):

* The bare call costs ~100 us per 17-clue puzzle with CaDiCaL 1.5.3 (71 % of them need no
  conflict); the report's *Where a 9x9 puzzle's time goes* table measures every stage around
  it. ``array``/``compress``/``sort``/``filter`` decodings were all slower than the list
  comprehension; a byte-level checker saved ~10 us of the check's ~30, one-hot sums in a
  big-integer product per house pattern another ~4 us.
* CaDiCaL options must be set before the first clause (PySAT ignores them after). ``chrono=0``
  gave +12 % on the 17-clue set in four alternating rounds and 5 % fewer conflicts on the
  hardest set (39,749 against 42,066 on the first 1,000); lucky/phase/stabilize/restart/
  inprocessing switches changed nothing beyond noise. Locked-candidate clauses (box-line, with
  or without auxiliary variables) cut conflicts by up to 17 % but cost more time; the minimal and
  efficient schemes are 20x slower with assumptions (no hidden singles by propagation).
* Big grids: building the simplified formula takes 0.1-0.3 s; the rest is search. Pairwise
  at-most-one on the simplified formula beat the sequential counter on 25x25 (median ~0.4 s
  against ~1 s); random-hole Sudoku has a sharp hard region (49x49 solved in 0.2-0.8 s at
  60-65 % given, not in 60 s at 55 %). With a time limit CaDiCaL used to run in 50 ms conflict
  slices (it has no interrupt), which made big grids several times slower (Latin square 50:
  1 s without a limit, 2-19 s with one): each call restarts CaDiCaL's schedule and its lucky
  phases. satdoku now solves big grids under ``--timeout`` in a forked child killed at the
  timeout (full speed); the scale rows still run each size in a child process of their own.
* Where the 9x9 floor comes from: CaDiCaL's solve with one assumption costs ~57 us (assigning
  and propagating all 729 claims, ~30 decisions), with all 81 true claims as assumptions ~85 us,
  so neither more assumptions nor ``propagate`` (~80 us, MiniSat and Glucose alike) is cheaper;
  ``get_model`` builds 729 Python ints (~30 us) and the list comprehension that keeps the
  positive ones (~17 us) beat ``filter``, ``compress``, ``sorted`` and ``array`` sign bytes. A
  bit-sliced rules-1-and-2 propagator over big integers (one bit per puzzle, 4,096 puzzles at a
  time) needed 20-28 rounds to settle the singles-solvable half of the 17-clue set: ~50 us a
  puzzle, more than the SAT calls it would save.
* The compiled engine (``satdoku.backends._compiled``) took the 9x9 floor away: rules 1 and 2
  plus guessing on an axiom with the fewest claims left, over the same axioms, cost ~28 us per
  17-clue puzzle (~18 us of it propagation, ~3 guesses on average) and ~250 us per forum_hardest
  puzzle (median 60 guesses, at most ~1,200) against ~1.6 ms for CaDiCaL. A first version with
  counters and a scan for rule 2 took 49 us; one 64-bit mask of open claims per axiom and a queue of
  axioms down to one claim brought it to 28. Batching several puzzles into one CaDiCaL call
  (disjoint copies of the formula) was slower per puzzle, not faster (159 us at 1 puzzle a call, 348
  at 8, 1,130 at 32): its cost is propagation, which grows with the variables. On 16x16 the engine
  beat the persistent solver at every density tried (0.2-0.6 ms against 1-2.3 ms); on 25x25 and
  36x36 near the hard region it gives up past its budget (~10 ms lost).
* One persistent solver for a whole batch slows down as its kept learnt clauses pile up (the
  hardest set's 1,000-puzzle blocks went from 1.48 s to 1.85 s); ``REFRESH_CONFLICTS`` replaces
  it after 50,000 conflicts (10,000 hardest puzzles: 15.0 s of CPU against 18.3 s).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "src"))

import peers  # noqa: E402
import speed16  # noqa: E402
from data_dir import DATA, RESULTS, need  # noqa: E402

from satdoku.backends._compiled import GUESS_BUDGET, engine_for  # noqa: E402
from satdoku.backends._sat import SatBackend  # noqa: E402
from satdoku.backends._solvers import DEFAULT_SOLVER, new_solver  # noqa: E402
from satdoku.cnf._encodings import shape_clauses  # noqa: E402
from satdoku.core._checker import is_solution  # noqa: E402
from satdoku.core._limits import Limits  # noqa: E402
from satdoku.core._puzzle import Puzzle  # noqa: E402
from satdoku.core._results import Status  # noqa: E402
from satdoku.core._shape import Shape  # noqa: E402
from satdoku.generation._generate import random_puzzle  # noqa: E402
from satdoku.io._alphabet import Alphabet  # noqa: E402
from satdoku.io._line import parse_line  # noqa: E402

PLOT = RESULTS / "scale.png"
"""Time against grid size, linked from RESULTS.md."""
RAW = RESULTS / "results.json"
"""Every figure of the last full run, as measured."""

SETS = {
    "17-clue": "puzzles2_17_clue",
    "forum_hardest_1905_11+": "puzzles5_forum_hardest_1905_11+",
    "magictour_top1465": "puzzles3_magictour_top1465",
}
PEER_ORDER = [
    "dlxsudoku",
    "dokusan",
    "py-sudoku",
    "sudoku-sat",
    "naive_pysat",
    "plain_backtracking",
]
LARGE_ALPHABETS = {
    16: "123456789ABCDEFG",
    25: "ABCDEFGHIJKLMNOPQRSTUVWXY",
    36: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
}
GENERATED_GIVENS = 0.65
LATIN_GIVENS = 0.42


# --- helpers ----------------------------------------------------------------------------------


def read_lines(path: Path, limit: int | None = None) -> list[str]:
    """Return the puzzle lines of a collection (comments and blank lines left out)."""
    return peers.read_puzzles(str(path), limit)


def compiled_bytecode() -> None:
    """Write satdoku's bytecode (.pyc), as ``pip install`` does for an installed package.

    An editable install under ``PYTHONDONTWRITEBYTECODE=1`` (set on these machines) would
    otherwise compile every module at each start: 0.29 s against 0.16 s for
    ``satdoku solve --help``. The peers, installed from wheels, have theirs already.
    """
    import compileall

    import satdoku

    compileall.compile_dir(str(Path(satdoku.__file__).parent), quiet=1)


def machine() -> dict[str, str]:
    """Describe the machine: CPU, cores, Python, PySAT, load."""
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import pysat

    return {
        "cpu": cpu,
        "cores": str(os.cpu_count()),
        "python": platform.python_version(),
        "pysat": getattr(pysat, "__version__", "?"),
        "system": f"{platform.system()} {platform.release()}",
        "load": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


def timed_process(
    argv: Sequence[str], stdin: str | None = None, timeout: float | None = None
) -> tuple[float, int, str]:
    """Run a command; return (wall seconds, peak RSS in MB, stdout), measured by /usr/bin/time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as info:
        cmd = ["/usr/bin/time", "-f", "%e %M", "-o", info.name, *argv]
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            stdout, stderr = proc.communicate(stdin, timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # /usr/bin/time and the solver under it
            proc.communicate()
            raise
        wall = time.perf_counter() - start
        fields = Path(info.name).read_text().split()
    if proc.returncode not in (0, 2):
        raise RuntimeError(f"{' '.join(argv)} failed ({proc.returncode}): {stderr[-2000:]}")
    rss = int(fields[-1]) // 1024 if fields else 0
    return wall, rss, stdout


def satdoku_cli(*args: str) -> list[str]:
    """Return the argv that runs satdoku's CLI with this interpreter."""
    return [sys.executable, "-m", "satdoku", *args]


def check_lines(puzzles: Sequence[str], solutions: Sequence[str]) -> int:
    """Count solutions that the independent checker rejects (and missing ones)."""
    bad = abs(len(puzzles) - len(solutions))
    for p, s in zip(puzzles, solutions, strict=False):
        puzzle = parse_line(p)
        try:
            grid = parse_line(s).cells
        except Exception:  # "unsolvable", "timeout": not a grid
            bad += 1
            continue
        bad += not is_solution(grid, puzzle)
    return bad


def median(values: Sequence[float]) -> float:
    """Return the median (nan for none)."""
    return statistics.median(values) if values else float("nan")


# --- 9x9 batches ------------------------------------------------------------------------------


def bare_rate(lines: Sequence[str], tuned: bool) -> float:
    """Puzzles/s of the bare solver call: one persistent solver, givens as ready assumptions."""
    from pysat.solvers import Solver

    clauses = shape_clauses(Shape.sudoku(9)).clauses
    solver = (
        new_solver(DEFAULT_SOLVER, clauses)
        if tuned
        else Solver(name=DEFAULT_SOLVER, bootstrap_with=clauses)
    )
    ready = [[i * 9 + int(c) for i, c in enumerate(line) if c not in ".0"] for line in lines]
    start = time.perf_counter()
    for lits in ready:
        solver.solve(assumptions=lits)
    took = time.perf_counter() - start
    solver.delete()
    return len(ready) / took


def native_rate(lines: Sequence[str]) -> float:
    """Puzzles/s of the bare compiled-engine call on ready digit tuples (nan if not built)."""
    engine = engine_for(Shape.sudoku(9))
    if engine is None:
        return float("nan")
    ready = [tuple(0 if c in ".0" else int(c) for c in line) for line in lines]
    solve = engine.solve
    start = time.perf_counter()
    for cells in ready:
        solve(cells, GUESS_BUDGET)
    return len(ready) / (time.perf_counter() - start)


def batch_rows(name: str, path: Path, count: int | None, workdir: Path) -> dict[str, Any]:
    """Measure satdoku end to end (fresh process) and the bare solver on one collection.

    Three rounds, each a satdoku run then the bare solver (PySAT defaults, then tuned, then the
    compiled engine), so a burst of load elsewhere hits both sides; every figure is a median,
    and the per-puzzle ratio is the median of the rounds' own ratios. One more run of
    ``satdoku solve --no-native`` shows the PySAT route alone.
    """
    lines = read_lines(path, count)
    n = len(lines)
    sample = workdir / f"{name}.txt"
    sample.write_text("\n".join(lines) + "\n")
    startup = median([timed_process(satdoku_cli("solve", "--help"))[0] for _ in range(3)])
    walls: list[float] = []
    bares: list[float] = []
    tuneds: list[float] = []
    natives: list[float] = []
    rss, outputs = 0, ""
    for _ in range(3):
        wall, rss, outputs = timed_process(satdoku_cli("solve", str(sample)))
        walls.append(wall)
        bares.append(bare_rate(lines, tuned=False))
        tuneds.append(bare_rate(lines, tuned=True))
        natives.append(native_rate(lines))
    wrong = check_lines(lines, outputs.splitlines())
    pysat_wall, _, pysat_outputs = timed_process(satdoku_cli("solve", str(sample), "--no-native"))
    wrong += check_lines(lines, pysat_outputs.splitlines())
    wall = median(walls)
    # per-puzzle time over the bare call's per-puzzle time, start-up excluded, round by round
    per_bare = [b * max(w - startup, 1e-9) / n for w, b in zip(walls, bares, strict=True)]
    per_tuned = [b * max(w - startup, 1e-9) / n for w, b in zip(walls, tuneds, strict=True)]
    per_native = [b * max(w - startup, 1e-9) / n for w, b in zip(walls, natives, strict=True)]
    return {
        "set": name,
        "puzzles": n,
        "wall": wall,
        "walls": walls,
        "rate": n / wall,
        "rate_no_startup": n / max(wall - startup, 1e-9),
        "startup": startup,
        "rss": rss,
        "wrong": wrong,
        "bare": median(bares),
        "bare_tuned": median(tuneds),
        "per_bare": median(per_bare),
        "per_tuned": median(per_tuned),
        "bare_native": median(natives),
        "per_native": median(per_native),
        "pysat_rate": n / pysat_wall,
    }


STAGES = (
    "read a line",
    "engine call (compiled)",
    "assumptions",
    "solver call",
    "get_model",
    "decode",
    "independent check",
    "format",
)
NATIVE_ROUTE = ("read a line", "engine call (compiled)", "independent check", "format")
PYSAT_ROUTE = tuple(stage for stage in STAGES if stage != "engine call (compiled)")


def breakdown(lines: Sequence[str]) -> dict[str, float]:
    """Mean microseconds per puzzle of each stage of the 9x9 routes, timed in one loop.

    The stages are those of ``SatBackend.solve``: the compiled engine's call, and the PySAT
    route it hands hard puzzles to (persistent solver, same options, same decoding), each
    timed on every puzzle, plus reading, checking and printing a line.
    """
    from itertools import compress
    from operator import add, sub

    from satdoku.io._line import format_line

    solver = new_solver(DEFAULT_SOLVER, shape_clauses(Shape.sudoku(9)).clauses)
    inner = getattr(solver, "solver", solver)
    offsets = tuple(range(0, 729, 9))
    clock = time.perf_counter_ns
    engine = engine_for(Shape.sudoku(9))
    spent = [0] * len(STAGES)
    for line in lines:
        t0 = clock()
        puzzle = parse_line(line)
        t1 = clock()
        cells = puzzle.cells
        if engine is not None:
            engine.solve(cells, GUESS_BUDGET)
        t2 = clock()
        lits = list(map(add, compress(offsets, cells), filter(None, cells)))
        t3 = clock()
        inner.solve(lits)
        t4 = clock()
        model = inner.get_model()
        t5 = clock()
        grid = tuple(map(sub, [v for v in model if v > 0], offsets))
        t6 = clock()
        ok = is_solution(grid, puzzle)
        t7 = clock()
        format_line(grid)
        t8 = clock()
        assert ok
        marks = (t0, t1, t2, t3, t4, t5, t6, t7, t8)
        for i in range(len(STAGES)):
            spent[i] += marks[i + 1] - marks[i]
    solver.delete()
    return {stage: ns / len(lines) / 1000 for stage, ns in zip(STAGES, spent, strict=True)}


def breakdown_text(rows: dict[str, dict[str, float]]) -> list[str]:
    """The per-stage table and what each route sums to."""
    names = list(rows)
    out = [
        "## Where a 9x9 puzzle's time goes",
        "",
        "Mean microseconds per puzzle of each stage of `SatBackend.solve`, plus reading and "
        "printing a line, timed stage by stage in one loop over the first puzzles of each set. "
        "*Compiled route*: the engine of `satdoku.backends._compiled` answers (every puzzle of "
        "these sets "
        f"within its budget of {GUESS_BUDGET:,} guesses). *PySAT route*: a puzzle past the budget, "
        "or `--no-native`: givens as assumptions on the persistent solver.",
        "",
        "| stage | " + " | ".join(names) + " |",
        "|---|" + "---:|" * len(names),
    ]
    for stage in STAGES:
        out.append(f"| {stage} | " + " | ".join(f"{rows[n][stage]:.1f}" for n in names) + " |")
    for label, route in (("compiled route", NATIVE_ROUTE), ("PySAT route", PYSAT_ROUTE)):
        total = {n: sum(rows[n][stage] for stage in route) for n in names}
        out.append(
            f"| **{label}** | "
            + " | ".join(f"**{total[n]:.1f}** ({1e6 / total[n]:,.0f}/s)" for n in names)
            + " |"
        )
    return out + [""]


def jobs_rows(path: Path, count: int, workdir: Path) -> dict[str, Any]:
    """Wall time of ``--jobs 1`` and ``--jobs 2`` on the same file: three alternating rounds,
    medians, and the speed-up as the median of the rounds' own ratios."""
    lines = read_lines(path, count)
    sample = workdir / "jobs.txt"
    sample.write_text("\n".join(lines) + "\n")
    result: dict[str, Any] = {"puzzles": len(lines)}
    walls: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(3):  # alternate, so a burst of load elsewhere hits both
        for jobs in (1, 2):
            wall, _, out = timed_process(satdoku_cli("solve", str(sample), "--jobs", str(jobs)))
            walls[jobs].append(wall)
            result[f"wrong{jobs}"] = check_lines(lines, out.splitlines())
    result["jobs1"], result["jobs2"] = median(walls[1]), median(walls[2])
    result["speedup"] = median([a / b for a, b in zip(walls[1], walls[2], strict=True)])
    return result


def streaming_rows(path: Path, big_lines: int, workdir: Path) -> dict[str, Any]:
    """Peak RSS of ``satdoku solve`` on 1,000 puzzles and on a big file of many more."""
    lines = read_lines(path)
    small = workdir / "small.txt"
    small.write_text("\n".join(lines[:1000]) + "\n")
    big = workdir / "big.txt"
    with big.open("w") as handle:
        written = 0
        while written < big_lines:
            chunk = lines[: big_lines - written]
            handle.write("\n".join(chunk) + "\n")
            written += len(chunk)
    _, small_rss, _ = timed_process(satdoku_cli("solve", str(small), "--json"))
    wall, big_rss, out = timed_process(satdoku_cli("solve", str(big), "--json"))
    solved = sum(1 for line in out.splitlines() if '"solved"' in line)
    size = big.stat().st_size
    big.unlink()
    return {
        "small_rss": small_rss,
        "big_rss": big_rss,
        "big_lines": big_lines,
        "big_mb": size / 2**20,
        "big_wall": wall,
        "big_solved": solved,
    }


def peer_rows(
    lines: Sequence[str], cap: float, timeout: float, workdir: Path
) -> tuple[dict[str, dict[str, float]], list[float]]:
    """Each peer on the same puzzles (until done or ``cap`` seconds), answers checked, with
    satdoku's rate on that sample measured just before and just after it (three runs each):
    a peer's ratio uses the median of those six, so both sides see the same load."""
    rows = {}
    runs = satdoku_sample_rates(lines, workdir)
    before = runs
    for name in PEER_ORDER:
        try:
            rows[name] = peers.measure(name, lines, cap, timeout)
        except Exception as err:  # a peer that is not installed
            rows[name] = {"error": str(err)}  # type: ignore[dict-item]
        after = satdoku_sample_rates(lines, workdir)
        rows[name]["satdoku"] = median(before + after)
        runs = runs + after
        before = after
        print(f"  peer {name}: {rows[name]}", file=sys.stderr, flush=True)
    return rows, runs


def satdoku_sample_rates(lines: Sequence[str], workdir: Path, runs: int = 3) -> list[float]:
    """satdoku on exactly the peers' sample: ``satdoku.cli.main(["solve", FILE])`` in this
    process (file read, solved, checked, printed to a file), puzzles/s of each run."""
    import contextlib

    from satdoku.cli import main as cli_main

    sample = workdir / "peer_sample.txt"
    sample.write_text("\n".join(lines) + "\n")
    rates = []
    for _ in range(runs):
        with open(workdir / "peer_out.txt", "w") as out, contextlib.redirect_stdout(out):
            start = time.perf_counter()
            cli_main(["solve", str(sample)])
            rates.append(len(lines) / (time.perf_counter() - start))
        answers = (workdir / "peer_out.txt").read_text().splitlines()
        if check_lines(lines, answers):
            raise RuntimeError("satdoku gave a wrong answer on the peers' sample")
    return rates


# --- scale ------------------------------------------------------------------------------------


def generated(n: int, count: int, givens: float, latin: bool) -> list[tuple[int, Any, list[int]]]:
    """Puzzles (n, box, cells) by punching holes in random complete grids (seeded)."""
    shape = Shape.latin(n) if latin else Shape.sudoku(n)
    out = []
    for seed in range(count):
        puzzle, _ = random_puzzle(shape, givens, seed=1000 * n + seed)
        out.append((n, shape.box, list(puzzle.cells)))
    return out


def large_file(n: int) -> list[tuple[int, Any, list[int]]]:
    """The puzzles of ../shared/data/large for side n."""
    name = {
        16: "sudoku16x16_unique.txt",
        25: "sudoku25x25_unique.txt",
        36: "sudoku36x36_multi.txt",
    }[n]
    alphabet = Alphabet(LARGE_ALPHABETS[n])
    out = []
    for line in read_lines(DATA / "large" / name):
        puzzle = parse_line(line, alphabet)
        out.append((n, puzzle.shape.box, list(puzzle.cells)))
    return out


def child_satdoku(spec: dict[str, Any]) -> dict[str, Any]:
    """In a child process: solve each puzzle with satdoku's default backend; times and RSS.

    No ``Limits``: a time limit on CaDiCaL is kept by conflict slices, which slow big grids
    down several times; the parent kills a child that runs past the timeout instead.
    """
    import resource

    times, statuses = [], []
    limits = Limits()
    for n, box, cells in spec["puzzles"]:
        shape = Shape(n, tuple(box) if box else None)
        puzzle = Puzzle(shape, tuple(cells))
        start = time.perf_counter()
        with SatBackend(limits=limits) as backend:
            result = backend.solve(puzzle)
        times.append(time.perf_counter() - start)
        ok = (
            result.status is Status.SOLVED
            and result.solution is not None
            and is_solution(result.solution, puzzle)
        )
        statuses.append("solved" if ok else result.status.value)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return {"times": times, "statuses": statuses, "rss": rss}


def run_child(spec: dict[str, Any]) -> dict[str, Any]:
    """Run :func:`child_satdoku` in a fresh process per puzzle (peak RSS its own), killed after
    the timeout (then the puzzle counts as a timeout at that time)."""
    merged: dict[str, Any] = {"times": [], "statuses": [], "rss": 0}
    for puzzle in spec["puzzles"]:
        one = json.dumps({"puzzles": [puzzle], "timeout": spec["timeout"]})
        try:
            _, rss, out = timed_process(
                [sys.executable, __file__, "--child"], one, timeout=spec["timeout"] + 5.0
            )
        except subprocess.TimeoutExpired:
            merged["times"].append(spec["timeout"])
            merged["statuses"].append("timeout")
            continue
        result = json.loads(out)
        merged["times"] += result["times"]
        merged["statuses"] += result["statuses"]
        # ru_maxrss inside the child would include its parent's, from the fork: /usr/bin/time
        merged["rss"] = max(merged["rss"], rss)
    return merged


def peer_scale(
    name: str, puzzles: Sequence[tuple[int, Any, list[int]]], timeout: float
) -> dict[str, Any] | None:
    """Time one peer per puzzle (None when it does not take this size); stop at a timeout."""
    n, box, _ = puzzles[0]
    if not peers.supports(name, n, tuple(box) if box else None):
        return None
    times, statuses = [], []
    for n, box, cells in puzzles:
        box_t = tuple(box) if box else None
        start = time.perf_counter()
        answer = peers.solve_cells(name, n, box_t, cells, timeout)
        took = time.perf_counter() - start
        ok = peers.check_solution(n, box_t, cells, answer)
        times.append(took)
        statuses.append("solved" if ok else ("timeout" if took >= 0.95 * timeout else "failed"))
        if not ok:
            break
    return {"times": times, "statuses": statuses}


def scale_rows(quick: bool, timeout: float) -> list[dict[str, Any]]:
    """satdoku and the peers on big grids: generated Sudoku, the large files, Latin squares."""
    count = 1 if quick else 3
    cases: list[tuple[str, int, list[tuple[int, Any, list[int]]]]] = []
    for n in (16, 25, 36, 49, 64):
        cases.append(
            (
                f"Sudoku {n}x{n}, generated, {GENERATED_GIVENS:.0%} given",
                n,
                generated(n, count, GENERATED_GIVENS, latin=False),
            )
        )
        if n in LARGE_ALPHABETS:
            cases.append((f"Sudoku {n}x{n}, data/large", n, large_file(n)))
    for n in (30, 40) if quick else (30, 40, 50, 60):
        cases.append(
            (
                f"Latin square {n}, {LATIN_GIVENS:.0%} given",
                n,
                generated(n, count, LATIN_GIVENS, latin=True),
            )
        )
    rows = []
    dead: set[str] = set()
    for label, n, puzzles in cases:
        print(f"scale: {label}", file=sys.stderr, flush=True)
        ours = run_child({"puzzles": puzzles, "timeout": timeout})
        row: dict[str, Any] = {"case": label, "n": n, "count": len(puzzles), "satdoku": ours}
        for name in ("naive_pysat", "dokusan", "py-sudoku", "plain_backtracking"):
            key = f"{name}:{'latin' if 'Latin' in label else 'sudoku'}"
            if key in dead:
                row[name] = {"skipped": True}
                continue
            res = peer_scale(name, puzzles, timeout)
            row[name] = res
            if res is not None and "solved" not in res["statuses"]:
                dead.add(key)  # it timed out here: larger sizes are skipped
        rows.append(row)
    return rows


# --- report -----------------------------------------------------------------------------------


def fmt_rate(x: float) -> str:
    """Format a rate."""
    return f"{x:,.0f}" if x >= 10 else f"{x:.2f}"


def fmt_time(row: dict[str, Any] | None) -> str:
    """Median time of the solved puzzles, with counts of failures."""
    if row is None:
        return "n/a"
    if row.get("skipped"):
        return "skipped (timed out on a smaller size)"
    times = [t for t, s in zip(row["times"], row["statuses"], strict=True) if s == "solved"]
    text = f"{median(times):.2f} s" if times else "-"
    fails = [s for s in row["statuses"] if s != "solved"]
    if fails:
        text += f" ({len(fails)} {fails[0]})"
    return text


def plot(rows: list[dict[str, Any]], out: Path) -> bool:
    """Log-scale plot of median time against grid side, one line per solver (PNG)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(7, 4.5))
    series: dict[str, list[tuple[int, float]]] = {}
    for row in rows:
        if "generated" not in row["case"] and "Latin" not in row["case"]:
            continue
        kind = "Latin" if "Latin" in row["case"] else "Sudoku"
        for name in ("satdoku", "naive_pysat", "dokusan", "py-sudoku", "plain_backtracking"):
            res = row.get(name)
            if not res or res.get("skipped"):
                continue
            times = [t for t, s in zip(res["times"], res["statuses"], strict=True) if s == "solved"]
            if times:
                series.setdefault(f"{name} ({kind})", []).append((row["n"], median(times)))
    for label, points in sorted(series.items()):
        xs, ys = zip(*sorted(points), strict=True)
        ax.plot(xs, ys, marker="o", linestyle="--" if "Latin" in label else "-", label=label)
    ax.set_yscale("log")
    ax.set_xlabel("grid side n")
    ax.set_ylabel("median seconds per puzzle (solved ones)")
    ax.set_title("Time against grid size (log scale)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    return True


def headline(res: dict[str, Any]) -> list[str]:
    """The must-show figures of issues 2 and 6, with the targets they are held against."""
    b17, bhard = res["batches"][0], res["batches"][1]
    rows = res["peers"]["rows"]
    dlx = rows.get("dlxsudoku", {}).get("rate") or float("nan")
    naive = rows.get("naive_pysat", {}).get("rate") or float("nan")
    ours_dlx = rows.get("dlxsudoku", {}).get("satdoku", float("nan"))
    ours_naive = rows.get("naive_pysat", {}).get("satdoku", float("nan"))

    def mark(ok: bool) -> str:
        return "met" if ok else "**not met**"

    out = [
        "## Headline",
        "",
        "| figure | measured | target | |",
        "|---|---:|---:|---|",
        f"| 17-clue, `satdoku solve FILE`, fresh process, {b17['puzzles']:,} puzzles | "
        f"{b17['rate']:,.0f}/s | >= 6,000/s | {mark(b17['rate'] >= 6000)} |",
        f"| ... against dlxsudoku: same {res['peers']['count']:,}-puzzle sample; full-set rate "
        f"| {ours_dlx / dlx:,.0f}x; "
        f"{b17['rate'] / dlx:,.0f}x | >= 120x | {mark(ours_dlx / dlx >= 120)} |",
        f"| ... against the naive PySAT baseline: same sample; full-set rate | "
        f"{ours_naive / naive:,.0f}x; {b17['rate'] / naive:,.0f}x | >= 75x | "
        f"{mark(ours_naive / naive >= 75)} |",
        f"| forum_hardest_1905_11+, {bhard['puzzles']:,} puzzles | {bhard['rate']:,.0f}/s | "
        f">= 600/s | {mark(bhard['rate'] >= 600)} |",
        f"| `--jobs 2` against one process | {res['jobs']['speedup']:.2f}x | >= 1.7x | "
        f"{mark(res['jobs']['speedup'] >= 1.7)} |",
    ]
    for b in res["batches"]:
        per = b["per_bare"]
        out.append(
            f"| per-puzzle time / bare solver call, {b['set']} (start-up excluded) | "
            f"{per:.2f}x | <= 1.5x | {mark(per <= 1.5)} |"
        )
    goals = {
        "Sudoku 25x25, data/large": 0.5,
        "Sudoku 36x36, data/large": 2.0,
        "Sudoku 36x36, generated": 2.0,
        "Sudoku 49x49, generated": 5.0,
        "Sudoku 64x64, generated": 15.0,
    }
    for row in res["scale"]:
        for key, goal in goals.items():
            if row["case"].startswith(key):
                sd = row["satdoku"]
                worst = max(sd["times"]) if sd["times"] else float("nan")
                med = median(sd["times"])  # timeouts count at the timeout
                ok = med < goal and all(s == "solved" for s in sd["statuses"])
                out.append(
                    f"| {row['case']}: median (max) seconds, peak RSS | {med:.2f} s "
                    f"({worst:.2f} s), {sd['rss']} MB | < {goal:g} s"
                    f"{', < 2 GB' if '64' in key else ''} | {mark(ok)} |"
                )
    return out + [""]


def report(res: dict[str, Any], command: str, out: Path) -> str:
    """Write the Markdown report."""
    m = res["machine"]
    lines = [
        "# satdoku benchmark results",
        "",
        f"Command: `{command}` ({'quick' if res['quick'] else 'full'} run, "
        f"{res['seconds'] / 60:.1f} minutes).",
        "",
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['system']}, Python {m['python']}, "
        f"python-sat {m['pysat']}. Load average at the start: {m['load']}; at the end: "
        f"{res['load_end']} (other jobs shared the machine: absolute figures move with the "
        "load, ratios measured side by side move less).",
        "",
        f"Default solver: {DEFAULT_SOLVER} (options {res['options']}), chosen by measurement "
        "(see *Solver choice*).",
        "",
    ]
    lines += headline(res)
    if "tdoku" in res:
        lines += [speed16.report(res["tdoku"])]
    lines += [
        "## 9x9 batches, end to end",
        "",
        "`satdoku solve FILE` in a fresh process, wall clock from start to the last printed "
        "solution (median of three rounds; every solution checked by the independent "
        "checker afterwards). *Bare solver*: the same first puzzles through "
        "`solve(assumptions)` on ready literal lists in one persistent solver (PySAT "
        "defaults; *tuned*: with satdoku's solver options), run in each round right after "
        "satdoku. *Bare engine*: the compiled engine's `solve(cells, budget)` on ready digit "
        "tuples. *Per puzzle*: satdoku's time per puzzle (start-up excluded) over the bare "
        "call's, the median of the three rounds' ratios. *--no-native*: one run of the PySAT "
        "route alone, end to end.",
        "",
        "| collection | puzzles | satdoku end to end | without interpreter start-up | "
        "bare solver | bare, tuned | bare engine | per puzzle / bare solver (tuned) | "
        "per puzzle / bare engine | --no-native end to end | wrong |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for b in res["batches"]:
        lines.append(
            f"| {b['set']} | {b['puzzles']:,} | {fmt_rate(b['rate'])}/s | "
            f"{fmt_rate(b['rate_no_startup'])}/s | {fmt_rate(b['bare'])}/s | "
            f"{fmt_rate(b['bare_tuned'])}/s | {fmt_rate(b['bare_native'])}/s | "
            f"{b['per_bare']:.2f}x ({b['per_tuned']:.2f}x) | {b['per_native']:.2f}x | "
            f"{fmt_rate(b['pysat_rate'])}/s | {b['wrong']} |"
        )
    lines += [
        "",
        f"Interpreter start-up and imports (`satdoku solve --help`): "
        f"{res['batches'][0]['startup']:.2f} s.",
        "",
    ]
    lines += breakdown_text(res["breakdown"])
    p = res["peers"]
    lines += [
        "## Peers side by side (same puzzles, same machine)",
        "",
        f"First {p['count']} puzzles of the 17-clue set; each peer runs until done or "
        f"{p['cap']:.0f} s, at most {p['timeout']:.0f} s per puzzle (timeouts count as "
        "tried); answers checked.",
        "",
        "| solver | tried | solved | timeouts | wrong | puzzles/s | satdoku is N x faster |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    ours = p["satdoku"]
    lines.append(
        f"| **satdoku** (`satdoku.cli.main`, file to printed solutions; median of "
        f"{len(p['satdoku_runs'])} runs) | {p['count']} | "
        f"{p['count']} | 0 | 0 | {fmt_rate(ours)} | 1 |"
    )
    lines.append(
        f"| satdoku, full 17-clue run above | | | | | {fmt_rate(res['batches'][0]['rate'])} | |"
    )
    for name in PEER_ORDER:
        r = p["rows"][name]
        if "error" in r:
            lines.append(f"| {name} | - | - | - | - | not run: {r['error']} | |")
            continue
        ratio = r["satdoku"] / r["rate"] if r["rate"] else float("inf")
        lines.append(
            f"| {name} | {r['tried']:.0f} | {r['solved']:.0f} | {r['timeout']:.0f} | "
            f"{r['wrong']:.0f} | {fmt_rate(r['rate'])} | {ratio:,.0f} |"
        )
    lines += [
        "",
        "Ratios use satdoku's rate on the peers' own sample, reading the file and "
        "printing the solutions in one process (interpreter start-up excluded, as it is "
        "for the peers): the median of three runs just before and three just after that "
        "peer, so both see the same load; the full-set row above is a fresh process, "
        "start-up included.",
        "",
    ]
    j = res["jobs"]
    lines += [
        "## --jobs",
        "",
        f"`satdoku solve` on {j['puzzles']:,} 17-clue puzzles, three alternating rounds "
        f"(medians): one process {j['jobs1']:.2f} s, `--jobs 2` {j['jobs2']:.2f} s: "
        f"**{j['speedup']:.2f}x** (median of the rounds' ratios) "
        f"(wrong: {j['wrong1']} / {j['wrong2']}). On 2 cores shared with other jobs the "
        "second worker only gets the CPU the others leave.",
        "",
    ]
    s = res["streaming"]
    lines += [
        "## Streaming: constant memory",
        "",
        f"Peak RSS of `satdoku solve --json`: 1,000 puzzles {s['small_rss']} MB; "
        f"{s['big_lines']:,} puzzles ({s['big_mb']:.0f} MB file) {s['big_rss']} MB "
        f"({s['big_solved']:,} solved in {s['big_wall']:.1f} s).",
        "",
    ]
    lines += [
        "## Scale: big grids and Latin squares",
        "",
        "The hard region of Latin-square completion is put at about 42 % of the "
        "cells given (the literature on quasigroups with holes puts the peak at about 42 % "
        "*holes*); 42 % given is what is measured here.",
        "",
        f"Median seconds per puzzle (solved ones; failures in brackets), per-puzzle timeout "
        f"{res['timeout']:.0f} s, peak RSS of satdoku's largest process (big grids race two "
        "solver configurations in two child processes, each about that size). Generated Sudoku: "
        "`satdoku.generation._generate.random_puzzle` "
        f"(a random complete grid, {GENERATED_GIVENS:.0%} "
        f"of its cells kept); Latin squares: quasigroup with holes, {LATIN_GIVENS:.0%} of "
        "the cells given. A peer that times out is skipped on larger sizes.",
        "",
        "| case | puzzles | satdoku | satdoku peak RSS | naive PySAT | dokusan | py-sudoku "
        "| plain backtracking |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in res["scale"]:
        lines.append(
            f"| {row['case']} | {row['count']} | {fmt_time(row['satdoku'])} | "
            f"{row['satdoku']['rss']} MB | {fmt_time(row['naive_pysat'])} | "
            f"{fmt_time(row['dokusan'])} | {fmt_time(row['py-sudoku'])} | "
            f"{fmt_time(row['plain_backtracking'])} |"
        )
    if res.get("plot"):
        lines += ["", f"![time against grid size]({PLOT.relative_to(HERE).as_posix()})"]
    lines += ["", "## Solver choice", "", res["choice"], ""]
    text = "\n".join(lines) + "\n"
    out.write_text(text)
    return text


CANDIDATES: list[tuple[str, dict[str, int]]] = [
    ("cadical153", {}),
    ("cadical153", {"chrono": 0}),
    ("cadical195", {}),
    ("minisat22", {}),
    ("glucose3", {}),
    ("glucose4", {}),
    ("maplechrono", {}),
    ("lingeling", {}),
]


def solver_choice(easy: Sequence[str], hard: Sequence[str]) -> list[dict[str, Any]]:
    """Bare rate (CPU time) of each candidate solver on easy and hard 9x9 puzzles."""
    clauses = shape_clauses(Shape.sudoku(9)).clauses
    rows = [
        {"solver": name, "options": options, "easy": 0.0, "hard": 0.0}
        for name, options in CANDIDATES
    ]
    for _ in range(2):  # two interleaved rounds, the best of each
        for row in rows:
            _choice_round(row, clauses, easy, hard)
    return rows


def _choice_round(
    row: dict[str, Any], clauses: list[list[int]], easy: Sequence[str], hard: Sequence[str]
) -> None:
    from pysat.solvers import Solver

    name, options = row["solver"], row["options"]
    for label, lines in (("easy", easy), ("hard", hard)):
        solver = Solver(name=name)
        if options:
            solver.configure(options)
        solver.append_formula(clauses)
        ready = [[i * 9 + int(c) for i, c in enumerate(x) if c not in ".0"] for x in lines]
        start = time.process_time()
        for lits in ready:
            solver.solve(assumptions=lits)
        row[label] = max(row[label], len(ready) / (time.process_time() - start))
        solver.delete()
    print(f"  choice {row}", file=sys.stderr, flush=True)


def choice_text(rows: list[dict[str, Any]], easy: int, hard: int) -> str:
    """The solver-choice table."""
    lines = [
        f"Bare solver (one persistent solver per shape, givens as assumptions), CPU time, "
        f"first {easy:,} puzzles of the 17-clue set and first {hard:,} of "
        "forum_hardest_1905_11+; 9x9 extended pairwise encoding.",
        "",
        "| solver | options | 17-clue puzzles/s | hardest puzzles/s |",
        "|---|---|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['solver']} | {r['options'] or 'PySAT defaults'} | "
            f"{fmt_rate(r['easy'])} | {fmt_rate(r['hard'])} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every measurement and write RESULTS.md (and results/: the plot, the raw figures)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples, a few minutes")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", default=str(HERE / "RESULTS.md"))
    parser.add_argument(
        "--tdoku",
        action="store_true",
        help="only the section against tdoku (speed16.py), printed",
    )
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child_satdoku(json.loads(sys.stdin.read()))))
        return 0
    need(*(DATA / name for name in SETS.values()), DATA / "large")
    if args.tdoku:
        with tempfile.TemporaryDirectory() as tmp:
            print(speed16.report(speed16.measure(args.quick, Path(tmp))))
        return 0
    command = "python benchmarks/run.py" + (" --quick" if args.quick else "")
    start = time.perf_counter()
    compiled_bytecode()
    from satdoku.backends._solvers import SOLVER_OPTIONS

    res: dict[str, Any] = {
        "machine": machine(),
        "quick": args.quick,
        "options": SOLVER_OPTIONS.get(DEFAULT_SOLVER, {}),
    }
    quick = args.quick
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        counts = {
            "17-clue": 5000 if quick else None,
            "forum_hardest_1905_11+": 1000 if quick else 10000,
            "magictour_top1465": 500 if quick else None,
        }
        res["batches"] = []
        for name, file in SETS.items():
            print(f"batch: {name}", file=sys.stderr, flush=True)
            res["batches"].append(batch_rows(name, DATA / file, counts[name], work))
        print("breakdown", file=sys.stderr, flush=True)
        res["breakdown"] = {
            name: min(
                (breakdown(read_lines(DATA / SETS[name], size)) for _ in range(2)),
                key=lambda row: sum(row.values()),
            )
            for name, size in (
                ("17-clue", 5000 if quick else 20000),
                ("forum_hardest_1905_11+", 300 if quick else 2000),
            )
        }
        print("tdoku", file=sys.stderr, flush=True)
        res["tdoku"] = speed16.measure(quick, work)
        print("jobs", file=sys.stderr, flush=True)
        res["jobs"] = jobs_rows(DATA / SETS["17-clue"], 10000 if quick else 49158, work)
        print("streaming", file=sys.stderr, flush=True)
        res["streaming"] = streaming_rows(
            DATA / SETS["17-clue"], 100_000 if quick else 500_000, work
        )
        count, cap, timeout = (100, 15.0, 5.0) if quick else (1000, 30.0, 10.0)
        sample = read_lines(DATA / SETS["17-clue"], count)
        rows, runs = peer_rows(sample, cap, timeout, work)
        res["peers"] = {
            "count": count,
            "cap": cap,
            "timeout": timeout,
            "satdoku": median(runs),
            "satdoku_runs": runs,
            "rows": rows,
        }
    res["timeout"] = 20.0 if quick else 30.0
    res["scale"] = scale_rows(quick, res["timeout"])
    res["plot"] = plot(res["scale"], PLOT)
    easy, hard = (2000, 300) if quick else (5000, 1000)
    print("solver choice", file=sys.stderr, flush=True)
    res["choice_rows"] = solver_choice(
        read_lines(DATA / SETS["17-clue"], easy),
        read_lines(DATA / SETS["forum_hardest_1905_11+"], hard),
    )
    res["choice"] = choice_text(res["choice_rows"], easy, hard)
    res["load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    res["seconds"] = time.perf_counter() - start
    RAW.write_text(json.dumps(res, indent=1, default=str))
    print(report(res, command, Path(args.out)))
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
