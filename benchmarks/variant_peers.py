"""satdoku against the peers a variant solver's user would pick instead, on killers and mixes.

Peers: OR-Tools CP-SAT with the obvious model, with one worker and with its default workers, and
pencilmark (:mod:`variant_models` translates each puzzle for them). The job is the same for all:
find the solution and prove it unique (two solutions asked for). satdoku:
``satdoku.solutions(puzzle, limit=2)`` with the library's constraint values.

Sets: killers of Simon Tatham's Solo at five levels (``sgt-solo --generate 6 3x3kdX``, saved in
benchmarks/data/variant_peers_killers.tsv) and the Solo killer IDs of tests/data/tatham/solo.tsv
(9x9, some with diagonals), published killer texts (tests/data/killer_texts); mixed variants:
the published ones (tests/data/variants/published.jsonl) and the seeded ones of
:mod:`variant_mixed` (benchmarks/data/variant_peers_mixed.jsonl). Every answer is checked: each
peer's solutions equal satdoku's, there is one, and ``broken_rules`` accepts it.

CPU time: ``time.process_time`` around each call (the process's CPU over all its threads, so
CP-SAT's default workers count in full). Per puzzle the solvers run in turn (satdoku, CP-SAT one
worker, pencilmark, CP-SAT default) for ``--rounds`` rounds; the median per puzzle and solver,
then per set the median of those medians and the median of the per-puzzle ratios satdoku/peer
(below 1: satdoku faster).

Usage::

    .venv/bin/python benchmarks/variant_peers.py make [--per-level 6] [--per-mix 4]
    .venv/bin/python benchmarks/variant_peers.py run [--rounds 3] [--sets killers,mixed]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import satdoku
import satdoku.core.constraints as kinds
from satdoku.core._puzzle import Puzzle
from satdoku.core._rule_check import broken_rules
from satdoku.core._shape import Shape
from satdoku.core.constraints import Constraint, Side
from satdoku.io._line import parse_line

sys.path.insert(0, str(Path(__file__).resolve().parent))
from variant_mixed import MIXES, mixed_record  # noqa: E402
from variant_models import cpsat_solutions, pencilmark_doc, pencilmark_solve  # noqa: E402

HERE = Path(__file__).resolve().parent
TESTS_DATA = HERE.parent / "tests" / "data"
KILLERS = HERE / "data" / "variant_peers_killers.tsv"
MIXED = HERE / "data" / "variant_peers_mixed.jsonl"
LEVELS = "biaeu"
"""Solo's killer levels generated: basic, intermediate, advanced, extreme, unreasonable."""

Solutions = list[tuple[int, ...]]


@dataclass(frozen=True)
class Case:
    """One puzzle of a set, with the solution its source gives (if any)."""

    group: str
    label: str
    puzzle: Puzzle
    solution: tuple[int, ...] | None


def _value(value: Any) -> Any:
    return tuple(_value(v) for v in value) if isinstance(value, list) else value


def rule_of(record: dict[str, Any]) -> Constraint:
    """A rule from its class name and fields (lists as tuples, a side by its name)."""
    fields = {k: _value(v) for k, v in record.items() if k != "type"}
    if "side" in fields:
        fields["side"] = Side(fields["side"])
    made: Constraint = getattr(kinds, record["type"])(**fields)
    return made


def record_case(group: str, record: dict[str, Any]) -> Case:
    """A case from a record of published.jsonl's form."""
    n, box = record["n"], tuple(record["box"])
    cells = tuple(0 if ch == "." else int(ch) for ch in record["givens"])
    rules = tuple(rule_of(rule) for rule in record["rules"])
    puzzle = Puzzle(Shape.sudoku(n, box), cells, constraints=rules)
    return Case(group, record["name"], puzzle, tuple(int(ch) for ch in record["solution"]))


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        yield json.loads(line)


