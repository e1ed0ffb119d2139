"""The same variant puzzle for the peers: OR-Tools CP-SAT's obvious model and pencilmark's format.

CP-SAT: an integer variable 1..n per cell, ``AddAllDifferent`` per house, and each rule as the
linear or table constraints a user writes first (a cage: all different and a sum; a thermometer:
``<`` along it; an arrow: shaft sum equals the circle; Kropki dots and non-consecutive: tables of
the allowed or forbidden pairs; XV and little killers: sums; a sandwich: for each pair of
positions, the sum between them enforced when they hold 1 and n). Uniqueness: solve, then add "some
cell differs" and solve again. pencilmark: its ``sudoku-puzzle`` exchange dict (``grid`` /
``box_grid`` houses, ``cage``, ``line thermo``, ``arrow``, ``edge kropki|xv|sum``, ``sum
little_killer``, ``sandwich``, ``neighbours``), solved by ``pencilmark.solve`` (one solution,
uniqueness checked). The peers are imported lazily: satdoku never imports them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from satdoku.core._puzzle import Puzzle
from satdoku.core.constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Constraint,
    KillerCage,
    Kropki,
    LittleKiller,
    NonConsecutive,
    Sandwich,
    Side,
    Thermometer,
    cell_name,
)

__all__ = ["UnsupportedRule", "cpsat_solutions", "pencilmark_doc", "pencilmark_solve"]


class UnsupportedRule(ValueError):
    """A rule the peer's model here does not translate."""


def _orthogonal(n: int) -> list[tuple[int, int]]:
    pairs = [(c, c + 1) for c in range(n * n) if c % n < n - 1]
    return pairs + [(c, c + n) for c in range(n * n - n)]


