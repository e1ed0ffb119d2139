"""The graph of a board's chain nodes: candidates and grouped candidates, strong and weak links.

Nodes are a digit in one cell, or (with groups) a digit's places in a box within one row or
column. Strong links: a bivalue cell's two digits, a digit's two places (or two groups) in a
house. Weak links: two digits of one cell, one digit in cells that all see each other. A graph
is made once per board and kind (one digit, bivalue cells only, or all with groups), and each
node's weak links when first asked.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from functools import lru_cache
from types import ModuleType

from ...core._shape import Shape
from ._board import Board, bits_of
from ._step import Node

__all__ = ["AREAS", "ChainGraph", "chain_graph", "chain_tables", "node_of", "set_order_holds"]

AREAS = ("box", "region")


class ChainGraph:
    """The nodes of one board and their strong and weak links, by index."""

    def __init__(self, board: Board, *, digit: int = 0, bivalue: bool = False, groups: bool):
        self.board = board
        cand = board.cand
        digits = (digit,) if digit else tuple(range(1, board.n + 1))
        nodes: list[Node] = []
        at = {d: [-1] * len(cand) for d in digits}  # per digit, each cell's node
        for c, m in enumerate(cand):
            if not m or (bivalue and m.bit_count() != 2):
                continue
            for d in bits_of(m):
                if d in at:
                    at[d][c] = len(nodes)
                    nodes.append(node_of((c,), d))
        self.at = at
        self.groups: dict[int, list[tuple[int, frozenset[int]]]] = {}
        index: dict[tuple[tuple[int, ...], int], int] = {}  # the grouped nodes
        strong: list[set[int]] = [set() for _ in nodes]
        if not digit:
            for c, m in enumerate(cand):
                if m.bit_count() == 2:
                    a, b = at[(m & -m).bit_length()][c], at[m.bit_length()][c]
                    if a >= 0 and b >= 0:
                        strong[a].add(b)
                        strong[b].add(a)
        if not bivalue:
            for h in range(len(board.houses)):
                for d in digits:
                    places = board.places(h, d)
                    if len(places) == 2:
                        a, b = at[d][places[0]], at[d][places[1]]
                        strong[a].add(b)
                        strong[b].add(a)
                    elif len(places) > 2 and groups:
                        for part_a, part_b in self._halves(places, h, groups):
                            a, b = (
                                self._add(nodes, index, part_a, d),
                                self._add(nodes, index, part_b, d),
                            )
                            while len(strong) < len(nodes):
                                strong.append(set())
                            strong[a].add(b)
                            strong[b].add(a)
        self.nodes = nodes
        self.strong = [sorted(s) for s in strong]
        self._weak: list[list[int] | None] = [None] * len(nodes)
        self._seen = [-1] * len(nodes)

    def _add(
        self,
        nodes: list[Node],
        index: dict[tuple[tuple[int, ...], int], int],
        cells: tuple[int, ...],
        d: int,
    ) -> int:
        """Return the index of a node, a grouped one added if new."""
        if len(cells) == 1:
            return self.at[d][cells[0]]
        key = (cells, d)
        found = index.get(key)
        if found is None:
            found = index[key] = len(nodes)
            nodes.append(node_of(cells, d))
            self.groups.setdefault(d, []).append((found, frozenset(cells)))
        return found

    def _halves(
        self, places: tuple[int, ...], h: int, groups: bool
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Yield the splits of a digit's places in a house into two nodes (a strong link)."""
        if len(places) == 2:
            yield (places[0],), (places[1],)
            return
        if not groups:
            return
        for crossing in _crossings(self.board.shape)[h]:
            parts: dict[int, list[int]] = {}
            for c in places:
                g = crossing.get(c)
                if g is None:
                    break
                parts.setdefault(g, []).append(c)
            else:
                if len(parts) == 2:
                    a, b = parts.values()
                    yield tuple(a), tuple(b)

    def removers(self, start: int) -> Callable[[int], bool]:
        """Return a test of whether a chain from ``start`` to a node removes a candidate.

        The same answer as :meth:`_Ends.gone` being non-empty, on cell bit masks: cells holding
        the digit that see every cell of both ends; or, for one-cell ends of two digits, the
        tests of :func:`chain_eliminations`.
        """
        nodes, cand, seen = self.nodes, self.board.cand, self.seen
        first = nodes[start]
        mine, d = seen(start), first.digit
        if first.grouped:
            return lambda v: nodes[v].digit == d and bool(mine & seen(v))
        a = first.cell
        near, wide, bit_d = _peer_masks(self.board.shape)[a], cand[a].bit_count() >= 3, 1 << (d - 1)

        def removes(v: int) -> bool:
            end = nodes[v]
            e = end.digit
            if e == d:
                return bool(mine & seen(v))
            if end.grouped:
                return False
            b = end.cell
            if b == a:
                return wide
            return bool(near >> b & 1) and bool(cand[a] >> (e - 1) & 1 or cand[b] & bit_d)

        return removes

    def seen(self, i: int) -> int:
        """Return the cells holding node i's digit that see all its cells, as a bit mask."""
        mask = self._seen[i]
        if mask < 0:
            node = self.nodes[i]
            peer_masks = _peer_masks(self.board.shape)
            mask = _holding(self.board).get(node.digit, 0)
            for c in node.cells:
                mask &= peer_masks[c]
            self._seen[i] = mask
        return mask

    def weak(self, i: int) -> list[int]:
        """Return the nodes weakly linked to node i (computed once, when first asked)."""
        links = self._weak[i]
        if links is None:
            links = self._weak[i] = self._weak_of(i)
        return links

    def _weak_of(self, i: int) -> list[int]:
        node, cand = self.nodes[i], self.board.cand
        peers = self.board.peers
        common = peers[node.cells[0]]
        for c in node.cells[1:]:
            common = common & peers[c]
        d = node.digit
        at = self.at[d]
        links = [j for c in common if (j := at[c]) >= 0]
        links += [j for j, cells in self.groups.get(d, ()) if j != i and cells <= common]
        if not node.grouped:
            c = node.cell
            links += [
                j for e in bits_of(cand[c]) if e != d and e in self.at and (j := self.at[e][c]) >= 0
            ]
        return links


