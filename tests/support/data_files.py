"""The puzzle files the tests read: small samples of the 9x9 collections, under tests/data/."""

from __future__ import annotations

from pathlib import Path

__all__ = ["DATA", "FORUM_HARDEST", "SEVENTEEN", "TOP1465", "puzzle_lines", "repeated"]

DATA = Path(__file__).resolve().parents[1] / "data"
SEVENTEEN = DATA / "17_clue.txt"
"""2,000 17-clue puzzles, each with one solution."""
FORUM_HARDEST = DATA / "forum_hardest_1905_11+.txt"
"""2,000 of the hardest puzzles known to the enjoysudoku forum."""
TOP1465 = DATA / "magictour_top1465.txt"
"""The 1,465 hard puzzles of magictour's top1465."""


def puzzle_lines(path: Path, count: int | None = None) -> list[str]:
    """Return the first ``count`` puzzle lines of a file (all without ``count``); fewer fail.

    >>> len(puzzle_lines(SEVENTEEN, 3)), len(puzzle_lines(SEVENTEEN, 3)[0])
    (3, 81)
    """
    lines = [t.strip() for t in path.read_text().splitlines() if t.strip() and t[0] != "#"]
    if count is None:
        return lines
    if count > len(lines):
        raise ValueError(f"{path} holds {len(lines)} puzzles, not {count}")
    return lines[:count]


def repeated(lines: list[str], count: int) -> list[str]:
    """Return ``count`` lines: ``lines`` over and over, for a batch longer than a file.

    >>> repeated(["a", "b"], 5)
    ['a', 'b', 'a', 'b', 'a']
    """
    return (lines * -(-count // len(lines)))[:count]
