"""Lines drawn through cells, each kind with its rule along the line's path (cells in order).

- Thermometer: digits strictly increase from the bulb (the first cell); a slow one: never
  decrease.
- Whisper: neighbours along the line differ by ``difference`` (5 by default) or more.
- Renban: the digits are distinct and form a run of consecutive digits, in any order.
- Palindrome: the line reads the same from both ends.
- Between line: each inner cell's digit lies strictly between the digits of the two ends.
- Entropic line: any three cells in a row on the line hold one low, one middle and one high
  digit (digit d is in third ``(d - 1) * 3 // n``: 1-3, 4-6, 7-9 on a 9×9 grid).
- Modular line: any three cells in a row on the line hold digits of three different remainders
  modulo 3.
- Zipper line: cells equally far from the line's middle sum to the same total; on a line of odd
  length that total is the middle cell's digit.
- Region sum line: the line's cells in each box it passes (each run of cells in one box, in the
  line's order) sum to the same total; ``box`` is the boxes' shape (rows, columns), by default
  the most square one of the grid's side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .._errors import InputError
from .._shape import default_box
from ._cell_names import cell_digit, cell_name
from ._roles import CELLS

__all__ = [
    "Thermometer",
    "Whisper",
    "Renban",
    "Palindrome",
    "BetweenLine",
    "EntropicLine",
    "ModularLine",
    "ZipperLine",
    "RegionSumLine",
    "line_name",
]


def line_name(path: Sequence[int], n: int) -> str:
    """Name a line by its two ends, ``r1c1→r1c4``.

    >>> line_name((0, 1, 2), 9)
    'r1c1→r1c3'
    """
    return f"{cell_name(path[0], n)}→{cell_name(path[-1], n)}"


def _checked_path(path: tuple[int, ...], what: str, least: int = 2) -> None:
    if len(path) < least:
        raise InputError(f"a {what} needs {least} cells or more, got {len(path)}")
    if len(set(path)) != len(path):
        raise InputError(f"a {what} passes a cell twice: {path}")


def _held(path: Sequence[int], grid: Sequence[int]) -> str:
    return ",".join(str(grid[cell]) for cell in path)


@dataclass(frozen=True)
class _Line:
    """A line's path and what every line offers: its cells and its title."""

    path: tuple[int, ...] = field(metadata=CELLS)
    least: ClassVar[int] = 2

    def __post_init__(self) -> None:
        _checked_path(self.path, self.what(), self.least)

    def what(self) -> str:
        """Return the name of the line's kind."""
        return str(getattr(self, "kind", "line"))

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the line's cells in order."""
        return self.path

    def title(self, n: int) -> str:
        """Name the line by its kind and ends."""
        return f"{self.what()} {line_name(self.path, n)}"


@dataclass(frozen=True)
class Thermometer(_Line):
    """Digits rise strictly from the bulb (the first cell); ``slow``: they never fall.

    >>> thermo = Thermometer((0, 1, 2, 3))
    >>> thermo.title(4), thermo.broken((1, 3, 2, 4) + (0,) * 12, 4)
    ('thermometer r1c1→r1c4', 'thermometer r1c1→r1c4: r1c3=2 is not above r1c2=3')
    """

    kind: ClassVar[str] = "thermometer"
    slow: bool = False

    def what(self) -> str:
        """Return "thermometer" or "slow thermometer"."""
        return "slow thermometer" if self.slow else "thermometer"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say where the digits fall (or stay, unless slow), or None."""
        for before, cell in zip(self.path, self.path[1:], strict=False):
            low, high = grid[before], grid[cell]
            if high > low or (self.slow and high == low):
                continue
            word = "at least" if self.slow else "above"
            named, other = f"{cell_name(cell, n)}={high}", f"{cell_name(before, n)}={low}"
            return f"{self.title(n)}: {named} is not {word} {other}"
        return None


@dataclass(frozen=True)
class Whisper(_Line):
    """Neighbours along the line differ by ``difference`` or more (German whispers: 5).

    >>> Whisper((0, 1)).broken((1, 5) + (0,) * 79, 9)
    'whisper r1c1→r1c2: r1c1=1 and r1c2=5 differ by 4, less than 5'
    """

    kind: ClassVar[str] = "whisper"
    difference: int = 5

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.difference < 1:
            raise InputError(f"a whisper's difference must be positive, got {self.difference}")

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which neighbours along the line are too close, or None."""
        for a, b in zip(self.path, self.path[1:], strict=False):
            gap = abs(grid[a] - grid[b])
            if gap < self.difference:
                named = f"{cell_name(a, n)}={grid[a]} and {cell_name(b, n)}={grid[b]}"
                return f"{self.title(n)}: {named} differ by {gap}, less than {self.difference}"
        return None


