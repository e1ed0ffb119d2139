"""Entries: one puzzle read from a text, with where it was and the puzzle or the error."""

from __future__ import annotations

from dataclasses import dataclass

from ..core._errors import InputError
from ..core._puzzle import Puzzle

__all__ = ["Entry"]


@dataclass(frozen=True, init=False)
class Entry:
    """One puzzle read from a text: where it was, its text, and the puzzle or the error.

    The constructor fills the fields in one step (the line reader makes one entry per line of
    a batch, and a frozen dataclass's own constructor, field by field, took twice as long).

    >>> Entry(0, 3, "12", None, InputError("expected n*n symbols", line=3)).error.located()
    '3: expected n*n symbols'
    """

    index: int
    line: int
    text: str
    puzzle: Puzzle | None
    error: InputError | None

    def __init__(
        self,
        index: int,
        line: int,
        text: str,
        puzzle: Puzzle | None,
        error: InputError | None = None,
    ) -> None:
        self.__dict__.update(index=index, line=line, text=text, puzzle=puzzle, error=error)
