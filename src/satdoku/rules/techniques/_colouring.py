"""Simple colouring: one digit's conjugate pairs coloured in two alternating colours.

A conjugate pair is a digit's only two places in a house: one of them holds it. Joined pairs
form a cluster whose cells take two colours, alternating along the pairs; all cells of one
colour hold the digit, or all of the other do. A colour with two cells that see each other
cannot be the true one (colour wrap: its cells lose the digit); a cell outside the cluster that
sees both colours loses the digit (colour trap).
"""

from __future__ import annotations

from ._board import Board
from ._compiled import compiled_search
from ._step import Advanced, TechniqueStep

__all__ = ["simple_colouring"]


def _clusters(board: Board, digit: int) -> list[tuple[dict[int, int], list[tuple[int, int]]]]:
    """Return the digit's clusters: each cell's colour (0 or 1) and the pairs that join them."""
    pairs: dict[int, set[int]] = {}
    for h in range(len(board.houses)):
        places = board.places(h, digit)
        if len(places) == 2:
            a, b = places
            pairs.setdefault(a, set()).add(b)
            pairs.setdefault(b, set()).add(a)
    found = []
    coloured: set[int] = set()
    for root in sorted(pairs):
        if root in coloured:
            continue
        colour = {root: 0}
        links: list[tuple[int, int]] = []
        todo = [root]
        while todo:
            a = todo.pop()
            for b in sorted(pairs[a]):
                if b not in colour:
                    colour[b] = 1 - colour[a]
                    links.append((a, b))
                    todo.append(b)
        coloured |= set(colour)
        if len(colour) > 2:
            found.append((colour, links))
    return found


def simple_colouring(board: Board) -> TechniqueStep | None:
    """Return the first colour wrap or colour trap that removes a candidate, digit by digit.

    >>> from satdoku.core._shape import Shape
    >>> cand = [0] * 16
    >>> for cell in (0, 3, 5, 7, 13, 12):
    ...     cand[cell] = 0b11
    >>> cand[9] = 0b101
    >>> simple_colouring(Board(Shape.latin(4), cand)).eliminated
    ((9, 1),)
    """
    search = compiled_search("simple_colouring", board.shape)
    if search is not None:
        raw = search(board.cand)
        return None if raw is None else _step(*raw)
    for d in range(1, board.n + 1):
        for colour, links in _clusters(board, d):
            gone = _wrap(board, colour, d) or _trap(board, colour, d)
            if gone:
                return _step(d, tuple(links), len(colour), gone)
    return None


def _step(
    digit: int, links: tuple[tuple[int, int], ...], size: int, gone: tuple[int, ...]
) -> TechniqueStep:
    eliminated = tuple((c, digit) for c in gone)
    return TechniqueStep(
        Advanced.SIMPLE_COLOURING, eliminated, links=links, digits=(digit,), complexity=size
    )


def _sides(colour: dict[int, int]) -> tuple[list[int], list[int]]:
    return [c for c, k in colour.items() if k == 0], [c for c, k in colour.items() if k == 1]


def _wrap(board: Board, colour: dict[int, int], d: int) -> tuple[int, ...]:
    """Return the cells of a colour two of whose cells see each other (it is false)."""
    peers = board.peers
    for side in _sides(colour):
        if any(b in peers[a] for i, a in enumerate(side) for b in side[i + 1 :]):
            return tuple(sorted(side))
    return ()


def _trap(board: Board, colour: dict[int, int], d: int) -> tuple[int, ...]:
    """Return the cells outside the cluster with the digit that see both colours."""
    peers, bit = board.peers, 1 << (d - 1)
    first, second = _sides(colour)
    return tuple(
        c
        for c, m in enumerate(board.cand)
        if m & bit
        and c not in colour
        and any(a in peers[c] for a in first)
        and any(b in peers[c] for b in second)
    )
