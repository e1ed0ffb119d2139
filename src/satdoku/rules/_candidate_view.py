"""The candidates of a grid as the independent step checkers read them, with houses and peers."""

from __future__ import annotations

from collections.abc import Sequence

from ..core._shape import Shape

__all__ = ["CandidateView"]


class CandidateView:
    """The candidates (bit d - 1 per digit, 0 for a solved cell) with the shape's houses.

    >>> from satdoku.core._shape import Shape
    >>> view = CandidateView(Shape.latin(2), [0b11, 0, 0, 0b01])
    >>> view.has(0, 2), view.places([0, 3], 1), view.one_house({0, 1})
    (True, {0, 3}, True)
    """

    def __init__(self, shape: Shape, cand: Sequence[int]) -> None:
        self.n = shape.n
        self.cand = list(cand)
        self.houses = [house.cells for house in shape.houses]
        self.peers = [set(p) for p in shape.peers]

    def has(self, cell: int, digit: int) -> bool:
        return 0 <= cell < len(self.cand) and bool(self.cand[cell] >> (digit - 1) & 1)

    def places(self, cells: Sequence[int], digit: int) -> set[int]:
        return {c for c in cells if self.has(c, digit)}

    def one_house(self, cells: set[int]) -> bool:
        return any(cells <= set(h) for h in self.houses)
