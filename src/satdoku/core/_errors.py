"""Errors for bad user input: one exception type with a precise, located message."""

from __future__ import annotations

import re

__all__ = ["InputError", "InternalError", "LONGEST_WORD", "shorten"]

LONGEST_WORD = 80
"""The longest word (a run without spaces or quotes) a message shows whole; a longer one, such
as a 5,000-digit number of a model file, is shown by its start and its length."""

_LONG_WORD = re.compile(r"""(['"]?)([^\s'"]{""" + str(LONGEST_WORD + 1) + r""",})\1""")


def shorten(message: str) -> str:
    """Return the message with each word longer than :data:`LONGEST_WORD` cut to its start.

    >>> shorten("expected an integer literal, got '" + "9" * 5000 + "'")
    "expected an integer literal, got '99999999999999999999...' (5,000 characters)"
    >>> shorten("short words stay")
    'short words stay'
    """

    def cut(match: re.Match[str]) -> str:
        quote, word = match.group(1), match.group(2)
        return f"{quote}{word[:20]}...{quote} ({len(word):,} characters)"

    return _LONG_WORD.sub(cut, message)


class InputError(ValueError):
    """Bad user input, with where it was found (source, line, column) when known.

    A word of the message too long to read is cut (:func:`shorten`).

    >>> str(InputError("unknown symbol 'x'", source="p.txt", line=3, column=7))
    "p.txt:3:7: unknown symbol 'x'"
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = shorten(message)
        self.source = source
        self.line = line
        self.column = column
        super().__init__(self.located())

    def located(self) -> str:
        """Return the message prefixed with ``source:line:column:`` as far as known."""
        where = [str(p) for p in (self.source, self.line, self.column) if p is not None]
        return ":".join(where) + ": " + self.message if where else self.message

    def at(
        self, *, source: str | None = None, line: int | None = None, column: int | None = None
    ) -> InputError:
        """Return a copy that knows more about where the error is."""
        return InputError(
            self.message,
            source=source if source is not None else self.source,
            line=line if line is not None else self.line,
            column=column if column is not None else self.column,
        )


class InternalError(RuntimeError):
    """A bug in satdoku: a solver answer failed the independent checker."""
