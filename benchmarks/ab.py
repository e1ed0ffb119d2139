"""Compare this checkout with an earlier commit on the headline figures, side by side.

Each measure runs as a child process, once for the baseline and once for this tree in every
round, in alternating order (A B, then B A, ...), and is timed in CPU seconds of the child
(user + system, from ``resource.getrusage(RUSAGE_CHILDREN)``), so the ratio of the two medians
moves less with the machine's load than wall-clock figures do. The baseline is a detached git
worktree of ``--baseline`` whose compiled engine is built the way that commit's own build hook
built it; this tree runs from ``src/`` with the engine the install built.

    python benchmarks/ab.py --baseline 8aa790f            # about 10 minutes
    python benchmarks/ab.py --baseline 8aa790f --quick    # smaller samples, about 2 minutes
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from data_dir import DATA, need

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
COLLECTIONS = ("puzzles2_17_clue", "puzzles5_forum_hardest_1905_11+", "puzzles3_magictour_top1465")

# A snippet that solves generated big Sudoku (same seed in both trees) and prints CPU seconds.
BIG = """
import sys, time, random
try:
    from satdoku.generation import random_puzzle
except ImportError:  # a baseline from before the public packages: the module the function was in
    import importlib
    for home in ("satdoku.generation.generate", "satdoku.api.generate", "satdoku.generate"):
        try:
            random_puzzle = importlib.import_module(home).random_puzzle
            break
        except ImportError:
            pass
from satdoku import Shape, solve
n, count = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(7)
puzzles = [random_puzzle(Shape.sudoku(n), 0.65, rng)[0] for _ in range(count)]
start = time.process_time()
for p in puzzles:
    assert solve(p) is not None
print(time.process_time() - start)
"""

# The library in a loop: solve() then is_unique() over 17-clue puzzles, CPU seconds of the loop.
LOOP = """
import sys, time
from satdoku import parse_puzzle, solve, is_unique
lines = [l.strip() for l in open(sys.argv[1]) if l.strip() and not l.startswith('#')]
puzzles = [parse_puzzle(l) for l in lines[: int(sys.argv[2])]]
start = time.process_time()
if sys.argv[3] == "solve":
    for p in puzzles:
        solve(p)
else:
    for p in puzzles:
        is_unique(p)
