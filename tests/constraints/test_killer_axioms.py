"""Killer cages and the 45 rule as exactly-one axioms: their solutions are the checked grids.

The axioms are turned into clauses here (at least one, and no two, of each axiom's literals),
with the cell and house axioms of ``core.axioms``, and solved with PySAT; the grids they allow
are compared with every grid of the shape that ``KillerCage.broken`` accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from formula_support import formula_grids
from satdoku.core._axioms import axioms
from satdoku.core._literal_axioms import HelperClaims, LiteralAxiom
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms._killer_cage import killer_cage_axioms
from satdoku.core.constraint_axioms._killer_innies import UNION_CELLS, derived_cages, innie_axioms
from satdoku.core.constraint_axioms._sum_axioms import sum_axioms
from satdoku.core.constraint_axioms._sum_region import SumRegion
from satdoku.core.constraints import KillerCage
from satdoku.generation._random_grid import random_grid

Encoder = Callable[[KillerCage, int, Puzzle, HelperClaims], list[LiteralAxiom]]


def _partial_sums_only(
    rule: KillerCage, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """The cage by partial sums and "no digit twice", as for cages with too many digit sets."""
    region = SumRegion(rule.members, rule.total, rule.title(puzzle.n), rule.kind, index)
    return sum_axioms(region, puzzle.n, helpers, set_limit=0)


ENCODERS: dict[str, Encoder] = {
    "digit sets": killer_cage_axioms,
    "partial sums": _partial_sums_only,
}


def _literal_axioms(puzzle: Puzzle, innies: bool, encoder: Encoder) -> list[LiteralAxiom]:
    helpers = HelperClaims(puzzle.n)
    found: list[LiteralAxiom] = []
    for index, rule in enumerate(puzzle.constraints):
        assert isinstance(rule, KillerCage)
        found += encoder(rule, index, puzzle, helpers)
    return found + (innie_axioms(puzzle, helpers) if innies else [])


def _exactly_one(groups: Iterable[Sequence[int]]) -> list[list[int]]:
    clauses: list[list[int]] = []
    for literals in groups:
        clauses.append(list(literals))
        clauses += [[-a, -b] for a, b in combinations(literals, 2)]
    return clauses


def _clauses(puzzle: Puzzle, literal_axioms: Sequence[LiteralAxiom]) -> list[list[int]]:
    houses = (axiom.variables for axiom in axioms(puzzle.shape))
    return _exactly_one(houses) + _exactly_one(axiom.literals for axiom in literal_axioms)


def _solutions(puzzle: Puzzle, innies: bool = True, encoder: Encoder = killer_cage_axioms) -> set:
    """Every grid the axioms allow (claims only: a model's helpers follow from its claims)."""
    n = puzzle.n
    found = set()
    with Solver(
        name="minisat22", bootstrap_with=_clauses(puzzle, _literal_axioms(puzzle, innies, encoder))
    ) as solver:
        while solver.solve():
            true = [lit for lit in solver.get_model() if 0 < lit <= n**3]
            found.add(tuple((lit - 1) % n + 1 for lit in true))
            solver.add_clause([-lit for lit in true])
    return found


@cache
def _all_grids(shape: Shape) -> tuple[Grid, ...]:
    """Every filled grid of a 4×4 shape, by brute force."""
    n = shape.n
    rows = list(permutations(range(1, n + 1)))
    grids = []
    for chosen in permutations(rows, n):
        grid = tuple(d for row in chosen for d in row)
        if all(len({grid[c] for c in house.cells}) == n for house in shape.houses):
            grids.append(grid)
    return tuple(grids)


def _accepted(puzzle: Puzzle) -> set:
    return {
        grid
        for grid in _all_grids(puzzle.shape)
        if all(rule.broken(grid, puzzle.n) is None for rule in puzzle.constraints)
    }


SHAPES = [Shape.sudoku(4), Shape.latin(4)]


@st.composite
def killer_puzzles(draw: st.DrawFn) -> Puzzle:
    """A 4×4 Sudoku or Latin square with random cages (they may overlap), any totals or none."""
    shape = draw(st.sampled_from(SHAPES))
    grids = _all_grids(shape)
    grid = grids[draw(st.integers(0, len(grids) - 1))]
    cages = []
    for _ in range(draw(st.integers(0, 6))):
        cells = draw(st.lists(st.integers(0, 15), min_size=1, max_size=4, unique=True))
        total = draw(
            st.one_of(
                st.just(sum(grid[c] for c in cells)),
                st.none(),
                st.integers(1, 4 * len(cells) + 1),
            )
        )
        cages.append(KillerCage(tuple(cells), total))
    return Puzzle(shape, (0,) * 16, constraints=tuple(cages))


@settings(max_examples=60, deadline=None)
@given(killer_puzzles(), st.sampled_from(sorted(ENCODERS)))
def test_solutions_of_the_axioms_are_the_grids_the_checker_accepts(
    puzzle: Puzzle, encoder: str
) -> None:
    expected = _accepted(puzzle)
    assert _solutions(puzzle, innies=False, encoder=ENCODERS[encoder]) == expected
    assert _solutions(puzzle, innies=True, encoder=ENCODERS[encoder]) == expected
    assert formula_grids(puzzle, compact=True) == expected  # the SAT path's formula


@st.composite
def tiled_9x9(draw: st.DrawFn) -> tuple[Puzzle, Grid]:
    """A random 9×9 solution cut into cages of 1-5 cells (some without a total)."""
    shape = Shape.sudoku(9)
    grid = random_grid(shape, draw(st.integers(0, 10**6)))
    assert grid is not None
    order = draw(st.permutations(range(81)))
    cages = []
    start = 0
    while start < 81:
        cells: tuple[int, ...] = ()
        for cell in order[start : start + draw(st.integers(1, 5))]:
            if grid[cell] in {grid[c] for c in cells}:
                break  # a cage never repeats a digit
            cells += (cell,)
        known = draw(st.integers(0, 9)) > 0
        cages.append(KillerCage(cells, sum(grid[c] for c in cells) if known else None))
        start += len(cells)
    return Puzzle(shape, (0,) * 81, constraints=tuple(cages)), grid


@settings(max_examples=25, deadline=None)
@given(tiled_9x9())
def test_derived_cages_never_cut_a_valid_solution(case: tuple[Puzzle, Grid]) -> None:
    puzzle, grid = case
    for region in derived_cages(puzzle):
        digits = [grid[cell] for cell in region.cells]
        assert sum(digits) == region.total, region.name
        if region.distinct:
            assert len(set(digits)) == len(digits), region.name
    clauses = _clauses(puzzle, _literal_axioms(puzzle, True, killer_cage_axioms))
    givens = [cell * 9 + digit for cell, digit in enumerate(grid)]
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        assert solver.solve(assumptions=givens)


def _propagate(literal_axioms: Sequence[Sequence[int]], true: Iterable[int] = ()) -> set[int]:
    """Rules 1 and 2 to a fixed point: a true literal makes the rest of its axiom false, and an
    axiom with one literal left not false makes it true. Returns the literals found true."""
    value = {lit: True for lit in true} | {-lit: False for lit in true}
    changed = True
    while changed:
        changed = False
        for literals in literal_axioms:
            trues = [lit for lit in literals if value.get(lit) is True]
            open_ = [lit for lit in literals if lit not in value]
            if len(trues) > 1 or (not trues and not open_):
                raise AssertionError(f"contradiction in {literals}")
            new = [-lit for lit in open_] if trues else open_ if len(open_) == 1 else []
            for lit in new:
                value[lit], value[-lit] = True, False
                changed = True
    return {lit for lit, known in value.items() if known}


def _known(puzzle: Puzzle, innies: bool, givens: Iterable[int] = ()) -> set[int]:
    """The literals rules 1 and 2 find true on the house axioms and the killer axioms."""
    groups = [a.variables for a in axioms(puzzle.shape)]
    groups += [a.literals for a in _literal_axioms(puzzle, innies, killer_cage_axioms)]
    return _propagate(groups, givens)


def _fixed(puzzle: Puzzle, innies: bool, givens: Iterable[int] = ()) -> dict[int, int]:
    """The cells rules 1 and 2 fix."""
    n = puzzle.n
    true = _known(puzzle, innies, givens)
    return {(lit - 1) // n: (lit - 1) % n + 1 for lit in true if 0 < lit <= n**3}


def _open_digits(puzzle: Puzzle, cell: int, givens: Iterable[int] = ()) -> set[int]:
    """The digits rules 1 and 2 leave open in a cell (killer cages, no derived cages)."""
    n = puzzle.n
    true = _known(puzzle, False, givens)
    return {d for d in range(1, n + 1) if -(cell * n + d) not in true}


NINE = Shape.sudoku(9)
EMPTY = (0,) * 81


def test_a_one_cell_cage_is_its_total() -> None:
    puzzle = Puzzle(NINE, EMPTY, constraints=(KillerCage((40,), 5),))
    assert _fixed(puzzle, innies=False) == {40: 5}


def test_a_two_cell_cage_of_17_holds_8_and_9() -> None:
    cage = KillerCage((0, 1), 17)
    puzzle = Puzzle(NINE, EMPTY, constraints=(cage,))
    assert _open_digits(puzzle, 0) == _open_digits(puzzle, 1) == {8, 9}
    helpers = HelperClaims(9)
    found = killer_cage_axioms(cage, 0, puzzle, helpers)
    assert helpers.names[0] == "cage 17 over r1c1,r1c2 holds {8,9}"
    assert "cage 17 over r1c1,r1c2 holds a 9" in helpers.names
    assert {(axiom.kind, axiom.source) for axiom in found} == {("killer cage", 0)}
    assert _fixed(puzzle, innies=False, givens=[8])[1] == 9  # r1c1=8


def test_a_cage_without_total_only_forbids_repeats() -> None:
    puzzle = Puzzle(NINE, EMPTY, constraints=(KillerCage((0, 13), None),))  # r1c1, r2c5
    assert _open_digits(puzzle, 13) == set(range(1, 10))
    assert _open_digits(puzzle, 13, givens=[3]) == set(range(1, 10)) - {3}  # r1c1=3


def test_a_total_no_digits_reach_has_no_solution() -> None:
    puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=(KillerCage((0, 5), 8),))
    assert _solutions(puzzle, innies=False) == set()
    assert _solutions(puzzle, innies=False, encoder=_partial_sums_only) == set()


def test_the_45_rule_fixes_the_cell_a_row_s_cages_leave() -> None:
    cages = (KillerCage((0, 1, 2), 15), KillerCage((3, 4, 5), 15), KillerCage((6, 7), 9))
    puzzle = Puzzle(NINE, EMPTY, constraints=cages)
    assert 8 not in _fixed(puzzle, innies=False)
    assert _fixed(puzzle, innies=True)[8] == 6
    names = [region.name for region in derived_cages(puzzle)]
    assert names[0] == "45 rule: row 1 minus cages 1, 2, 3: r1c9 sum to 6"


def _dominoes(columns: range, grid: Grid) -> tuple[KillerCage, ...]:
    """Cages of two cells, r1 over r2, in the given columns, with the grid's totals."""
    return tuple(KillerCage((c, c + 9), grid[c] + grid[c + 9]) for c in columns)


def test_two_rows_give_a_derived_cage_of_their_innies() -> None:
    grid = random_grid(NINE, 3)
    assert grid is not None
    puzzle = Puzzle(NINE, EMPTY, constraints=_dominoes(range(8), grid))
    unions = [region for region in derived_cages(puzzle) if "rows 1-2" in region.name]
    total = grid[8] + grid[17]
    expected = f"45 rule: rows 1-2 minus cages 1, 2, 3, 4, 5, 6, 7, 8: r1c9,r2c9 sum to {total}"
    assert [(region.name, region.distinct) for region in unions] == [(expected, True)]
    assert not any("rows" in region.name for region in derived_cages(puzzle, unions=False))


def test_two_rows_innies_that_may_repeat_are_summed_by_partial_sums() -> None:
    grid = random_grid(NINE, 3)
    assert grid is not None
    puzzle = Puzzle(NINE, EMPTY, constraints=_dominoes(range(1, 8), grid))
    (union,) = [region for region in derived_cages(puzzle) if "rows 1-2" in region.name]
    assert union.cells == (0, 8, 9, 17) and not union.distinct
    givens = [cell * 9 + grid[cell] for cell in (0, 8, 9)]
    assert 17 not in _fixed(puzzle, innies=False, givens=givens)
    assert _fixed(puzzle, innies=True, givens=givens)[17] == grid[17]


def test_a_union_only_restating_its_houses_is_left_out() -> None:
    grid = random_grid(NINE, 5)
    assert grid is not None
    quads = [tuple(range(start, start + 4)) for start in (0, 4, 9, 13)]  # r1c1-8, r2c1-8
    cages = tuple(KillerCage(cells, sum(grid[c] for c in cells)) for cells in quads)
    puzzle = Puzzle(NINE, EMPTY, constraints=cages)
    names = [region.name for region in derived_cages(puzzle)]
    assert f"45 rule: row 2 minus cages 3, 4: r2c9 sum to {grid[17]}" in names
    assert not any("rows" in name for name in names)


def test_overlapping_cages_in_a_house_derive_nothing_there() -> None:
    cages = (KillerCage((0, 1), 3), KillerCage((1, 2), 5))
    puzzle = Puzzle(Shape.latin(3), (0,) * 9, constraints=cages)
    assert not any("row 1" in region.name for region in derived_cages(puzzle))


def test_union_innies_past_the_limit_are_left_out() -> None:
    grid = random_grid(NINE, 3)
    assert grid is not None
    columns = range(1, 9 - UNION_CELLS // 2)
    puzzle = Puzzle(NINE, EMPTY, constraints=_dominoes(columns, grid))
    assert not any("rows 1-2" in region.name for region in derived_cages(puzzle))