def _moves(n: int, moves: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    pairs = []
    for cell in range(n * n):
        row, col = divmod(cell, n)
        for dr, dc in moves:
            r, c = row + dr, col + dc
            if 0 <= r < n and 0 <= c < n:
                pairs.append((cell, r * n + c))
    return pairs


def _dot_pairs(dot: Kropki, n: int) -> list[tuple[int, int]]:
    digits = range(1, n + 1)
    if dot.ratio:
        return [(a, b) for a in digits for b in digits if max(a, b) == min(a, b) * dot.value]
    return [(a, b) for a in digits for b in digits if abs(a - b) == dot.value]


def _cpsat_rule(model: Any, x: list[Any], rule: Constraint, n: int) -> None:
    if isinstance(rule, KillerCage):
        cage = [x[c] for c in rule.members]
        model.AddAllDifferent(cage)
        if rule.total is not None:
            model.Add(sum(cage) == rule.total)
    elif isinstance(rule, Thermometer):
        for a, b in zip(rule.path, rule.path[1:], strict=False):
            model.Add(x[a] <= x[b] if rule.slow else x[a] < x[b])
    elif isinstance(rule, Arrow):
        size = len(rule.circle)
        circle = sum(10 ** (size - 1 - i) * x[c] for i, c in enumerate(rule.circle))
        for shaft in rule.shafts:
            model.Add(sum(x[c] for c in shaft) == circle)
    elif isinstance(rule, Kropki):
        model.AddAllowedAssignments([x[rule.first], x[rule.second]], _dot_pairs(rule, n))
    elif isinstance(rule, XV):
        model.Add(x[rule.first] + x[rule.second] == rule.total)
    elif isinstance(rule, LittleKiller):
        model.Add(sum(x[c] for c in rule.cells(n)) == rule.total)
    elif isinstance(rule, Sandwich):
        _cpsat_sandwich(model, x, rule.cells(n), rule.total, n)
    elif isinstance(rule, (AntiKing, AntiKnight)):
        for a, b in _moves(n, rule.moves):
            model.Add(x[a] != x[b])
    elif isinstance(rule, NonConsecutive):
        steps = [(d, d + 1) for d in range(1, n)] + [(d + 1, d) for d in range(1, n)]
        for a, b in _orthogonal(n):
            model.AddForbiddenAssignments([x[a], x[b]], steps)
    else:
        raise UnsupportedRule(f"CP-SAT model here has no {rule.kind}")


def _cpsat_sandwich(model: Any, x: list[Any], line: Sequence[int], total: int, n: int) -> None:
    def holds(cell: int, digit: int) -> Any:
        flag = model.NewBoolVar(f"r{cell}={digit}")
        model.Add(x[cell] == digit).OnlyEnforceIf(flag)
        model.Add(x[cell] != digit).OnlyEnforceIf(flag.Not())
        return flag

    ones = [holds(c, 1) for c in line]
    tops = [holds(c, n) for c in line]
    for i in range(len(line)):
        for j in range(i + 1, len(line)):
            between = sum(x[c] for c in line[i + 1 : j])
            model.Add(between == total).OnlyEnforceIf([ones[i], tops[j]])
            model.Add(between == total).OnlyEnforceIf([tops[i], ones[j]])


def cpsat_solutions(puzzle: Puzzle, workers: int, limit: int = 2) -> list[tuple[int, ...]]:
    """Return up to ``limit`` solutions from CP-SAT with ``workers`` workers (0: its default)."""
    from ortools.sat.python import cp_model

    n = puzzle.n
    model = cp_model.CpModel()
    x = [model.NewIntVar(1, n, f"c{c}") for c in range(n * n)]
    for cell, given in enumerate(puzzle.cells):
        if given:
            model.Add(x[cell] == given)
    for house in puzzle.shape.houses:
        model.AddAllDifferent([x[c] for c in house.cells])
    for rule in puzzle.constraints:
        _cpsat_rule(model, x, rule, n)
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        solver = cp_model.CpSolver()
        if workers:
            solver.parameters.num_workers = workers
        if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        grid = tuple(solver.Value(v) for v in x)
        found.append(grid)
        differs = []
        for cell, digit in enumerate(grid):
            if not puzzle.cells[cell]:
                flag = model.NewBoolVar(f"d{cell}")
                model.Add(x[cell] != digit).OnlyEnforceIf(flag)
                differs.append(flag)
        model.AddBoolOr(differs)
    return found


def _pencilmark_rules(rule: Constraint, n: int) -> list[dict[str, Any]]:
    def names(cells: Sequence[int]) -> list[str]:
        return [cell_name(c, n) for c in cells]

    if isinstance(rule, KillerCage):
        cage: dict[str, Any] = {"type": "cage", "cells": names(rule.members)}
        return [cage | ({} if rule.total is None else {"sum": rule.total})]
    if isinstance(rule, Thermometer):
        kind = "slow_thermo" if rule.slow else "thermo"
        return [{"type": "line", "kind": kind, "cells": names(rule.path)}]
    if isinstance(rule, Arrow):
        lines = [names(shaft) for shaft in rule.shafts]
        return [{"type": "arrow", "bulb": names(rule.circle), "lines": lines}]
    if isinstance(rule, Kropki):
        pair = names((rule.first, rule.second))
        if rule.value == (2 if rule.ratio else 1):
            color = "black" if rule.ratio else "white"
            return [{"type": "edge", "kind": "kropki", "color": color, "cells": pair}]
        kind = "ratio" if rule.ratio else "difference"
        return [{"type": "edge", "kind": kind, "value": rule.value, "cells": pair}]
    if isinstance(rule, XV):
        pair = names((rule.first, rule.second))
        if rule.total in (5, 10):
            letter = "X" if rule.total == 10 else "V"
            return [{"type": "edge", "kind": "xv", "letter": letter, "cells": pair}]
        return [{"type": "edge", "kind": "sum", "sum": rule.total, "cells": pair}]
    if isinstance(rule, LittleKiller):
        cells = rule.cells(n)
        side = "top" if rule.row == -1 else "bottom" if rule.row == n else "left"
        if rule.col == n and rule.row not in (-1, n):
            side = "right"
        kill = {"type": "sum", "kind": "little_killer", "side": side, "sum": rule.total}
        return [kill | {"cells": names(cells)}]
    if isinstance(rule, Sandwich):
        side = {Side.TOP: "top", Side.BOTTOM: "bottom", Side.LEFT: "left", Side.RIGHT: "right"}
        clue = {"type": "sandwich", "sum": rule.total, "side": side[rule.side]}
        return [clue | {"cells": names(rule.cells(n))}]
    neighbours = {AntiKing: "antiking", AntiKnight: "antiknight", NonConsecutive: "nonconsecutive"}
    if type(rule) in neighbours:
        return [{"type": "neighbours", "kind": neighbours[type(rule)]}]
    raise UnsupportedRule(f"pencilmark translation here has no {rule.kind}")


def pencilmark_doc(puzzle: Puzzle) -> dict[str, Any]:
    """Return the puzzle as pencilmark's ``sudoku-puzzle`` dict (format_version 1)."""
    n, shape = puzzle.n, puzzle.shape
    if shape.regions is not None:
        raise UnsupportedRule("irregular regions are not translated here")
    houses: list[dict[str, Any]] = [{"type": "grid", "origin": "r1c1"}]
    if shape.box is not None:
        houses = [{"type": "box_grid", "origin": "r1c1", "box": list(shape.box)}]
    for house in shape.houses:
        if house.kind == "diagonal":
            cells = [cell_name(c, n) for c in house.cells]
            houses.append({"type": "region", "kind": "diagonal", "cells": cells})
    rules = [made for rule in puzzle.constraints for made in _pencilmark_rules(rule, n)]
    return {
        "format": "sudoku-puzzle",
        "format_version": 1,
        "board": {"rows": n, "cols": n},
        "digits": n,
        "givens": list(puzzle.cells),
        "rules": houses + rules,
    }


def pencilmark_solve(doc: dict[str, Any]) -> list[tuple[int, ...]]:
    """Return pencilmark's one solution, or two placeholders when it says "not unique"."""
    import pencilmark

    try:
        return [tuple(pencilmark.solve(doc))]
    except pencilmark.NotUnique:
        return [(), ()]
    except pencilmark.NoSolution:
        return []
