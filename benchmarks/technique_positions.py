"""Technique steps on random partly solved positions, each replayed by the independent checker.

Each position is a puzzle of magictour's top1465 with a random share (0-25 %) of its solution's
cells added (seeded, so a run can be repeated). On each, the rating's climb runs to its end:
set logic to a stall, then the weakest technique step, again and again. Every step the climb
takes, and at its first stall every finder's step (not only the weakest), is replayed by
``satdoku.rules.check_step`` (the independent checker: it shares no code with the finders) and
checked against the solution: nothing it removes is the solution's digit, everything it places
is. Prints the steps checked per technique and each failure; exits 1 on any failure.

Usage::

    .venv/bin/python benchmarks/technique_positions.py [--positions 2000] [--seed 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter

from data_dir import DATA, need

from satdoku import Puzzle, parse_puzzle, solve
from satdoku.rules import RUNGS, Propagator, check_step
from satdoku.rules._technique_climb import settle, technique_climb
from satdoku.rules.techniques import FINDERS, Board, TechniqueStep

TOP1465 = DATA / "puzzles3_magictour_top1465"


def _position(line: str, seed: int) -> tuple[Puzzle, tuple[int, ...]]:
    """A puzzle with a random share of its solution's cells given, and that solution."""
    puzzle = parse_puzzle(line)
    solved = solve(puzzle)
    assert solved is not None, line
    solution = tuple(solved)
    rnd = random.Random(seed)
    share = rnd.uniform(0.0, 0.25)
    cells = tuple(
        d if d or rnd.random() >= share else solution[i] for i, d in enumerate(puzzle.cells)
    )
    return Puzzle(puzzle.shape, cells), solution


def _wrong(step: TechniqueStep, board: Board, solution: tuple[int, ...]) -> str | None:
    """What is wrong with a step: the checker's reason, or a digit of the solution it removes."""
    reason = check_step(step, board.shape, board.cand)
    if reason is not None:
        return f"the checker refuses it: {reason}"
    if any(solution[c] == d for c, d in step.eliminated):
        return "it removes a digit of the solution"
    if any(solution[c] != d for c, d in step.placed):
        return "it places a digit the solution does not have"
    return None


def check_position(job: tuple[int, str, int]) -> tuple[int, Counter[str], list[str]]:
    """Climb one position to its end; return its index, steps checked by technique, failures."""
    index, line, seed = job
    puzzle, solution = _position(line, seed)
    checked: Counter[str] = Counter()
    failures: list[str] = []
    p = Propagator(puzzle.shape, RUNGS[-1])
    for _ in p.givens(puzzle):
        pass
    settle(p)
    for k, (board, weakest) in enumerate(technique_climb(p)):
        steps = [finder(Board(board.shape, board.cand)) for _, finder in FINDERS] if k == 0 else []
        for step in [s for s in steps if s is not None] + ([weakest] if weakest else []):
            checked[step.technique.value] += 1
            wrong = _wrong(step, board, solution)
            if wrong is not None:
                failures.append(f"position {index} ({line}): {step.technique.value}: {wrong}")
    return index, checked, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="how many (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args()
    need(TOP1465)
    lines = [s for s in TOP1465.read_text().split() if len(s) == 81]
    rnd = random.Random(args.seed)
    jobs = [(i, rnd.choice(lines), rnd.randrange(2**32)) for i in range(args.positions)]
    checked: Counter[str] = Counter()
    failures: list[str] = []
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for done, (_, counts, wrong) in enumerate(pool.imap_unordered(check_position, jobs), 1):
            checked.update(counts)
            failures.extend(wrong)
            if done % 200 == 0:
                print(f"  {done} positions, {sum(checked.values())} steps checked", flush=True)
    took = time.perf_counter() - start
    print(f"{args.positions} positions (seed {args.seed}), {took:.0f} s: steps checked")
    for name, count in checked.most_common():
        print(f"  {name:32} {count:7}")
    print(f"  {'all':32} {sum(checked.values()):7}")
    print(f"failures: {len(failures)}")
    for failure in failures:
        print(f"  {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
