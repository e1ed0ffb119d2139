"""The Sudoku-variant rules in pictures, sentences and checks: every kind draws in SVG, text
boards draw what characters can and refuse the rest by name, the stepper cites the rule, and a
broken rule is named by its checker."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from satdoku.api._constraint_steps import constraint_steps
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._rule_check import broken_rules
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    Clone,
    Constraint,
    Distinct,
    EntropicLine,
    Extremum,
    Kropki,
    KropkiNegative,
    LittleKiller,
    ModularLine,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    RegionSumLine,
    Renban,
    Sandwich,
    Side,
    Thermometer,
    Whisper,
    XSum,
    XVNegative,
    ZipperLine,
)
from satdoku.rules._literal_formula import formula
from satdoku.rules._propagator import fixpoint
from satdoku.rules._state import State
from satdoku.views._constraint_drawing import constraint_drawing, drawing_json
from satdoku.views._literal_sentences import Wording, literal_sentences
from satdoku.views._plain_board import format_board
from satdoku.views._svg import board_svg
from satdoku.views._svg_variants import VARIANT_STYLE

SAMPLES: dict[str, Constraint] = {
    "distinct": Distinct((0, 1, 9, 10), "window"),
    "anti-knight": AntiKnight(),
    "anti-king": AntiKing(),
    "non-consecutive": NonConsecutive(),
    "parity": Parity(80, True),
    "extremum": Extremum(78, True),
    "kropki": Kropki(4, 5, True),
    "kropki negative": KropkiNegative(True, ((4, 5),)),
    "xv": XV(22, 23, 10),
    "xv negative": XVNegative((5, 10), ((22, 23),)),
    "thermometer": Thermometer((0, 1, 2, 11)),
    "whisper": Whisper((60, 61, 62)),
    "renban": Renban((63, 72, 73)),
    "palindrome": Palindrome((56, 57, 58)),
    "between line": BetweenLine((18, 27, 45)),
    "entropic line": EntropicLine((47, 48, 49)),
    "modular line": ModularLine((74, 75, 76)),
    "zipper line": ZipperLine((50, 51, 52, 53)),
    "region sum line": RegionSumLine((19, 20, 21, 22)),
    "clone": Clone((8, 17), (26, 35)),
    "quadruple": Quadruple(30, (1, 2, 3)),
    "little killer": LittleKiller(-1, 0, (1, 1), 20),
    "sandwich": Sandwich(Side.LEFT, 4, 15),
    "x-sum": XSum(Side.TOP, 7, 22),
    "arrow": Arrow((36, 37), ((46, 55),)),
}
TEXT_DRAWN = {
    "distinct",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "kropki",
    "kropki negative",
    "xv",
    "xv negative",
    "sandwich",
    "x-sum",
}
SUDOKU = Shape.sudoku(9)


def test_every_variant_kind_has_a_sample() -> None:
    assert {rule.kind for rule in SAMPLES.values()} == set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_kind_is_drawn_in_svg(kind: str) -> None:
    rule = SAMPLES[kind]
    plain = ET.fromstring(board_svg((0,) * 81, SUDOKU))
    drawn = ET.fromstring(board_svg((0,) * 81, SUDOKU, constraints=(rule,)))
    assert len(list(drawn.iter())) > len(list(plain.iter()))
    texts = " ".join("".join(e.itertext()) for e in drawn.iter())
    said = constraint_drawing((rule,), 9).notes or (rule.title(9),)  # a global rule: a note
    assert all(words in texts for words in said)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_text_boards_draw_what_characters_can_and_refuse_the_rest_by_name(kind: str) -> None:
    rule = SAMPLES[kind]
    if kind in TEXT_DRAWN:
        assert format_board(_state(), SUDOKU, constraints=(rule,))
    else:
        with pytest.raises(InputError, match=re.escape(f"cannot draw {rule.title(9)} in text")):
            format_board(_state(), SUDOKU, constraints=(rule,))


def _state() -> State:
    """The candidates of an empty Sudoku: the drawing is what is tested."""
    return fixpoint(Puzzle.empty(SUDOKU))[0]


def test_text_boards_put_dots_and_letters_on_edges_and_explain_them() -> None:
    rules = (Kropki(0, 1, False), Kropki(1, 10, True), XV(3, 4, 10), XV(4, 13, 5), AntiKnight())
    board = format_board(_state(), SUDOKU, constraints=rules)
    assert "o" in board.splitlines()[1] or any(" o " in line for line in board.splitlines())
    lines = board.splitlines()
    assert "o: a white dot, the two digits differ by one" in lines
    assert "*: a black dot, one digit is twice the other" in lines
    assert "X: the two digits sum to 10" in lines and "V: the two digits sum to 5" in lines
    assert "anti-knight: cells a knight's move apart hold different digits" in lines


def test_an_unusual_dot_is_drawn_in_svg_and_refused_in_text() -> None:
    dot = Kropki(0, 1, False, 3)
    assert ">3</text>" in board_svg((0,) * 81, SUDOKU, constraints=(dot,))
    with pytest.raises(InputError, match="white dot 3 r1c1,r1c2 in text"):
        format_board(_state(), SUDOKU, constraints=(dot,))


def test_a_dot_between_cells_that_do_not_touch_is_refused() -> None:
    with pytest.raises(InputError, match="neighbours only, not r1c1 and r1c3"):
        constraint_drawing((Kropki(0, 2, True),), 9)


def test_the_step_page_draws_letters_dots_and_lines_on_edges_and_through_cells() -> None:
    made = drawing_json(constraint_drawing((XV(0, 1, 10), AntiKnight()), 9), 9)
    assert [sign["sign"] for sign in made["signs"]] == ["X"]
    assert made["notes"] == ["anti-knight: cells a knight's move apart hold different digits"]
    for rule in (Thermometer((0, 1)), Kropki(0, 1, True), LittleKiller(-1, 0, (1, 1), 9)):
        made = drawing_json(constraint_drawing((rule,), 9), 9)
        titles = [m["title"] for field in ("signs", "lines", "diagonals") for m in made[field]]
        assert titles == [rule.title(9)]


def _sentences(puzzle: Puzzle) -> list[str]:
    made = formula(puzzle)
    wording = Wording.of(puzzle.n, made.helpers, made.axioms, puzzle.constraints)
    return list(literal_sentences(constraint_steps(puzzle, guess=False), wording))


def test_the_stepper_cites_a_thermometer_and_its_fillings() -> None:
    puzzle = Puzzle(Shape.latin(4), (0,) * 16, constraints=(Thermometer((0, 1, 2, 3)),))
    texts = _sentences(puzzle)
    assert "thermometer r1c1→r1c4: only filling 1,2,3,4 remains, so r1c1 is not 2" in texts


def test_the_stepper_names_the_pair_of_a_global_rule() -> None:
    puzzle = Puzzle(Shape.latin(5), (1,) + (0,) * 24, constraints=(NonConsecutive(),))
    texts = _sentences(puzzle)
    pair = "rule 1 on 'non-consecutive: r1c1,r1c2: not 1 and 2': r1c1=1 is true, so r1c2≠2"
    assert any(t.startswith(pair) for t in texts)
    knight = Puzzle(Shape.latin(4), (1,) + (0,) * 15, constraints=(AntiKnight(),))
    said = "rule 1 on 'anti-knight: r1c1 and r2c3 not both 1': r1c1=1 is true, so r2c3≠1"
    assert any(t.startswith(said) for t in _sentences(knight))


def test_a_broken_rule_is_named_by_its_checker() -> None:
    grid = (1, 3, 2, 4, 2, 4, 1, 3, 3, 1, 4, 2, 4, 2, 3, 1)
    rules = (Thermometer((0, 1, 2, 3)), Kropki(0, 4, True), AntiKnight())
    puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=rules)
    assert broken_rules(grid, puzzle) == [
        "thermometer r1c1→r1c4: r1c3=2 is not above r1c2=3",
        "anti-knight: r1c1 and r2c3 both hold 1",
    ]


def _stroked_classes() -> set[str]:
    """The classes the SVG board's style gives a stroke colour."""
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", VARIANT_STYLE.removeprefix("<style>"))
    return {
        sel.strip(" .") for sels, body in rules if "stroke:#" in body for sel in sels.split(",")
    }


@pytest.mark.parametrize(
    "kind", sorted(k for k in SAMPLES if constraint_drawing((SAMPLES[k],), 9).lines)
)
def test_every_line_has_a_stroke_colour_in_the_svg_style(kind: str) -> None:
    for line in constraint_drawing((SAMPLES[kind],), 9).lines:
        assert line.style.replace(" ", "-") in _stroked_classes()
