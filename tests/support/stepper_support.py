"""Test support for the stepper: random puzzles and an independent checker of traces.

The checker shares nothing with the stepper but the shape: it builds the axioms from the shape's
houses itself, replays the steps on its own state, and checks that each step is justified by the
steps before it. Set-logic steps (and twins) are checked generically: their k base axioms are
disjoint axioms of the shape whose open claims lie inside the k cover axioms named, and each claim
made false is an open claim of a cover outside the bases.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pysat.solvers import Solver

from data_files import SEVENTEEN, puzzle_lines
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme, shape_clauses
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape

__all__ = [
    "random_solution",
    "random_puzzle",
    "check_trace",
    "axiom_sets",
    "pysat_fixpoint",
    "seventeen_sample",
]

EXTENDED_PAIRWISE = Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE)


def random_solution(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """Return a random full grid of a shape (PySAT with random phases)."""
    formula = shape_clauses(shape, EXTENDED_PAIRWISE)
    n = shape.n
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        solver.set_phases([v if rng.random() < 1 / n else -v for v in range(1, n**3 + 1)])
        assert solver.solve()
        model = solver.get_model()
    cells = [0] * (n * n)
    for lit in model:
        if 0 < lit <= n**3:
            cell, d0 = divmod(lit - 1, n)
            cells[cell] = d0 + 1
    return tuple(cells)


def random_puzzle(shape: Shape, rng: random.Random, keep: float, corrupt: bool = False) -> Puzzle:
    """Return a puzzle keeping a fraction of a random solution's cells (one changed if corrupt)."""
    n = shape.n
    solution = random_solution(shape, rng)
    cells = [d if rng.random() < keep else 0 for d in solution]
    if corrupt:
        i = rng.randrange(n * n)
        cells[i] = rng.choice([d for d in range(1, n + 1) if d != solution[i]])
    return Puzzle(shape, tuple(cells))


def axiom_sets(shape: Shape) -> set[frozenset[int]]:
    """Return every axiom of a shape as a set of claim variables, built from its houses."""
    n = shape.n
    sets = {frozenset(cell * n + d for d in range(1, n + 1)) for cell in range(n * n)}
    for house in shape.houses:
        for d in range(1, n + 1):
            sets.add(frozenset(cell * n + d for cell in house.cells))
    return sets


def pysat_fixpoint(puzzle: Puzzle) -> tuple[bool, set[int]]:
    """Return PySAT's propagate verdict and the claim literals it fixes (extended encoding)."""
    formula = shape_clauses(puzzle.shape, EXTENDED_PAIRWISE)
    n3 = puzzle.shape.n**3
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        ok, lits = solver.propagate(assumptions=puzzle.assumptions())
    return bool(ok), {lit for lit in lits if abs(lit) <= n3}


