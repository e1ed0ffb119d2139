"""The techniques between set logic and guessing: each on a position where it is the weakest
technique beyond set logic, each step replayed by the independent checker, and a property:
on random partly solved positions every step found is replayed and keeps the solution.

Hand-made positions hold only the candidates that matter (other cells are solved); published
positions are those of magictour's top1465 (tests/data/magictour_top1465.txt) where the
rating's climb first stalls on the technique.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data_files import FORUM_HARDEST, TOP1465, puzzle_lines
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules._counting import completions
from satdoku.rules._rating import rate
from satdoku.rules._technique_check import apply_step, check_step
from satdoku.rules.techniques import FINDERS, Advanced, Board, Node, TechniqueStep, next_step
from satdoku.rules.techniques._uniqueness import bug_plus_1
from satdoku.views._technique_sentences import technique_sentence
from technique_positions import PUBLISHED, PUBLISHED_FORUM, climb_to


def cell(name: str, n: int = 9) -> int:
    row, col = name[1:].split("c")
    return (int(row) - 1) * n + int(col) - 1


def board(shape: Shape, spec: dict[str, str]) -> Board:
    """A board whose named cells hold the given digits as candidates; the rest are solved."""
    cand = [0] * (shape.n * shape.n)
    for name, digits in spec.items():
        for d in digits:
            cand[cell(name, shape.n)] |= 1 << (int(d) - 1)
    return Board(shape, cand)


def found(b: Board, *, unique: bool = False) -> TechniqueStep:
    step = next_step(b, unique=unique)
    assert step is not None
    assert check_step(step, b.shape, b.cand) is None
    return step


SUDOKU = Shape.sudoku(9)

HAND_MADE = [
    (  # pivot r2c2 {1,2} sees r2c7 {1,3} and r5c2 {2,3}; r5c7 sees both pincers
        Advanced.XY_WING,
        {"r2c2": "12", "r2c7": "13", "r5c2": "23", "r5c7": "34"},
        [("r5c7", 3)],
    ),
    (  # pivot r1c1 {1,2,3}, pincers r1c2 {1,3} and r2c1 {2,3}; r1c3 sees the three
        Advanced.XYZ_WING,
        {"r1c1": "123", "r1c2": "13", "r2c1": "23", "r1c3": "34"},
        [("r1c3", 3)],
    ),
    (  # r1c1 and r5c5 {1,2}; 2 only at r9c1 and r9c5 in row 9, each seeing one of them
        Advanced.W_WING,
        {"r1c1": "12", "r5c5": "12", "r9c1": "27", "r9c5": "28", "r1c5": "13", "r5c1": "14"},
        [("r1c5", 1), ("r5c1", 1)],
    ),
    (  # 1 in rows 1 and 5 only at c2 and c5, c2 and c6: the tops see r2c6
        Advanced.SKYSCRAPER,
        {c: "1" for c in ("r1c2", "r1c5", "r5c2", "r5c6", "r2c6", "r8c2", "r9c6", "r3c4")},
        [("r2c6", 1)],
    ),
    (  # 1 in row 1 at c2, c8 and in column 1 at r2, r7, joined in box 1
        Advanced.TWO_STRING_KITE,
        {c: "1" for c in ("r1c2", "r1c8", "r2c1", "r7c1", "r7c8", "r7c5", "r4c8", "r3c3")},
        [("r7c8", 1)],
    ),
    (  # 1 in row 1 at c2, c8; in box 6 at r5c8, r6c7; column 8 joins them
        Advanced.TURBOT_FISH,
        {c: "1" for c in ("r1c2", "r1c8", "r5c8", "r6c7", "r6c2", "r6c4", "r8c2", "r9c8")},
        [("r6c2", 1)],
    ),
]


@pytest.mark.parametrize(("technique", "spec", "gone"), HAND_MADE, ids=lambda x: str(x)[:20])
def test_each_technique_on_its_position(
    technique: Advanced, spec: dict[str, str], gone: list[tuple[str, int]]
) -> None:
    b = board(SUDOKU, spec)
    step = found(b)
    assert step.technique is technique
    assert list(step.eliminated) == [(cell(name), d) for name, d in gone]
    assert technique_sentence(step, 9).startswith(
        technique.title
        + (":" if technique in (Advanced.XY_WING, Advanced.XYZ_WING, Advanced.W_WING) else " on 1:")
    )


def test_simple_colouring_traps_a_cell_seeing_both_colours() -> None:
    shape = Shape.latin(4)  # 1 and 2 in a six-cell cycle of conjugate pairs; r3c2 sees both colours
    b = board(shape, {"r1c1": "12", "r1c4": "12", "r2c2": "12", "r2c4": "12", "r4c1": "12",
                      "r4c2": "12", "r3c2": "13"})  # fmt: skip
    step = found(b)
    assert step.technique is Advanced.SIMPLE_COLOURING
    assert step.eliminated == ((cell("r3c2", 4), 1),)


def test_unique_rectangle_only_when_the_puzzle_has_one_solution() -> None:
    index, steps = PUBLISHED[Advanced.UNIQUE_RECTANGLE_1]
    _, b = climb_to(parse_line(puzzle_lines(TOP1465, index + 1)[index]), steps)
    step = found(b, unique=True)
    assert step.technique is Advanced.UNIQUE_RECTANGLE_1 and step.unique
    assert "(the puzzle has one solution)" in technique_sentence(step, 9)
    other = next_step(b, unique=False)
    assert other is None or other.family != "uniqueness"


def test_bug_plus_1_places_the_digit_seen_three_times() -> None:
    index, steps = PUBLISHED[Advanced.BUG_PLUS_1]
    puzzle = parse_line(puzzle_lines(TOP1465, index + 1)[index])
    solution = next(completions(puzzle))
    _, b = climb_to(puzzle, steps)
    step = bug_plus_1(b)
    assert step is not None and step.technique is Advanced.BUG_PLUS_1
    ((cell_, digit),) = step.placed
    assert solution[cell_] == digit and check_step(step, b.shape, b.cand) is None
    assert apply_step(step, b.shape, b.cand)[cell_] == 1 << (digit - 1)
    assert (
        bug_plus_1(Board(b.shape, [m if c != cell_ else 0 for c, m in enumerate(b.cand)])) is None
    )


# -- published positions: top1465, then forum_hardest (tests/support/technique_positions.py) --
POSITIONS = [(TOP1465, t, *at) for t, at in PUBLISHED.items()]
POSITIONS += [(FORUM_HARDEST, t, *at) for t, at in PUBLISHED_FORUM.items()]


@pytest.mark.parametrize(("file", "technique", "index", "steps"), POSITIONS,
                         ids=[t.value for _, t, _, _ in POSITIONS])  # fmt: skip
def test_published_positions(file: Path, technique: Advanced, index: int, steps: int) -> None:
    puzzle = parse_line(puzzle_lines(file, index + 1)[index])
    solution = next(completions(puzzle))
    _, b = climb_to(puzzle, steps)
    step = found(b, unique=True)
    assert step.technique is technique and (step.eliminated or step.placed)
    assert all(solution[c] != d for c, d in step.eliminated)
    assert all(solution[c] == d for c, d in step.placed)
    assert technique_sentence(step, 9).startswith(technique.title)


# -- the checker refuses what does not follow ------------------------------------------------
def test_checker_refuses_broken_steps() -> None:
    b = board(SUDOKU, {"r2c2": "12", "r2c7": "13", "r5c2": "23", "r5c7": "34", "r5c8": "3"})
    step = found(b)
    assert step.technique is Advanced.XY_WING
    far = dataclasses.replace(step, eliminated=((cell("r5c8"), 3),))  # sees one pincer only
    assert "does not see both ends" in (check_step(far, SUDOKU, b.cand) or "")
    chain = list(step.chain)
    chain[2] = Node((cell("r5c7"),), chain[2].digit)  # a weak link that is not one
    cut = dataclasses.replace(step, chain=tuple(chain))
    assert check_step(cut, SUDOKU, b.cand) is not None
    short = dataclasses.replace(step, technique=Advanced.SKYSCRAPER)
    assert "form" in (check_step(short, SUDOKU, b.cand) or "")


def test_checker_refuses_a_forcing_chain_missing_a_case() -> None:
    puzzle = parse_line(puzzle_lines(TOP1465, 2)[1])
    _, b = climb_to(puzzle, PUBLISHED[Advanced.UNIT_FORCING_CHAIN][1])
    step = found(b, unique=True)
    assert step.technique is Advanced.UNIT_FORCING_CHAIN
    partial = dataclasses.replace(step, branches=step.branches[1:])
    assert "every case" in (check_step(partial, SUDOKU, b.cand) or "")
    wrong = dataclasses.replace(step, technique=Advanced.CONTRADICTION_FORCING_CHAIN,
                                branches=step.branches[:1])  # fmt: skip
    assert check_step(wrong, SUDOKU, b.cand) is not None


# -- property: random partly solved positions -----------------------------------------------
LINES = puzzle_lines(TOP1465, 30)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(LINES) - 1), st.randoms(use_true_random=False), st.floats(0.0, 0.25))
def test_every_step_found_is_replayed_and_keeps_the_solution(index, rnd, share) -> None:
    puzzle = parse_line(LINES[index])
    solution = next(completions(puzzle))
    cells = list(puzzle.cells)
    for c in range(81):
        if not cells[c] and rnd.random() < share:
            cells[c] = solution[c]
    every_step_keeps(Puzzle(puzzle.shape, tuple(cells)), solution, skip=())


def every_step_keeps(puzzle: Puzzle, solution: tuple[int, ...], skip: tuple[str, ...]) -> None:
    """At the climb's first stall, each finder's step is replayed and keeps the solution."""
    p, b = climb_to(puzzle, 0)
    if p.solved:
        return
    for family, finder in FINDERS:
        step = None if family in skip else finder(b)
        if step is None:
            continue
        assert check_step(step, b.shape, b.cand) is None, step
        assert all(solution[c] != d for c, d in step.eliminated), step
        assert all(solution[c] == d for c, d in step.placed), step


def test_rating_tiers_and_se() -> None:
    puzzle = parse_line(LINES[0])
    r = rate(puzzle)
    assert r.level.value == "guessing" and r.rung == 5  # set logic does not solve it
    assert r.tier_name in ("chains", "uniqueness", "forcing", "nested") and r.se is not None
    assert r.se >= 6.5 and r.counts.get("2-string-kite")
    before = rate(puzzle, beyond=False)
    assert before.tier_name == "guessing" and before.se is None and before.guesses == r.guesses
    several = rate(parse_line("1" + "." * 80))
    assert several.tier_name == "guessing"  # no technique can finish a puzzle of two solutions


SHAPES = [Shape.sudoku(9, diagonals=True), Shape.sudoku(6), Shape.latin(6), Shape.latin(5)]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHAPES), st.randoms(use_true_random=False), st.floats(0.2, 0.5))
def test_steps_on_other_shapes_are_replayed_and_keep_the_solution(shape, rnd, share) -> None:
    """Diagonals, 6x6 boxes, Latin squares: random givens of a random solution."""
    empty = Puzzle.empty(shape)
    solutions = completions(empty)
    for _ in range(rnd.randrange(5)):
        next(solutions)
    solution = next(solutions)
    cells = tuple(d if rnd.random() < share else 0 for d in solution)
    # uniqueness needs one solution; nested forcing is slow on wide-open grids
    every_step_keeps(Puzzle(shape, cells), solution, skip=("uniqueness", "nested"))
