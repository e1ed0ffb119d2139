"""Independent checks of the uniqueness techniques' steps: unique rectangles and BUG+1."""

from __future__ import annotations

from collections.abc import Sequence

from ._candidate_view import CandidateView
from .techniques._step import Advanced, TechniqueStep

__all__ = ["bug_problem", "rectangle_problem"]


def _deadly(grid: CandidateView, corners: Sequence[int]) -> bool:
    n = grid.n
    rows = {c // n for c in corners}
    cols = {c % n for c in corners}
    if len(set(corners)) != 4 or len(rows) != 2 or len(cols) != 2:
        return False
    a, b, c, d = sorted(corners)
    for house in grid.houses:
        inside = set(house) & {a, b, c, d}
        if inside and (len(inside) != 2 or inside in ({a, d}, {b, c})):
            return False
    return True


def rectangle_problem(grid: CandidateView, step: TechniqueStep) -> str | None:
    """Return why a unique rectangle step (types 1-4) does not hold in the candidates, or None."""
    corners = step.cells[:4]
    if len(step.digits) < 2 or not _deadly(grid, corners):
        return "the four cells are not a deadly rectangle"
    x, y = step.digits[:2]
    pair = (1 << (x - 1)) | (1 << (y - 1))
    cand = grid.cand
    if any(cand[c] & pair != pair for c in corners):
        return "a corner lacks one of the two digits"
    floor = [c for c in corners if cand[c] == pair]
    roof = [c for c in corners if cand[c] != pair]
    gone = set(step.eliminated)
    technique = step.technique
    if technique is Advanced.UNIQUE_RECTANGLE_1:
        ok = len(roof) == 1 and gone <= {(roof[0], x), (roof[0], y)}
    elif technique is Advanced.UNIQUE_RECTANGLE_2:
        extra = step.digits[2] if len(step.digits) > 2 else 0
        bit = 1 << (extra - 1) if extra else 0
        ok = (
            len(roof) == 2
            and bit != 0
            and all(cand[r] == pair | bit for r in roof)
            and all(d == extra and set(roof) <= grid.peers[c] for c, d in gone)
        )
    elif technique is Advanced.UNIQUE_RECTANGLE_3:
        ok = len(roof) == 2 and _type_3(grid, step, roof, pair)
    else:
        house = grid.houses[step.house] if step.house is not None else ()
        ok = (
            len(roof) == 2
            and set(roof) <= set(house)
            and grid.places(house, x) == set(roof)
            and gone <= {(r, y) for r in roof}
        )
    return None if ok and len(floor) + len(roof) == 4 else f"not a {technique.title}"


def _type_3(grid: CandidateView, step: TechniqueStep, roof: list[int], pair: int) -> bool:
    if step.house is None or len(step.cells) != 5:
        return False
    house = set(grid.houses[step.house])
    other = step.cells[4]
    extra = (grid.cand[roof[0]] | grid.cand[roof[1]]) & ~pair
    return (
        extra.bit_count() == 2
        and set(roof) | {other} <= house
        and grid.cand[other] == extra
        and all(
            c in house and c not in roof and c != other and extra >> (d - 1) & 1
            for c, d in step.eliminated
        )
    )


def bug_problem(grid: CandidateView, step: TechniqueStep) -> str | None:
    """Return why a BUG+1 step does not hold in the candidates, or None.

    >>> from satdoku.core._shape import Shape
    >>> from satdoku.rules.techniques._step import Advanced, TechniqueStep
    >>> step = TechniqueStep(Advanced.BUG_PLUS_1, eliminated=(), placed=((0, 1),))
    >>> bug_problem(CandidateView(Shape.latin(2), [0b11, 0, 0, 0]), step)
    'the BUG+1 cell is not trivalue with the digit'
    """
    if len(step.placed) != 1:
        return "BUG+1 places one digit"
    cell, digit = step.placed[0]
    cand = grid.cand
    if cand[cell].bit_count() != 3 or not grid.has(cell, digit):
        return "the BUG+1 cell is not trivalue with the digit"
    if any(m and m.bit_count() != 2 for c, m in enumerate(cand) if c != cell):
        return "an open cell other than the BUG+1 cell is not bivalue"
    grave = cand[:]
    grave[cell] &= ~(1 << (digit - 1))
    for house in grid.houses:
        for d in range(1, grid.n + 1):
            if sum(1 for c in house if grave[c] >> (d - 1) & 1) not in (0, 2):
                return "without the digit, some digit is not twice in some house"
    return None
