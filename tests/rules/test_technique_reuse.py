"""What the technique finders reuse instead of computing again gives what computing again gives.

Forcing chains refine each candidate's outcome from the board before (rules 1 and 2 are a
closure); the chain search tests on bit masks whether a chain to a node removes a candidate. On
random partly solved positions of top1465 (tests/data/magictour_top1465.txt) each is compared
with the plain computation.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data_files import FORUM_HARDEST, TOP1465, puzzle_lines
from satdoku.core._puzzle import Puzzle
from satdoku.io._line import parse_line
from satdoku.rules._counting import completions
from satdoku.rules.techniques import Board, next_step
from satdoku.rules.techniques._board import bits_of
from satdoku.rules.techniques._chain_graph import chain_graph
from satdoku.rules.techniques._chains import _Ends
from satdoku.rules.techniques._forcing import _assume
from satdoku.rules.techniques._outcomes import base_grid, refine
from technique_positions import climb, climb_to

LINES = puzzle_lines(TOP1465, 30)


def position(index: int, share: float, seed: int) -> Puzzle:
    """A top1465 puzzle with about ``share`` of its open cells given from its solution."""
    puzzle = parse_line(LINES[index])
    solution = next(completions(puzzle))
    cells = list(puzzle.cells)
    for c in range(81):
        if not cells[c] and (c * 7919 + seed) % 1000 < share * 1000:
            cells[c] = solution[c]
    return Puzzle(puzzle.shape, tuple(cells))


def outcome_key(grid: object) -> object:
    return None if grid is None else (grid.cand, grid.placed)  # type: ignore[attr-defined]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(LINES) - 1), st.floats(0.0, 0.2), st.integers(0, 999))
def test_refined_outcomes_are_the_outcomes_on_the_later_board(index, share, seed) -> None:
    puzzle = position(index, share, seed)
    _, before = climb_to(puzzle, 0)
    _, after = climb_to(puzzle, 1, exact=False)
    if after.cand == before.cand or not any(after.cand):
        return
    assert after.solved is not None
    old, new = base_grid(before), base_grid(after)
    for cell, mask in enumerate(after.cand):
        for digit in bits_of(mask):
            earlier = _assume(old, cell, digit)
            refined = None if earlier is None else refine(earlier, new, after.solved)
            assert outcome_key(refined) == outcome_key(_assume(new, cell, digit)), (cell, digit)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(LINES) - 1), st.floats(0.0, 0.2), st.integers(0, 999))
def test_the_bit_mask_test_is_the_chain_eliminations(index, share, seed) -> None:
    _, b = climb_to(position(index, share, seed), 0)
    kinds = [{"digit": d, "groups": False} for d in (1, 5)]
    kinds += [{"bivalue": True, "groups": False}, {"groups": True}]
    for kind in kinds:
        graph = chain_graph(b, **kind)  # type: ignore[arg-type]
        nodes = graph.nodes
        for start in range(0, len(nodes), 5):
            removes, gone = graph.removers(start), _Ends(b, nodes[start]).gone
            for v in range(len(nodes)):
                assert removes(v) == bool(gone(nodes[v])), (kind, nodes[start], nodes[v])


def test_a_climb_that_refines_takes_the_steps_of_one_that_does_not() -> None:
    """A forum_hardest climb of forcing chains, each board with and without the one before."""
    puzzle = parse_line(puzzle_lines(FORUM_HARDEST, 1)[0])
    families = []
    for _, board, step in climb(puzzle):
        assert (board.earlier is not None) == bool(families)
        assert step == next_step(Board(puzzle.shape, board.cand), unique=True)
        families.append(step.family if step else "")
    assert families[-1] == "" and {"forcing", "nested"} <= set(families)