def check_trace(
    puzzle: Puzzle,
    steps: Sequence[dict],
    status: str,
    solution: Sequence[int] | None,
    *,
    rule1: bool = True,
    rule2_cells: bool = True,
    rule2_houses: bool = True,
) -> None:
    """Assert that a trace (JSON steps) is justified step by step and that its verdict holds."""
    shape = puzzle.shape
    n = shape.n
    axioms = axiom_sets(shape)

    def var(claim: Sequence[int]) -> int:
        r, c, d = claim
        return r * n * n + c * n + d

    value: dict[int, bool] = {}
    saved: dict[int, tuple[dict[int, bool], int]] = {}
    givens = [r * n * n + c * n + d for r, c, d in _givens(puzzle)]
    depth = 0
    index = 0
    contradicted = False
    for k, step in enumerate(steps):
        rule = step["rule"]
        decided = [var(c) for c in step["claims"]]
        because = [var(c) for c in step["because"]]
        axiom = None
        if step["axiom"] is not None:
            axiom = frozenset(var(c) for c in step["axiom"]["claims"])
            assert axiom in axioms, f"step {k}: not an axiom of the shape: {step['axiom']['name']}"
        where = f"step {k} ({rule})"
        if contradicted:
            assert rule == "backtrack", f"{where}: after a contradiction only a backtrack may come"
        if rule == "given":
            assert index < len(givens) and decided == [givens[index]], where
            assert step["value"] is True and step["depth"] == 0, where
            index += 1
        else:
            assert index == len(givens), f"{where}: not every given came first"
        if rule == 1:
            assert rule1, where
            assert step["value"] is False and len(because) == 1, where
            t = because[0]
            assert axiom is not None and t in axiom and value.get(t) is True, where
            assert decided and all(v in axiom and v != t and v not in value for v in decided), where
        elif rule == 2:
            assert step["value"] is True and len(decided) == 1 and axiom is not None, where
            (v,) = decided
            assert v in axiom and v not in value, where
            assert set(because) == axiom - {v}, where
            assert all(value.get(u) is False for u in because), where
            is_cell = len({(u - 1) // n for u in axiom}) == 1
            assert rule2_cells if is_cell else rule2_houses, where
        elif rule == "twins":
            assert step["value"] is False and axiom is not None, where
            house = [h for h in shape.houses if h.title() == step["house"]]
            assert house, where
            cells = house[0].cells
            d1, d2 = step["digits"]
            pair = [c for c in cells if c * n + d1 not in because]
            assert len(pair) == 2, where
            assert set(because) == {c * n + d for d in (d1, d2) for c in cells if c not in pair}
            assert all(value.get(u) is False for u in because), where
            for v in decided:
                cell, d0 = divmod(v - 1, n)
                assert cell in pair and d0 + 1 not in (d1, d2) and v not in value, where
                assert v in axiom, where
        elif rule == "set":
            assert step["axiom"] is None, where
            _check_set(step, value, axioms, var, where)
        elif rule == "guess":
            assert step["value"] is True and len(decided) == 1 and decided[0] not in value, where
            assert step["depth"] == depth + 1, where
            saved[step["depth"]] = (dict(value), decided[0])
            depth += 1
        elif rule == "backtrack":
            assert contradicted, f"{where}: a backtrack needs a contradiction before it"
            assert step["value"] is False, where
            before, guess = saved.pop(step["depth"])
            for deeper in [d for d in saved if d > step["depth"]]:
                del saved[deeper]
            assert decided == [guess], where
            value = before
            depth = step["depth"] - 1
            contradicted = False
        elif rule == "contradiction":
            if axiom is not None:
                all_false = set(because) == axiom and all(value.get(u) is False for u in because)
                two_true = (
                    len(because) == 2
                    and len(set(because)) == 2
                    and set(because) <= axiom
                    and all(value.get(u) is True for u in because)
                )
                assert all_false or two_true, where
            else:
                full = [v for v, val in value.items() if val]
                assert len(full) == n * n, f"{where}: only a complete grid may be rejected"
            assert decided == [], where
            contradicted = True
        if rule not in ("guess", "backtrack"):
            assert step["depth"] == depth, f"{where}: depth {step['depth']} != {depth}"
        for v in decided:
            value[v] = step["value"]
    if status == "unsolvable":
        assert steps and steps[-1]["rule"] == "contradiction"
        assert depth == 0 or not saved
    else:
        assert not contradicted
    if status == "solved":
        assert solution is not None and is_solution(solution, puzzle)
        grid = [0] * (n * n)
        for v, val in value.items():
            if val:
                grid[(v - 1) // n] = (v - 1) % n + 1
        assert tuple(grid) == tuple(solution)
    if status == "stalled":
        for axiom in axioms:
            trues = [v for v in axiom if value.get(v) is True]
            unknown = [v for v in axiom if v not in value]
            if rule1 and trues:
                assert not unknown, "stalled although rule 1 applies"
            is_cell = len({(u - 1) // n for u in axiom}) == 1
            if (rule2_cells if is_cell else rule2_houses) and not trues:
                assert len(unknown) != 1, "stalled although rule 2 applies"


def _check_set(
    step: dict,
    value: dict[int, bool],
    axioms: set[frozenset[int]],
    var: Callable[[Sequence[int]], int],
    where: str,
) -> None:
    """Assert that a set-logic step is an instance of the rule at the current state.

    k disjoint base axioms whose claims not yet false all lie in the union of k cover axioms
    (none of them a base): every claim of a cover outside the bases is false.
    """
    bases = [frozenset(var(c) for c in a["claims"]) for a in step["bases"]]
    covers = [frozenset(var(c) for c in a["claims"]) for a in step["covers"]]
    k = len(bases)
    assert 1 <= k == len(covers) == step["size"], f"{where}: {k} bases, {len(covers)} covers"
    for axiom in bases + covers:
        assert axiom in axioms, f"{where}: not an axiom of the shape"
    assert len(set(bases)) == k and len(set(covers)) == k, f"{where}: an axiom twice"
    assert not set(bases) & set(covers), f"{where}: a cover is a base"
    in_bases = frozenset().union(*bases)
    assert len(in_bases) == sum(len(b) for b in bases), f"{where}: the bases overlap"
    union = frozenset().union(*covers)
    for base in bases:
        open_ = {v for v in base if value.get(v) is not False}
        assert open_ <= union, f"{where}: a base has an open claim outside the covers"
    because = [var(c) for c in step["because"]]
    assert set(because) == in_bases - union, f"{where}: because is not the bases' claims outside"
    assert step["value"] is False, where
    decided = [var(c) for c in step["claims"]]
    assert decided and len(set(decided)) == len(decided), where
    for v in decided:
        assert v in union and v not in in_bases and v not in value, f"{where}: {v} not eliminable"


def _givens(puzzle: Puzzle) -> list[tuple[int, int, int]]:
    n = puzzle.shape.n
    return [(i // n, i % n, d) for i, d in enumerate(puzzle.cells) if d]


def seventeen_sample(count: int, seed: int = 17) -> list[Puzzle]:
    """Return a reproducible random sample of the 17-clue puzzles (each has one solution)."""
    from satdoku.io._line import parse_line

    lines = puzzle_lines(SEVENTEEN)
    return [parse_line(line) for line in random.Random(seed).sample(lines, count)]