@dataclass(frozen=True)
class Renban(_Line):
    """The line's digits are distinct and consecutive, in any order.

    >>> Renban((0, 1, 2)).broken((3, 1, 2) + (0,) * 6, 3), Renban((0, 1)).broken((1, 3, 0, 0), 2)
    (None, 'renban r1c1→r1c2 holds 1,3: not a run of consecutive digits')
    """

    kind: ClassVar[str] = "renban"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say the line's digits are not a run of distinct consecutive digits, or None."""
        digits = {grid[cell] for cell in self.path}
        if len(digits) == len(self.path) and max(digits) - min(digits) == len(self.path) - 1:
            return None
        return f"{self.title(n)} holds {_held(self.path, grid)}: not a run of consecutive digits"


@dataclass(frozen=True)
class Palindrome(_Line):
    """The line reads the same from both ends.

    >>> Palindrome((0, 1, 2)).broken((1, 2, 3) + (0,) * 6, 3)
    'palindrome r1c1→r1c3: r1c1=1 but r1c3=3'
    """

    kind: ClassVar[str] = "palindrome"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which two mirror cells differ, or None."""
        for a, b in zip(self.path, reversed(self.path), strict=True):
            if grid[a] != grid[b]:
                return f"{self.title(n)}: {cell_digit(a, grid, n)} but {cell_digit(b, grid, n)}"
        return None


@dataclass(frozen=True)
class BetweenLine(_Line):
    """Each inner cell's digit lies strictly between those of the line's two ends (circles).

    >>> BetweenLine((0, 1, 2)).broken((1, 3, 2) + (0,) * 6, 3)
    'between line r1c1→r1c3: r1c2=3 is not between 1 and 2'
    """

    kind: ClassVar[str] = "between line"
    least: ClassVar[int] = 3

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which inner digit is not strictly between the ends, or None."""
        low, high = sorted((grid[self.path[0]], grid[self.path[-1]]))
        for cell in self.path[1:-1]:
            if not low < grid[cell] < high:
                named = f"{cell_name(cell, n)}={grid[cell]}"
                return f"{self.title(n)}: {named} is not between {low} and {high}"
        return None


def _third(digit: int, n: int) -> int:
    return (digit - 1) * 3 // n


def _threes_broken(
    line: _Line, grid: Sequence[int], n: int, group: Callable[[int], int], wrong: str
) -> str | None:
    """Say which three cells in a row on a line hold digits of fewer than three groups, or None."""
    for start in range(len(line.path) - 2):
        three = line.path[start : start + 3]
        if len({group(grid[cell]) for cell in three}) < 3:
            named = ",".join(cell_name(cell, n) for cell in three)
            return f"{line.title(n)}: {named} hold {_held(three, grid)}, {wrong}"
    return None


@dataclass(frozen=True)
class EntropicLine(_Line):
    """Any three cells in a row on the line hold a low, a middle and a high digit.

    >>> EntropicLine((0, 1, 2)).broken((1, 2, 9) + (0,) * 78, 9)
    'entropic line r1c1→r1c3: r1c1,r1c2,r1c3 hold 1,2,9, not one low, one middle, one high'
    """

    kind: ClassVar[str] = "entropic line"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which three cells in a row miss a third of the digits, or None."""
        return _threes_broken(
            self, grid, n, lambda d: _third(d, n), "not one low, one middle, one high"
        )


@dataclass(frozen=True)
class ModularLine(_Line):
    """Any three cells in a row on the line hold digits of different remainders modulo 3.

    >>> ModularLine((0, 1, 2)).broken((1, 4, 2) + (0,) * 78, 9)
    'modular line r1c1→r1c3: r1c1,r1c2,r1c3 hold 1,4,2, two alike modulo 3'
    """

    kind: ClassVar[str] = "modular line"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which three cells in a row repeat a remainder, or None."""
        return _threes_broken(self, grid, n, lambda d: d % 3, "two alike modulo 3")


