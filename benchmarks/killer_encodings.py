"""Killer cages as digit-set tables against a pseudo-Boolean sum, and what the 45 rule adds.

Run from the repository root::

    python benchmarks/killer_encodings.py                    # 3 puzzles per Solo difficulty
    python benchmarks/killer_encodings.py --puzzles 10 --difficulties t,b,i,a,e,u

Puzzles come from Simon Tatham's Solo (``sgt-solo --generate N 3x3kdX#SEED``, X the difficulty
t b i a e u), and from the killers among the collections of ``data_dir.DATA`` (none at present:
the line is skipped with a message). Per puzzle, on the same cell and house axioms:

* **fixed by rules 1 and 2**: the cells unit propagation fixes on the exactly-one axioms (clauses
  at least one + no two, so unit propagation is rules 1 and 2) with the cages' digit-set axioms,
  then with the 45 rule's derived cages too (PySAT's ``propagate``);
* **CPU time to solve** with CaDiCaL: the digit-set encoding (with and without derived cages)
  against a pseudo-Boolean one: per cage "each digit at most once" plus the sum of ``d·x(c,d)``
  equal to the total, by PySAT's ``pysat.pb`` when it is installed, else by a sequential weight
  counter written here. Each solution is checked by the cages' own checkers. Figures are the
  median of ``--rounds`` runs (``time.process_time``) and the ratio PB / digit sets.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterable, Sequence
from itertools import combinations

from data_dir import DATA  # type: ignore[import-not-found]  # benchmarks/data_dir.py
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver
from tatham_killer import generate, killer_puzzle  # type: ignore[import-not-found]

from satdoku.core._axioms import axioms
from satdoku.core._checker import is_solution
from satdoku.core._literal_axioms import HelperClaims
from satdoku.core._puzzle import Puzzle
from satdoku.core.constraint_axioms._killer_cage import killer_cage_axioms
from satdoku.core.constraint_axioms._killer_innies import derived_cages, innie_axioms
from satdoku.core.constraint_axioms._sum_axioms import sum_axioms
from satdoku.core.constraints import KillerCage, broken_constraints

try:  # needs the pindakaas package (python-sat[pb])
    from pysat.pb import PBEnc
except (ImportError, AssertionError):
    PBEnc = None

Clauses = list[list[int]]

DIFFICULTIES = {"t": "trivial", "b": "basic", "i": "intermediate", "a": "advanced"}
DIFFICULTIES |= {"e": "extreme", "u": "unreasonable"}


def _cages(puzzle: Puzzle) -> list[tuple[int, KillerCage]]:
    return [(i, r) for i, r in enumerate(puzzle.constraints) if isinstance(r, KillerCage)]


def _exactly_one(groups: Iterable[Sequence[int]], top: int) -> Clauses:
    """Return pairwise exactly-one clauses (unit propagation on them is rules 1 and 2)."""
    clauses: Clauses = []
    for group in groups:
        clauses += CardEnc.equals(
            lits=list(group), bound=1, top_id=top, encoding=EncType.pairwise
        ).clauses
    return clauses


def digit_set_formula(puzzle: Puzzle, innies: bool, unions: bool = True) -> tuple[Clauses, int]:
    """Return the clauses of the cell, house and killer axioms (and derived cages) and top."""
    helpers = HelperClaims(puzzle.n)
    literal_axioms = []
    for index, cage in _cages(puzzle):
        literal_axioms += killer_cage_axioms(cage, index, puzzle, helpers)
    if innies and unions:
        literal_axioms += innie_axioms(puzzle, helpers)
    elif innies:  # single houses only
        for region in derived_cages(puzzle, unions=False):
            literal_axioms += sum_axioms(region, puzzle.n, helpers)
    top = helpers.frozen().last
    groups = [a.variables for a in axioms(puzzle.shape)] + [a.literals for a in literal_axioms]
    return _exactly_one(groups, top), top


def _weight_counter(cells: Sequence[int], total: int, n: int, top: int) -> tuple[Clauses, int]:
    """A sequential weight counter: s(i, k) is "the first i cells sum to k or more"."""
    cap = total + 1
    clauses: Clauses = []
    previous: dict[int, int] = {}  # k -> s(i-1, k); k <= 0 is true, missing k >= 1 false
    for cell in cells:
        current = {k: top + k for k in range(1, cap + 1)}
        top += cap
        for digit in range(1, n + 1):
            x = cell * n + digit
            for k, s in current.items():
                before = k - digit
                if before <= 0:
                    clauses.append([-x, s])  # the digit alone reaches k
                elif before in previous:
                    clauses.append([-x, -previous[before], s])
                    clauses.append([-x, -s, previous[before]])
                else:
                    clauses.append([-x, -s])  # nothing before: the sum stays below k
        previous = current
    return clauses + [[previous[total]], [-previous[cap]]], top


def pb_formula(puzzle: Puzzle) -> tuple[Clauses, int]:
    """Return the cell and house axioms with each cage as "no repeat" plus a PB sum."""
    n = puzzle.n
    top = n**3
    clauses = _exactly_one((a.variables for a in axioms(puzzle.shape)), top)
    for _, cage in _cages(puzzle):
        for digit in range(1, n + 1):
            cells = [c * n + digit for c in cage.members]
            clauses += [[-a, -b] for a, b in combinations(cells, 2)]
        if cage.total is None:
            continue
        if PBEnc is not None:
            lits = [c * n + d for c in cage.members for d in range(1, n + 1)]
            weights = [d for _ in cage.members for d in range(1, n + 1)]
            formula = PBEnc.equals(lits=lits, weights=weights, bound=cage.total, top_id=top)
            clauses += formula.clauses
            top = max(top, formula.nv)
        else:
            sums, top = _weight_counter(cage.members, cage.total, n, top)
            clauses += sums
    return clauses, top


def fixed_cells(puzzle: Puzzle, clauses: Clauses, top: int) -> int:
    """Count the cells unit propagation fixes (givens included)."""
    n = puzzle.n
    guard = top + 1  # units go in guarded, so propagate() reports them with the rest
    guarded = [clause + [-guard] if len(clause) == 1 else clause for clause in clauses]
    with Solver(name="minisat22", bootstrap_with=guarded) as solver:
        ok, implied = solver.propagate(assumptions=[guard, *puzzle.assumptions()])
    if not ok:
        raise SystemExit("unit propagation found a contradiction: the axioms are wrong")
    return len({(lit - 1) // n for lit in implied if 0 < lit <= n**3})


def solve_time(puzzle: Puzzle, clauses: Clauses, rounds: int) -> float:
    """Return the median CPU seconds CaDiCaL takes to load and solve, checking its solution."""
    n = puzzle.n
    times = []
    for _ in range(rounds):
        start = time.process_time()
        with Solver(name="cadical195", bootstrap_with=clauses) as solver:
            solved = solver.solve(assumptions=puzzle.assumptions())
            model = solver.get_model() if solved else None
        times.append(time.process_time() - start)
        if model is None:
            raise SystemExit("no solution found: the encoding is wrong")
        grid = tuple((lit - 1) % n + 1 for lit in model if 0 < lit <= n**3)
        if not is_solution(grid, puzzle) or broken_constraints(grid, n, puzzle.constraints):
            raise SystemExit(f"a wrong solution: {grid}")
    return statistics.median(times)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=3, help="per difficulty (default 3)")
    parser.add_argument("--difficulties", default="t,b,i,a,e,u")
    parser.add_argument("--size", default="3x3", help="Solo's CxR boxes (default 3x3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    pb = "pysat.pb" if PBEnc is not None else "sequential weight counter"
    print(f"PB encoding: {pb}; solver: CaDiCaL 1.9.5; CPU ms per puzzle, median of {args.rounds}")
    killers = [p for p in DATA.glob("*killer*")] if DATA.exists() else []
    if not killers:
        print(f"no killer collections in {DATA}: only Solo's puzzles are measured")
    header = (
        "difficulty   cells fixed: cages +houses +unions | derived: houses unions |"
        " CPU ms: sets  sets+45    PB | PB/sets"
    )
    print(header)
    for letter in args.difficulties.split(","):
        params = f"{args.size}kd{letter}"
        puzzles = [killer_puzzle(g) for g in generate(args.puzzles, params, args.seed)]
        rows = []
        for puzzle in puzzles:
            sets, sets_top = digit_set_formula(puzzle, innies=False)
            houses, houses_top = digit_set_formula(puzzle, innies=True, unions=False)
            derived, derived_top = digit_set_formula(puzzle, innies=True)
            pseudo, _ = pb_formula(puzzle)
            single = len(derived_cages(puzzle, unions=False))
            rows.append(
                (
                    fixed_cells(puzzle, sets, sets_top),
                    fixed_cells(puzzle, houses, houses_top),
                    fixed_cells(puzzle, derived, derived_top),
                    single,
                    len(derived_cages(puzzle)) - single,
                    1000 * solve_time(puzzle, sets, args.rounds),
                    1000 * solve_time(puzzle, derived, args.rounds),
                    1000 * solve_time(puzzle, pseudo, args.rounds),
                    len(sets),
                    len(derived),
                    len(pseudo),
                )
            )
        mean = [statistics.mean(column) for column in zip(*rows, strict=True)]
        name = DIFFICULTIES.get(letter, letter)
        print(
            f"{name:<14} {mean[0]:15.1f} {mean[1]:7.1f} {mean[2]:7.1f} | {mean[3]:15.1f} "
            f"{mean[4]:6.1f} | {mean[5]:12.2f} {mean[6]:8.2f} {mean[7]:5.2f} | "
            f"{mean[7] / mean[5]:7.2f}"
            f"   clauses {mean[8]:.0f} / {mean[9]:.0f} / {mean[10]:.0f}"
        )


if __name__ == "__main__":
    main()
