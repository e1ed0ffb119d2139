"""The PySAT backend on puzzles with rules beyond houses: hand-made 5x5 puzzles of each kind,
seeded 9x9 ones (tests/data/constrained_9x9.jsonl), counting, limits and the checker's watch."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest

from satdoku.backends._constraint_sat import (
    OutOfLimits,
    constrained_solutions,
    count_constrained,
    solve_constrained,
)
from satdoku.cnf._rule_lines import read_rule
from satdoku.core._errors import InternalError
from satdoku.core._limits import Limits
from satdoku.core._puzzle import Grid, Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraint_axioms import ENCODERS, TABLES
from satdoku.core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    Operation,
    Side,
    Skyscraper,
)
from satdoku.io.tatham import parse_game_id

DATA = Path(__file__).parents[1] / "data" / "constrained_9x9.jsonl"

ADD, TIMES, MINUS, DIVIDE = Operation.ADD, Operation.MULTIPLY, Operation.SUBTRACT, Operation.DIVIDE

KEEN = (
    [
        ArithmeticCage((0, 1, 5), ADD, 14),
        ArithmeticCage((2,), ADD, 3),
        ArithmeticCage((3, 4, 9), TIMES, 2),
        ArithmeticCage((6, 7, 12), ADD, 6),
        ArithmeticCage((8, 13), MINUS, 1),
        ArithmeticCage((10, 11, 15), TIMES, 8),
        ArithmeticCage((14, 19), MINUS, 2),
        ArithmeticCage((16, 17), TIMES, 8),
        ArithmeticCage((18, 23, 24), TIMES, 40),
        ArithmeticCage((20, 21), DIVIDE, 3),
        ArithmeticCage((22,), ADD, 5),
    ],
    (0,) * 25,
    "45312 53241 24135 12453 31524",
)

TOWERS = (
    [
        Skyscraper(Side.TOP, 2, 2),
        Skyscraper(Side.BOTTOM, 0, 3),
        Skyscraper(Side.BOTTOM, 1, 4),
        Skyscraper(Side.LEFT, 0, 4),
        Skyscraper(Side.LEFT, 4, 2),
        Skyscraper(Side.RIGHT, 2, 3),
        Skyscraper(Side.RIGHT, 3, 3),
    ],
    (0,) * 25,
    "23415 15342 54123 42531 31254",
)

UNEQUAL = (
    [
        Comparison(0, 1),
        Comparison(3, 4),
        Comparison(8, 3),
        Comparison(9, 14),
        Comparison(16, 11),
        Comparison(15, 16),
        Comparison(16, 21),
        Comparison(22, 17),
        Comparison(19, 18),
        Comparison(24, 19),
    ],
    (0,) * 25,
    "23145 41532 35214 12453 54321",
)


def adjacent(marked: set[tuple[int, int]], n: int) -> list[Constraint]:
    """Adjacent mode: every pair of neighbours differs by one exactly when it is marked."""
    pairs = [(c, c + 1) for c in range(n * n) if (c + 1) % n] + [
        (c, c + n) for c in range(n * n - n)
    ]
    return [Consecutive(a, b, (a, b) in marked) for a, b in sorted(pairs)]


ADJACENT = (
    adjacent(
        {(0, 1), (1, 2), (1, 6), (2, 7), (3, 4), (3, 8), (4, 9), (6, 7), (8, 9), (10, 15)}
        | {(13, 14), (13, 18), (14, 19), (15, 16), (16, 17), (16, 21), (17, 22), (18, 19)}
        | {(19, 24), (21, 22), (22, 23)},
        5,
    ),
    (3,) + (0,) * 11 + (5,) + (0,) * 12,
    "32154 13245 41523 54312 25431",
)

HAND_MADE = {"keen": KEEN, "towers": TOWERS, "unequal": UNEQUAL, "adjacent": ADJACENT}

FEWER = {"keen": (4, 7), "towers": (2, 29), "unequal": (1, 88), "adjacent": (0, 2)}
"""Per puzzle: how many of its first rules to drop (and its givens), and the solutions left."""


def digits(text: str) -> Grid:
    return tuple(int(d) for d in text if d.isdigit())


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_hand_made_puzzles_are_solved_and_counted(name: str) -> None:
    rules, cells, solution = HAND_MADE[name]
    puzzle = Puzzle(Shape.latin(5), cells, constraints=tuple(rules))
    assert solve_constrained(puzzle) == digits(solution)
    assert count_constrained(puzzle, 10) == 1
    dropped, count = FEWER[name]  # fewer rules, no givens: more solutions, each checked
    fewer = Puzzle(Shape.latin(5), (0,) * 25, constraints=tuple(rules[dropped:]))
    assert count_constrained(fewer, 1000) == len(set(constrained_solutions(fewer))) == count


def seeded_puzzles() -> list[tuple[str, Puzzle, Grid]]:
    found = []
    for line in DATA.read_text().splitlines():
        record = json.loads(line)
        rules = tuple(read_rule(words, 9) for words in record["rules"])
        puzzle = Puzzle(Shape.latin(9), digits(record["givens"]), constraints=rules)
        found.append((record["kind"], puzzle, digits(record["solution"])))
    return found


def test_seeded_9x9_puzzles_have_their_one_solution() -> None:
    puzzles = seeded_puzzles()
    assert {kind for kind, _, _ in puzzles} == {"keen", "towers", "unequal"}
    for kind, puzzle, solution in puzzles[::2]:
        assert count_constrained(puzzle, 2) == 1, kind
        assert solve_constrained(puzzle, "glucose4") == solution, kind


def test_counting_stops_at_the_limit_and_counts_latin_squares() -> None:
    empty = Puzzle.empty(Shape.latin(4))
    assert count_constrained(empty, 1000) == 576
    assert count_constrained(empty, 7) == 7 and count_constrained(empty, 0) == 0


def test_a_puzzle_without_solution_gives_none() -> None:
    rules = (Comparison(0, 1), Comparison(1, 2), Comparison(2, 0))
    assert solve_constrained(Puzzle.empty(Shape.latin(3)).with_cells((0,) * 9)) is not None
    assert solve_constrained(Puzzle(Shape.latin(3), (0,) * 9, constraints=rules)) is None


def test_a_limit_reached_is_said() -> None:
    puzzle = seeded_puzzles()[0][1]
    with pytest.raises(OutOfLimits):  # CaDiCaL's conflict slices: none is allowed
        solve_constrained(puzzle, "cadical153", Limits(conflicts=0))


def test_a_grid_the_rules_checker_refuses_is_an_internal_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(ENCODERS, "comparison", lambda rule, index, puzzle, helpers: [])
    every_pair = [(a, b) for a in range(1, 4) for b in range(1, 4)]
    monkeypatch.setitem(TABLES, "comparison", lambda rule, puzzle: every_pair)  # the SAT path's
    puzzle = Puzzle(Shape.latin(3), (2, 0, 0) + (0,) * 6, constraints=(Comparison(0, 1),))
    with pytest.raises(InternalError, match="r1c1 < r1c2 holds 2 > 1"):
        list(constrained_solutions(puzzle))


def tatham_ids(game: str) -> list[tuple[str, str]]:
    """The first game ID of each parameter set in tests/data/tatham (Tatham's generators)."""
    seen: set[str] = set()
    found = []
    for line in (DATA.parent / "tatham" / f"{game}.tsv").read_text().splitlines():
        game_id, solution, params = line.split("\t")
        if params not in seen:
            seen.add(params)
            found.append((game_id, solution))
    return found


@pytest.mark.parametrize("game", ["keen", "towers", "unequal"])
def test_tatham_puzzles_have_tathams_solution_alone(game: str) -> None:
    ids = tatham_ids(game)
    assert {parse_game_id(game_id, game).n for game_id, _ in ids} == set(range(3, 10))
    for game_id, solution in ids:
        puzzle = parse_game_id(game_id, game)
        found = list(islice(constrained_solutions(puzzle), 2))  # the solution, and no other
        assert found == [tuple(int(c, 36) for c in solution)], game_id
