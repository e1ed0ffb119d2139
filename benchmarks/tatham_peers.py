"""Simon Tatham's own solvers against satdoku on the same game IDs: CPU time per puzzle, as ratios.

Games and parameter sets (all 9x9): Keen at every level and multiplication-only (``m``), Towers,
Unequal in both modes (``9dX``, ``9adX``), Solo's killers (``3x3kdX``). His standalone solvers
are built with ``../shared/peers/sgt-puzzles/build.sh`` (``shared`` next to the checkout);
IDs come from Debian's generators (``/usr/games/sgt-keen --generate N 9dx``...) or from a file.

satdoku is measured in this process (``time.process_time`` around ``parse_game_id`` and
``SatBackend().solve``, then the same for ``StepperBackend``); his solver as the CPU time of its
child process (``resource.getrusage(RUSAGE_CHILDREN)``, user + system), which includes the
process start-up: measured on ``/bin/true`` and on his solver with a 3x3 ID of the same game, and
the ratio is shown both raw and with that start-up taken off his time. Per puzzle the runs
alternate (satdoku, his, stepper) for ``--rounds`` rounds; medians per puzzle, then the median of
the per-puzzle ratios per set. Every satdoku solution is checked against his printed grid.
Unequal's standalone solver always prints its deductions (to /dev/null here): counted in his time.

Usage::

    .venv/bin/python benchmarks/tatham_peers.py generate --per-set 5 --out FILE
    .venv/bin/python benchmarks/tatham_peers.py run --ids FILE --rounds 3 [--no-stepper]
    .venv/bin/python benchmarks/tatham_peers.py batch --ids benchmarks/data/tatham_batch_ids.tsv

``batch`` is how a user runs a file of IDs: one pass, each puzzle read and solved once in file
order in this one process (as ``satdoku solve ids.txt`` does), distinct IDs per set; the one-time
start (loading PySAT, a shape solver's houses for each shape of the file) is timed apart, before
the pass; his solver runs once per ID, after satdoku's solve of it.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from satdoku.backends._rule_sessions import rule_session
from satdoku.backends._sat import SatBackend
from satdoku.backends._stepper import StepperBackend
from satdoku.core._limits import Limits
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._results import Status
from satdoku.io.tatham import parse_game_id

HERE = Path(__file__).resolve().parent
SHARED_PEERS = HERE.parent.parent / "shared" / "peers" / "sgt-puzzles"
IDS = HERE / "data" / "tatham_peers_ids.tsv"
BATCH_IDS = HERE / "data" / "tatham_batch_ids.tsv"

SETS = (
    *(f"keen 9d{level}" for level in "enhxu"),
    *(f"keen 9d{level}m" for level in "enhxu"),
    *(f"towers 9d{level}" for level in "ehxu"),
    *(f"unequal 9d{level}" for level in "tekxr"),
    *(f"unequal 9ad{level}" for level in "tekxr"),
    *(f"solo 3x3kd{level}" for level in "tbiaeu"),
)
"""The parameter sets measured, ``GAME PARAMS`` as Debian's generators take them."""

TRIVIAL = {
    "keen": "3:_baa_3a,m6s1a3m3",
    "towers": "3:2/2/1/1/2/3/2/2/1/1/2/3",
    "unequal": "3:0R,0,0,0,0,0,0,0L,1,",
    "solo": "2x2:d1_3d2_1d",
}
"""Tiny IDs per game: his solver's time on them is its process start-up."""


@dataclass(frozen=True)
class Timing:
    """Median CPU seconds per puzzle of one set, and the median per-puzzle ratios."""

    label: str
    puzzles: int
    his: float
    sat: float
    sat_raw: float
    sat_net: float
    stepper: float | None
    stepper_raw: float | None
    stepper_net: float | None
    stepper_unsolved: int


def generate(per_set: int, out: Path, sets: Sequence[str], timeout: float | None = None) -> None:
    """Append ``per_set`` IDs of each set not yet in the file, from Debian's sgt-puzzles, as
    ``SET<TAB>ID`` lines (set by set: a long run can be stopped and taken up again); a set whose
    generator takes more than ``timeout`` seconds is skipped and named."""
    done = {line.split("\t")[0] for line in out.read_text().splitlines()} if out.exists() else set()
    for label in sets:
        game, params = label.split()
        program = shutil.which(f"sgt-{game}") or f"/usr/games/sgt-{game}"
        if label in done:
            continue
        if not Path(program).exists():
            sys.exit(f"sgt-{game} is absent (apt-get install sgt-puzzles): no IDs to generate")
        try:
            made = subprocess.run(
                [program, "--generate", str(per_set), params],
                capture_output=True,
                text=True,
                check=True,
                timeout=timeout,
            ).stdout.split()
        except subprocess.TimeoutExpired:
            print(f"{label}: skipped, its generator took more than {timeout:g} s", file=sys.stderr)
            continue
        with out.open("a") as ids:
            ids.writelines(f"{label}\t{game}:{game_id}\n" for game_id in made)
        print(f"{label}: {len(made)} IDs", file=sys.stderr)


