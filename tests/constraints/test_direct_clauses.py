"""Rules that pairs of cells state (dots, XV, thermometers, whispers, palindromes, clones, the
global rules) as clauses over claims alone: the compact CNF and the SAT path allow exactly the
grids the checkers accept, without a helper claim; templates are shared by rules placed alike
(the same fields but the cells', the same cells sharing houses) and by nothing else."""

from __future__ import annotations

import dataclasses
from collections import OrderedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from formula_support import formula_grids
from satdoku.cnf import _rule_templates as rule_templates
from satdoku.cnf._direct_clauses import direct_clauses
from satdoku.cnf._encodings import Encoding
from satdoku.cnf._rule_templates import placement_key, rule_template
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    CELLS,
    AntiKnight,
    Arrow,
    BetweenLine,
    Constraint,
    Extremum,
    NonConsecutive,
    RegionSumLine,
    Renban,
    Sandwich,
    Side,
    Thermometer,
    XSum,
)
from test_rule_templates import template_grids
from test_variant_rules import (
    GLOBAL,
    KINDS,
    SETTINGS,
    accepted,
    puzzles_of,
    wide_accepted,
    wide_puzzles_of,
)

DIRECT = ("kropki", "xv", "thermometer", "whisper", "palindrome", "clone")
"""The kinds of rule over a few cells that pairs of their cells state."""


@pytest.fixture(autouse=True)
def no_templates_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_templates, "_KEPT", OrderedDict())


def assert_compact_and_helperless(puzzle: Puzzle) -> None:
    """The compact CNF allows the grids the checkers accept; each rule's template has no
    helper variable."""
    expected = wide_accepted(puzzle) if puzzle.n == 5 else accepted(puzzle)
    assert formula_grids(puzzle, compact=True) == expected
    for rule in puzzle.constraints:
        assert rule_template(rule, puzzle, Encoding()).extra == 0


@pytest.mark.parametrize("kind", DIRECT)
def test_rules_over_pairs_of_cells_allow_the_accepted_grids_without_helpers(kind: str) -> None:
    SETTINGS(given(puzzles_of(kind))(assert_compact_and_helperless))()


@pytest.mark.parametrize("kind", GLOBAL)
def test_global_rules_allow_the_accepted_5x5_grids_without_helpers(kind: str) -> None:
    SETTINGS(given(wide_puzzles_of(kind))(assert_compact_and_helperless))()


def test_non_consecutive_keeps_neighbours_apart_by_two_binary_clauses_per_digit_pair() -> None:
    clauses = direct_clauses(NonConsecutive(), Puzzle.empty(Shape.latin(3)))
    assert clauses is not None and all(len(clause) == 2 for clause in clauses)
    assert len(clauses) == 12 * 2 * 2  # 12 neighbouring pairs, digits {1,2} and {2,3}, both ways


@pytest.mark.parametrize(
    "rule",
    [
        Renban((0, 1, 2)),
        BetweenLine((0, 1, 2)),
        Arrow((0,), ((1, 2),)),
        Sandwich(Side.LEFT, 0, 2),
    ],
)
def test_rules_that_need_more_than_pairs_of_cells_have_no_direct_clauses(rule: Constraint) -> None:
    assert direct_clauses(rule, Puzzle.empty(Shape.sudoku(4))) is None


SHAPE = Shape.sudoku(4)
"""2×2 boxes: swapping bands or stacks, or two rows of a band, keeps every house a house."""


@st.composite
def symmetries(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Where rows and columns go under a permutation keeping the 2×2-box Sudoku's houses."""

    def lines() -> list[int]:
        bands = [0, 2] if draw(st.booleans()) else [2, 0]
        flips = {band: draw(st.integers(0, 1)) for band in bands}
        return [band + (offset ^ flips[band]) for band in bands for offset in (0, 1)]

    return lines(), lines()


def moved(rule: Constraint, rows: list[int], cols: list[int]) -> Constraint:
    """The rule on the cells the permutation takes its cells to (a line clue on its line)."""

    def cell(value: object) -> object:
        if isinstance(value, tuple):
            return tuple(map(cell, value))
        assert isinstance(value, int)
        return rows[value // 4] * 4 + cols[value % 4]

    if isinstance(rule, (Sandwich, XSum)):
        across = rule.side in (Side.LEFT, Side.RIGHT)
        return dataclasses.replace(rule, line=(rows if across else cols)[rule.line])
    placed = {f.name: cell(getattr(rule, f.name)) for f in dataclasses.fields(rule) if f.metadata}
    assert all(f.metadata in ({}, CELLS) for f in dataclasses.fields(rule))
    return dataclasses.replace(rule, **placed)  # type: ignore[type-var]


SHARED = sorted(set(KINDS) - {"extremum", "little killer", "region sum line", "quadruple"})
"""The kinds whose rules a permutation of rows and columns moves by their fields."""


@pytest.mark.parametrize("kind", SHARED)
def test_a_template_on_moved_cells_allows_the_grids_the_checker_accepts(kind: str) -> None:
    @SETTINGS
    @given(KINDS[kind], symmetries())
    def check(rules: tuple[Constraint, ...], where: tuple[list[int], list[int]]) -> None:
        (rule,) = rules
        other = Puzzle(SHAPE, (0,) * 16, constraints=(moved(rule, *where),))
        first = rule_template(rule, Puzzle(SHAPE, (0,) * 16, constraints=rules), Encoding())
        assert rule_template(other.constraints[0], other, Encoding()) is first
        assert template_grids(other) == accepted(other)

    check()


def test_rules_placed_alike_but_for_their_fields_or_houses_have_keys_of_their_own() -> None:
    one_shaft, two_shafts = Arrow((0,), ((1, 2, 3),)), Arrow((0,), ((1,), (2, 3)))
    assert placement_key(one_shaft, SHAPE) != placement_key(two_shafts, SHAPE)
    assert placement_key(Thermometer((0, 1)), SHAPE) == placement_key(Thermometer((10, 11)), SHAPE)
    assert placement_key(Thermometer((0, 1)), SHAPE) != placement_key(Thermometer((0, 10)), SHAPE)
    slow = Thermometer((10, 11), slow=True)
    assert placement_key(Thermometer((0, 1)), SHAPE) != placement_key(slow, SHAPE)


def test_other_kinds_are_kept_by_the_rule_and_the_shape_and_extrema_not_at_all() -> None:
    line = RegionSumLine((0, 1, 2))
    assert placement_key(line, SHAPE) == (line, SHAPE) != placement_key(line, Shape.latin(4))
    assert placement_key(AntiKnight(), SHAPE) == (AntiKnight(), SHAPE)
    assert placement_key(Extremum(0, True), SHAPE) is None