def killer_cases() -> list[Case]:
    """Solo's killers by level, then the Solo IDs and the published killer texts of the tests."""
    cases = []
    for i, line in enumerate(KILLERS.read_text(encoding="utf-8").splitlines()):
        level, game_id = line.split("\t")
        puzzle = parse_line(game_id, game="solo")
        cases.append(Case(f"killers sgt-solo 3x3kd{level}", f"{level}{i}", puzzle, None))
    for line in (TESTS_DATA / "tatham" / "solo.tsv").read_text(encoding="utf-8").splitlines():
        game_id, solution, params = line.split("\t")
        if params.startswith(("3x3k", "3x3xk")):
            puzzle = parse_line(game_id, game="solo")
            digits = tuple(map(int, solution))
            cases.append(Case("killers tests/data/tatham", params, puzzle, digits))
    for name in ("arrows.tsv", "sudocue.tsv"):
        for i, line in enumerate((TESTS_DATA / "killer_texts" / name).read_text().splitlines()):
            text, solution = line.split("\t")
            digits = tuple(map(int, solution))
            cases.append(
                Case("killers published texts", f"{name}:{i + 1}", parse_line(text), digits)
            )
    return cases


def mixed_cases() -> list[Case]:
    """The published variants, then the seeded mixes."""
    published = TESTS_DATA / "variants" / "published.jsonl"
    cases = [record_case("mixed published", record) for record in _jsonl(published)]
    for record in _jsonl(MIXED):
        cases.append(record_case(f"mixed made {record['name'].rsplit('-', 1)[0]}", record))
    return cases


def satdoku_solutions(puzzle: Puzzle) -> Solutions:
    """satdoku's solutions, two at most."""
    return [tuple(grid) for grid in satdoku.solutions(puzzle, limit=2)]


SOLVERS: dict[str, Callable[[Any], Solutions]] = {
    "satdoku": satdoku_solutions,
    "cpsat1": lambda puzzle: cpsat_solutions(puzzle, 1),
    "pencilmark": pencilmark_solve,
    "cpsat": lambda puzzle: cpsat_solutions(puzzle, 0),
}
"""The solvers in the order they run each round; pencilmark takes its own dict of the puzzle."""


def _forked(solve: Callable[[Any], Solutions], given: Any, timeout: float) -> tuple[float, Any]:
    """CPU seconds and answer of ``solve`` run in a forked child (its own CPU time, measured
    there); past ``timeout`` seconds of wall time the child is stopped: ``(timeout, None)``."""
    context = multiprocessing.get_context("fork")
    ours, theirs = context.Pipe()

    def child() -> None:
        start = time.process_time()
        found = solve(given)
        theirs.send((time.process_time() - start, found))

    process = context.Process(target=child)
    process.start()
    answer: tuple[float, Any] = (timeout, None)
    if ours.poll(timeout):
        answer = ours.recv()
    process.kill()
    process.join()
    return answer


def measure(case: Case, rounds: int, timeout: float) -> dict[str, float]:
    """Median CPU seconds per solver on one case, every answer checked; pencilmark, which has
    no time limit of its own, runs in a forked child stopped after ``timeout`` seconds (its
    time is then the limit, its later rounds skipped, and ``TIMEOUTS`` counts it)."""
    inputs = {name: case.puzzle for name in SOLVERS} | {"pencilmark": pencilmark_doc(case.puzzle)}
    times: dict[str, list[float]] = {name: [] for name in SOLVERS}
    answers: dict[str, Solutions] = {}
    for _ in range(rounds):
        for name, solve in SOLVERS.items():
            if name == "pencilmark":
                if name in answers and answers[name] is None:
                    continue
                spent, answers[name] = _forked(solve, inputs[name], timeout)
            else:
                start = time.process_time()
                answers[name] = solve(inputs[name])
                spent = time.process_time() - start
            times[name].append(spent)
    ours = answers["satdoku"]
    if len(ours) != 1 or broken_rules(ours[0], case.puzzle):
        raise SystemExit(f"{case.label}: satdoku found {len(ours)} solutions or a broken one")
    if case.solution is not None and ours[0] != case.solution:
        raise SystemExit(f"{case.label}: satdoku's solution is not the published one")
    if answers["pencilmark"] is None:
        TIMEOUTS.append(case.label)
    for name, found in answers.items():
        if found != ours and found is not None:
            raise SystemExit(f"{case.label}: {name} answered {found}, satdoku {ours}")
    return {name: statistics.median(spent) for name, spent in times.items()}


