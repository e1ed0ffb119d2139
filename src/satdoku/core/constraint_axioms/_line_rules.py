"""Lines and groups of cells as tables of their fillings, by windows (:mod:`._windows`).

A thermometer's (whisper's) windows are its neighbouring pairs (a thermometer's table is read
off the rising runs of digits directly: the same fillings, in the same order); a palindrome's and
a clone's, the pairs that must be equal; a between line's, each inner cell with the two ends;
an entropic or modular line's, its runs of three cells; a zipper's, each pair of cells equally
far from the middle with the middle cell (odd length) or with the two ends (even); a
quadruple's, its four cells. A renban is a table of digit sets: the runs of consecutive digits
as long as the line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from math import comb

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from ..constraints import (
    BetweenLine,
    Clone,
    Constraint,
    EntropicLine,
    ModularLine,
    Palindrome,
    Quadruple,
    Renban,
    Thermometer,
    Whisper,
    ZipperLine,
)
from . import _windows as windows
from ._digit_sets import set_table_axioms
from ._sum_region import SumRegion
from ._tables import Filling, table_axioms
from ._windows import Window, window_table_axioms

__all__ = ["line_axioms", "renban_axioms", "thermometer_fillings", "LINE_WINDOWS"]


def _rising(pair: Filling) -> bool:
    return pair[0] < pair[1]


def _not_falling(pair: Filling) -> bool:
    return pair[0] <= pair[1]


def _equal(pair: Filling) -> bool:
    return pair[0] == pair[1]


def _neighbours(size: int, test: Callable[[Filling], bool]) -> list[Window]:
    return [Window((i, i + 1), test) for i in range(size - 1)]


def _threes(size: int, test: Callable[[Filling], bool]) -> list[Window]:
    return [Window((i, i + 1, i + 2), test) for i in range(size - 2)]


Layout = tuple[tuple[int, ...], list[Window]]
"""A rule's cells in the order its table takes them, and its windows over that order."""


def _thermometer(rule: Thermometer, n: int) -> Layout:
    return rule.path, _neighbours(len(rule.path), _not_falling if rule.slow else _rising)


def _whisper(rule: Whisper, n: int) -> Layout:
    least = rule.difference
    return rule.path, _neighbours(len(rule.path), lambda p: abs(p[0] - p[1]) >= least)


