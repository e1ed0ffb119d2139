"""Wings: XY-wing, XYZ-wing and W-wing, short chains through bivalue cells.

* XY-wing: a pivot {x,y} sees pincers {x,z} and {y,z}; whichever the pivot holds, one pincer
  holds z, so z leaves every cell seeing both pincers.
* XYZ-wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}; one of the three holds z, so z leaves
  every cell seeing all three.
* W-wing: two cells {x,y} that do not see each other, and a house where y has two places, one
  seeing each cell; one of the two cells holds x, so x leaves every cell seeing both.
"""

from __future__ import annotations

from ._board import Board, bits_of
from ._compiled import compiled_search
from ._step import Advanced, Node, TechniqueStep

__all__ = ["xy_wing", "xyz_wing", "w_wing"]


def _seeing(board: Board, cells: tuple[int, ...], digit: int) -> tuple[int, ...]:
    """Return the cells outside ``cells`` with the digit as a candidate seeing every one of them."""
    bit = 1 << (digit - 1)
    peers, cand = board.peers, board.cand
    common = peers[cells[0]]
    for c in cells[1:]:
        common = common & peers[c]
    return tuple(c for c in sorted(common) if cand[c] & bit and c not in cells)


def _xy_wing_step(
    pivot: int, a: int, b: int, x: int, y: int, z: int, gone: tuple[int, ...]
) -> TechniqueStep:
    path = ((a, z), (a, x), (pivot, x), (pivot, y), (b, y), (b, z))
    chain = tuple(Node((cell,), digit) for cell, digit in path)
    eliminated = tuple((c, z) for c in gone)
    return TechniqueStep(
        Advanced.XY_WING, eliminated, chain=chain, cells=(pivot, a, b), digits=(x, y, z)
    )


def _xyz_wing_step(
    board: Board, pivot: int, a: int, b: int, z: int, gone: tuple[int, ...]
) -> TechniqueStep:
    eliminated = tuple((c, z) for c in gone)
    digits = bits_of(board.cand[pivot])
    return TechniqueStep(Advanced.XYZ_WING, eliminated, cells=(pivot, a, b), digits=digits)


def _w_wing_step(
    a: int, b: int, x: int, y: int, near_a: int, near_b: int, gone: tuple[int, ...]
) -> TechniqueStep:
    path = ((a, x), (a, y), (near_a, y), (near_b, y), (b, y), (b, x))
    chain = tuple(Node((cell,), digit) for cell, digit in path)
    eliminated = tuple((c, x) for c in gone)
    return TechniqueStep(Advanced.W_WING, eliminated, chain=chain, cells=(a, b), digits=(x, y))


def xy_wing(board: Board) -> TechniqueStep | None:
    """Return the first XY-wing that removes a candidate, pivots in reading order.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0] * 81
    >>> cand[0], cand[6], cand[36], cand[42] = 0b11, 0b101, 0b110, 0b111000100
    >>> xy_wing(Board(Shape.sudoku(9), cand)).eliminated
    ((42, 3),)
    """
    search = compiled_search("xy_wing", board.shape)
    if search is not None:
        raw = search(board.cand)
        return None if raw is None else _xy_wing_step(*raw)
    cand, peers = board.cand, board.peers
    bivalue = [c for c, m in enumerate(cand) if m.bit_count() == 2]
    for pivot in bivalue:
        pm = cand[pivot]
        wings = [c for c in bivalue if c in peers[pivot] and (cand[c] & pm).bit_count() == 1]
        for i, a in enumerate(wings):
            z_bit = cand[a] & ~pm
            for b in wings[i + 1 :]:
                mb = cand[b]
                if mb & ~pm != z_bit or cand[a] & mb & pm:
                    continue
                z = z_bit.bit_length()
                gone = _seeing(board, (a, b), z)
                if gone:
                    x, y = (cand[a] & pm).bit_length(), (mb & pm).bit_length()
                    return _xy_wing_step(pivot, a, b, x, y, z, gone)
    return None


def xyz_wing(board: Board) -> TechniqueStep | None:
    """Return the first XYZ-wing that removes a candidate, pivots in reading order.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0] * 81
    >>> cand[0], cand[1], cand[9], cand[2] = 0b111, 0b101, 0b110, 0b1100
    >>> xyz_wing(Board(Shape.sudoku(9), cand)).eliminated
    ((2, 3),)
    """
    search = compiled_search("xyz_wing", board.shape)
    if search is not None:
        raw = search(board.cand)
        return None if raw is None else _xyz_wing_step(board, *raw)
    cand, peers = board.cand, board.peers
    for pivot, pm in enumerate(cand):
        if pm.bit_count() != 3:
            continue
        wings = [c for c in sorted(peers[pivot]) if cand[c].bit_count() == 2 and not cand[c] & ~pm]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                z_bit = cand[a] & cand[b]
                if z_bit.bit_count() != 1 or (cand[a] | cand[b]) != pm:
                    continue
                z = z_bit.bit_length()
                gone = _seeing(board, (pivot, a, b), z)
                if gone:
                    return _xyz_wing_step(board, pivot, a, b, z, gone)
    return None


def w_wing(board: Board) -> TechniqueStep | None:
    """Return the first W-wing that removes a candidate.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0] * 16
    >>> cand[0] = cand[15] = 0b11
    >>> cand[1], cand[13], cand[3], cand[12] = 0b110, 0b1010, 0b101, 0b101
    >>> w_wing(Board(Shape.sudoku(4), cand)).eliminated
    ((3, 1), (12, 1))
    """
    search = compiled_search("w_wing", board.shape)
    if search is not None:
        raw = search(board.cand)
        return None if raw is None else _w_wing_step(*raw)
    cand, peers = board.cand, board.peers
    bivalue = [c for c, m in enumerate(cand) if m.bit_count() == 2]
    strong: dict[int, list[tuple[int, int]]] = {}
    for h in range(len(board.houses)):
        for digit in range(1, board.n + 1):
            places = board.places(h, digit)
            if len(places) == 2:
                strong.setdefault(digit, []).append(places)
    for i, a in enumerate(bivalue):
        for b in bivalue[i + 1 :]:
            if cand[a] != cand[b] or b in peers[a]:
                continue
            for y in bits_of(cand[a]):
                x = bits_of(cand[a] & ~(1 << (y - 1)))[0]
                gone = _seeing(board, (a, b), x)
                if not gone:
                    continue
                for c, d in strong.get(y, ()):
                    if a in (c, d) or b in (c, d):
                        continue
                    for near_a, near_b in ((c, d), (d, c)):
                        if near_a in peers[a] and near_b in peers[b]:
                            return _w_wing_step(a, b, x, y, near_a, near_b, gone)
    return None
