"""Chains of alternating inference: X-chains, XY-chains and AICs with grouped nodes.

A chain alternates strong links (one of the two nodes is true: a bivalue cell's two digits, a
digit's only two places, or two groups, in a house) and weak links (at most one is true: two
digits of one cell, one digit in cells that see each other), starting and ending with a strong
one. If the first node is false the next is true, the next false..., so one of the two ends is
true, and a candidate weakly linked to both ends is false. X-chains use one digit and no groups;
XY-chains use bivalue cells only (a strong link inside each cell); AICs use both, and groups: a
digit's places in a box within one row or column, as one node.

The search is breadth-first from each node, so the shortest chain is found first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from ...core.shape import Shape
from .board import Board, bits_of
from .step import Advanced, Node, TechniqueStep

__all__ = ["x_chain", "xy_chain", "aic", "four_node_chains", "chain_eliminations"]

_AREAS = ("box", "region")


class _Graph:
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
                    nodes.append(_node((c,), d))
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
            nodes.append(_node(cells, d))
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
def _node(cells: tuple[int, ...], digit: int) -> Node:
    """Return the node of a digit in cells (one object per value, made once)."""
    return Node(cells, digit)


@lru_cache(maxsize=32)
def _crossings(shape: Shape) -> tuple[tuple[dict[int, int], ...], ...]:
    """Return per house, for each kind of house that may split it (rows and columns for an area,
    areas for a line), each of its cells' house of that kind (where it has one)."""
    kinds, houses_of = shape.houses, _houses_of(shape)
    found = []
    for h, house in enumerate(kinds):
        others = ("row", "column") if house.kind in _AREAS else _AREAS
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
    found = board.derived.get("holding")
    if not isinstance(found, dict):
        found = {}
        for c, m in enumerate(board.cand):
            for d in bits_of(m):
                found[d] = found.get(d, 0) | 1 << c
        board.derived["holding"] = found
    return found


def _graph(board: Board, *, digit: int = 0, bivalue: bool = False, groups: bool) -> _Graph:
    """Return the graph of a board's nodes, made once per board and kind."""
    key = ("chain graph", digit, bivalue, groups)
    graph = board.derived.get(key)
    if not isinstance(graph, _Graph):
        graph = board.derived[key] = _Graph(board, digit=digit, bivalue=bivalue, groups=groups)
    return graph


def chain_eliminations(board: Board, first: Node, last: Node) -> tuple[tuple[int, int], ...]:
    """Return the candidates weakly linked to both ends of a chain (one end is true).

    >>> from satdoku.core.shape import Shape
    >>> board = Board(Shape.latin(3), [0b11, 0b11, 0, 0b11, 0, 0, 0, 0, 0])
    >>> chain_eliminations(board, Node((1,), 1), Node((3,), 1))
    ((0, 1),)
    """
    cand, peers = board.cand, board.peers
    if first.digit == last.digit:
        bit = 1 << (first.digit - 1)
        ends = set(first.cells) | set(last.cells)
        common = peers[first.cells[0]]
        for c in (*first.cells[1:], *last.cells):
            common = common & peers[c]
        return tuple((c, first.digit) for c in sorted(common - ends) if cand[c] & bit)
    if first.grouped or last.grouped:
        return ()
    a, b = first.cell, last.cell
    if a == b:
        keep = {first.digit, last.digit}
        return tuple(
            (a, d) for d in range(1, board.n + 1) if cand[a] >> (d - 1) & 1 and d not in keep
        )
    if b not in peers[a]:
        return ()
    found = []
    if cand[a] >> (last.digit - 1) & 1:
        found.append((a, last.digit))
    if cand[b] >> (first.digit - 1) & 1:
        found.append((b, first.digit))
    return tuple(sorted(found))


class _Ends:
    """What a chain starting at one node removes, for each node it may end at."""

    def __init__(self, board: Board, start: Node) -> None:
        self.board, self.start = board, start
        cand, peers = board.cand, board.peers
        common = peers[start.cells[0]]
        for c in start.cells[1:]:
            common = common & peers[c]
        bit = 1 << (start.digit - 1)
        self.same = {c for c in common if cand[c] & bit}

    def gone(self, end: Node) -> tuple[tuple[int, int], ...]:
        """Return the candidates weakly linked to both the start and ``end``."""
        start = self.start
        if end.digit == start.digit:
            if not self.same:
                return ()
            peers = self.board.peers
            hit = self.same
            for c in end.cells:
                hit = hit & peers[c]
                if not hit:
                    return ()
            return tuple((c, start.digit) for c in sorted(hit))
        if start.grouped or end.grouped:
            return ()
        return chain_eliminations(self.board, start, end)


