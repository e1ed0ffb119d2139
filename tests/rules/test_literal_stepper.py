"""The stepper over axioms of any form: rules 1 and 2, contradictions, helper chains, set logic,
search, rating, sentences and JSON records, on hand-made axioms, Sudoku and constraint puzzles."""

from __future__ import annotations

import random
from math import prod
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.api._constraint_steps import (
    constraint_steps,
    formula,
    rate_constrained,
    solve_by_steps,
)
from satdoku.core._checker import is_solution
from satdoku.core._literal_axioms import HelperNames, LiteralAxiom
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    Operation,
    Side,
    Skyscraper,
    broken_constraints,
)
from satdoku.io.tatham import parse_game_id
from satdoku.rules._literal_propagation import LiteralPropagator
from satdoku.rules._literal_rating import Rung, rate_literals
from satdoku.rules._literal_search import LiteralRun
from satdoku.rules._literal_sets import find_literal_move
from satdoku.rules._propagator import fixpoint
from satdoku.rules._rating import Level
from satdoku.rules._search import TraceStatus
from satdoku.rules._steps import Rule
from satdoku.views._literal_records import literal_step_records
from satdoku.views._literal_sentences import Wording, literal_sentences
from stepper_support import random_puzzle, random_solution

EMPTY = HelperNames(2)


def _axioms(**groups: tuple[int, ...]) -> list[LiteralAxiom]:
    return [LiteralAxiom(name, "x", literals) for name, literals in groups.items()]


def _run(axioms: list[LiteralAxiom], variables: int, *given: int) -> LiteralPropagator:
    p = LiteralPropagator(axioms, variables)
    for literal in given:
        list(p.assume(literal, Rule.GIVEN, 0))
    return p


# -- rules 1 and 2, contradictions, helper chains ----------------------------------------------
def test_rule_1_makes_every_other_literal_false() -> None:
    p = _run(_axioms(a=(1, -2, 3)), 3, 1)
    steps = list(p.propagate())
    assert [(s.rule, s.decided, s.because) for s in steps] == [(Rule.ONE, (2, -3), (1,))]
    assert p.value(2) == 1 and p.value(3) == -1 and p.solved


def test_rule_2_makes_the_last_literal_true() -> None:
    p = _run(_axioms(a=(1, -2, 3)), 3, -1, 2)
    steps = list(p.propagate())
    assert [(s.rule, s.decided, s.because) for s in steps] == [(Rule.TWO, (3,), (-1, 2))]
    assert p.value(3) == 1 and p.conflict is None


def test_contradiction_two_true_literals_is_a_step() -> None:
    p = _run(_axioms(a=(-1, 2), b=(-1, 3), c=(2, 3)), 3, 1)
    steps = list(p.propagate())
    assert steps[-1].rule is Rule.CONTRADICTION and steps[-1] is p.conflict
    assert p.conflict.axiom.name == "c" and set(p.conflict.because) == {2, 3}


def test_contradiction_every_literal_false_is_a_step() -> None:
    p = _run(_axioms(a=(1, 2), b=(1, 3), c=(-2, -3)), 3, -1)
    steps = list(p.propagate())
    assert steps[-1].rule is Rule.CONTRADICTION
    assert steps[-1].axiom.name == "c" and steps[-1].because == (2, 3)
    assert not p.solved


def test_a_given_against_a_decided_literal_is_a_contradiction() -> None:
    p = _run(_axioms(a=(1, 2)), 2, 1)
    list(p.propagate())
    steps = list(p.assume(2, Rule.GIVEN, 0))
    assert [s.rule for s in steps] == [Rule.GIVEN, Rule.CONTRADICTION]
    assert steps[-1].axiom.name == "a"


def test_helper_claims_chain_to_a_cell() -> None:
    # claims 1..4 (cells 1, 2 of a 1-wide toy); helpers 5, 6: the two fillings left
    axioms = _axioms(
        cell=(1, 2),
        fillings=(5, 6),
        one=(5, -1),  # claim 1 exactly when filling 5
        two=(6, -2),
    )
    p = _run(axioms, 6, -5)
    steps = list(p.propagate())
    assert [(s.rule, s.axiom.name, s.decided) for s in steps] == [
        (Rule.TWO, "fillings", (6,)),
        (Rule.TWO, "one", (-1,)),
        (Rule.ONE, "two", (2,)),
    ]
    assert p.solved