@dataclass(frozen=True)
class ZipperLine(_Line):
    """Cells equally far from the line's middle sum to one total; on a line of odd length, the
    middle cell's digit.

    >>> ZipperLine((0, 1, 2)).broken((1, 4, 3) + (0,) * 78, 9), ZipperLine((0, 1, 2, 3)).title(9)
    (None, 'zipper line r1c1→r1c4')
    >>> ZipperLine((0, 1, 2, 3)).broken((1, 4, 3, 5) + (0,) * 77, 9)
    'zipper line r1c1→r1c4: r1c1+r1c4 = 6 but r1c2+r1c3 = 7'
    """

    kind: ClassVar[str] = "zipper line"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which pair's sum differs from the first pair's (or the middle digit), or None."""
        path, half = self.path, len(self.path) // 2
        pairs = [(path[i], path[-1 - i]) for i in range(half)]
        if len(path) % 2:
            middle = path[half]
            for a, b in pairs:
                if grid[a] + grid[b] != grid[middle]:
                    names = f"{cell_name(a, n)}+{cell_name(b, n)} = {grid[a] + grid[b]}"
                    return f"{self.title(n)}: {names} but {cell_digit(middle, grid, n)}"
            return None
        a, b = pairs[0]
        for c, d in pairs[1:]:
            if grid[c] + grid[d] != grid[a] + grid[b]:
                first = f"{cell_name(a, n)}+{cell_name(b, n)} = {grid[a] + grid[b]}"
                other = f"{cell_name(c, n)}+{cell_name(d, n)} = {grid[c] + grid[d]}"
                return f"{self.title(n)}: {first} but {other}"
        return None


@dataclass(frozen=True)
class RegionSumLine(_Line):
    """Each run of the line's cells in one box sums to the same total.

    >>> line = RegionSumLine((1, 2))  # r1c2 in box 1, r1c3 in box 2 of a 4x4 grid
    >>> line.broken((0, 3, 3, 0) + (0,) * 12, 4), line.broken((0, 3, 2, 0) + (0,) * 12, 4)
    (None, 'region sum line r1c2→r1c3: r1c2 sums to 3 but r1c3 sums to 2')
    """

    kind: ClassVar[str] = "region sum line"
    box: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.box and (len(self.box) != 2 or min(self.box) < 1):
            raise InputError(f"a region sum line's box is (rows, columns), got {self.box}")

    def boxes(self, n: int) -> tuple[int, int]:
        """Return the shape of the boxes the line is cut by; refuse a grid without boxes."""
        box = self.box or default_box(n)
        if box is None or n % box[0] or n % box[1] or box[0] * box[1] != n:
            raise InputError(f"a region sum line needs boxes that tile the {n}x{n} grid: {self}")
        return box[0], box[1]

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the line's cells in order (refusing a grid without boxes)."""
        self.boxes(n)
        return self.path

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which two box segments of the line have different sums, or None."""
        rows, cols = self.boxes(n)
        runs: list[list[int]] = []
        last = None
        for cell in self.path:
            box = (cell // n // rows, cell % n // cols)
            if box != last:
                runs.append([])
                last = box
            runs[-1].append(cell)
        first = sum(grid[cell] for cell in runs[0])
        for run in runs[1:]:
            total = sum(grid[cell] for cell in run)
            if total != first:
                said = f"{','.join(cell_name(c, n) for c in runs[0])} sums to {first}"
                other = f"{','.join(cell_name(c, n) for c in run)} sums to {total}"
                return f"{self.title(n)}: {said} but {other}"
        return None
