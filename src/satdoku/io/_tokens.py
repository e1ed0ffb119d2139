"""The token format: a puzzle as whitespace-separated integers, '.' for blanks (for n over 35).

Digits over 35 have no symbol in the default alphabet, so such grids are written and read as
integers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core._errors import InputError

__all__ = ["format_tokens", "looks_like_tokens", "parse_tokens"]


def looks_like_tokens(text: str) -> bool:
    """Tell whether a text is in token format: several parts, one at least longer than a symbol.

    >>> looks_like_tokens("10 . 3"), looks_like_tokens("1 . 3"), looks_like_tokens("123")
    (True, False, False)
    """
    parts = text.split()
    return len(parts) > 1 and any(len(p) > 1 for p in parts)


def parse_tokens(text: str, line: int | None = None, source: str | None = None) -> list[int]:
    """Return the digits of a text in token format ('.', '_' and '?' are blanks).

    >>> parse_tokens("10 . 36 ?")
    [10, 0, 36, 0]
    >>> parse_tokens("10 x", line=3)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: 3:4: expected an integer or '.' in token format, got 'x'
    """
    digits = []
    column = 0
    for part in text.split():
        column = text.index(part, column) + 1
        if part in (".", "_", "?"):
            digits.append(0)
        elif part.isascii() and part.isdigit() and len(part) <= 9:  # not '²', not 10**4300
            digits.append(int(part))
        else:
            raise InputError(
                f"expected an integer or '.' in token format, got {part!r}",
                source=source,
                line=line,
                column=column,
            )
        column += len(part) - 1
    return digits


def format_tokens(cells: Sequence[int]) -> str:
    """Write a grid in token format, one integer per cell and 0 for blanks.

    >>> format_tokens((36, 0, 1))
    '36 0 1'
    """
    return " ".join(str(d) for d in cells)
