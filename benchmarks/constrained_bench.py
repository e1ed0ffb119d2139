"""Puzzles with rules beyond houses on the PySAT backend: CPU time to encode and solve 9x9 Keen,
Towers and Unequal puzzles per bundled solver, with the formulas' sizes.

The puzzles are made here, seeded: a random Latin square, then its rules (all 36 Towers clues,
all 144 Unequal signs, or a random partition into Keen cages of 1-4 cells), Keen cages are drawn
anew until they alone make the puzzle unique (a bounded number of tries); random givens of the
square are added until it is unique, then every given it can lose is dropped, then rules (not
Keen's cages) one by one in a random order while it stays unique (a bounded number of tries).
``make`` writes them to tests/data/constrained_9x9.jsonl (the tests solve them too);
``run`` times them.

Usage::

    .venv/bin/python benchmarks/constrained_bench.py make [--per-kind 3] [--seed 1]
    .venv/bin/python benchmarks/constrained_bench.py run [--solvers cadical153,glucose4] [--tatham]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from satdoku.backends._constraint_sat import count_constrained, solve_constrained
from satdoku.cnf._constraint_formula import constrained_formula
from satdoku.cnf._rule_lines import read_rule, rule_words
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    ArithmeticCage,
    Comparison,
    Constraint,
    Operation,
    Side,
    Skyscraper,
)

FILE = Path(__file__).resolve().parent.parent / "tests" / "data" / "constrained_9x9.jsonl"
TATHAM = FILE.parent / "tatham"
N = 9
KEEN_TRIES = 40
"""Random cage partitions tried per square for a Keen puzzle without givens."""
SOLVERS = "cadical153,cadical195,glucose4,glucose42,maplechrono,minisat22,lingeling"


def random_square(rng: random.Random) -> Grid:
    """A random Latin square: random givens kept while satisfiable, then solved."""
    cells = [0] * (N * N)
    for cell in rng.sample(range(N * N), 20):
        for digit in rng.sample(range(1, N + 1), N):
            cells[cell] = digit
            if solve_constrained(Puzzle(Shape.latin(N), tuple(cells))) is not None:
                break
            cells[cell] = 0
    grid = solve_constrained(Puzzle(Shape.latin(N), tuple(cells)))
    assert grid is not None
    return grid


def towers(square: Grid, rng: random.Random) -> list[Constraint]:
    rules: list[Constraint] = []
    for side in Side:
        for line in range(N):
            seen = tallest = 0
            for cell in Skyscraper(side, line, 1).cells(N):
                if square[cell] > tallest:
                    seen, tallest = seen + 1, square[cell]
            rules.append(Skyscraper(side, line, seen))
    return rules


def unequal(square: Grid, rng: random.Random) -> list[Constraint]:
    rules: list[Constraint] = []
    for cell in range(N * N):
        for other in (cell + 1, cell + N):
            if other < N * N and (other != cell + 1 or other % N):
                low, high = sorted((cell, other), key=square.__getitem__)
                rules.append(Comparison(low, high))
    return rules


def keen(square: Grid, rng: random.Random) -> list[Constraint]:
    free = set(range(N * N))
    rules: list[Constraint] = []
    while free:
        cage = [min(free)]
        free.discard(cage[0])
        size = rng.choices((1, 2, 3, 4), (1, 9, 7, 3))[0]
        while len(cage) < size:
            near = [
                c
                for m in cage
                for c in (m - 1, m + 1, m - N, m + N)
                if c in free and (abs(c - m) == N or c // N == m // N)
            ]
            if not near:
                break
            cage.append(rng.choice(near))
            free.discard(cage[-1])
        digits = [square[c] for c in cage]
        ops = [Operation.ADD, Operation.MULTIPLY]
        if len(cage) == 2:
            ops += [Operation.SUBTRACT] * 2
            if max(digits) % min(digits) == 0:
                ops += [Operation.DIVIDE] * 3
        op = rng.choice(ops) if len(cage) > 1 else Operation.ADD
        if op is Operation.ADD:
            target = sum(digits)
        elif op is Operation.MULTIPLY:
            target = 1
            for d in digits:
                target *= d
        elif op is Operation.SUBTRACT:
            target = max(digits) - min(digits)
        else:
            target = max(digits) // min(digits)
        rules.append(ArithmeticCage(tuple(cage), op, target))
    return rules


MAKERS = {"towers": towers, "unequal": unequal, "keen": keen}


def unique(rules: list[Constraint], cells: Grid) -> bool:
    return count_constrained(Puzzle(Shape.latin(N), cells, constraints=tuple(rules)), 2) == 1


def with_givens(square: Grid, shown: set[int]) -> Grid:
    return tuple(square[i] if i in shown else 0 for i in range(N * N))


def make(per_kind: int, seed: int, tries: int) -> None:
    rng = random.Random(seed)
    records = []
    for kind, maker in MAKERS.items():
        for made in range(per_kind):
            square = random_square(rng)
            rules = maker(square, rng)
            for _ in range(KEEN_TRIES if kind == "keen" else 0):  # cages alone, when they can
                if unique(rules, with_givens(square, set())):
                    break
                rules = maker(square, rng)
            shown: set[int] = set()
            while not unique(rules, with_givens(square, shown)):  # givens until unique
                shown.add(rng.choice([i for i in range(N * N) if i not in shown]))
            # then drop every given it can lose, then rules (not Keen's cages: they tile the
            # grid) while it stays unique, in a random order, a bounded number of tries
            givens = sorted(shown)
            rng.shuffle(givens)
            for i in givens:
                if unique(rules, with_givens(square, shown - {i})):
                    shown.discard(i)
            kept = list(range(len(rules)))
            rng.shuffle(kept)
            for i in list(kept)[: tries if kind != "keen" else 0]:
                fewer = [rules[j] for j in sorted(kept) if j != i]
                if unique(fewer, with_givens(square, shown)):
                    kept.remove(i)
            rules = [rules[j] for j in sorted(kept)]
            records.append(
                {
                    "kind": kind,
                    "givens": "".join(map(str, with_givens(square, shown))),
                    "rules": [rule_words(rule) for rule in rules],
                    "solution": "".join(map(str, square)),
                }
            )
            print(kind, made + 1, len(rules), "rules", len(shown), "givens", flush=True)
    FILE.write_text("".join(json.dumps(r) + "\n" for r in records))


def load() -> list[tuple[str, Puzzle, Grid]]:
    out = []
    for line in FILE.read_text().splitlines():
        record = json.loads(line)
        rules = tuple(read_rule(words) for words in record["rules"])
        puzzle = Puzzle(Shape.latin(N), tuple(map(int, record["givens"])), constraints=rules)
        out.append((record["kind"], puzzle, tuple(map(int, record["solution"]))))
    return out


def load_tatham() -> list[tuple[str, Puzzle, Grid]]:
    """The 9x9 game IDs of tests/data/tatham (made by Tatham's generators) with their solutions."""
    from satdoku.io.tatham import parse_game_id

    out = []
    for kind, game in (("towers", "towers"), ("unequal", "unequal"), ("keen", "keen")):
        for line in (TATHAM / f"{game}.tsv").read_text().splitlines():
            game_id, solution, _ = line.split("\t")
            puzzle = parse_game_id(game_id, game)
            if puzzle.n == N:
                out.append((kind, puzzle, tuple(int(c, 36) for c in solution)))
    return out


def run(solvers: list[str], tatham: bool) -> None:
    puzzles = load_tatham() if tatham else load()
    print("kind     puzzles  rules, helpers, clauses, variables: median (max)")
    for kind in MAKERS:
        sizes = []
        for k, puzzle, _ in puzzles:
            if k == kind:
                made = constrained_formula(puzzle)
                f = made.formula
                sizes.append(
                    (len(puzzle.constraints), len(made.helpers.names), len(f.clauses), f.top)
                )
        cells = [f"{statistics.median(c):.0f} ({max(c)})" for c in zip(*sizes, strict=True)]
        print(f"{kind:8} {len(sizes):7}  " + ", ".join(cells))
    print("\nCPU seconds per puzzle (encode + solve, best of 3), median / max")
    for name in solvers:
        line = f"{name:12}"
        for kind in MAKERS:
            times = []
            for k, puzzle, solution in puzzles:
                if k != kind:
                    continue
                best = float("inf")
                for _ in range(3):
                    start = time.process_time()
                    grid = solve_constrained(puzzle, name)
                    best = min(best, time.process_time() - start)
                times.append(best)
                assert grid == solution, (kind, name)
            line += f"  {kind} {statistics.median(times):.3f} / {max(times):.3f}"
        print(line, flush=True)
    encoding = [min(_encode_seconds(puzzle) for _ in range(3)) for _, puzzle, _ in puzzles]
    print(
        f"\nencoding alone: median {statistics.median(encoding):.3f} s, max {max(encoding):.3f} s"
    )


def _encode_seconds(puzzle: Puzzle) -> float:
    start = time.process_time()
    constrained_formula(puzzle)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    making = sub.add_parser("make")
    making.add_argument("--per-kind", type=int, default=3)
    making.add_argument("--seed", type=int, default=1)
    making.add_argument("--tries", type=int, default=200)
    running = sub.add_parser("run")
    running.add_argument("--solvers", default=SOLVERS)
    running.add_argument(
        "--tatham", action="store_true", help="the 9x9 IDs of tests/data/tatham instead"
    )
    args = parser.parse_args()
    if args.command == "make":
        make(args.per_kind, args.seed, args.tries)
    else:
        run(args.solvers.split(","), args.tatham)


if __name__ == "__main__":
    main()
