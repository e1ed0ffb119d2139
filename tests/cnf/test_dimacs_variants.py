"""DIMACS of variant puzzles: the header states every kind of rule exactly (``read_rule`` gives
back the same rule, ``read_header`` the same puzzle), and the models an external solver finds for
the written CNF decode into exactly the grids each rule's independent checker accepts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysat.solvers import Solver

from satdoku.cnf._dimacs_read import read_dimacs, read_header
from satdoku.cnf._dimacs_write import write_dimacs
from satdoku.cnf._rule_lines import read_rule, read_rule_line, rule_words
from satdoku.cnf._solver_answers import decode
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    Constraint,
    Distinct,
    Kropki,
    Thermometer,
    broken_constraints,
)
from satdoku.io.variant_file._kinds import kinds_of
from test_variant_rules import (
    GLOBAL,
    KINDS,
    SETTINGS,
    WIDE,
    accepted,
    puzzles_of,
    wide_accepted,
    wide_puzzles_of,
)

WORDS = {"keen cage", "killer cage", "comparison", "consecutive", "skyscraper"}
"""The kinds the header states in words; every other kind is its variant-file object."""


def puzzles(kind: str) -> st.SearchStrategy[Puzzle]:
    return wide_puzzles_of(kind) if kind in GLOBAL else puzzles_of(kind)


def claim_models(text: str) -> list[list[int]]:
    """Every model of the DIMACS text, one per assignment of the claim variables (PySAT)."""
    dimacs = read_dimacs(text)
    n = read_header(text).puzzle.n  # type: ignore[union-attr]
    models = []
    with Solver(name="cadical153", bootstrap_with=dimacs.clauses) as solver:
        while solver.solve():
            model = solver.get_model()
            models.append(model)
            solver.add_clause([-lit for lit in model[: n**3]])
    return models


def test_every_kind_of_the_variant_file_without_words_is_covered() -> None:
    assert set(kinds_of()) - WORDS == set(KINDS) | set(GLOBAL)


def assert_round_trip(puzzle: Puzzle) -> None:
    n = puzzle.n
    for rule in puzzle.constraints:
        words = rule_words(rule, n)
        assert words.isascii() and "\n" not in words and words.startswith('{"kind":')
        assert read_rule(words, n) == rule
    header = read_header(write_dimacs(puzzle))
    assert header is not None
    assert header.puzzle == puzzle


@pytest.mark.parametrize("kind", sorted(KINDS) + sorted(GLOBAL))
def test_the_header_gives_back_the_same_puzzle(kind: str) -> None:
    SETTINGS(given(puzzles(kind))(assert_round_trip))()


def assert_models_are_the_accepted_grids(puzzle: Puzzle) -> None:
    text = write_dimacs(puzzle, names=True)
    header = read_header(text)
    assert header is not None
    grids: set[Grid] = set()
    for model in claim_models(text):
        decoded = decode(header.puzzle, model)
        assert decoded.valid, decoded.problems
        assert broken_constraints(decoded.grid, puzzle.n, puzzle.constraints) == []
        grids.add(decoded.grid)
    assert grids == (wide_accepted(puzzle) if puzzle.n == WIDE else accepted(puzzle))


@pytest.mark.parametrize("kind", sorted(KINDS) + sorted(GLOBAL))
def test_the_models_of_the_written_cnf_are_the_grids_the_checker_accepts(kind: str) -> None:
    SETTINGS(given(puzzles(kind))(assert_models_are_the_accepted_grids))()


def test_helper_claims_are_numbered_above_the_claims_and_named() -> None:
    puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=(Thermometer((0, 1, 2)),))
    lines = write_dimacs(puzzle, names=True).splitlines()
    helpers = [line for line in lines if line.startswith("c helper ")]
    assert helpers and all(int(line.split()[2].rstrip(":")) > 64 for line in helpers)
    assert "c helper 65: thermometer r1c1→r1c3 is filled 1,2,3" in lines


def test_a_rule_line_is_the_variant_file_object_and_its_title() -> None:
    puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=(Kropki(0, 4, True, 2),))
    text = write_dimacs(puzzle)
    line = '{"kind":"kropki","first":"r1c1","second":"r2c1","ratio":true,"value":2}'
    assert f"c rule 0: {line} (black dot r1c1,r2c1)" in text.splitlines()


def test_a_label_with_parentheses_and_other_letters_reads_back() -> None:
    rule = Distinct((0, 5, 10), "(é) ) (")
    words = rule_words(rule, 4)
    assert words.isascii()
    assert read_rule_line(f"{words} ({rule.title(4)})", 4) == rule


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"kind":"parity","cell":"r1c1"', "expected a rule as one JSON object"),
        ('{"kind":"parity","cell":"r9c1","even":true}', "rule.cell: expected a cell r1c1..r4c4"),
        ('{"kind":"parity","cell":"r1c1","odd":true}', "a parity has no field 'odd'"),
        ('{"kind":["parity"]}', "rule.kind: expected the rule's kind"),
        ('{"kind":"lake","cell":"r1c1"}', "rule.kind: expected a kind of rule satdoku knows"),
        ('{"kind":"comparison","smaller":"r1c1","larger":"r1c2"}', "comparison rules in words"),
        ('{"kind":"parity","cell":"r1c1","even":true} parity', "the rule's title in parentheses"),
        ("[1, 2]", "unknown rule"),
    ],
)
def test_a_damaged_rule_is_refused_with_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(InputError, match="a damaged rule|unknown rule") as caught:
        read_rule_line(text, 4)
    assert expected in caught.value.message


def test_a_kind_satdoku_cannot_read_back_is_refused_by_name() -> None:
    class Lake(Thermometer):
        kind = "lake"

    with pytest.raises(InputError, match="cannot write lake rules into a CNF header"):
        rule_words(Lake((0, 1)), 4)


def test_the_rules_of_a_written_header_read_back_at_once() -> None:
    rules: tuple[Constraint, ...] = (Thermometer((0, 1, 2), slow=True), Distinct((3, 6), "x"))
    puzzle = Puzzle(Shape.latin(4), (0,) * 16, constraints=rules)
    header = read_header(write_dimacs(puzzle))
    assert header is not None and header.puzzle.constraints == rules


@pytest.mark.parametrize("names", [False, True])
def test_a_label_with_line_breaks_stays_in_its_comments(names: bool) -> None:
    puzzle = Puzzle(Shape.latin(4), (0,) * 16, constraints=(Distinct((0, 5), "a\nb\u2028(c"),))
    text = write_dimacs(puzzle, names=names)
    assert all(
        line.startswith(("c ", "p cnf ", "-")) or line[0].isdigit() for line in text.splitlines()
    )
    header = read_header(text)
    assert header is not None and header.puzzle == puzzle
    assert len(read_dimacs(text).clauses) == int(text.split("p cnf ")[1].split()[1])
