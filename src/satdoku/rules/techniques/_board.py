"""The candidate grid the techniques read: per open cell the bit mask of its candidates.

A :class:`Board` is a snapshot, never changed by a finder: bit ``d - 1`` of ``cand[cell]`` is set
while the claim "cell holds d" is not false; a cell holding a digit has mask 0, so every finder
sees open cells only. Houses come from the shape (rows, columns, boxes, regions, diagonals), so
the techniques work on any shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...core._shape import Shape
from .._state_masks import cells_of_values

__all__ = ["Board", "bits_of"]


@lru_cache(maxsize=1 << 12)
def bits_of(mask: int) -> tuple[int, ...]:
    """Return the digits of a candidate mask, smallest first.

    >>> bits_of(0b1011)
    (1, 2, 4)
    """
    return tuple(i + 1 for i in range(mask.bit_length()) if mask >> i & 1)


@lru_cache(maxsize=32)
def _layout(
    shape: Shape,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[frozenset[int], ...]]:
    houses = tuple(house.cells for house in shape.houses)
    of_cell: list[list[int]] = [[] for _ in range(shape.n * shape.n)]
    for index, cells in enumerate(houses):
        for cell in cells:
            of_cell[cell].append(index)
    return houses, tuple(tuple(x) for x in of_cell), tuple(frozenset(p) for p in shape.peers)


class Board:
    """Candidate masks of the open cells of one shape, with its houses and peers.

    >>> board = Board(Shape.latin(3), [0, 0b110, 0b110, 0, 0, 0, 0, 0, 0])
    >>> board.places(0, 2), board.sees(1, 2), board.bivalue(1)
    ((1, 2), True, True)
    """

    __slots__ = (
        "shape",
        "n",
        "cand",
        "houses",
        "houses_of",
        "peers",
        "_places",
        "derived",
        "solved",
        "earlier",
    )

    def __init__(self, shape: Shape, cand: Sequence[int]) -> None:
        self.shape = shape
        self.n = shape.n
        self.cand = list(cand)
        self.houses, self.houses_of, self.peers = _layout(shape)
        self._places: list[dict[int, tuple[int, ...]]] | None = None
        self.derived: dict[object, object] = {}
        """What finders computed from this board, kept for the next finders (it never changes)."""
        self.solved: list[int] | None = None
        """Per cell the digit it holds (0: open), when known."""
        self.earlier: Board | None = None
        """A board of the same grid with every candidate of this one and maybe more, when known:
        what finders computed from it may be refined instead of computed again."""

    @classmethod
    def from_values(cls, shape: Shape, value: Sequence[int], earlier: Board | None = None) -> Board:
        """Return the board of a claim state (index = claim variable): open cells' candidates.

        ``earlier``: the board of a state this one follows from (by removing candidates); it
        then forgets its own earlier board, so a climb keeps two boards at most.

        >>> from satdoku.core._claims import FALSE, TRUE, UNKNOWN
        >>> U = UNKNOWN
        >>> board = Board.from_values(Shape.latin(2), [U, TRUE, FALSE, U, U, U, U, FALSE, U])
        >>> board.cand, board.solved
        ([0, 3, 3, 2], [1, 0, 0, 0])
        """
        cand, board_solved = cells_of_values(value, shape.n)
        board = cls(shape, cand)
        board.solved = board_solved
        if earlier is not None:
            earlier.earlier = None
            board.earlier = earlier
        return board

    def places(self, house: int, digit: int) -> tuple[int, ...]:
        """Return the open cells of a house where the digit is still a candidate."""
        if self._places is None:  # every house's places at once: the board never changes
            cand = self.cand
            table: list[dict[int, tuple[int, ...]]] = []
            for cells in self.houses:
                where: dict[int, list[int]] = {}
                for c in cells:
                    for d in bits_of(cand[c]):
                        where.setdefault(d, []).append(c)
                table.append({d: tuple(at) for d, at in where.items()})
            self._places = table
        return self._places[house].get(digit, ())

    def sees(self, a: int, b: int) -> bool:
        """Tell whether two distinct cells share a house."""
        return b in self.peers[a]

    def bivalue(self, cell: int) -> bool:
        """Tell whether a cell has exactly two candidates."""
        return self.cand[cell].bit_count() == 2

    def has(self, cell: int, digit: int) -> bool:
        """Tell whether a digit is a candidate of a cell."""
        return bool(self.cand[cell] >> (digit - 1) & 1)

    def open_cells(self) -> list[int]:
        """Return the cells with candidates, in reading order."""
        return [c for c, m in enumerate(self.cand) if m]