def test_search_counts_solutions_and_backtracks() -> None:
    axioms = _axioms(a=(1, 2, 3), b=(-1, 4), c=(2, 4, 5))
    run = LiteralRun(axioms, 5, limit=10)
    rules = [s.rule for s in run]
    assert run.status is TraceStatus.SOLVED
    truths = {frozenset(s) for s in run.solutions}
    assert truths == {frozenset({1, 4}), frozenset({2}), frozenset({3, 5})}
    assert Rule.BACKTRACK in rules and run.guesses >= 2
    none = LiteralRun(_axioms(a=(1, 2), b=(1, -2)), 2)
    assert list(none)[-1].rule is Rule.CONTRADICTION and none.status is TraceStatus.UNSOLVABLE


# -- set logic ---------------------------------------------------------------------------------
def test_set_logic_of_size_2_finds_the_cover_eliminations() -> None:
    # bases b1, b2 (disjoint) lie in covers c1, c2, which also hold 5 and 6: those are false
    axioms = _axioms(b1=(1, 2), b2=(3, 4), c1=(1, 3, 5), c2=(2, 4, 6))
    p = _run(axioms, 6)
    assert find_literal_move(p, 1) is None
    move = find_literal_move(p, 2)
    assert move is not None and set(move.eliminated) == {5, 6}
    names = {p.axioms[i].name for i in move.bases + move.covers}
    assert names == {"b1", "b2", "c1", "c2"}


# -- plain Sudoku: the same cells as the stepper over houses ------------------------------------
def _house_run(puzzle: Puzzle, **options: object) -> LiteralRun:
    f = formula(puzzle)
    run = LiteralRun(f.axioms, f.variables, f.givens, **options)  # type: ignore[arg-type]
    list(run)
    return run


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    keep=st.floats(0.2, 0.6),
    shape=st.sampled_from([Shape.sudoku(4), Shape.sudoku(6), Shape.sudoku(9), Shape.latin(5)]),
)
def test_rules_1_2_fix_the_same_claims_as_the_house_stepper(
    seed: int, keep: float, shape: Shape
) -> None:
    puzzle = random_puzzle(shape, random.Random(seed), keep, corrupt=seed % 5 == 0)
    state, conflict = fixpoint(puzzle)
    run = _house_run(puzzle, guess=False)
    assert (conflict is not None) == (run.status is TraceStatus.UNSOLVABLE)
    if conflict is None:
        truth = run.propagator.truth
        assert [truth[v] for v in range(1, shape.n**3 + 1)] == list(state.values[1:])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), keep=st.floats(0.25, 0.5))
def test_sudoku_steps_and_set_logic_are_sound(seed: int, keep: float) -> None:
    shape = Shape.sudoku(9)
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    puzzle = Puzzle(shape, tuple(d if rng.random() < keep else 0 for d in solution))
    truth = _claim_truth(solution, 9)
    for step in LiteralRun(*_parts(puzzle), guess=False, set_logic=2):
        _assert_sound(step, truth)
    grid = solve_by_steps(puzzle)
    assert grid is not None and is_solution(grid, puzzle)


# -- constraint puzzles built around a known solution -------------------------------------------
def _cages(solution: tuple[int, ...], n: int, rng: random.Random) -> list[Constraint]:
    """Cut the grid into cages of one to three neighbouring cells with true targets."""
    free = set(range(n * n))
    cages: list[Constraint] = []
    for cell in range(n * n):
        if cell not in free:
            continue
        members = [cell]
        free.discard(cell)
        for _ in range(rng.choice((0, 1, 1, 2))):
            last = members[-1]
            step = [c for c in (last + 1, last + n) if c in free and (c == last + n or c % n)]
            if not step:
                break
            members.append(rng.choice(step))
            free.discard(members[-1])
        digits = [solution[c] for c in members]
        ops = [Operation.ADD, Operation.MULTIPLY]
        if len(members) == 2:
            ops += [Operation.SUBTRACT] + (
                [Operation.DIVIDE] if max(digits) % min(digits) == 0 else []
            )
        op = rng.choice(ops)
        if op is Operation.ADD:
            target = sum(digits)
        elif op is Operation.MULTIPLY:
            target = prod(digits)
        elif op is Operation.SUBTRACT:
            target = max(digits) - min(digits)
        else:
            target = max(digits) // min(digits)
        cages.append(ArithmeticCage(tuple(members), op, target))
    return cages


def _signs(solution: tuple[int, ...], n: int, rng: random.Random) -> list[Constraint]:
    """Some < signs, differ-by-one marks and skyscraper clues that the solution keeps."""
    made: list[Constraint] = []
    for _ in range(n):
        a = rng.randrange(n * (n - 1))
        a = a // (n - 1) * n + a % (n - 1)
        b = a + 1
        low, high = sorted((a, b), key=lambda c: solution[c])
        made.append(Comparison(low, high))
        made.append(Consecutive(a, a + n if a + n < n * n else a - n, False))
        last = made[-1]
        assert isinstance(last, Consecutive)
        differ = abs(solution[last.first] - solution[last.second]) == 1
        made[-1] = Consecutive(last.first, last.second, differ)
    side = rng.choice(list(Side))
    line = rng.randrange(n)
    clue = Skyscraper(side, line, 1)
    heights = [solution[c] for c in clue.cells(n)]
    seen = sum(1 for i, h in enumerate(heights) if h > max(heights[:i], default=0))
    made.append(Skyscraper(side, line, seen))
    return made