TIMEOUTS: list[str] = []
"""The cases on which pencilmark reached the time limit."""


def _row(label: str, medians: list[dict[str, float]]) -> str:
    def ms(name: str) -> str:
        return f"{1000 * statistics.median(m[name] for m in medians):.1f}"

    def ratio(name: str) -> str:
        return f"{statistics.median(m['satdoku'] / m[name] for m in medians):.2f}"

    cells = [label, str(len(medians)), ms("satdoku"), ms("cpsat1"), ms("cpsat"), ms("pencilmark")]
    return "| " + " | ".join([*cells, ratio("cpsat1"), ratio("cpsat"), ratio("pencilmark")]) + " |"


HEADER = (
    "| set | puzzles | satdoku ms | CP-SAT 1 worker ms | CP-SAT default ms | pencilmark ms "
    "| satdoku/CP-SAT 1 | satdoku/CP-SAT default | satdoku/pencilmark |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def run(rounds: int, sets: list[str], timeout: float) -> None:
    """Measure the sets and print the table, a row per group and one per set."""
    measure(killer_cases()[0], 1, timeout)  # imports and first calls of every solver
    load = os.getloadavg()
    print(HEADER)
    for name in sets:
        cases = killer_cases() if name == "killers" else mixed_cases()
        results: dict[str, list[dict[str, float]]] = {}
        for case in cases:
            results.setdefault(case.group, []).append(measure(case, rounds, timeout))
            print(f"  {case.group} {case.label}", file=sys.stderr, flush=True)
        for group, medians in results.items():
            print(_row(group, medians))
        print(_row(f"**{name}, all**", [m for ms in results.values() for m in ms]))
    after = os.getloadavg()
    print(f"\nload average (1, 5, 15 min) before {load}, after {after}")
    print(f"pencilmark stopped at {timeout:g} s: {', '.join(TIMEOUTS) or 'none'}")


def make_killers(per_level: int) -> None:
    """Generate Solo's killers with sgt-solo (extreme ones take minutes) into benchmarks/data."""
    lines = []
    for level in LEVELS:
        made = subprocess.run(
            ["sgt-solo", "--generate", str(per_level), f"3x3kd{level}"],
            capture_output=True,
            text=True,
            check=True,
        )
        lines += [f"{level}\t{game_id}" for game_id in made.stdout.split()]
    KILLERS.write_text("\n".join(lines) + "\n", encoding="utf-8")


def make_mixes(per_mix: int) -> None:
    """Make the seeded mixes into benchmarks/data."""
    records = [mixed_record(mix, seed) for mix in MIXES for seed in range(1, per_mix + 1)]
    MIXED.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    made = sub.add_parser("make", help="generate the killers and the mixes")
    made.add_argument("--per-level", type=int, default=6)
    made.add_argument("--per-mix", type=int, default=4)
    made.add_argument("--mixes-only", action="store_true", help="keep the killers file")
    timed = sub.add_parser("run", help="time every solver on every set")
    timed.add_argument("--rounds", type=int, default=3)
    timed.add_argument("--sets", default="killers,mixed")
    timed.add_argument("--timeout", type=float, default=20.0, help="pencilmark's limit, s")
    args = parser.parse_args(argv)
    if args.command == "make":
        if not args.mixes_only:
            make_killers(args.per_level)
        make_mixes(args.per_mix)
    else:
        run(args.rounds, args.sets.split(","), args.timeout)


if __name__ == "__main__":
    main()