@lru_cache(maxsize=1 << 14)
def node_of(cells: tuple[int, ...], digit: int) -> Node:
    """Return the node of a digit in cells (one object per value, made once)."""
    return Node(cells, digit)


@lru_cache(maxsize=32)
def _crossings(shape: Shape) -> tuple[tuple[dict[int, int], ...], ...]:
    """Return per house, for each kind of house that may split it (rows and columns for an area,
    areas for a line), each of its cells' house of that kind (where it has one)."""
    kinds, houses_of = shape.houses, _houses_of(shape)
    found = []
    for h, house in enumerate(kinds):
        others = ("row", "column") if house.kind in AREAS else AREAS
        found.append(
            tuple(
                {
                    c: g
                    for c in house.cells
                    for g in [
                        next((g for g in houses_of[c] if g != h and kinds[g].kind == kind), -1)
                    ]
                    if g >= 0
                }
                for kind in others
            )
        )
    return tuple(found)


@lru_cache(maxsize=32)
def chain_tables(shape: Shape) -> bytes:
    """Return what the compiled graph reads of a shape besides its layout, as C ints: each
    cell's peers in the order the Python graph walks them (a frozenset's), then per house cell
    (houses in order) its house of each of the two kinds that may split the house, -1 for none.

    >>> peers, cells = 7 * 16, 3 * 4 * 4
    >>> len(chain_tables(Shape.sudoku(4))) == (peers + 2 * cells) * array("i").itemsize
    True
    """
    table = array("i")
    for peers in shape.peers:
        table.extend(frozenset(peers))
    for house, split in zip(shape.houses, _crossings(shape), strict=True):
        for c in house.cells:
            table.extend(kind.get(c, -1) for kind in split)
    return table.tobytes()


@lru_cache(maxsize=1)
def set_order_holds(module: ModuleType) -> bool:
    """Tell whether the compiled graph lists cells in this interpreter's set order, which
    weak links follow: it reproduces CPython's sets of small ints, for the cells that see all
    of a group; else the Python graph runs."""
    for keys in ([(i * 7919) % 4099 for i in range(k)] for k in (5, 40, 300)):
        if module.chain_set_order(keys) != tuple(frozenset(keys)):
            return False
    peers = tuple(frozenset(p) for p in Shape.sudoku(25).peers)
    for cells in ((0,), (300,), (0, 24), (312, 337), (5, 6, 7), (600, 625 - 1)):
        common = peers[cells[0]]
        if module.chain_set_order(sorted(common)) != tuple(common):
            return False
        for c in cells[1:]:
            small, large = (common, peers[c]) if len(peers[c]) > len(common) else (peers[c], common)
            walked = [x for x in small if x in large]
            common = common & peers[c]
            if module.chain_set_order(walked) != tuple(common):
                return False
    return True


def _board_peers(shape: Shape) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(p) for p in shape.peers)


def _houses_of(shape: Shape) -> list[list[int]]:
    houses_of: list[list[int]] = [[] for _ in range(shape.n * shape.n)]
    for h, house in enumerate(shape.houses):
        for c in house.cells:
            houses_of[c].append(h)
    return houses_of


@lru_cache(maxsize=32)
def _peer_masks(shape: Shape) -> tuple[int, ...]:
    """Return per cell the bit mask of its peers."""
    return tuple(sum(1 << p for p in peers) for peers in shape.peers)


def _holding(board: Board) -> dict[int, int]:
    """Return per digit the bit mask of the cells holding it as a candidate (once per board)."""
    kept = board.derived.get("holding")
    if isinstance(kept, dict):
        return kept
    found: dict[int, int] = {}
    for c, m in enumerate(board.cand):
        for d in bits_of(m):
            found[d] = found.get(d, 0) | 1 << c
    board.derived["holding"] = found
    return found


def chain_graph(board: Board, *, digit: int = 0, bivalue: bool = False, groups: bool) -> ChainGraph:
    """Return the graph of a board's nodes, made once per board and kind."""
    key = ("chain graph", digit, bivalue, groups)
    graph = board.derived.get(key)
    if not isinstance(graph, ChainGraph):
        graph = board.derived[key] = ChainGraph(board, digit=digit, bivalue=bivalue, groups=groups)
    return graph
