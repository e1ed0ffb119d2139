"""Tests of the human strategies as views of the rules, twins, rule sets, names and rating."""

from __future__ import annotations

import pytest

from satdoku.core._errors import InputError
from satdoku.io._line import parse_line
from satdoku.rules._rating import Level, Rating, rate
from satdoku.rules._search import TraceStatus, trace
from satdoku.rules._steps import Rule
from satdoku.rules._strategies import (
    LADDER,
    RULES_1,
    RULES_1_2,
    RULES_ALL,
    RUNGS,
    Technique,
    Twin,
    find_twins,
    parse_rules,
    rules_label,
    set_rules,
)
from stepper_support import seventeen_sample


def test_figure_5_twins() -> None:
    """Seed 002, Figure 5: 5 and 7 only in cells 3 and 5 of the row; both become {5, 7}."""
    row = [{1, 2, 4}, {3}, {3, 4}, {3, 5, 7}, {6}, {5, 6, 7}, {1, 2, 8}, {8, 9, 1}, {2}]
    assert find_twins(row) == [Twin(5, 7, 3, 5)]


def test_no_twins_when_nothing_to_remove() -> None:
    assert find_twins([{5, 7}, {5, 7}, {1, 2}, {1, 2}]) == []
    assert find_twins([{5, 7}, {5, 7}, {1, 2}, {1, 2, 3}]) == [Twin(1, 2, 2, 3)]


def test_three_digits_in_two_cells_are_not_twins() -> None:
    assert find_twins([{1, 2, 3, 4}, {1, 2, 3}, {4}]) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", RULES_1),
        ("1,2", RULES_1_2),
        ("1+2", RULES_1_2),
        ("elimination,lone-cell,lone-ranger", RULES_1_2),
        ("1,2,twins", RULES_ALL),
        ("all", RULES_ALL),
        ("lone_cell", frozenset({Technique.LONE_CELL})),
    ],
)
def test_parse_rules(text: str, expected: frozenset[Technique]) -> None:
    assert parse_rules(text) == expected


@pytest.mark.parametrize("text", ["3", "", "1,x"])
def test_parse_rules_rejects(text: str) -> None:
    with pytest.raises(InputError):
        parse_rules(text)


def test_rules_label_round_trips() -> None:
    for rules in LADDER:
        assert parse_rules(rules_label(rules)) == rules


def test_steps_name_their_technique() -> None:
    t = trace(
        parse_line(
            "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
        )
    )
    seen = {s.technique for s in t.steps}
    assert {Technique.ELIMINATION, Technique.LONE_CELL, Technique.LONE_RANGER} <= seen
    for s in t.steps:
        if s.rule is Rule.TWO:
            assert s.axiom is not None
            assert (s.technique is Technique.LONE_CELL) == s.axiom.is_cell


def test_lone_cell_alone_never_uses_house_axioms_for_rule_2() -> None:
    rules = LADDER[1]
    for puzzle in seventeen_sample(5, seed=21):
        for s in trace(puzzle, rules).steps:
            if s.rule is Rule.TWO:
                assert s.axiom is not None and s.axiom.is_cell


def test_rating_orders_puzzles() -> None:
    assert rate(parse_line("1.3..4..2...4..1")).rules == RULES_1_2
    easy = rate(
        parse_line(
            "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
        )
    )
    assert easy.rules is not None and easy.guesses == 0
    assert rate(parse_line("11..............")).status == "unsolvable"
    hard = [rate(p) for p in seventeen_sample(30, seed=4)]
    assert any(r.rules is None and r.guesses > 0 for r in hard)
    for r in hard:
        assert r.status == "solved"


def test_rating_is_the_weakest_rung() -> None:
    for puzzle in seventeen_sample(10, seed=22):
        r = rate(puzzle)
        if r.rules is None:
            assert trace(puzzle, RUNGS[-1]).status is TraceStatus.STALLED
            continue
        assert r.rules == RUNGS[r.rung]
        assert trace(puzzle, r.rules).status is TraceStatus.SOLVED
        for weaker in RUNGS[: r.rung]:
            assert trace(puzzle, weaker).status is TraceStatus.STALLED


def test_rating_label() -> None:
    assert Rating(Level.EASY, 0, {}, 0, "solved").label() == "easy: rules 1,2, no guessing"
    assert Rating(Level.GUESSING, 5, {}, 1, "solved").label() == (
        "needs guessing: 1 guess with rules 1,2"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("set1", {Technique.LOCKED_CANDIDATES}),
        ("pointing,claiming", {Technique.LOCKED_CANDIDATES}),
        ("naked-pair,hidden_triple", {Technique.NAKED_PAIR, Technique.HIDDEN_TRIPLE}),
        ("xwing,swordfish,jellyfish", {Technique.X_WING, Technique.SWORDFISH, Technique.JELLYFISH}),
    ],
)
def test_parse_set_logic_names(text: str, expected: set[Technique]) -> None:
    assert parse_rules(text) == expected


def test_set_k_holds_every_kind_up_to_k() -> None:
    sizes = {k: {t.size for t in set_rules(k)} for k in range(1, 5)}
    assert sizes == {1: {1}, 2: {1, 2}, 3: {1, 2, 3}, 4: {1, 2, 3, 4}}
    assert Technique.TWINS not in set_rules(4) and len(set_rules(4)) == 13
    assert all(t.rule == "set" for t in set_rules(4))
    for rules in RUNGS:
        assert parse_rules(rules_label(rules)) == rules
    assert parse_rules("set2") == set_rules(2) and parse_rules("set") == set_rules(4)


def test_every_set_technique_has_a_description() -> None:
    for technique in Technique:
        assert technique.describe()
