"""The tiers beyond set logic: how many puzzles still need guessing, which techniques, how fast.

For top1465 (all of it, or ``--top N`` of it) and a reproducible sample of forum_hardest
(``--sample``, default 2,000), every puzzle is rated twice, one process, CPU time: by the set
logic ladder alone (``rate(puzzle, beyond=False)``, the rating before the tiers) and with the
tiers beyond (``rate(puzzle, unique)``, uniqueness asked of the compiled engine as ``satdoku
rate`` does). It prints per collection the share of each tier, the share still rated
guessing, the techniques used (puzzles and steps), the SE values, and milliseconds per puzzle
of each rating with their ratio. With ``--python-finders`` each puzzle is also rated with the
finders' Python searches only (``python_only()``: what satdoku does where its C extension is not
built), the two runs alternating which goes first, and every rating is checked to be the same.
Reads the collections from ``data_dir.DATA``; skips when absent.

Usage: ``python benchmarks/technique_ladder.py [--top N] [--sample N] [--seed S]
[--python-finders] [--json FILE]``.
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

from satdoku.api._explorer import Explorer
from satdoku.core._puzzle import Puzzle
from satdoku.io._line import parse_line
from satdoku.rules._rating import TIERS, Rating, rate
from satdoku.rules.techniques._compiled import native
from satdoku.rules.techniques._compiled import python_only as python_finders

SETS = {"top1465": "puzzles3_magictour_top1465", "forum_hardest": "puzzles5_forum_hardest_1905_11+"}


def read(name: str, count: int | None, seed: int | None) -> list[str]:
    """Return a collection's puzzle lines: all, the first ``count``, or a seeded sample."""
    lines = [
        line.strip()
        for line in (DATA / name).read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    if count is not None and len(lines) > count:
        lines = random.Random(seed).sample(lines, count) if seed is not None else lines[:count]
    return lines


def measure(lines: list[str], explorer: Explorer, python: bool = False) -> dict[str, object]:
    """Rate each puzzle both ways (three with ``python``: the finders' Python searches too);
    return tier shares, technique counts, SE values and times."""
    tiers: Counter[str] = Counter()
    puzzles: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    se: list[float] = []
    before = after = in_python = 0.0
    differ = 0
    for done, line in enumerate(lines, 1):
        puzzle = parse_line(line)
        start = time.process_time()
        rate(puzzle, beyond=False)
        middle = time.process_time()
        if python and done % 2:
            slow, spent = _rated(puzzle, explorer, python_only=True)
            r, after_here = _rated(puzzle, explorer, python_only=False)
        else:
            r, after_here = _rated(puzzle, explorer, python_only=False)
            slow, spent = _rated(puzzle, explorer, python_only=True) if python else (r, 0.0)
        before += middle - start
        after += after_here
        in_python += spent
        differ += slow != r
        tiers[r.tier_name] += 1
        for name, k in r.counts.items():
            puzzles[name] += 1
            steps[name] += k
        if r.se is not None:
            se.append(r.se)
        if done % 100 == 0:
            print(
                f"  {done} puzzles: guessing {tiers['guessing'] / done:.1%}, ms per puzzle "
                f"{1000 * before / done:.1f} / {1000 * after / done:.1f}",
                flush=True,
            )
    total = len(lines)
    return {
        "puzzles": total,
        "tiers": {name: tiers[name] for name in TIERS if tiers[name]},
        "guessing_share": tiers["guessing"] / total,
        "techniques": {name: [puzzles[name], steps[name]] for name, _ in steps.most_common()},
        "se_median": statistics.median(se) if se else None,
        "se_max": max(se) if se else None,
        "ms_set_logic": 1000 * before / total,
        "ms_tiers": 1000 * after / total,
        "ratio": after / before if before else None,
        **(
            {"ms_tiers_python": 1000 * in_python / total, "ratings_differ": differ}
            if python
            else {}
        ),
        "compiled_finders": native() is not None,
    }


def _rated(puzzle: Puzzle, explorer: Explorer, *, python_only: bool) -> tuple[Rating, float]:
    """Rate a puzzle with the tiers (the finders' Python searches only, if asked); CPU seconds."""
    start = time.process_time()
    if python_only:
        with python_finders():
            r = rate(puzzle, explorer.is_unique)
    else:
        r = rate(puzzle, explorer.is_unique)
    return r, time.process_time() - start


def report(name: str, m: dict[str, object]) -> None:
    """Print one collection's figures."""
    print(f"## {name}: {m['puzzles']} puzzles")
    print(f"guessing: {m['guessing_share']:.1%}")
    print("tier         puzzles")
    for tier, k in m["tiers"].items():  # type: ignore[attr-defined]
        print(f"{tier:<12} {k:>7}")
    print("technique                     puzzles   steps")
    for tech, (p, s) in m["techniques"].items():  # type: ignore[attr-defined]
        print(f"{tech:<28} {p:>8} {s:>7}")
    print(f"SE median {m['se_median']}, max {m['se_max']}")
    print(
        f"ms per puzzle: set logic ladder {m['ms_set_logic']:.1f}, with tiers "
        f"{m['ms_tiers']:.1f} ({m['ratio']:.1f}x)"
        + ("" if m["compiled_finders"] else ", finders in Python (C extension not built)"),
        flush=True,
    )
    if "ms_tiers_python" in m:
        print(
            f"with the finders' Python searches only: {m['ms_tiers_python']:.1f} ms per puzzle; "
            f"ratings that differ: {m['ratings_differ']}",
            flush=True,
        )


def main() -> None:
    """Measure each collection and print (and optionally save) the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=None, help="the first N of top1465")
    parser.add_argument("--sample", type=int, default=2000, help="forum_hardest sample size")
    parser.add_argument("--seed", type=int, default=1, help="the forum_hardest sample's seed")
    parser.add_argument("--only", choices=sorted(SETS), help="one collection")
    parser.add_argument(
        "--python-finders",
        action="store_true",
        help="also rate with the finders' Python searches only, and compare",
    )
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    need(*(DATA / SETS[name] for name in SETS if args.only in (None, name)))
    results = {}
    with Explorer() as explorer:
        for name, file in SETS.items():
            if args.only not in (None, name):
                continue
            if name == "top1465":
                lines = read(file, args.top, None)
            else:
                lines = read(file, args.sample, args.seed)
            results[name] = measure(lines, explorer, args.python_finders)
            report(name, results[name])
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
