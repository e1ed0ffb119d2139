"""Sums read along lines: little killers (partial sums), sandwiches, X-sums and arrows (automata).

A little killer's diagonal is a sum region whose digits may repeat (:mod:`._partial_sums`). A
sandwich reads its line from the clue: before the first crust (1 or n), between the crusts with
the sum so far, past the second crust (reached only with the clue's sum). An X-sum reads the
first digit k, then sums k digits. An arrow reads its circle's digits into a number, then takes
each shaft digit off it, ending at 0; each shaft has its own automaton over the circle and it.
A region sum line reads (cells read, the first box's sum once known, the sum in this box so far):
the first box's sum sets the total, each later box's sum must meet it.
"""

from __future__ import annotations

from collections import Counter

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import (
    Arrow,
    Constraint,
    LittleKiller,
    RegionSumLine,
    Sandwich,
    XSum,
    cell_list,
)
from ._automaton import Automaton, State, automaton_axioms
from ._partial_sums import partial_sum_axioms
from ._sum_region import SumRegion

__all__ = [
    "little_killer_axioms",
    "line_clue_axioms",
    "arrow_axioms",
    "region_sum_line_axioms",
]


def little_killer_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a little killer's axioms: the diagonal's partial sums reach the total.

    >>> from satdoku.core._shape import Shape
    >>> clue = LittleKiller(-1, -1, (1, 1), 3)
    >>> made = little_killer_axioms(clue, 0, Puzzle.empty(Shape.latin(2)), HelperClaims(2))
    >>> made[0].name, made[0].literals
    ('little killer 3 from r0c0 ↘ (r1c1,r2c2): its first cell holds one possible digit', (1, 2))
    """
    if not isinstance(rule, LittleKiller):
        raise TypeError(f"a little killer encoder got a {rule.kind} rule")
    n = puzzle.n
    region = SumRegion(rule.cells(n), rule.total, rule.title(n), rule.kind, index, False)
    return partial_sum_axioms(region, n, helpers)


def _sandwich(total: int, n: int) -> Automaton:
    def step(state: State, digit: int) -> State | None:
        phase, held = state
        crust = digit in (1, n)
        if phase == 0:
            return (1, 0) if crust else (0, 0)
        if phase == 1:
            if crust:
                return (2, held) if held == total else None
            return (1, held + digit) if held + digit <= total else None
        return None if crust else (2, held)

    def say(state: State) -> str:
        phase, held = state
        return ("no crust yet", f"{held} between the crusts so far", "past both crusts")[phase]

    return Automaton((0, 0), step, lambda state: state[0] == 2, say)


def _x_sum(total: int) -> Automaton:
    def step(state: State, digit: int) -> State | None:
        length, counted, held = state
        if counted == 0:
            return (digit, 1, digit) if digit <= total else None
        if counted < length:
            return (length, counted + 1, held + digit) if held + digit <= total else None
        return state

    def say(state: State) -> str:
        length, counted, held = state
        if counted == 0:
            return "start"
        return f"{counted} of {length} counted, sum {held}"

    def accepts(state: State) -> bool:
        length, counted, held = state
        return counted == length and held == total

    return Automaton((0, 0, 0), step, accepts, say)


def line_clue_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a sandwich's or an X-sum's axioms: its automaton along the line from the clue.

    >>> from satdoku.core.constraints import Side
    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(3)
    >>> made = line_clue_axioms(Sandwich(Side.LEFT, 0, 2), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> helpers.names[0]
    'sandwich 2 at the left of row 1: at r1c1, no crust yet then 1'
    >>> made = line_clue_axioms(XSum(Side.TOP, 0, 1), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> helpers.names[-1]
    'x-sum 1 at the top of column 1: at r3c1, 1 of 1 counted, sum 1 then 3'
    """
    n = puzzle.n
    if isinstance(rule, Sandwich):
        machine = _sandwich(rule.total, n)
    elif isinstance(rule, XSum):
        machine = _x_sum(rule.total)
    else:
        raise TypeError(f"a line clue's encoder got a {rule.kind} rule")
    return automaton_axioms(machine, rule.cells(n), rule.title(n), rule.kind, index, helpers)


def _arrow(circle: int) -> Automaton:
    def step(state: State, digit: int) -> State | None:
        read, amount = state
        if read < circle:
            return (read + 1, int(f"{amount}{digit}"))
        return (read, amount - digit) if amount >= digit else None

    def say(state: State) -> str:
        read, amount = state
        return f"circle reads {amount}" if read < circle else f"{amount} left"

    return Automaton((0, 0), step, lambda state: state == (circle, 0), say)


def arrow_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return an arrow's axioms: per shaft, an automaton over the circle's cells and the shaft's.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(3)
    >>> made = arrow_axioms(Arrow((0,), ((1,),)), 0, Puzzle.empty(Shape.latin(3)), helpers)
    >>> made[0].name, len(made[0].literals)
    ('arrow r1c1 ← r1c2: one step at r1c1', 3)
    """
    if not isinstance(rule, Arrow):
        raise TypeError(f"an arrow encoder got a {rule.kind} rule")
    n, title = puzzle.n, rule.title(puzzle.n)
    machine = _arrow(len(rule.circle))
    made: list[LiteralAxiom] = []
    for shaft in rule.shafts:
        named = title if len(rule.shafts) == 1 else f"{title}: shaft {cell_list(shaft, n)}"
        cells = (*rule.circle, *shaft)
        made += automaton_axioms(machine, cells, named, rule.kind, index, helpers)
    return made


def _region_sums(ends: frozenset[int], size: int, most: int) -> Automaton:
    """Sums per box along a line whose box runs end at positions ``ends`` (0-based)."""

    def step(state: State, digit: int) -> State | None:
        read, total, held = state
        held += digit
        if held > (total or most):
            return None
        if read not in ends:
            return (read + 1, total, held)
        if total and held != total:
            return None
        return (read + 1, total or held, 0)

    def say(state: State) -> str:
        read, total, held = state
        known = f"each box sums to {total}" if total else "the first box's sum unknown"
        return f"{known}, {held} in this box so far"

    return Automaton((0, 0, 0), step, lambda state: state[0] == size, say)


def region_sum_line_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a region sum line's automaton axioms (boxes cut the line where it leaves one).

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(4)
    >>> line = RegionSumLine((1, 2))  # r1c2 and r1c3: two boxes, equal digits
    >>> made = region_sum_line_axioms(line, 0, Puzzle.empty(Shape.latin(4)), helpers)
    >>> [a.name for a in made if "r1c3=4" in a.name and len(a.literals) == 2]
    ['region sum line r1c2→r1c3: r1c3=4 exactly when a step with 4 is']
    """
    if not isinstance(rule, RegionSumLine):
        raise TypeError(f"a region sum line encoder got a {rule.kind} rule")
    n = puzzle.n
    rows, cols = rule.boxes(n)
    path = rule.cells(n)
    box_of = [(cell // n // rows) * n + cell % n // cols for cell in path]
    ends = frozenset(
        i for i in range(len(path)) if i == len(path) - 1 or box_of[i] != box_of[i + 1]
    )
    longest = max(Counter(box_of).values())
    boxes_are_houses = puzzle.shape.box == (rows, cols)
    most = sum(range(n, n - longest, -1)) if boxes_are_houses else n * longest
    machine = _region_sums(ends, len(path), most)
    return automaton_axioms(machine, path, rule.title(n), rule.kind, index, helpers)
