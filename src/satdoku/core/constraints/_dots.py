"""Marks between two neighbours (Kropki dots, XV letters) and their negative constraints.

A white Kropki dot: the two digits differ by ``value`` (1 unless said); a black dot: one is
``value`` times the other (2 unless said). An X: the digits sum to 10; a V: to 5 (any ``total``).
A negative constraint says every orthogonal pair of cells WITHOUT such a mark (the pairs not
listed in ``marked``) does not have its property: with ratio, no unmarked pair is in ratio 2;
without, no unmarked pair differs by one; XV's: no unmarked pair sums to any of ``totals``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .._errors import InputError
from ._cell_names import cell_name
from ._roles import CELLS

__all__ = ["Kropki", "KropkiNegative", "XV", "XVNegative"]


def _checked_pair(first: int, second: int, what: str) -> None:
    if first == second:
        raise InputError(f"a {what} between two cells names cell {first} twice")


def _pairs_named(first: int, second: int, n: int) -> str:
    return f"{cell_name(first, n)},{cell_name(second, n)}"


@dataclass(frozen=True)
class Kropki:
    """A Kropki dot: black (``ratio``) one digit is ``value`` times the other; white: they differ
    by ``value``. A ``value`` of 0 is the usual one: 2 for black, 1 for white.

    >>> dot = Kropki(0, 1, True)
    >>> dot, dot.title(4), dot.broken((2, 4) + (0,) * 14, 4)
    (Kropki(first=0, second=1, ratio=True, value=2), 'black dot r1c1,r1c2', None)
    >>> dot.broken((3, 4) + (0,) * 14, 4)
    'black dot r1c1,r1c2 holds 3,4: not in ratio 2'
    """

    kind: ClassVar[str] = "kropki"
    first: int = field(metadata=CELLS)
    second: int = field(metadata=CELLS)
    ratio: bool
    value: int = 0

    def __post_init__(self) -> None:
        _checked_pair(self.first, self.second, "dot")
        if self.value == 0:
            object.__setattr__(self, "value", 2 if self.ratio else 1)
        if self.value < 1:
            raise InputError(f"a dot's value must be positive, got {self.value}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the two cells."""
        return (self.first, self.second)

    def title(self, n: int) -> str:
        """Name the dot by colour (and value, when not the usual one) and cells."""
        colour, usual = ("black", 2) if self.ratio else ("white", 1)
        value = "" if self.value == usual else f" {self.value}"
        return f"{colour} dot{value} {_pairs_named(self.first, self.second, n)}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say how the two digits miss the dot, or None."""
        a, b = grid[self.first], grid[self.second]
        if self.ratio:
            if max(a, b) == min(a, b) * self.value:
                return None
            return f"{self.title(n)} holds {a},{b}: not in ratio {self.value}"
        if abs(a - b) == self.value:
            return None
        return f"{self.title(n)} holds {a},{b}: they do not differ by {self.value}"


def _orthogonal(n: int) -> Iterator[tuple[int, int]]:
    """Yield each pair of orthogonal neighbours once, the first in reading order."""
    for cell in range(n * n):
        if cell % n < n - 1:
            yield cell, cell + 1
        if cell + n < n * n:
            yield cell, cell + n


def _marked(pairs: tuple[tuple[int, ...], ...]) -> frozenset[frozenset[int]]:
    for pair in pairs:
        if len(pair) != 2 or pair[0] == pair[1]:
            raise InputError(f"a marked pair names two different cells, got {pair}")
    return frozenset(frozenset(pair) for pair in pairs)


@dataclass(frozen=True)
class KropkiNegative:
    """Every orthogonal pair without a dot of a colour lacks its property: with ``ratio`` no such
    pair is in ratio 2; else none differs by one. ``marked``: the pairs with a dot of that colour.

    >>> rule = KropkiNegative(True, ((0, 1),))
    >>> rule.title(2), rule.broken((1, 2, 2, 1), 2)
    ('no black dot: not in ratio 2', 'no black dot: not in ratio 2, but r1c1,r2c1 hold 1,2')
    """

    kind: ClassVar[str] = "kropki negative"
    ratio: bool
    marked: tuple[tuple[int, ...], ...] = field(default=(), metadata=CELLS)

    def __post_init__(self) -> None:
        _marked(self.marked)

    def cells(self, n: int) -> tuple[int, ...]:
        """Return every cell: the rule holds over the whole grid."""
        return tuple(range(n * n))

    def title(self, n: int) -> str:
        """Name the rule."""
        if self.ratio:
            return "no black dot: not in ratio 2"
        return "no white dot: not consecutive"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which unmarked pair has the property, or None."""
        marked = _marked(self.marked)
        for a, b in _orthogonal(n):
            x, y = grid[a], grid[b]
            hit = (x == 2 * y or y == 2 * x) if self.ratio else abs(x - y) == 1
            if hit and frozenset((a, b)) not in marked:
                return f"{self.title(n)}, but {_pairs_named(a, b, n)} hold {x},{y}"
        return None


@dataclass(frozen=True)
class XV:
    """An X (total 10), a V (total 5) or any total between two cells: their digits sum to it.

    >>> XV(0, 1, 10).title(4), XV(0, 1, 5).broken((1, 3) + (0,) * 14, 4)
    ('X r1c1,r1c2', 'V r1c1,r1c2 holds 1,3: sum 4, not 5')
    """

    kind: ClassVar[str] = "xv"
    first: int = field(metadata=CELLS)
    second: int = field(metadata=CELLS)
    total: int

    def __post_init__(self) -> None:
        _checked_pair(self.first, self.second, "sum mark")
        if self.total < 2:
            raise InputError(f"a sum mark's total must be 2 or more, got {self.total}")

    @property
    def letter(self) -> str:
        """Return the mark's letter: X for 10, V for 5, else the total."""
        return {10: "X", 5: "V"}.get(self.total, str(self.total))

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the two cells."""
        return (self.first, self.second)

    def title(self, n: int) -> str:
        """Name the mark and its cells."""
        return f"{self.letter} {_pairs_named(self.first, self.second, n)}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say the sum the two digits make when it is not the total, or None."""
        a, b = grid[self.first], grid[self.second]
        if a + b == self.total:
            return None
        return f"{self.title(n)} holds {a},{b}: sum {a + b}, not {self.total}"


@dataclass(frozen=True)
class XVNegative:
    """No orthogonal pair without a sum mark (not in ``marked``) sums to any of ``totals``.

    >>> rule = XVNegative((5, 10), ((0, 1),))
    >>> rule.title(2), rule.broken((1, 2, 2, 1), 2)
    ('no X or V: no sum 5 or 10', None)
    """

    kind: ClassVar[str] = "xv negative"
    totals: tuple[int, ...] = (5, 10)
    marked: tuple[tuple[int, ...], ...] = field(default=(), metadata=CELLS)

    def __post_init__(self) -> None:
        _marked(self.marked)
        if not self.totals:
            raise InputError("an XV negative constraint needs one total or more")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return every cell: the rule holds over the whole grid."""
        return tuple(range(n * n))

    def title(self, n: int) -> str:
        """Name the rule."""
        sums = " or ".join(map(str, self.totals))
        if set(self.totals) == {5, 10}:
            return f"no X or V: no sum {sums}"
        return f"no sum mark: no sum {sums}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which unmarked pair sums to a total, or None."""
        marked = _marked(self.marked)
        for a, b in _orthogonal(n):
            if grid[a] + grid[b] in self.totals and frozenset((a, b)) not in marked:
                return f"{self.title(n)}, but {_pairs_named(a, b, n)} sum to {grid[a] + grid[b]}"
        return None
