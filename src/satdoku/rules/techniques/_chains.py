"""Chains of alternating inference: X-chains, XY-chains and AICs with grouped nodes.

A chain alternates strong links (one of the two nodes is true: a bivalue cell's two digits, a
digit's only two places, or two groups, in a house) and weak links (at most one is true: two
digits of one cell, one digit in cells that see each other), starting and ending with a strong
one. If the first node is false the next is true, the next false..., so one of the two ends is
true, and a candidate weakly linked to both ends is false. X-chains use one digit and no groups;
XY-chains use bivalue cells only (a strong link inside each cell); AICs use both, and groups: a
digit's places in a box within one row or column, as one node.

The search is breadth-first from each node, so the shortest chain is found first. Where the
finders are compiled, the same search runs in C (``_native.chain_search``) and finds the same
chain.
"""

from __future__ import annotations

from ._board import Board
from ._chain_graph import AREAS, ChainGraph, chain_graph, chain_tables, node_of, set_order_holds
from ._compiled import compiled_search, native
from ._step import Advanced, Node, TechniqueStep

__all__ = ["x_chain", "xy_chain", "aic", "four_node_chains", "chain_eliminations"]


def chain_eliminations(board: Board, first: Node, last: Node) -> tuple[tuple[int, int], ...]:
    """Return the candidates weakly linked to both ends of a chain (one end is true).

    >>> from satdoku.core._shape import Shape
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


_Found = tuple[tuple[Node, ...], tuple[tuple[int, int], ...]]
"""A chain (empty for none) and the candidates it removes."""

_FOUR, _X, _XY, _AIC = range(4)
"""The kinds of chain the compiled search takes."""


def _compiled(board: Board, kind: int, most: int) -> _Found | None:
    """Return the compiled search's chain of a kind and what it removes; None when the search
    is not compiled (the Python search then runs)."""
    search, module = compiled_search("chain_search", board.shape), native()
    if search is None or module is None or not set_order_holds(module):
        return None
    raw = search(board.cand, kind, most, chain_tables(board.shape))
    if raw is None:
        return (), ()
    nodes, gone = raw
    return tuple(node_of(cells, digit) for cells, digit in nodes), gone


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


def _shortest(graph: ChainGraph, most: int) -> _Found:
    """Return the shortest chain (at most ``most`` nodes) that removes a candidate, and what.

    Breadth-first from each node in turn; a state is ``2 * node + on`` (``on``: reached by a
    strong link, so the node is true when the start is false). The first start with the
    shortest chain wins, and for it the first chain its search meets.
    """
    best: _Found = ((), ())
    strong = graph.strong
    for start in range(len(graph.nodes)):
        if strong[start]:
            found = _from(graph, start, len(best[0]) - 1 if best[0] else most)
            if found[0]:
                best = found
    return best


def _from(graph: ChainGraph, start: int, limit: int) -> _Found:
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


def _step(technique: Advanced, found: _Found) -> TechniqueStep | None:
    chain, gone = found
    if not chain:
        return None
    return TechniqueStep(
        technique, gone, chain=chain, digits=tuple(sorted({node.digit for node in chain}))
    )


def four_node_chains(board: Board) -> TechniqueStep | None:
    """Return a one-digit chain of four nodes (skyscraper, 2-string kite or turbot fish)."""
    compiled = _compiled(board, _FOUR, 4)
    if compiled is not None:
        return _four_step(board, compiled)
    for d in range(1, board.n + 1):
        found = _shortest(chain_graph(board, digit=d, groups=False), 4)
        if found[0]:
            return _four_step(board, found)
    return None


def _four_step(board: Board, found: _Found) -> TechniqueStep | None:
    chain, gone = found
    if not chain:
        return None
    # two nodes (a strong link no set logic saw, on diagonals) is an X-chain
    kind = _four_kind(board, chain) if len(chain) == 4 else Advanced.X_CHAIN
    return TechniqueStep(kind, gone, chain=chain, digits=(chain[0].digit,))


def _strong_house(board: Board, a: int, b: int, digit: int) -> int:
    """Return the house where a digit's only two places are a and b, lines before areas."""
    shape = board.shape
    common = [h for h in board.houses_of[a] if h in board.houses_of[b]]
    common.sort(key=lambda h: shape.houses[h].kind in AREAS)
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
        if any(kinds[h].kind in AREAS for h in inner):
            return Advanced.TWO_STRING_KITE
    return Advanced.TURBOT_FISH


def x_chain(board: Board, most: int = 12) -> TechniqueStep | None:
    """Return the shortest one-digit chain (no groups) that removes a candidate, digit by digit."""
    compiled = _compiled(board, _X, most)
    if compiled is not None:
        return _step(Advanced.X_CHAIN, compiled)
    best = None
    for d in range(1, board.n + 1):
        found = _shortest(chain_graph(board, digit=d, groups=False), most)
        if found[0] and (best is None or len(found[0]) < len(best[0])):
            best = found
    return _step(Advanced.X_CHAIN, best) if best else None


def xy_chain(board: Board, most: int = 12) -> TechniqueStep | None:
    """Return the shortest chain of bivalue cells that removes a candidate."""
    compiled = _compiled(board, _XY, most)
    if compiled is not None:
        return _step(Advanced.XY_CHAIN, compiled)
    return _step(Advanced.XY_CHAIN, _shortest(chain_graph(board, bivalue=True, groups=False), most))


def aic(board: Board, most: int = 14) -> TechniqueStep | None:
    """Return the shortest alternating inference chain, grouped nodes allowed."""
    compiled = _compiled(board, _AIC, most)
    if compiled is not None:
        return _step(Advanced.AIC, compiled)
    return _step(Advanced.AIC, _shortest(chain_graph(board, groups=True), most))
