"""Symbol strings: the digit of each symbol of a text, the column it stood in, and the range check.

Both the line format and the rows of a grid are symbol strings; the range check (no digit over the
side of the grid) applies to every format, JSON included.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core._errors import InputError
from ._alphabet import Alphabet

__all__ = ["IGNORED", "check_digits", "read_symbols"]

IGNORED = " \t|+\"',\ufeff"
"""Characters a symbol string may hold between symbols: spaces, borders, quotes, commas, a BOM."""


def read_symbols(
    text: str, alphabet: Alphabet, line: int | None = None, source: str | None = None
) -> tuple[list[int], list[int]]:
    """Return the digits of a symbol string and the 1-based column of each.

    >>> read_symbols("1 . | 3", Alphabet())
    ([1, 0, 3], [1, 3, 7])
    >>> read_symbols("1!", Alphabet(), line=4)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: 4:2: unknown symbol '!': expected one of ...
    """
    table = alphabet.table
    digits: list[int] = []
    columns: list[int] = []
    for col, ch in enumerate(text, 1):
        if ch in IGNORED:
            continue
        d = table.get(ch)
        if d is None and ch == "\ufffd":
            raise InputError(
                "bytes that are not UTF-8 text: expected a text file of puzzles",
                source=source,
                line=line,
                column=col,
            )
        if d is None:
            raise InputError(
                f"unknown symbol {ch!r}: expected one of {alphabet.symbols[:12]}"
                f"{'...' if len(alphabet.symbols) > 12 else ''} or a blank "
                f"({' '.join(alphabet.blank_symbols)})",
                source=source,
                line=line,
                column=col,
            )
        digits.append(d)
        columns.append(col)
    return digits, columns


def check_digits(
    digits: Sequence[int],
    columns: Sequence[int] | None,
    n: int,
    line: int | None,
    source: str | None,
    text: str | None = None,
) -> None:
    """Raise InputError, naming the symbol and its column when known, if a digit is over n.

    >>> check_digits([1, 5, 2, 0], [1, 2, 3, 4], 2, 7, None, "1A2.")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: 7:2: digit 5 is more than 2, the largest in a 2x2 grid (the
    symbol 'A')
    """
    for i, d in enumerate(digits):
        if d > n:
            symbol = text[columns[i] - 1] if text is not None and columns else str(d)
            what = "" if symbol == str(d) else f" (the symbol {symbol!r})"
            raise InputError(
                f"digit {d} is more than {n}, the largest in a {n}x{n} grid{what}",
                source=source,
                line=line,
                column=columns[i] if columns else None,
            )
