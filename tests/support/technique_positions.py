"""Published positions of the techniques beyond set logic, and the climb that reaches them.

Each is a puzzle of magictour's top1465 (tests/data/magictour_top1465.txt), or of the forum's
hardest (tests/data/forum_hardest_1905_11+.txt) for a technique no top1465 climb stalls on,
and the number of steps beyond set logic the rating's climb takes before it stalls on the
technique.
"""

from __future__ import annotations

from collections.abc import Iterator

from satdoku.core._puzzle import Puzzle
from satdoku.rules._propagator import Propagator
from satdoku.rules._strategies import RUNGS
from satdoku.rules._technique_climb import settle, technique_climb
from satdoku.rules.techniques import Advanced, Board, TechniqueStep

__all__ = ["PUBLISHED", "PUBLISHED_FORUM", "climb", "climb_to", "player_grid"]

PUBLISHED = {
    Advanced.TWO_STRING_KITE: (0, 0),
    Advanced.UNIQUE_RECTANGLE_1: (0, 1),
    Advanced.AIC: (0, 2),
    Advanced.CONTRADICTION_FORCING_CHAIN: (0, 3),
    Advanced.UNIQUE_RECTANGLE_4: (0, 8),
    Advanced.XY_CHAIN: (0, 9),
    Advanced.UNIT_FORCING_CHAIN: (1, 15),
    Advanced.NESTED_FORCING_CHAIN: (1, 18),
    Advanced.XY_WING: (6, 28),
    Advanced.W_WING: (11, 7),
    Advanced.TURBOT_FISH: (12, 0),
    Advanced.SKYSCRAPER: (35, 1),
    Advanced.UNIQUE_RECTANGLE_2: (38, 1),
    Advanced.X_CHAIN: (40, 0),
    Advanced.XYZ_WING: (55, 10),
    Advanced.BUG_PLUS_1: (11, 11),
    Advanced.SIMPLE_COLOURING: (180, 28),
    Advanced.UNIQUE_RECTANGLE_3: (70, 3),
}

PUBLISHED_FORUM = {
    Advanced.CELL_FORCING_CHAIN: (356, 2),
}
"""Positions in tests/data/forum_hardest_1905_11+.txt: (puzzle index, steps before it)."""


def climb(puzzle: Puzzle) -> Iterator[tuple[Propagator, Board, TechniqueStep | None]]:
    """Yield the rating's climb stall by stall: the stepper, its board (made with the board
    before, as the rating makes it) and the weakest step there, until no step removes a
    candidate."""
    p = Propagator(puzzle.shape, RUNGS[-1])
    for _ in p.givens(puzzle):
        pass
    settle(p)
    for board, step in technique_climb(p):
        yield p, board, step


def climb_to(puzzle: Puzzle, steps: int, *, exact: bool = True) -> tuple[Propagator, Board]:
    """Run the rating's climb past ``steps`` steps beyond set logic; return the next stall.

    With ``exact`` False the climb may stop sooner: at a stall no technique removes a
    candidate from."""
    stalls = climb(puzzle)
    p = next(stalls)[0]
    for _ in range(steps):
        stall = next(stalls, None)
        if stall is None:
            assert not exact, "the climb ends sooner"
            break
        p = stall[0]
    return p, Board.from_values(puzzle.shape, p.value)


def player_grid(puzzle: Puzzle, value: list[int]) -> tuple[Puzzle, list[set[int] | None]]:
    """The grid and pencil marks a player who made the claim values' deductions holds."""
    n = puzzle.shape.n
    cells = tuple(
        next((d for d in range(1, n + 1) if value[c * n + d] == 1), 0) for c in range(n * n)
    )
    marks: list[set[int] | None] = [
        None if cells[c] else {d for d in range(1, n + 1) if value[c * n + d] != -1}
        for c in range(n * n)
    ]
    return puzzle.with_cells(cells), marks