print(time.process_time() - start)
"""


class Measure(NamedTuple):
    """One figure: a name, the child's arguments (after python), what one run does, and how
    it is read: "cpu" (the child's CPU seconds) or "printed" (seconds the child prints)."""

    name: str
    args: tuple[str, ...]
    work: float
    unit: str
    read: str = "cpu"


def lines_of(path: Path) -> int:
    """Return the number of puzzle lines of a collection (comments and blanks left out)."""
    with path.open() as f:
        return sum(1 for line in f if line.strip() and not line.startswith("#"))


def measures(quick: bool) -> list[Measure]:
    """Return the figures to compare (the headline ones of benchmarks/RESULTS.md)."""
    easy, hard, top = (DATA / name for name in COLLECTIONS)
    loop = 1000 if quick else 5000
    out = [
        Measure("start-up (`satdoku --help`)", ("-m", "satdoku", "--help"), 1, "run"),
        Measure(
            "17-clue, `satdoku solve FILE`",
            ("-m", "satdoku", "solve", str(easy)),
            lines_of(easy),
            "puzzles",
        ),
        Measure(
            "forum_hardest_1905_11+, `satdoku solve FILE`",
            ("-m", "satdoku", "solve", str(hard)),
            lines_of(hard),
            "puzzles",
        ),
        Measure(
            "magictour_top1465, `satdoku solve FILE`",
            ("-m", "satdoku", "solve", str(top)),
            lines_of(top),
            "puzzles",
        ),
        Measure(
            f"solve() in a loop, {loop} 17-clue",
            ("-c", LOOP, str(easy), str(loop), "solve"),
            loop,
            "puzzles",
            "printed",
        ),
        Measure(
            f"is_unique() in a loop, {loop // 2} 17-clue",
            ("-c", LOOP, str(easy), str(loop // 2), "unique"),
            loop // 2,
            "puzzles",
            "printed",
        ),
    ]
    for name, symbols in (
        ("sudoku25x25_unique.txt", "ABCDEFGHIJKLMNOPQRSTUVWXY"),
        ("sudoku36x36_multi.txt", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ):
        path = DATA / "large" / name
        out.append(
            Measure(
                f"data/large/{name}, `satdoku solve`",
                ("-m", "satdoku", "solve", str(path), "--alphabet", symbols),
                1,
                "file",
            )
        )
    for n in (49, 64):
        count = 2 if quick else 4
        out.append(
            Measure(
                f"Sudoku {n}x{n}, 65% given, solve()",
                ("-c", BIG, str(n), str(count)),
                count,
                "puzzles",
                "printed",
            )
        )
    return out


def baseline_tree(revision: str, where: Path) -> Path:
    """Check out ``revision`` at ``where`` and build its engine as its own build hook did."""
    subprocess.run(
        ["git", "worktree", "add", "--detach", "-f", str(where), revision],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    hook = where / "hatch_build.py"
    if hook.exists():  # the hatchling hook of the layout's baseline: compile_engine(root)
        spec = importlib.util.spec_from_file_location("baseline_hook", hook)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if module.compile_engine(where) is None:
            raise SystemExit("the baseline's engine did not compile")
    else:  # a setuptools build: the extension in place
        subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"],
            cwd=where,
            check=True,
            capture_output=True,
        )
    return where / "src"


def run_once(measure: Measure, source: Path) -> float:
    """Run one measure with ``source`` first on the path; return its seconds."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, *measure.args],
        env=env,
        cwd=source,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{measure.name} failed in {source} (exit {done.returncode})")
    if measure.read == "printed":
        return float(done.stdout.strip().splitlines()[-1])
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> str:
    """Return the load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    """Run every measure on both trees, alternating, and print a Markdown table of ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree (default 3)")
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--out", help="also write the table to this file")
    parser.add_argument("--only", help="only the figures whose name holds this text")
    args = parser.parse_args(argv)
    need(*(DATA / name for name in COLLECTIONS), DATA / "large")
    started, load_before = time.monotonic(), load()
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_tree(args.baseline, Path(tmp) / "baseline")
        new = ROOT / "src"
        try:
            rows = []
            for measure in measures(args.quick):
                if args.only and args.only not in measure.name:
                    continue
                times: dict[str, list[float]] = {"old": [], "new": []}
                for r in range(args.rounds):
                    order = [("old", old), ("new", new)]
                    for label, source in order if r % 2 == 0 else order[::-1]:
                        times[label].append(run_once(measure, source))
                a, b = statistics.median(times["old"]), statistics.median(times["new"])
                rows.append((measure, a, b))
                print(f"{measure.name}: {a:.3f} s -> {b:.3f} s ({b / a:.2f}x)", file=sys.stderr)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(old.parent)],
                cwd=ROOT,
                capture_output=True,
            )
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    only = f" --only {args.only!r}" if args.only else ""
    lines = [
        f"`python benchmarks/ab.py --baseline {args.baseline}"
        f"{' --quick' if args.quick else ''}{only}` on {head} (+ work tree), {args.rounds} "
        f"rounds alternating, CPU seconds of each child, medians; "
        f"{time.monotonic() - started:.0f} s; "
        f"load average {load_before} at the start, {load()} at the end.",
        "",
        f"| figure | {args.baseline} | this tree | this / baseline (time) |",
        "|---|---:|---:|---:|",
    ]
    for measure, a, b in rows:
        if measure.unit in ("run", "file"):
            shown = f"{a:.3f} s", f"{b:.3f} s"
        else:
            shown = f"{measure.work / a:,.0f}/s", f"{measure.work / b:,.0f}/s"
        lines.append(f"| {measure.name} | {shown[0]} | {shown[1]} | {b / a:.2f}x |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
