"""Global rules between neighbours: anti-knight, anti-king and non-consecutive.

Each holds over the whole grid: any two cells a knight's move apart (anti-knight), a king's move
apart (anti-king) hold different digits; orthogonal neighbours do not differ by one
(non-consecutive). The checker walks the grid itself, sharing nothing with the encoder.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ._cell_names import cell_name

__all__ = ["AntiKnight", "AntiKing", "NonConsecutive"]

_ORTHOGONAL = ((0, 1), (1, 0))


def _apart(n: int, moves: tuple[tuple[int, int], ...]) -> Iterator[tuple[int, int]]:
    """Yield the cells (each pair once, reading order) a move apart on an n×n grid."""
    for row in range(n):
        for col in range(n):
            for dr, dc in moves:
                r, c = row + dr, col + dc
                if 0 <= r < n and 0 <= c < n:
                    yield row * n + col, r * n + c


@dataclass(frozen=True)
class _GlobalRule:
    """A rule over the whole grid, named by its kind."""

    kind: ClassVar[str] = "global rule"

    def cells(self, n: int) -> tuple[int, ...]:
        """Return every cell: the rule holds over the whole grid."""
        return tuple(range(n * n))

    def title(self, n: int) -> str:
        """Name the rule."""
        return self.kind


@dataclass(frozen=True)
class _AntiMove(_GlobalRule):
    """Two cells a move apart never hold the same digit."""

    moves: ClassVar[tuple[tuple[int, int], ...]] = ()

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which two cells a move apart hold the same digit, or None."""
        for a, b in _apart(n, self.moves):
            if grid[a] == grid[b]:
                named = f"{cell_name(a, n)} and {cell_name(b, n)}"
                return f"{self.kind}: {named} both hold {grid[a]}"
        return None


@dataclass(frozen=True)
class AntiKnight(_AntiMove):
    """Two cells a knight's move apart never hold the same digit.

    >>> AntiKnight().title(4), AntiKnight().broken((1, 2, 3, 4, 3, 4, 1, 2) + (0,) * 8, 4)
    ('anti-knight', 'anti-knight: r1c1 and r2c3 both hold 1')
    """

    kind: ClassVar[str] = "anti-knight"
    moves: ClassVar[tuple[tuple[int, int], ...]] = ((1, -2), (1, 2), (2, -1), (2, 1))


@dataclass(frozen=True)
class AntiKing(_AntiMove):
    """Two cells a king's move apart (diagonal neighbours too) never hold the same digit.

    >>> AntiKing().broken((1, 2, 3, 4, 2, 3, 4, 1) + (0,) * 8, 4)
    'anti-king: r1c2 and r2c1 both hold 2'
    """

    kind: ClassVar[str] = "anti-king"
    moves: ClassVar[tuple[tuple[int, int], ...]] = ((0, 1), (1, -1), (1, 0), (1, 1))


@dataclass(frozen=True)
class NonConsecutive(_GlobalRule):
    """Orthogonal neighbours never hold digits that differ by one.

    >>> NonConsecutive().broken((1, 3, 2, 4, 3, 1, 4, 2) + (0,) * 8, 4)
    'non-consecutive: r1c2 and r1c3 hold 3 and 2'
    """

    kind: ClassVar[str] = "non-consecutive"

    def broken(self, grid: Sequence[int], n: int) -> str | None:
        """Say which two neighbours differ by one, or None."""
        for a, b in _apart(n, _ORTHOGONAL):
            if abs(grid[a] - grid[b]) == 1:
                named = f"{cell_name(a, n)} and {cell_name(b, n)}"
                return f"non-consecutive: {named} hold {grid[a]} and {grid[b]}"
        return None
