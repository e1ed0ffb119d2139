"""Rules over a few cells as tables of fillings, told by windows: tests over some of the cells.

A rule along a line (a thermometer's rising pairs, an entropic line's triples) is a list of
windows; its table is every filling of its cells that each window's test accepts (grown cell by
cell, a window tested as soon as its cells are filled). A rule with more than
:data:`TABLE_LIMIT` fillings is stated window by window instead: one small table per window.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import cell_list
from ._tables import Filling, fillings, table_axioms

__all__ = ["TABLE_LIMIT", "Window", "window_fillings", "window_table_axioms"]

TABLE_LIMIT = 2000
"""The most fillings a rule's one table has; past it, each window gets its own table."""


@dataclass(frozen=True)
class Window:
    """A test over the digits of some of a rule's cells (``positions`` in the rule's order).

    >>> Window((0, 1), lambda pair: pair[0] < pair[1]).accepts((1, 3, 2))
    True
    """

    positions: tuple[int, ...]
    test: Callable[[Filling], bool]

    def accepts(self, filling: Filling) -> bool:
        """Tell whether the test accepts the digits of a filling at the window's positions."""
        return self.test(tuple(filling[p] for p in self.positions))


def window_fillings(
    cells: Sequence[int], puzzle: Puzzle, windows: Sequence[Window], limit: int = TABLE_LIMIT
) -> list[Filling] | None:
    """Return the fillings every window accepts (no digit twice in a house), None past ``limit``.

    >>> from satdoku.core._shape import Shape
    >>> rising = [Window((0, 1), lambda p: p[0] < p[1]), Window((1, 2), lambda p: p[0] < p[1])]
    >>> window_fillings((0, 1, 2), Puzzle.empty(Shape.latin(3)), rising)
    [(1, 2, 3)]
    """
    n, peers = puzzle.n, puzzle.shape.peers
    ending: list[list[Window]] = [[] for _ in cells]
    for window in windows:
        ending[max(window.positions)].append(window)
    found: list[Filling] = []

    def grow(prefix: Filling) -> Iterator[None]:
        i = len(prefix)
        if i == len(cells):
            found.append(prefix)
            yield None
            return
        taken = {prefix[j] for j in range(i) if cells[j] in peers[cells[i]]}
        for digit in range(1, n + 1):
            longer = (*prefix, digit)
            if digit not in taken and all(w.accepts(longer) for w in ending[i]):
                yield from grow(longer)

    for _ in grow(()):
        if len(found) > limit:
            return None
    return found


def window_table_axioms(
    title: str,
    cells: Sequence[int],
    windows: Sequence[Window],
    kind: str,
    source: int,
    puzzle: Puzzle,
    helpers: HelperClaims,
) -> list[LiteralAxiom]:
    """Return a rule's table over its cells, or past the limit one table per window.

    >>> from satdoku.core._shape import Shape
    >>> rising = [Window((0, 1), lambda p: p[0] < p[1])]
    >>> helpers = HelperClaims(3)
    >>> puzzle = Puzzle.empty(Shape.latin(3))
    >>> made = window_table_axioms("t", (0, 1), rising, "thermometer", 0, puzzle, helpers)
    >>> helpers.names
    ['t is filled 1,2', 't is filled 1,3', 't is filled 2,3']
    """
    rows = window_fillings(cells, puzzle, windows, TABLE_LIMIT)  # read here: tests lower it
    if rows is not None:
        return table_axioms(title, cells, rows, kind, source, helpers)
    made: list[LiteralAxiom] = []
    for window in windows:
        part = tuple(cells[p] for p in window.positions)
        rows = fillings(part, puzzle.shape, window.test)
        named = f"{title}: {cell_list(part, puzzle.n)}"
        made += table_axioms(named, part, rows, kind, source, helpers)
    return made
