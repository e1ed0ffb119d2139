"""A position in a game ID being read, and errors that name the column they found."""

from __future__ import annotations

from typing import NoReturn

from ...core._errors import InputError

__all__ = ["IdReader"]


class IdReader:
    """Read a game ID left to right; every error names its 1-based column in the text given.

    >>> reader = IdReader("keen:6x", "keen", 5)
    >>> reader.number("the grid's size")
    6
    >>> reader.expect(":", "':' after the params")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: keen ID, column 7: expected ':' after the params, got 'x'
    """

    def __init__(self, text: str, game: str, start: int = 0) -> None:
        self.text = text.rstrip()
        self.game = game
        self.pos = start

    def peek(self) -> str:
        """Return the next character, or '' at the end."""
        return self.text[self.pos : self.pos + 1]

    def at_end(self) -> bool:
        """Tell whether the whole ID has been read."""
        return self.pos >= len(self.text)

    def take(self, char: str) -> bool:
        """Read ``char`` when it comes next; tell whether it did."""
        if self.peek() == char:
            self.pos += 1
            return True
        return False

    def expect(self, char: str, expected: str) -> None:
        """Read ``char``, or fail saying what was expected."""
        if not self.take(char):
            self.fail(expected)

    def letter(self, choices: str, expected: str) -> str:
        """Read one of the letters ``choices``, or fail saying what was expected."""
        char = self.peek()
        if not char or char not in choices:
            self.fail(expected)
        self.pos += 1
        return char

    def number(self, expected: str) -> int:
        """Read a whole number (digits), or fail saying what was expected."""
        start = self.pos
        while self.peek().isascii() and self.peek().isdigit():
            self.pos += 1
        if start == self.pos:
            self.fail(expected)
        return int(self.text[start : self.pos])

    def number_in(self, low: int, high: int, what: str) -> int:
        """Read a whole number from ``low`` to ``high``, or fail naming ``what`` it is."""
        start = self.pos
        value = self.number(f"{what} {low}..{high}")
        if not low <= value <= high:
            self.problem(f"{what} {value} is outside {low}..{high}", start)
        return value

    def finish(self, expected: str) -> None:
        """Fail unless the whole ID has been read."""
        if not self.at_end():
            self.fail(expected)

    def fail(self, expected: str, at: int | None = None) -> NoReturn:
        """Raise the error "expected ..., got ..." at the current position (or ``at``)."""
        at = self.pos if at is None else at
        char = self.text[at : at + 1]
        got = repr(char) if char else "the end"
        self.problem(f"expected {expected}, got {got}", at)

    def problem(self, message: str, at: int | None = None) -> NoReturn:
        """Raise an error saying what is wrong at the current position (or ``at``)."""
        at = self.pos if at is None else at
        raise InputError(f"{self.game} ID, column {at + 1}: {message}")
