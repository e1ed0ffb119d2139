"""Entries: one puzzle read from a text, with where it was and the puzzle or the error."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InputError
from ..core.puzzle import Puzzle

__all__ = ["Entry"]


@dataclass(frozen=True)
class Entry:
    """One puzzle read from a text: where it was, its text, and the puzzle or the error.

    >>> Entry(0, 3, "12", None, InputError("expected n*n symbols", line=3)).error.located()
    '3: expected n*n symbols'
    """

    index: int
    line: int
    text: str
    puzzle: Puzzle | None
    error: InputError | None = None

    @classmethod
    def read(cls, index: int, line: int, text: str, puzzle: Puzzle) -> Entry:
        """Return the entry of a puzzle read without error, without field-by-field setting.

        For the line reader, which makes one entry per line of a batch.

        >>> from satdoku.io.line import parse_line
        >>> Entry.read(0, 1, "1...", parse_line("1...")) == Entry(0, 1, "1...", parse_line("1..."))
        True
        """
        entry = object.__new__(cls)
        entry.__dict__.update(index=index, line=line, text=text, puzzle=puzzle, error=None)
        return entry
