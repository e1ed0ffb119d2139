"""Tests of trace rendering: the exact JSON contract, sentences in r1c1 notation, boards."""

from __future__ import annotations

import json
import random

from satdoku.core._shape import Shape
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import trace
from satdoku.rules._steps import Rule, Step
from satdoku.rules._strategies import RULES_ALL
from satdoku.views._plain_board import format_board
from satdoku.views._sentences import sentence
from satdoku.views._trace_json import step_record, trace_record
from stepper_support import random_puzzle, seventeen_sample

CONTRACT_STEP_KEYS = {"rule", "axiom", "claims", "value", "because", "depth"}
RULES = {1, 2, "given", "guess", "backtrack", "twins", "contradiction"}


def test_json_contract() -> None:
    puzzle = seventeen_sample(1, seed=4)[0]
    rec = json.loads(json.dumps(trace_record(trace(puzzle, search=True))))
    assert list(rec)[:2] == ["steps", "status"]
    assert rec["status"] == "solved" and len(rec["solution"]) == 81
    for step in rec["steps"]:
        assert set(step) >= CONTRACT_STEP_KEYS
        assert step["rule"] in RULES
        assert isinstance(step["value"], bool) and isinstance(step["depth"], int)
        for claim in step["claims"] + step["because"]:
            assert len(claim) == 3 and all(0 <= x < 9 for x in claim[:2]) and 1 <= claim[2] <= 9
        if step["axiom"] is not None:
            assert set(step["axiom"]) == {"name", "claims"} and len(step["axiom"]["claims"]) == 9
        assert isinstance(step["text"], str)
    assert rec["n"] == 9 and rec["box"] == [3, 3] and rec["regions"] is None
    assert rec["diagonals"] is False and rec["alphabet"] == "123456789"
    assert rec["puzzle"].count(".") == 81 - 17


def test_json_statuses() -> None:
    assert trace_record(trace(parse_line("1...............")))["status"] == "stalled"
    unsolvable = trace_record(trace(parse_line("11..............")))
    assert unsolvable["status"] == "unsolvable" and "solution" not in unsolvable
    assert unsolvable["steps"][-1]["rule"] == "contradiction"
    assert unsolvable["steps"][-1]["axiom"]["name"] == "row 1 has exactly one 1"


def test_backtrack_follows_the_player_semantics() -> None:
    """A backtrack carries the depth of its guess and decides that guess false."""
    for puzzle in seventeen_sample(30, seed=4):
        rec = trace_record(trace(puzzle, search=True))
        guesses: dict[int, list[list[int]]] = {}
        found = False
        for step in rec["steps"]:
            if step["rule"] == "guess":
                guesses[step["depth"]] = step["claims"]
            elif step["rule"] == "backtrack":
                assert step["claims"] == guesses[step["depth"]] and step["value"] is False
                found = True
        if found:
            return
    raise AssertionError("no backtrack in the sample")


def test_sentences() -> None:
    n = 9
    v = lambda r, c, d: r * n * n + c * n + d  # noqa: E731
    t = trace(
        parse_line(
            "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
        )
    )
    texts = [sentence(s, t.puzzle.shape) for s in t.steps]
    assert texts[0] == "given: r1c1=2"
    rule2 = [x for x in texts if x.startswith("rule 2: in 'row")]
    assert rule2 and " every claim but " in rule2[0] and ", so r" in rule2[0]
    guess = Step(Rule.GUESS, None, (v(3, 5, 7),), True, (), 1, n)
    assert sentence(guess) == "guess (depth 1): r4c6=7"
    back = Step(Rule.BACKTRACK, None, (v(3, 5, 7),), False, (v(3, 5, 7),), 1, n)
    assert sentence(back).startswith("backtrack (depth 1): the guess r4c6=7 led to a contradiction")


def test_rule_1_sentence_lists_every_claim() -> None:
    steps = trace(parse_line("1...............")).steps
    assert sentence(steps[1]) == (
        "rule 1: r1c1=1 is true, so in 'cell r1c1 holds exactly one digit' r1c1=2, r1c1=3 and "
        "r1c1=4 are false"
    )


def test_twins_records_name_house_and_digits() -> None:
    rng = random.Random(5)
    for _ in range(60):
        puzzle = random_puzzle(Shape.sudoku(9), rng, 0.3)
        t = trace(puzzle, RULES_ALL)
        for s in t.steps:
            if s.rule is Rule.TWINS:
                rec = step_record(s, t.puzzle.shape)
                assert rec["rule"] == "twins" and len(rec["digits"]) == 2
                assert rec["text"].startswith(f"twins: in {rec['house']} the digits")
                return
    raise AssertionError("no twins found")


def test_board_shows_candidates_and_givens() -> None:
    p = parse_line("1...............")
    t = trace(p)
    board = format_board(t.state(len(t.steps)), p.shape, givens=p.cells)
    lines = board.splitlines()
    assert lines[1] == "|     | . 2 # . 2 | . 2 |"
    assert lines[2] == "|*1   | 3 4 # 3 4 | 3 4 |"
    assert "#=====" in board


def test_board_for_16x16_uses_letters() -> None:
    alphabet = Alphabet("123456789ABCDEFG")
    p = parse_line("1" + "." * 255)
    t = trace(p)
    board = format_board(t.state(len(t.steps)), p.shape, alphabet, p.cells)
    assert "G" in board and len(board.splitlines()) == 1 + 16 * 5
    rec = trace_record(t, alphabet)
    assert rec["alphabet"] == "123456789ABCDEFG"
