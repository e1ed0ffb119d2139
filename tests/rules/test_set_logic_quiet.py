"""Tests of set logic's shortcut after a search with no move: the same move, found sooner."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satdoku.core._claims import UNKNOWN
from satdoku.core._shape import Shape
from satdoku.rules._propagator import Propagator
from satdoku.rules._quiet_families import QuietFamilies
from satdoku.rules._set_choices import Choices, choices_of_size
from satdoku.rules._set_logic import find_move
from satdoku.rules._strategies import RULES_1_2, RUNGS, Technique
from stepper_support import random_puzzle

ALL = set(Technique) - {Technique.TWINS}
SHAPES = [Shape.sudoku(9), Shape.sudoku(6), Shape.latin(5), Shape.sudoku(9, diagonals=True)]


def _strike_some(p: Propagator, rnd: random.Random) -> None:
    open_claims = [v for v in range(1, p.n**3 + 1) if p.value[v] == UNKNOWN]
    p.strike(rnd.sample(open_claims, min(len(open_claims), rnd.randint(1, 3))))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(SHAPES), st.integers(1, 4), st.booleans())
def test_quiet_search_finds_the_full_searchs_move(
    seed: int, shape: Shape, most: int, rule1: bool
) -> None:
    """Moves applied, random claims struck and rule 2 (and rule 1) run, claims made true too:
    at each state the search with quiet families finds what the full search finds, or none."""
    rnd = random.Random(seed)
    rules = RULES_1_2 if rule1 else RULES_1_2 - {Technique.ELIMINATION}
    p = Propagator(shape, rules)  # no set logic: it is this test's
    list(p.givens(random_puzzle(shape, rnd, 0.25)))
    quiet = QuietFamilies(p.open)
    while True:
        list(p.propagate(0))
        if p.conflict is not None or p.solved:
            break
        plain = find_move(shape, p.value, p.true_of, ALL, most)
        assert find_move(shape, p.value, p.true_of, ALL, most, quiet) == plain
        if plain is not None:
            p.strike(plain.eliminated)
        else:
            _strike_some(p, rnd)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_the_ladders_climb_is_the_same_with_quiet_families(seed: int) -> None:
    """The rating's stepper (set logic with its own quiet families) makes the moves a stepper
    with a fresh search each time makes, between random strikes like a technique's."""
    rnd = random.Random(seed)
    shape = Shape.sudoku(9)
    puzzle = random_puzzle(shape, rnd, 0.3)
    kept, fresh = Propagator(shape, RUNGS[-1]), Propagator(shape, RUNGS[-1])
    list(kept.givens(puzzle)), list(fresh.givens(puzzle))
    while kept.conflict is None and not kept.solved:
        fresh.quiet.clear()
        steps = [(s.rule, s.claims, s.sets) for s in kept.propagate(0)]
        assert steps == [(s.rule, s.claims, s.sets) for s in fresh.propagate(0)]
        assert kept.value == fresh.value
        if kept.conflict is not None or kept.solved:
            break
        strike = rnd.sample([v for v in range(1, 730) if kept.value[v] == UNKNOWN], 2)
        kept.strike(strike), fresh.strike(strike)


def _brute(masks: list[tuple[int, int]], k: int, clashes: list[int], need: int) -> list:
    found = []
    for group in combinations(masks, k):  # in the order of the bases
        chosen = sum(1 << i for i, _ in group)
        union = 0
        for _, m in group:
            union |= m
        apart = not any(clashes[i] & chosen for i, _ in group)
        if union.bit_count() == k and apart and (not need or chosen & need):
            found.append((chosen, union))
    return found


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_choices_are_every_k_bases_in_k_covers_in_order(data: st.DataObject) -> None:
    """Against every k-subset of the bases: the choices, with or without needed bases."""
    size = data.draw(st.integers(0, 9))
    bases = sorted(data.draw(st.sets(st.integers(0, 11), min_size=size, max_size=size)))
    masks = [(i, data.draw(st.integers(1, 63))) for i in bases]
    clashes = [0] * 12
    pairs = st.tuples(st.sampled_from(bases), st.sampled_from(bases))
    for a, b in data.draw(st.lists(pairs, max_size=4)) if bases else []:
        if a != b:
            clashes[a] |= 1 << b
            clashes[b] |= 1 << a
    need = data.draw(st.integers(0, (1 << 12) - 1))
    most = data.draw(st.integers(1, 4))
    found = Choices(masks, most, clashes, need)
    for k in range(1, most + 1):
        assert found.of_size(k) == _brute(masks, k, clashes, need)
        assert list(choices_of_size(masks, k, clashes)) == _brute(masks, k, clashes, 0)