def _constraint_puzzle(n: int, seed: int, signs: bool) -> tuple[Puzzle, tuple[int, ...]]:
    rng = random.Random(seed)
    solution = random_solution(Shape.latin(n), rng)
    rules = _cages(solution, n, rng) + (_signs(solution, n, rng) if signs else [])
    assert not broken_constraints(solution, n, rules)
    return Puzzle(Shape.latin(n), (0,) * (n * n), constraints=tuple(rules)), solution


def _parts(puzzle: Puzzle) -> tuple[tuple[LiteralAxiom, ...], int, tuple[int, ...]]:
    f = formula(puzzle)
    return f.axioms, f.variables, f.givens


def _claim_truth(solution: tuple[int, ...], n: int) -> set[int]:
    """Return the true literals of a solution's claims (positive and negative)."""
    return {
        (cell * n + d) if solution[cell] == d else -(cell * n + d)
        for cell in range(n * n)
        for d in range(1, n + 1)
    }


def _full_truth(puzzle: Puzzle, solution: tuple[int, ...]) -> set[int]:
    """Return every literal true in the solution, helpers included (rules 1-2 from the claims)."""
    axioms, variables, _ = _parts(puzzle)
    n = puzzle.n
    p = LiteralPropagator(axioms, variables)
    for cell, digit in enumerate(solution):
        list(p.assume(cell * n + digit, Rule.GIVEN, 0))
        list(p.propagate())
    assert p.solved, "the encoding decides every helper claim from the claims"
    return {v if p.value(v) == 1 else -v for v in range(1, variables + 1)}


def _assert_sound(step: object, truth: set[int]) -> None:
    rule, decided, depth = step.rule, step.decided, step.depth  # type: ignore[attr-defined]
    if rule in (Rule.ONE, Rule.TWO, Rule.SET) and depth == 0:
        for literal in decided:
            assert -literal not in truth, f"{step} makes false what the solution holds"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(3, 6), signs=st.booleans())
def test_constraint_puzzle_steps_are_sound_and_solutions_pass_the_checkers(
    seed: int, n: int, signs: bool
) -> None:
    puzzle, solution = _constraint_puzzle(n, seed, signs)
    truth = _full_truth(puzzle, solution)
    for step in LiteralRun(*_parts(puzzle), guess=False, set_logic=2):
        _assert_sound(step, truth)
    grid = solve_by_steps(puzzle)
    assert grid is not None
    assert is_solution(grid, puzzle) and not broken_constraints(grid, n, puzzle.constraints)
    run = LiteralRun(*_parts(puzzle), limit=50)
    list(run)
    grids = {tuple(v for v in s if v <= n**3) for s in run.solutions}
    assert tuple(c * n + d for c, d in enumerate(solution)) in grids


def test_an_unsolvable_constraint_puzzle_is_rated_unsolvable() -> None:
    rules = (ArithmeticCage((0, 1), Operation.ADD, 2),)  # 1 + 1 in one row
    puzzle = Puzzle(Shape.latin(3), (0,) * 9, constraints=rules)
    assert solve_by_steps(puzzle) is None
    assert rate_constrained(puzzle).status == "unsolvable"
    assert list(constraint_steps(puzzle))[-1].rule is Rule.CONTRADICTION


# -- rating --------------------------------------------------------------------------------------
def test_rating_names_the_weakest_rung() -> None:
    easy = _axioms(a=(1, 2), b=(3, 4), c=(1, 3), d=(2, 4))
    rated = rate_literals(easy, 4, (1,))
    assert (rated.rung, rated.level, rated.unique) == (Rung.RULES_1_2, Level.EASY, True)
    sets = _axioms(b1=(1, 2), b2=(3, 4), c1=(1, 3, 5), c2=(2, 4, 6), e=(5, 7), f=(6, 8))
    rated = rate_literals(sets + _axioms(g=(1, 4), h=(2, 3, 9), i=(7, 8, 9)), 9, ())
    assert rated.rung is Rung.SET_LOGIC and rated.size == 2 and rated.level is Level.HARD
    several = rate_literals(easy, 4)
    assert (several.rung, several.unique, several.status) == (Rung.GUESSING, False, "solved")


