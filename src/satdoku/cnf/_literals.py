"""Literals in DIMACS text: the integers of one line, each with its column, or a located error."""

from __future__ import annotations

from collections.abc import Iterator

from ..core._errors import InputError

__all__ = ["literals_of"]


def literals_of(text: str, raw: str, line: int, source: str | None) -> Iterator[tuple[int, int]]:
    """Yield each integer literal of ``text`` (a part of the line ``raw``) with its 1-based column.

    >>> list(literals_of("1 -2 0", "v 1 -2 0", 3, None))
    [(1, 3), (-2, 5), (0, 8)]
    >>> list(literals_of("1 x", "1 x", 2, "f.cnf"))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: f.cnf:2:3: expected an integer literal, got 'x'
    """
    column = 0
    for token in text.split():
        column = raw.index(token, column) + 1
        try:
            lit = int(token)
        except ValueError:
            raise InputError(
                f"expected an integer literal, got {token!r}",
                source=source,
                line=line,
                column=column,
            ) from None
        yield lit, column
        column += len(token) - 1