def _palindrome(rule: Palindrome, n: int) -> Layout:
    size = len(rule.path)
    return rule.path, [Window((i, size - 1 - i), _equal) for i in range(size // 2)]


def _clone(rule: Clone, n: int) -> Layout:
    size = len(rule.first)
    return rule.cells(n), [Window((i, size + i), _equal) for i in range(size)]


def _between(rule: BetweenLine, n: int) -> Layout:
    ends = (rule.path[0], rule.path[-1])

    def inside(three: Filling) -> bool:
        return min(three[:2]) < three[2] < max(three[:2])

    inner = rule.path[1:-1]
    return (*ends, *inner), [Window((0, 1, 2 + i), inside) for i in range(len(inner))]


def _entropic(rule: EntropicLine, n: int) -> Layout:
    return rule.path, _threes(len(rule.path), lambda t: len({(d - 1) * 3 // n for d in t}) == 3)


def _modular(rule: ModularLine, n: int) -> Layout:
    return rule.path, _threes(len(rule.path), lambda t: len({d % 3 for d in t}) == 3)


def _zipper(rule: ZipperLine, n: int) -> Layout:
    path, half = rule.path, len(rule.path) // 2
    pairs = [(path[i], path[-1 - i]) for i in range(half)]
    flat = tuple(cell for pair in pairs for cell in pair)
    if len(path) % 2:

        def sums_to_middle(three: Filling) -> bool:
            return three[1] + three[2] == three[0]

        windows = [Window((0, 1 + 2 * i, 2 + 2 * i), sums_to_middle) for i in range(half)]
        return (path[half], *flat), windows

    def same_sums(four: Filling) -> bool:
        return four[0] + four[1] == four[2] + four[3]

    return flat, [Window((0, 1, 2 * i, 2 * i + 1), same_sums) for i in range(1, half)]


def _quadruple(rule: Quadruple, n: int) -> Layout:
    wanted = Counter(rule.digits)

    def holds(four: Filling) -> bool:
        have = Counter(four)
        return all(have[digit] >= count for digit, count in wanted.items())

    return rule.cells(n), [Window((0, 1, 2, 3), holds)]


LINE_WINDOWS: dict[str, Callable[[Constraint, int], Layout]] = {
    Thermometer.kind: _thermometer,  # type: ignore[dict-item]
    Whisper.kind: _whisper,  # type: ignore[dict-item]
    Palindrome.kind: _palindrome,  # type: ignore[dict-item]
    Clone.kind: _clone,  # type: ignore[dict-item]
    BetweenLine.kind: _between,  # type: ignore[dict-item]
    EntropicLine.kind: _entropic,  # type: ignore[dict-item]
    ModularLine.kind: _modular,  # type: ignore[dict-item]
    ZipperLine.kind: _zipper,  # type: ignore[dict-item]
    Quadruple.kind: _quadruple,  # type: ignore[dict-item]
}
"""Each kind stated by windows: its table's cells and windows, by ``kind``."""


def line_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a line's (clone's, quadruple's) table, or a table per window when it is too big.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(4)
    >>> made = line_axioms(Thermometer((0, 1, 2)), 0, Puzzle.empty(Shape.latin(4)), helpers)
    >>> [name.rpartition(" ")[2] for name in helpers.names], helpers.names[0]
    (['1,2,3', '1,2,4', '1,3,4', '2,3,4'], 'thermometer r1c1→r1c3 is filled 1,2,3')
    """
    layout = LINE_WINDOWS.get(rule.kind)
    if layout is None:
        raise TypeError(f"a line encoder got a {rule.kind} rule")
    cells, windows = layout(rule, puzzle.n)
    title = rule.title(puzzle.n)
    if isinstance(rule, Thermometer):
        rows = thermometer_fillings(rule, puzzle)
        if rows is not None:
            return table_axioms(title, cells, rows, rule.kind, index, helpers)
    return window_table_axioms(title, cells, windows, rule.kind, index, puzzle, helpers)


def thermometer_fillings(rule: Thermometer, puzzle: Puzzle) -> list[Filling] | None:
    """Return a thermometer's fillings as its windows would (None past the table limit), read
    off the rising (not falling) runs of digits: equal digits only in cells sharing no house.

    >>> from satdoku.core._shape import Shape
    >>> thermometer_fillings(Thermometer((0, 1, 2)), Puzzle.empty(Shape.latin(4)))
    [(1, 2, 3), (1, 2, 4), (1, 3, 4), (2, 3, 4)]
    >>> thermometer_fillings(Thermometer((0, 5), slow=True), Puzzle.empty(Shape.latin(2)))
    [(1, 1), (1, 2), (2, 2)]
    """
    n, size, path = puzzle.n, len(rule.path), rule.path
    if not rule.slow:
        if comb(n, size) > windows.TABLE_LIMIT:
            return None
        return list(combinations(range(1, n + 1), size))
    if comb(n + size - 1, size) > windows.TABLE_LIMIT:
        return None
    peers = puzzle.shape.peers
    clashes = [(i, j) for j in range(size) for i in range(j) if path[j] in peers[path[i]]]
    return [
        row
        for row in combinations_with_replacement(range(1, n + 1), size)
        if all(row[i] != row[j] for i, j in clashes)
    ]


def _runs(size: int, n: int) -> Sequence[tuple[int, ...]]:
    return [tuple(range(low, low + size)) for low in range(1, n - size + 2)]


def renban_axioms(
    rule: Constraint, index: int, puzzle: Puzzle, helpers: HelperClaims
) -> list[LiteralAxiom]:
    """Return a renban's digit-set table: one helper claim per run of consecutive digits.

    >>> from satdoku.core._shape import Shape
    >>> helpers = HelperClaims(4)
    >>> made = renban_axioms(Renban((0, 5, 10)), 0, Puzzle.empty(Shape.latin(4)), helpers)
    >>> helpers.names[:2]
    ['renban r1c1→r3c3 holds {1,2,3}', 'renban r1c1→r3c3 holds {2,3,4}']
    """
    if not isinstance(rule, Renban):
        raise TypeError(f"a renban encoder got a {rule.kind} rule")
    n = puzzle.n
    region = SumRegion(rule.path, None, rule.title(n), rule.kind, index)
    return set_table_axioms(region, n, helpers, _runs(len(rule.path), n))
