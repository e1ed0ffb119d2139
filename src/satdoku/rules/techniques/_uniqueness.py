"""Unique rectangles (types 1 to 4) and BUG+1: steps that hold when the puzzle has one solution.

Four cells in two rows and two columns holding only digits a and b, where every house holding
one of them holds exactly two, not diagonally opposite, would let a and b swap: a second
solution (a deadly pattern). A puzzle with one solution avoids it:

* type 1: three corners are {a,b}; the fourth loses a and b;
* type 2: two corners are {a,b}, the other two {a,b,c}; one of them holds c, so c leaves every
  cell seeing both;
* type 3: the two other corners' extra digits, with cells of a house they share, form a naked
  subset: those digits leave the house's other cells;
* type 4: a is confined, in a house the two other corners share, to those two: they lose b.

BUG+1 (bivalent universal grave): every open cell has two candidates but one, which has
three; every digit appears twice in each house but one digit, three times in the houses of
that cell. Without it the grid would have two solutions or none, so the cell holds that digit.
"""

from __future__ import annotations

from itertools import combinations

from ._board import Board, bits_of
from ._compiled import compiled_search
from ._step import Advanced, Candidate, TechniqueStep

__all__ = ["unique_rectangle", "bug_plus_1", "deadly"]


def deadly(board: Board, corners: tuple[int, int, int, int]) -> bool:
    """Tell whether swapping two digits on four corners (a, b, c, d, a opposite d) keeps houses.

    >>> from satdoku.core._shape import Shape
    >>> board = Board(Shape.sudoku(4), [0] * 16)
    >>> deadly(board, (0, 1, 4, 5)), deadly(board, (0, 2, 4, 6)), deadly(board, (0, 2, 8, 10))
    (False, True, False)
    """
    a, b, c, d = corners
    count: dict[int, list[int]] = {}
    for cell in corners:
        for h in board.houses_of[cell]:
            count.setdefault(h, []).append(cell)
    return all(len(cells) == 2 and set(cells) not in ({a, d}, {b, c}) for cells in count.values())


def _rectangles(board: Board) -> list[tuple[tuple[int, int, int, int], int]]:
    """Return the deadly rectangles (corners, a opposite d) whose corners share two digits."""
    n, cand = board.n, board.cand
    found = []
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            common = cand[corners[0]] & cand[corners[1]] & cand[corners[2]] & cand[corners[3]]
            if common.bit_count() < 2:
                continue
            if sum(cand[x].bit_count() == 2 for x in corners) < 2 or not deadly(board, corners):
                continue
            for pair in combinations(bits_of(common), 2):
                mask = (1 << (pair[0] - 1)) | (1 << (pair[1] - 1))
                if sum(cand[x] == mask for x in corners) >= 2:
                    found.append((corners, mask))
    return found


def unique_rectangle(board: Board) -> TechniqueStep | None:
    """Return the first unique rectangle (type 1, 2, 3 or 4, in that order) that removes something.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0] * 16
    >>> cand[0] = cand[2] = cand[4] = 0b11
    >>> cand[6] = 0b111
    >>> unique_rectangle(Board(Shape.sudoku(4), cand)).eliminated
    ((6, 1), (6, 2))
    """
    search = compiled_search("unique_rectangle", board.shape)
    if search is not None:
        raw = search(board.cand)
        return None if raw is None else _compiled_step(*raw)
    rects = _rectangles(board)
    for finder in (_type_1, _type_2, _type_3, _type_4):
        for corners, mask in rects:
            step = finder(board, corners, mask)
            if step is not None:
                return step
    return None


_TYPES = (
    Advanced.UNIQUE_RECTANGLE_1,
    Advanced.UNIQUE_RECTANGLE_2,
    Advanced.UNIQUE_RECTANGLE_3,
    Advanced.UNIQUE_RECTANGLE_4,
)


def _compiled_step(
    kind: int,
    corners: tuple[int, int, int, int],
    extra: int,
    house: int,
    digits: tuple[int, ...],
    gone: tuple[Candidate, ...],
) -> TechniqueStep:
    """Return the step of a rectangle the compiled search found (see uniqueness.h)."""
    cells = corners if extra < 0 else (*corners, extra)
    return TechniqueStep(
        _TYPES[kind - 1], gone, cells=cells, digits=digits, house=None if house < 0 else house
    )


def _split(board: Board, corners: tuple[int, ...], mask: int) -> tuple[list[int], list[int]]:
    floor = [x for x in corners if board.cand[x] == mask]
    roof = [x for x in corners if board.cand[x] != mask]
    return floor, roof