def build_peers(peers: Path | None) -> Path | None:
    """Return the folder of his solvers, built now unless given; None when they cannot be."""
    if peers is not None:
        return peers
    script = SHARED_PEERS / "build.sh"
    if not script.exists():
        print(f"skipped: Tatham's sources are absent ({SHARED_PEERS})", file=sys.stderr)
        return None
    if shutil.which("cc") is None:
        print("skipped: no C compiler (cc) to build Tatham's solvers", file=sys.stderr)
        return None
    out = Path(tempfile.mkdtemp(prefix="tatham-solvers-"))
    subprocess.run(["bash", str(script), str(out)], check=True)
    return out


def child_cpu(argv: Sequence[str]) -> tuple[float, str]:
    """Run a program; return its CPU seconds (user + system) and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return spent, done.stdout


def _rows_with(lines: list[str], n: int, cells: Callable[[str], list[int]]) -> Grid | None:
    """Return the last n lines whose cells read as n digits, as a grid."""
    rows = [row for row in (cells(line) for line in lines) if len(row) == n]
    if len(rows) < n:
        return None
    return tuple(d for row in rows[-n:] for d in row)


def his_grid(game: str, printed: str, n: int) -> Grid | None:
    """Return the solution grid his solver printed, or None when it printed none."""
    lines = printed.splitlines()
    if game == "towers":  # clue lines, a blank line, the rows (a clue each side), a blank line

        def cells(line: str) -> list[int]:
            inner = line[3 : 3 + 2 * n - 1 : 2]
            return [int(c) for c in inner] if inner.isdigit() and len(inner) == n else []

        blocks = "\n".join(lines).split("\n\n")
        rows = [block.splitlines() for block in blocks if len(block.splitlines()) == n]
        return _rows_with(rows[-1], n, cells) if rows else None
    grid_line = re.compile(r"^[\d\s|<>^v+-]+$")  # working lines have words

    def digits(line: str) -> list[int]:
        return [int(d) for d in re.findall(r"\d+", line)] if grid_line.match(line) else []

    return _rows_with(lines, n, digits)


def satdoku_cpu(solve: Callable[[str], Grid | None], game_id: str) -> tuple[float, Grid | None]:
    """Return satdoku's CPU seconds to read and solve an ID in this process, and its grid."""
    started = time.process_time()
    grid = solve(game_id)
    return time.process_time() - started, grid


def sat_solve(game_id: str) -> Grid | None:
    """Read and solve an ID with the SAT backend."""
    with SatBackend() as backend:
        return backend.solve(parse_game_id(game_id)).solution


def stepper_solver(timeout: float) -> Callable[[str], Grid | None]:
    """Return a reader and solver of IDs on the stepper backend, None past ``timeout`` seconds."""

    def solve(game_id: str) -> Grid | None:
        result = StepperBackend(limits=Limits(timeout=timeout)).solve(parse_game_id(game_id))
        return result.solution if result.status is Status.SOLVED else None

    return solve


def measure(
    label: str,
    ids: list[str],
    peers: Path,
    startup: float,
    rounds: int,
    stepper: Callable[[str], Grid | None] | None,
) -> Timing:
    """Time one set: per puzzle, rounds of satdoku, his solver and the stepper in turn."""
    game = label.split()[0]
    his_median, sat_median, step_median = [], [], []
    step_unsolved = 0
    for game_id in ids:
        his_runs, sat_runs, step_runs = [], [], []
        body = game_id.split(":", 1)[1]
        expected: Grid | None = None
        for _ in range(rounds):
            spent, grid = satdoku_cpu(sat_solve, game_id)
            sat_runs.append(spent)
            spent_his, printed = child_cpu([str(peers / f"{game}solver"), body])
            his_runs.append(spent_his)
            if expected is None:
                expected = his_grid(game, printed, 9)
                if expected is None or grid != expected:
                    raise SystemExit(f"{game_id}: satdoku {grid} but Tatham {expected}")
            if stepper is not None:
                spent, grid = satdoku_cpu(stepper, game_id)
                step_runs.append(spent)
                if grid is None:
                    step_unsolved += 1
                elif grid != expected:
                    raise SystemExit(f"{game_id}: the stepper's {grid} but Tatham {expected}")
        his_median.append(statistics.median(his_runs))
        sat_median.append(statistics.median(sat_runs))
        if step_runs:
            step_median.append(statistics.median(step_runs))

    def ratios(ours: list[float]) -> tuple[float, float]:
        raw = [a / b for a, b in zip(ours, his_median, strict=True)]
        net = [a / max(b - startup, 1e-5) for a, b in zip(ours, his_median, strict=True)]
        return statistics.median(raw), statistics.median(net)

    sat_raw, sat_net = ratios(sat_median)
    step = ratios(step_median) if step_median else (None, None)
    return Timing(
        label,
        len(ids),
        statistics.median(his_median),
        statistics.median(sat_median),
        sat_raw,
        sat_net,
        statistics.median(step_median) if step_median else None,
        step[0],
        step[1],
        step_unsolved,
    )


