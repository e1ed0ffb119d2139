"""Cages: Keen's arithmetic cages and Killer Sudoku's sum cages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from math import prod
from typing import ClassVar

from .._errors import InputError
from ._cell_names import cell_list
from ._roles import CELLS

__all__ = ["Operation", "ArithmeticCage", "KillerCage"]


class Operation(Enum):
    """A Keen cage's operation, with the sign players see.

    >>> Operation.MULTIPLY.value, Operation("÷").name
    ('×', 'DIVIDE')
    """

    ADD = "+"
    SUBTRACT = "−"
    MULTIPLY = "×"
    DIVIDE = "÷"


def _checked_cells(cells: tuple[int, ...], what: str) -> None:
    if not cells:
        raise InputError(f"{what} has no cells")
    if len(set(cells)) != len(cells):
        raise InputError(f"{what} names a cell twice")


@dataclass(frozen=True)
class ArithmeticCage:
    """A Keen cage: its digits (repeats allowed where rows and columns allow) meet the target.

    ``+`` and ``×`` combine every digit; ``−`` and ``÷`` are two-cell cages whose larger digit
    minus (divided by) the smaller is the target. Digits of a one-cell cage equal the target.

    >>> cage = ArithmeticCage((0, 1), Operation.SUBTRACT, 2)
    >>> cage.title(3), cage.broken((3, 1, 2) + (0,) * 6, 3), cage.broken((1, 2, 3) + (0,) * 6, 3)
    ('cage 2− over r1c1,r1c2', None, 'cage 2− over r1c1,r1c2 holds 1,2: 2 − 1 is 1, not 2')
    """

    kind: ClassVar[str] = "keen cage"
    members: tuple[int, ...] = field(metadata=CELLS)
    operation: Operation
    target: int

    def __post_init__(self) -> None:
        _checked_cells(self.members, "a cage")
        if self.operation in (Operation.SUBTRACT, Operation.DIVIDE) and len(self.members) != 2:
            count = len(self.members)
            raise InputError(f"a {self.operation.value} cage has two cells, not {count}")
        if self.target < (0 if self.operation is Operation.SUBTRACT else 1):
            raise InputError(f"a cage's target must be positive, got {self.target}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the cage's cells."""
        return self.members

    def title(self, n: int) -> str:
        """Name the cage by its clue and cells."""
        return f"cage {self.target}{self.operation.value} over {cell_list(self.members, n)}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say how the cage's digits miss the target, or None when they meet it."""
        digits = [grid[cell] for cell in self.members]
        if len(digits) == 1:
            value, words = digits[0], f"{digits[0]}"
        elif self.operation is Operation.ADD:
            value, words = sum(digits), " + ".join(map(str, digits))
        elif self.operation is Operation.MULTIPLY:
            value, words = prod(digits), " × ".join(map(str, digits))
        else:
            low, high = sorted(digits)
            if self.operation is Operation.SUBTRACT:
                value, words = high - low, f"{high} − {low}"
            elif high % low:
                value, words = -1, f"{high} ÷ {low}"
            else:
                value, words = high // low, f"{high} ÷ {low}"
        if value == self.target:
            return None
        result = "not whole" if value < 0 else f"{value}"
        held = ",".join(map(str, digits))
        return f"{self.title(n)} holds {held}: {words} is {result}, not {self.target}"


@dataclass(frozen=True)
class KillerCage:
    """A killer cage: no digit repeats, and the digits sum to ``total`` (None: no total given).

    >>> cage = KillerCage((0, 1), 3)
    >>> cage.title(2), cage.broken((1, 2, 2, 1), 2), cage.broken((2, 2, 1, 1), 2)
    ('cage 3 over r1c1,r1c2', None, 'cage 3 over r1c1,r1c2 repeats 2')
    """

    kind: ClassVar[str] = "killer cage"
    members: tuple[int, ...] = field(metadata=CELLS)
    total: int | None = None

    def __post_init__(self) -> None:
        _checked_cells(self.members, "a cage")
        if self.total is not None and self.total < 1:
            raise InputError(f"a cage's total must be positive, got {self.total}")

    def cells(self, n: int) -> tuple[int, ...]:
        """Return the cage's cells."""
        return self.members

    def title(self, n: int) -> str:
        """Name the cage by its total and cells."""
        clue = "" if self.total is None else f" {self.total}"
        return f"cage{clue} over {cell_list(self.members, n)}"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say how the cage's digits repeat or miss the total, or None when they meet it."""
        digits = [grid[cell] for cell in self.members]
        seen: set[int] = set()
        for digit in digits:
            if digit in seen:
                return f"{self.title(n)} repeats {digit}"
            seen.add(digit)
        if self.total is not None and sum(digits) != self.total:
            return f"{self.title(n)} sums to {sum(digits)}"
        return None