def _type_1(board: Board, corners: tuple[int, int, int, int], mask: int) -> TechniqueStep | None:
    floor, roof = _split(board, corners, mask)
    if len(roof) != 1:
        return None
    gone = tuple((roof[0], d) for d in bits_of(mask))
    return TechniqueStep(Advanced.UNIQUE_RECTANGLE_1, gone, cells=corners, digits=bits_of(mask))


def _type_2(board: Board, corners: tuple[int, int, int, int], mask: int) -> TechniqueStep | None:
    floor, roof = _split(board, corners, mask)
    cand, peers = board.cand, board.peers
    if len(roof) != 2 or cand[roof[0]] != cand[roof[1]] or (cand[roof[0]] & ~mask).bit_count() != 1:
        return None
    extra = (cand[roof[0]] & ~mask).bit_length()
    bit = 1 << (extra - 1)
    gone = tuple(
        (c, extra)
        for c in sorted(peers[roof[0]] & peers[roof[1]])
        if cand[c] & bit and c not in corners
    )
    if not gone:
        return None
    return TechniqueStep(
        Advanced.UNIQUE_RECTANGLE_2, gone, cells=corners, digits=(*bits_of(mask), extra)
    )


def _shared_houses(board: Board, a: int, b: int) -> list[int]:
    return [h for h in board.houses_of[a] if h in board.houses_of[b]]


def _type_3(board: Board, corners: tuple[int, int, int, int], mask: int) -> TechniqueStep | None:
    floor, roof = _split(board, corners, mask)
    cand = board.cand
    if len(roof) != 2:
        return None
    extra = (cand[roof[0]] | cand[roof[1]]) & ~mask
    if extra.bit_count() != 2:
        return None
    for h in _shared_houses(board, roof[0], roof[1]):
        for other in board.houses[h]:
            if other in corners or cand[other] != extra:
                continue
            gone = tuple(
                (c, d)
                for c in board.houses[h]
                if c not in roof and c != other
                for d in bits_of(cand[c] & extra)
            )
            if gone:
                return TechniqueStep(
                    Advanced.UNIQUE_RECTANGLE_3,
                    gone,
                    cells=(*corners, other),
                    digits=(*bits_of(mask), *bits_of(extra)),
                    house=h,
                )
    return None


def _type_4(board: Board, corners: tuple[int, int, int, int], mask: int) -> TechniqueStep | None:
    floor, roof = _split(board, corners, mask)
    if len(roof) != 2:
        return None
    for h in _shared_houses(board, roof[0], roof[1]):
        for keep in bits_of(mask):
            if set(board.places(h, keep)) == set(roof):
                other = bits_of(mask & ~(1 << (keep - 1)))[0]
                gone = tuple((c, other) for c in roof)
                return TechniqueStep(
                    Advanced.UNIQUE_RECTANGLE_4, gone, cells=corners, digits=(keep, other), house=h
                )
    return None


def bug_plus_1(board: Board) -> TechniqueStep | None:
    """Return the BUG+1 placement when every open cell is bivalue but one trivalue cell.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0b11, 0b110, 0b101, 0b101, 0b11, 0b110, 0b110, 0b101, 0b111]
    >>> bug_plus_1(Board(Shape.latin(3), cand)).placed
    ((8, 3),)
    """
    search = compiled_search("bug_plus_1", board.shape)
    if search is not None:
        raw = search(board.cand)
        return None if raw is None else _bug_step(board, *raw)
    cand = board.cand
    odd = [c for c, m in enumerate(cand) if m and m.bit_count() != 2]
    if len(odd) != 1 or cand[odd[0]].bit_count() != 3:
        return None
    cell = odd[0]
    for d in bits_of(cand[cell]):
        grave = cand[:]
        grave[cell] &= ~(1 << (d - 1))
        if _all_twice(board, grave):
            return _bug_step(board, cell, d)
    return None


def _bug_step(board: Board, cell: int, d: int) -> TechniqueStep:
    others = tuple((cell, e) for e in bits_of(board.cand[cell]) if e != d)
    return TechniqueStep(
        Advanced.BUG_PLUS_1, others, placed=((cell, d),), cells=(cell,), digits=(d,)
    )


def _all_twice(board: Board, cand: list[int]) -> bool:
    """Tell whether every digit has no place or exactly two in every house."""
    for cells in board.houses:
        once = twice = thrice = 0
        for c in cells:
            m = cand[c]
            thrice |= twice & m
            twice |= once & m
            once |= m
        if thrice or once & ~twice:
            return False
    return True