def _shortest(graph: _Graph, most: int) -> tuple[tuple[Node, ...], tuple[tuple[int, int], ...]]:
    """Return the shortest chain (at most ``most`` nodes) that removes a candidate, and what.

    Breadth-first from each node in turn; a state is ``2 * node + on`` (``on``: reached by a
    strong link, so the node is true when the start is false). The first start with the
    shortest chain wins, and for it the first chain its search meets.
    """
    best: tuple[tuple[Node, ...], tuple[tuple[int, int], ...]] = ((), ())
    strong = graph.strong
    for start in range(len(graph.nodes)):
        if strong[start]:
            found = _from(graph, start, len(best[0]) - 1 if best[0] else most)
            if found[0]:
                best = found
    return best


def _from(
    graph: _Graph, start: int, limit: int
) -> tuple[tuple[Node, ...], tuple[tuple[int, int], ...]]:
    """Return the first chain of at most ``limit`` nodes the search from one start meets."""
    nodes, strong, weak = graph.nodes, graph.strong, graph.weak
    removes = graph.removers(start)
    parent = {2 * start: 2 * start}  # a start reaches few states: a dict beats a list
    level = [2 * start]
    found = -1
    for _ in range(limit - 1):  # each level's states are one node longer than the last's
        grown: list[int] = []
        for state in level:
            u = state >> 1
            if state & 1:
                for v in weak(u):
                    key = 2 * v
                    if key not in parent:
                        parent[key] = state
                        grown.append(key)
                continue
            for v in strong[u]:
                key = 2 * v + 1
                if key in parent:
                    continue
                parent[key] = state
                if v != start and removes(v):
                    found = key
                    break
                grown.append(key)
            if found >= 0:
                break
        if found >= 0 or not grown:
            break
        level = grown
    if found < 0:
        return (), ()
    path = [nodes[found >> 1]]
    key = found
    while key != 2 * start:
        key = parent[key]
        path.append(nodes[key >> 1])
    chain = tuple(reversed(path))
    return chain, _Ends(graph.board, chain[0]).gone(chain[-1])


def _step(
    technique: Advanced, found: tuple[tuple[Node, ...], tuple[tuple[int, int], ...]]
) -> TechniqueStep | None:
    chain, gone = found
    if not chain:
        return None
    return TechniqueStep(
        technique, gone, chain=chain, digits=tuple(sorted({node.digit for node in chain}))
    )


def four_node_chains(board: Board) -> TechniqueStep | None:
    """Return a one-digit chain of four nodes (skyscraper, 2-string kite or turbot fish)."""
    for d in range(1, board.n + 1):
        chain, gone = _shortest(_graph(board, digit=d, groups=False), 4)
        if chain:  # two nodes (a strong link no set logic saw, on diagonals) is an X-chain
            kind = _four_kind(board, chain) if len(chain) == 4 else Advanced.X_CHAIN
            return TechniqueStep(kind, gone, chain=chain, digits=(d,))
    return None


def _strong_house(board: Board, a: int, b: int, digit: int) -> int:
    """Return the house where a digit's only two places are a and b, lines before areas."""
    shape = board.shape
    common = [h for h in board.houses_of[a] if h in board.houses_of[b]]
    common.sort(key=lambda h: shape.houses[h].kind in _AREAS)
    for h in common:
        if len(board.places(h, digit)) == 2:
            return h
    return common[0]


def _four_kind(board: Board, chain: tuple[Node, ...]) -> Advanced:
    """Name a four-node one-digit chain: skyscraper, 2-string kite or turbot fish."""
    kinds = board.shape.houses
    d = chain[0].digit
    first = kinds[_strong_house(board, chain[0].cell, chain[1].cell, d)].kind
    last = kinds[_strong_house(board, chain[2].cell, chain[3].cell, d)].kind
    lines = {"row", "column"}
    if first == last and first in lines:
        return Advanced.SKYSCRAPER
    if {first, last} == lines:
        inner = set(board.houses_of[chain[1].cell]) & set(board.houses_of[chain[2].cell])
        if any(kinds[h].kind in _AREAS for h in inner):
            return Advanced.TWO_STRING_KITE
    return Advanced.TURBOT_FISH


def x_chain(board: Board, most: int = 12) -> TechniqueStep | None:
    """Return the shortest one-digit chain (no groups) that removes a candidate, digit by digit."""
    best = None
    for d in range(1, board.n + 1):
        found = _shortest(_graph(board, digit=d, groups=False), most)
        if found[0] and (best is None or len(found[0]) < len(best[0])):
            best = found
    return _step(Advanced.X_CHAIN, best) if best else None


def xy_chain(board: Board, most: int = 12) -> TechniqueStep | None:
    """Return the shortest chain of bivalue cells that removes a candidate."""
    return _step(Advanced.XY_CHAIN, _shortest(_graph(board, bivalue=True, groups=False), most))


def aic(board: Board, most: int = 14) -> TechniqueStep | None:
    """Return the shortest alternating inference chain, grouped nodes allowed."""
    return _step(Advanced.AIC, _shortest(_graph(board, groups=True), most))
