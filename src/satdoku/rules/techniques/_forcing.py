"""Forcing chains: what follows from each candidate by rules 1 and 2, compared across cases.

Each candidate is assumed true in a copy of the grid and rules 1 and 2 run to their fixpoint
(a dynamic chain: every placement and elimination on the way counts).

* contradiction forcing chain: a candidate whose assumption ends in a contradiction is false;
* cell forcing chain: one of a cell's candidates is true, so what follows from each of them
  (a placement, an elimination) holds;
* unit forcing chain: likewise over the places of a digit in a house;
* nested forcing chain: the same, where the assumption's consequences include the candidates
  whose own assumption ends in a contradiction (forcing chains inside forcing chains).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .._candidate_grid import CandidateGrid, Single
from ._board import Board, bits_of
from ._compiled import compiled_search
from ._outcomes import Outcome, Outcomes, base_grid, copy_grid
from ._settle import at_fixpoint, settle_touched
from ._step import Advanced, Candidate, TechniqueStep

__all__ = ["forcing_chain", "nested_forcing_chain"]


def _assume(base: CandidateGrid, cell: int, digit: int) -> Outcome:
    """Assume a candidate of a grid at the fixpoint of rules 1 and 2, and apply them."""
    grid = copy_grid(base)
    return grid if settle_touched(grid, [(cell, digit)]) else None


def _assume_anywhere(base: CandidateGrid, cell: int, digit: int) -> Outcome:
    """Assume a candidate of any grid, and apply rules 1 and 2 scanning every house."""
    grid = copy_grid(base)
    singles: list[Single] = []
    if not grid.place(cell, digit, singles) or not grid.settle(singles):
        return None
    return grid


Assume = Callable[[CandidateGrid, int, int], Outcome]


def _nested(base: CandidateGrid, cell: int, digit: int, assume: Assume) -> Outcome:
    """Assume a candidate, then also strike each candidate whose own assumption contradicts."""
    grid = assume(base, cell, digit)
    return None if grid is None else _strike(grid, assume)


def _strike(grid: CandidateGrid, assume: Assume) -> Outcome:
    """Strike each candidate whose assumption contradicts, from a grid at the rules' fixpoint.

    Striking is monotone (a grid with fewer candidates contradicts at least as often), so the
    grid where no assumption contradicts is the same whatever the order of the strikes: from a
    grid at the fixpoint of rules 1 and 2, each pass goes on past a strike; from any other grid
    the scan starts again after each strike.
    """
    fixpoint = assume is _assume
    while True:
        cand, placed = grid.cand, grid.placed
        struck = False
        safe = [0] * len(cand)  # candidates known not to contradict on the grid as it is
        for c in range(len(cand)):
            for d in bits_of(cand[c]):
                m = cand[c]
                if placed[c] or m & (m - 1) == 0:
                    break
                if not m >> (d - 1) & 1 or safe[c] >> (d - 1) & 1:
                    continue
                after = assume(grid, c, d)
                if after is not None:
                    _certify(safe, grid, after)
                    continue
                safe = [0] * len(cand)
                struck = True
                m = cand[c] = m & ~(1 << (d - 1))
                singles: list[Single] = [(c, m.bit_length())] if m & (m - 1) == 0 else []
                if fixpoint:
                    if not settle_touched(grid, singles, (c,)):
                        return None
                elif not grid.settle(singles):
                    return None
                else:
                    break
            if struck and not fixpoint:
                break
        if not struck:
            return grid


def _certify(safe: list[int], grid: CandidateGrid, after: CandidateGrid) -> None:
    """Mark as safe what a non-contradicting assumption placed: assuming it is no contradiction.

    Assuming a candidate it placed leads to a grid with at least the candidates of ``after``
    (the rules are monotone), which has none of a contradiction's empty cells or houses.
    """
    placed = grid.placed
    for cell, digit in enumerate(after.placed):
        if digit > 0 and not placed[cell]:
            safe[cell] |= 1 << (digit - 1)


def _common(board: Board, outcomes: list[CandidateGrid]) -> tuple[list[Candidate], list[Candidate]]:
    """Return what every outcome agrees on: placements, and eliminations of open candidates."""
    placed: list[Candidate] = []
    gone: list[Candidate] = []
    for cell, mask in enumerate(board.cand):
        if not mask:
            continue
        union = 0
        for grid in outcomes:
            union |= grid.cand[cell]
        if union != mask:
            gone += [(cell, d) for d in bits_of(mask & ~union)]
        if union.bit_count() == 1 and all(g.placed[cell] for g in outcomes):
            placed.append((cell, union.bit_length()))
    return placed, gone


_KINDS = (
    (
        Advanced.CONTRADICTION_FORCING_CHAIN,
        Advanced.CELL_FORCING_CHAIN,
        Advanced.UNIT_FORCING_CHAIN,
    ),
    (Advanced.NESTED_FORCING_CHAIN,) * 3,
)
"""The technique of each kind of answer of the compiled search (contradiction, cell, unit)."""


def _search(board: Board, nested: bool) -> TechniqueStep | None:
    search = compiled_search("forcing", board.shape)
    if search is not None:
        raw = search(board.cand, nested)
        if raw is None:
            return None
        kind, branches, placed, gone, house, complexity = raw
        return _finish(board, _KINDS[nested][kind], branches, placed, gone, house, complexity)
    base = base_grid(board)
    settle = _assume if at_fixpoint(base) else _assume_anywhere
    assume: Assume = partial(_nested, assume=settle) if nested else settle
    close = partial(_strike, assume=settle) if nested else None
    cand = board.cand
    outcome = Outcomes(board, base, assume, close, ("forcing outcomes", nested))

    contradiction = (
        Advanced.NESTED_FORCING_CHAIN if nested else Advanced.CONTRADICTION_FORCING_CHAIN
    )
    cells = sorted((c for c, m in enumerate(cand) if m), key=lambda c: cand[c].bit_count())
    for cell in cells:
        for d in bits_of(cand[cell]):
            if outcome(cell, d) is None:
                return _finish(board, contradiction, ((cell, d),), [], [(cell, d)], None)
    technique = Advanced.NESTED_FORCING_CHAIN if nested else Advanced.CELL_FORCING_CHAIN
    for cell in cells:
        branches = tuple((cell, d) for d in bits_of(cand[cell]))
        found = _conclude(board, branches, outcome)
        if found is not None:
            return _finish(board, technique, branches, *found, None)
    technique = Advanced.NESTED_FORCING_CHAIN if nested else Advanced.UNIT_FORCING_CHAIN
    for h in range(len(board.houses)):
        for d in range(1, board.n + 1):
            places = board.places(h, d)
            if len(places) < 2:
                continue
            branches = tuple((c, d) for c in places)
            found = _conclude(board, branches, outcome)
            if found is not None:
                return _finish(board, technique, branches, *found, h)
    return None


def _conclude(
    board: Board, branches: tuple[Candidate, ...], outcome: Callable[[int, int], Outcome]
) -> tuple[list[Candidate], list[Candidate]] | None:
    outcomes = [outcome(c, d) for c, d in branches]
    alive = [g for g in outcomes if g is not None]
    if len(alive) < len(outcomes):
        return None  # a contradiction is a simpler step, found first
    placed, gone = _common(board, alive)
    own = {(c, d) for c, d in branches}
    gone = [x for x in gone if x not in own]
    if not (placed or gone):
        return None
    return placed, gone


def _finish(
    board: Board,
    technique: Advanced,
    branches: tuple[Candidate, ...],
    placed: list[Candidate],
    gone: list[Candidate],
    house: int | None,
    complexity: int | None = None,
) -> TechniqueStep:
    """Make the step; ``complexity``: as :func:`_complexity` counts it (None: count it here)."""
    for cell, digit in placed:
        gone += [(cell, d) for d in bits_of(board.cand[cell]) if d != digit]
    gone = sorted(set(gone))
    if complexity is None:
        complexity = _complexity(board, branches, gone, placed)
    return TechniqueStep(
        technique,
        tuple(gone),
        placed=tuple(sorted(placed)),
        branches=branches,
        house=house,
        complexity=complexity,
    )


def _complexity(
    board: Board, branches: tuple[Candidate, ...], gone: list[Candidate], placed: list[Candidate]
) -> int:
    """Count the placements each branch makes, wave by wave, until its conclusion holds."""
    base = base_grid(board)
    total = 0
    for cell, digit in branches:
        grid = copy_grid(base)
        singles: list[Single] = [(cell, digit)]
        count = 0
        while True:
            if _holds(grid, gone, placed) or count > 4 * board.n:
                break
            if not singles and (not grid.hidden_singles(singles) or not singles):
                break
            wave, singles = singles, []
            ok = True
            for c, d in wave:
                if not grid.placed[c]:
                    count += 1
                ok = grid.place(c, d, singles) and ok
            if not ok:
                break
        total += count
    return total


def _holds(grid: CandidateGrid, gone: list[Candidate], placed: list[Candidate]) -> bool:
    return all(not grid.cand[c] >> (d - 1) & 1 for c, d in gone) and all(
        grid.placed[c] == d for c, d in placed
    )


def forcing_chain(board: Board) -> TechniqueStep | None:
    """Return a contradiction, cell or unit forcing chain (in that order) that decides something.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0b11, 0b11, 0b111, 0b11, 0b11, 0b11, 0b111, 0b111, 0b111]
    >>> step = forcing_chain(Board(Shape.latin(3), cand))
    >>> step.technique.value, step.eliminated[:2]
    ('contradiction-forcing-chain', ((0, 1),))
    """
    return _search(board, nested=False)


def nested_forcing_chain(board: Board) -> TechniqueStep | None:
    """Return a forcing chain whose branches strike candidates that lead to a contradiction."""
    return _search(board, nested=True)
