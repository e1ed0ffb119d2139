"""Rule templates: a rule's clauses made once and put on other cells of the same placement allow
exactly the Latin squares the rule's own checker accepts there."""

from __future__ import annotations

from collections import OrderedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysat.solvers import Solver

from satdoku.cnf import _rule_templates as rule_templates
from satdoku.cnf._encodings import AtMostOne, Encoding, shape_clauses
from satdoku.cnf._rule_templates import RuleTemplate, placement_key, rule_template, table_clauses
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms import ENCODERS
from satdoku.core.constraint_axioms._keen_cage import keen_cage_axioms, keen_cage_fillings
from satdoku.core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    KillerCage,
    Operation,
    Side,
    Skyscraper,
)
from test_constraint_axioms import KINDS, SETTINGS, accepted, keen_cages, latin_squares


@pytest.fixture(autouse=True)
def no_templates_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_templates, "_KEPT", OrderedDict())


def moved(rule: Constraint, n: int, rows: list[int], cols: list[int], side: Side) -> Constraint:
    """The rule on the cells that permuted rows and columns take its cells to (a skyscraper
    clue to a line of the side given): the same cells share houses as before."""

    def cell(index: int) -> int:
        return rows[index // n] * n + cols[index % n]

    if isinstance(rule, ArithmeticCage):
        return ArithmeticCage(tuple(map(cell, rule.members)), rule.operation, rule.target)
    if isinstance(rule, KillerCage):
        return KillerCage(tuple(map(cell, rule.members)), rule.total)
    if isinstance(rule, Comparison):
        return Comparison(cell(rule.smaller), cell(rule.larger))
    if isinstance(rule, Consecutive):
        return Consecutive(cell(rule.first), cell(rule.second), rule.consecutive)
    assert isinstance(rule, Skyscraper)
    return Skyscraper(side, rows[rule.line], rule.visible)


def template_grids(puzzle: Puzzle) -> set[Grid]:
    """Every grid of the shape's clauses and the rules' templates (guard assumed), by claims."""
    n = puzzle.n
    houses = shape_clauses(puzzle.shape)
    found: set[Grid] = set()
    with Solver(name="minisat22", bootstrap_with=houses.clauses) as solver:
        first, guard = houses.top + 1, 10_000
        for rule in puzzle.constraints:
            template = rule_template(rule, puzzle, Encoding())
            solver.append_formula(template.clauses(rule.cells(n), first, guard))
            first += template.extra
        while solver.solve([*puzzle.assumptions(), guard]):
            true = [lit for lit in solver.get_model() if 0 < lit <= n**3]
            found.add(tuple((lit - 1) % n + 1 for lit in true))
            solver.add_clause([-lit for lit in true])
    return found


@st.composite
def killer_cages(draw: st.DrawFn, n: int) -> KillerCage:
    """A cage of one to four cells, with the total of a Latin square's digits there, another
    total or none."""
    members = draw(st.lists(st.integers(0, n * n - 1), min_size=1, max_size=4, unique=True))
    square = draw(st.sampled_from(latin_squares(n)))
    meant = sum(square[cell] for cell in members)
    total = draw(st.sampled_from((meant, meant, meant + 1, None)))
    return KillerCage(tuple(members), total)


RULES = {**KINDS, "killer cage": killer_cages}


@st.composite
def moved_pairs(draw: st.DrawFn, kind: str) -> tuple[Puzzle, Puzzle]:
    """A 3x3 or 4x4 Latin puzzle with a rule, and one with the rule moved (rows and columns
    permuted), a given or none each."""
    n = draw(st.sampled_from((3, 4)))
    rule = draw(RULES[kind](n))
    rows, cols = draw(st.permutations(range(n))), draw(st.permutations(range(n)))
    other = moved(rule, n, list(rows), list(cols), draw(st.sampled_from(list(Side))))
    square = draw(st.sampled_from(latin_squares(n)))
    shown = draw(st.lists(st.integers(0, n * n - 1), max_size=1))
    cells = tuple(square[i] if i in shown else 0 for i in range(n * n))
    return (
        Puzzle(Shape.latin(n), (0,) * (n * n), constraints=(rule,)),
        Puzzle(Shape.latin(n), cells, constraints=(other,)),
    )


@pytest.mark.parametrize("kind", sorted(RULES))
def test_a_template_on_moved_cells_allows_the_squares_the_checker_accepts(kind: str) -> None:
    @SETTINGS
    @given(moved_pairs(kind))
    def check(pair: tuple[Puzzle, Puzzle]) -> None:
        first, other = pair
        template = rule_template(first.constraints[0], first, Encoding())
        assert rule_template(other.constraints[0], other, Encoding()) is template
        assert template_grids(other) == accepted(other)

    check()


def test_cells_sharing_a_house_or_not_have_templates_of_their_own() -> None:
    shape = Shape.latin(3)
    in_a_row, apart = (
        ArithmeticCage((0, 1), Operation.ADD, 2),
        ArithmeticCage((0, 4), Operation.ADD, 2),
    )
    assert placement_key(in_a_row, shape) != placement_key(apart, shape)
    rule_template(in_a_row, Puzzle.empty(shape), Encoding())  # 1+1 cannot fill a row's two cells
    puzzle = Puzzle(shape, (0,) * 9, constraints=(apart,))
    assert template_grids(puzzle) == accepted(puzzle) != set()


def test_a_killer_cage_template_fits_a_cage_whose_cells_share_the_same_houses() -> None:
    shape = Shape.sudoku(4)
    cage = KillerCage((0, 1, 4), 6)
    assert placement_key(cage, shape) == placement_key(KillerCage((10, 11, 14), 6), shape)
    assert placement_key(cage, shape) != placement_key(KillerCage((0, 1, 6), 6), shape)
    puzzle = Puzzle(shape, (0,) * 16, constraints=(KillerCage((10, 11, 14), 6),))
    rule_template(cage, Puzzle(shape, (0,) * 16, constraints=(cage,)), Encoding())
    grids = template_grids(puzzle)
    assert grids and all(sorted(g[c] for c in (10, 11, 14)) == [1, 2, 3] for g in grids)


@st.composite
def keen_puzzles(draw: st.DrawFn) -> Puzzle:
    """A Latin puzzle of order 3 or 4 with one Keen cage."""
    n = draw(st.sampled_from((3, 4)))
    return Puzzle(Shape.latin(n), (0,) * (n * n), constraints=(draw(keen_cages(n)),))


def left_out(direct: RuleTemplate, by_axioms: RuleTemplate) -> set[tuple[int, ...]]:
    """The clauses of the axioms' template that the direct one does not have; the direct one's
    are all among them (the same claims and fillings' helpers)."""
    assert set(direct.local) <= set(by_axioms.local)
    assert direct.extra <= by_axioms.extra
    return set(by_axioms.local) - set(direct.local)


@SETTINGS
@given(keen_puzzles(), st.sampled_from(list(AtMostOne)))
def test_a_keen_cage_template_made_directly_leaves_out_only_the_fillings_at_most_one(
    puzzle: Puzzle, amo: AtMostOne
) -> None:
    cage, encoding = puzzle.constraints[0], Encoding(amo=amo)
    direct = rule_template(cage, puzzle, encoding)
    with pytest.MonkeyPatch.context() as patch:  # another encoder: the generic way, by axioms
        patch.setitem(ENCODERS, "keen cage", lambda *args: keen_cage_axioms(*args))
        by_axioms = rule_template(cage, puzzle, encoding)
    claims = direct.cells * direct.n
    assert all(abs(lit) > claims for clause in left_out(direct, by_axioms) for lit in clause)


@pytest.mark.parametrize(
    "cage",
    [
        ArithmeticCage((0, 1, 9), Operation.MULTIPLY, 72),
        ArithmeticCage((0, 1, 2, 10), Operation.ADD, 20),
        ArithmeticCage((30, 31, 40, 41, 49), Operation.MULTIPLY, 2520),
        ArithmeticCage((7,), Operation.ADD, 4),
    ],
)
def test_a_9x9_keen_cage_template_made_directly_leaves_out_only_the_fillings_at_most_one(
    cage: ArithmeticCage, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = Puzzle(Shape.latin(9), (0,) * 81, constraints=(cage,))
    direct = rule_template(cage, puzzle, Encoding())
    monkeypatch.setitem(ENCODERS, "keen cage", lambda *args: keen_cage_axioms(*args))
    by_axioms = rule_template(cage, puzzle, Encoding())
    rows = keen_cage_fillings(cage, puzzle)
    made = table_clauses(len(cage.members), rows, 9)
    assert (len(rows), tuple(map(tuple, made))) == (direct.extra, direct.local)
    fillings = range(direct.cells * 9 + 1, direct.cells * 9 + len(rows) + 1)
    left = left_out(direct, by_axioms)
    assert len(left) == (len(rows) * (len(rows) - 1) // 2 if len(rows) <= 16 else 3 * len(rows) - 4)
    if len(rows) <= 16:  # pairwise: each pair of fillings
        assert left == {(-a, -b) for a in fillings for b in fillings if a < b}