def _ms(seconds: float | None) -> str:
    return "–" if seconds is None else f"{seconds * 1000:.1f}"


def _x(ratio: float | None) -> str:
    return "–" if ratio is None else f"{ratio:.2f}"


def table(timings: list[Timing], startups: dict[str, float], true_cpu: float) -> str:
    """Return the timings as a Markdown table, with the start-ups measured."""
    head = (
        "| set | IDs | Tatham ms | satdoku SAT ms | SAT/Tatham | SAT/(Tatham − start-up) "
        "| stepper ms | stepper/Tatham | stepper/(Tatham − start-up) |\n"
        "|---|---|---|---|---|---|---|---|---|\n"
    )
    rows = []
    for t in timings:
        unsolved = f" ({t.stepper_unsolved} runs timed out)" if t.stepper_unsolved else ""
        rows.append(
            f"| {t.label} | {t.puzzles} | {_ms(t.his)} | {_ms(t.sat)} | {_x(t.sat_raw)} "
            f"| {_x(t.sat_net)} | {_ms(t.stepper)}{unsolved} | {_x(t.stepper_raw)} "
            f"| {_x(t.stepper_net)} |"
        )
    starts = ", ".join(f"{game} {_ms(cpu)}" for game, cpu in startups.items())
    foot = (
        f"\nStart-up (his solver on a 3x3 ID, ms of CPU): {starts}; `/bin/true` "
        f"{_ms(true_cpu)}. Ratios: medians over the set's puzzles of satdoku's median CPU over "
        "his.\n"
    )
    return head + "\n".join(rows) + "\n" + foot


def read_ids(path: Path, prefixes: Sequence[str] | None) -> dict[str, list[str]]:
    """Return the IDs of a ``SET<TAB>ID`` file by set, in file order (only the sets starting
    with one of the prefixes, when given)."""
    by_set: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            label, game_id = line.split("\t")
            if not prefixes or any(label.startswith(p) for p in prefixes):
                by_set.setdefault(label, []).append(game_id.strip())
    return by_set


def start_ups(peers: Path, games: Sequence[str]) -> tuple[float, dict[str, float]]:
    """Return the CPU seconds of ``/bin/true`` and of his solver on a tiny ID, per game."""
    true_cpu = statistics.median(child_cpu(["/bin/true"])[0] for _ in range(5))
    startups = {
        game: statistics.median(
            child_cpu([str(peers / f"{game}solver"), TRIVIAL[game]])[0] for _ in range(5)
        )
        for game in dict.fromkeys(games)
    }
    return true_cpu, startups


@dataclass(frozen=True)
class BatchTiming:
    """One set of a batch: median CPU seconds per puzzle (his, satdoku's), the median of the
    per-puzzle ratios (raw and against his time less start-up), satdoku's slowest puzzle."""

    label: str
    puzzles: int
    his: float
    sat: float
    raw: float
    net: float
    slowest: float


def one_time_start(by_set: dict[str, list[str]]) -> tuple[float, int]:
    """Load PySAT and a shape solver's houses for each shape of the file; return the CPU
    seconds spent and how many shapes."""
    started = time.process_time()
    shapes = {parse_game_id(ids[0]).shape: None for ids in by_set.values()}
    for shape in shapes:
        with rule_session(Puzzle.empty(shape), SatBackend().rule_solver_name):
            pass
    return time.process_time() - started, len(shapes)