def test_keen_puzzles_rate_and_solve_by_rules_1_2() -> None:
    rng = random.Random(3)
    solution = random_solution(Shape.latin(4), rng)
    cells = [(0, 1), (2, 3), (4, 8), (5, 6), (7, 11), (9, 10), (12, 13), (14, 15)]
    cages = tuple(
        ArithmeticCage(c, Operation.ADD, sum(solution[i] for i in c)) for c in cells
    ) + tuple(ArithmeticCage((c,), Operation.ADD, solution[c]) for c in (0,))
    puzzle = Puzzle(Shape.latin(4), (0,) * 16, constraints=cages)
    rated = rate_constrained(puzzle)
    assert rated.status == "solved" and rated.unique
    assert solve_by_steps(puzzle) == solution


# -- sentences and records ---------------------------------------------------------------------
def _keen3() -> Puzzle:
    # 3× over r1c1,r1c2 leaves fillings 1,3 and 3,1; r1c3 is 2
    rules = (ArithmeticCage((0, 1), Operation.MULTIPLY, 3), ArithmeticCage((2,), Operation.ADD, 2))
    return Puzzle(Shape.latin(3), (0,) * 9, constraints=rules)


def test_sentences_say_which_fillings_remain_and_the_cell_they_decide() -> None:
    puzzle = _keen3()
    f = formula(puzzle)
    wording = Wording.of(3, f.helpers, f.axioms, puzzle.constraints)
    texts = list(literal_sentences(constraint_steps(puzzle, guess=False), wording))
    assert "cage 3× over r1c1,r1c2: only fillings 1,3 and 3,1 remain, so r1c1 is not 2" in texts
    assert "cage 2+ over r1c3: only filling 2 remains, so r1c3 is not 1" in texts
    assert "rule 2 on 'row 1 has exactly one 2': r1c3=2 is the only one left" in texts


def test_sentences_speak_the_puzzles_symbols() -> None:
    puzzle = _keen3()
    f = formula(puzzle)
    wording = Wording.of(3, f.helpers, f.axioms, puzzle.constraints, "ABC")
    texts = list(literal_sentences(constraint_steps(puzzle, guess=False), wording))
    assert "cage 3× over r1c1,r1c2: only fillings 1,3 and 3,1 remain, so r1c1 is not B" in texts


def test_records_keep_the_trace_fields_and_add_axiom_and_constraint() -> None:
    puzzle = _keen3()
    f = formula(puzzle)
    wording = Wording.of(3, f.helpers, f.axioms, puzzle.constraints)
    records = list(literal_step_records(constraint_steps(puzzle), wording))
    contract = {"rule", "axiom", "claims", "value", "because", "depth", "text"}
    assert all(contract <= set(r) for r in records)
    caged = [r for r in records if r["constraint"] == "cage 3× over r1c1,r1c2"]
    assert caged and all(set(r["axiom"]) >= {"name", "claims"} for r in caged)
    helper = next(r for r in caged if r["helpers"])
    assert helper["helpers"][0]["name"].startswith("cage 3× over r1c1,r1c2 is filled")
    elimination = next(r for r in records if r["rule"] == 1 and r["claims"])
    assert elimination["value"] is False


# -- real game IDs of Tatham's generators ------------------------------------------------------
TATHAM_IDS = Path(__file__).parents[1] / "data" / "literal_stepper" / "tatham_ids.txt"
EASY_LEVELS = {"keen": ("de", "dn"), "unequal": ("dt", "de")}
"""Levels whose generator solves with per-constraint reasoning and singles: rules 1-2 suffice."""


def _tatham() -> list[tuple[str, str, str]]:
    rows = [line.split("\t") for line in TATHAM_IDS.read_text(encoding="utf-8").splitlines()]
    return [(game, params, game_id) for game, params, game_id in rows]


@pytest.mark.parametrize(("game", "params", "game_id"), _tatham(), ids=lambda v: str(v)[:12])
def test_tatham_ids_solve_by_steps_soundly(game: str, params: str, game_id: str) -> None:
    puzzle = parse_game_id(game_id, game)
    n = puzzle.n
    grid = solve_by_steps(puzzle)
    assert grid is not None
    assert is_solution(grid, puzzle) and not broken_constraints(grid, n, puzzle.constraints)
    truth = _full_truth(puzzle, grid)
    for step in LiteralRun(*_parts(puzzle), guess=False, set_logic=2):
        _assert_sound(step, truth)
    rated = rate_constrained(puzzle)
    assert rated.unique and rated.status == "solved"
    if params.lstrip("0123456789a") in EASY_LEVELS.get(game, ()):
        assert rated.rung is Rung.RULES_1_2