def batch(args: argparse.Namespace) -> None:
    """Solve every ID of the file once, in file order, in this process; print the table."""
    peers = build_peers(args.peers)
    if peers is None:
        return
    by_set = read_ids(args.ids, args.sets)
    loads = [os.getloadavg()]
    true_cpu, startups = start_ups(peers, [label.split()[0] for label in by_set])
    start, shapes = one_time_start(by_set)
    timings = []
    for label, ids in by_set.items():
        game = label.split()[0]
        ours, his = [], []
        for game_id in ids:
            spent, grid = satdoku_cpu(sat_solve, game_id)
            ours.append(spent)
            spent_his, printed = child_cpu([str(peers / f"{game}solver"), game_id.split(":", 1)[1]])
            his.append(spent_his)
            expected = his_grid(game, printed, 9)
            if expected is None or grid != expected:
                raise SystemExit(f"{game_id}: satdoku {grid} but Tatham {expected}")
        net = [a / max(b - startups[game], 1e-5) for a, b in zip(ours, his, strict=True)]
        raw = [a / b for a, b in zip(ours, his, strict=True)]
        timings.append(
            BatchTiming(
                label,
                len(ids),
                statistics.median(his),
                statistics.median(ours),
                statistics.median(raw),
                statistics.median(net),
                max(ours),
            )
        )
        loads.append(os.getloadavg())
        print(f"{label}: SAT/Tatham {timings[-1].raw:.2f}", file=sys.stderr)
    print(
        "| set | IDs | Tatham ms | satdoku SAT ms | SAT/Tatham | SAT/(Tatham − start-up) "
        "| satdoku slowest ms |\n|---|---|---|---|---|---|---|"
    )
    for t in timings:
        print(
            f"| {t.label} | {t.puzzles} | {_ms(t.his)} | {_ms(t.sat)} | {_x(t.raw)} "
            f"| {_x(t.net)} | {_ms(t.slowest)} |"
        )
    starts = ", ".join(f"{game} {_ms(cpu)}" for game, cpu in startups.items())
    print(
        f"\nsatdoku's one-time start (PySAT, {shapes} shape solvers' houses): {_ms(start)} ms."
        f" His start-up (a 3x3 ID, ms of CPU): {starts};"
        f" `/bin/true` {_ms(true_cpu)}."
    )
    low = min(load[0] for load in loads)
    high = max(load[0] for load in loads)
    print(f"Load average (1 min) during the run: {low:.2f}-{high:.2f}.")


def run(args: argparse.Namespace) -> None:
    """Time every set of the ID file and print the Markdown table."""
    peers = build_peers(args.peers)
    if peers is None:
        return
    by_set = read_ids(args.ids, args.sets)
    wanted = list(by_set)
    loads = [os.getloadavg()]
    true_cpu, startups = start_ups(peers, [label.split()[0] for label in wanted])
    stepper = None if args.no_stepper else stepper_solver(args.stepper_timeout)
    timings = []
    for label in wanted:
        game = label.split()[0]
        timing = measure(label, by_set[label], peers, startups[game], args.rounds, stepper)
        timings.append(timing)
        loads.append(os.getloadavg())
        print(f"{label}: SAT/Tatham {timing.sat_raw:.2f}", file=sys.stderr)
    print(table(timings, startups, true_cpu))
    low = min(load[0] for load in loads)
    high = max(load[0] for load in loads)
    print(f"Load average (1 min) during the run: {low:.2f}-{high:.2f}; rounds {args.rounds}.")


def main(argv: list[str] | None = None) -> None:
    """Generate IDs or time them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="generate IDs with Debian's sgt-puzzles")
    make.add_argument("--per-set", type=int, default=5)
    make.add_argument("--out", type=Path, default=IDS)
    make.add_argument("--sets", nargs="*", default=list(SETS), help="'keen 9dx'...")
    make.add_argument("--timeout", type=float, help="skip a set whose generator takes longer (s)")
    timed = commands.add_parser("run", help="time satdoku and Tatham's solvers on the IDs")
    timed.add_argument("--ids", type=Path, default=IDS, help="SET<TAB>GAME:PARAMS:DESC lines")
    timed.add_argument("--rounds", type=int, default=3)
    timed.add_argument("--peers", type=Path, help="folder of his built solvers")
    timed.add_argument("--sets", nargs="*", help="only the sets starting so ('keen 9dx')")
    timed.add_argument("--no-stepper", action="store_true")
    timed.add_argument("--stepper-timeout", type=float, default=20.0)
    once = commands.add_parser("batch", help="solve each ID once in file order, in one process")
    once.add_argument("--ids", type=Path, default=BATCH_IDS, help="SET<TAB>GAME:PARAMS:DESC lines")
    once.add_argument("--peers", type=Path, help="folder of his built solvers")
    once.add_argument("--sets", nargs="*", help="only the sets starting so ('keen 9dx')")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.per_set, args.out, args.sets, args.timeout)
    elif args.command == "batch":
        batch(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
