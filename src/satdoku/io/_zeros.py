"""What a big puzzle's ``0`` means: a blank, a digit of an alphabet starting at ``0``, or unclear.

``0`` is a blank by default, but a 16x16 written ``0-F`` or a 36x36 written ``0-9A-Z`` uses it as a
digit. A symbol that repeats within a house (row, column, box or region) cannot be a digit, so a
``0`` repeated in a house is a blank. A side the default symbols cannot name (36 and over) is read
with ``0-9A-Z`` when it uses all 36 of them and its ``0`` never repeats, and refused otherwise
unless it holds decimal digits only (integer tokens with ``0`` blanks). The other puzzles whose
``0`` may be a digit are refused with a message saying how to be explicit.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ._alphabet import DEFAULT_SYMBOLS, Alphabet, zero_blank_error

__all__ = ["meant_puzzle"]


def meant_puzzle(
    puzzle: Puzzle,
    text: str,
    alphabet: Alphabet,
    reread: Callable[[Alphabet], Puzzle],
    line: int | None = None,
    source: str | None = None,
) -> Puzzle:
    """Return the puzzle a text of side 10 or more means, reread when its symbols say so.

    ``reread`` reads the same text with another alphabet. A '0' that repeats in a row is a blank:

    >>> from satdoku.io._line import parse_line
    >>> text = "1" + "0" * 99
    >>> meant_puzzle(parse_line(text), text, Alphabet(), lambda a: parse_line(text, a)).cells[:3]
    (1, 0, 0)
    >>> text = "0123456789" + "." * 90  # '0' once, 'A' (the 10th symbol) never
    >>> meant_puzzle(parse_line(text), text, Alphabet(), lambda a: parse_line(text, a))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: '0' is taken as a blank, but this 10x10 never uses 'A'...
    """
    n = puzzle.n
    zero = "0" in text
    named = n <= len(alphabet.symbols)
    if named and not (zero and alphabet.zero_is_guessed):
        return puzzle  # the common case, first: no '0', or one the user said is a blank
    if not named and alphabet.symbols != DEFAULT_SYMBOLS:
        return puzzle  # the reader refuses it: the alphabet named is too short
    if _integer_tokens(text):
        return puzzle
    zero_based = "0" + alphabet.symbols[: n - 1]
    if named:
        last = alphabet.symbols[n - 1]
        if last.upper() in text or last.lower() in text:
            return puzzle
        if _zero_repeats(zero_based, reread):
            return puzzle
        raise zero_blank_error(n, alphabet, line, source)
    letters = any(ch.isalpha() for ch in text)
    repeats = zero and _zero_repeats(zero_based, reread)
    if not letters and (not zero or repeats):
        return puzzle  # decimal digits and blanks: what integer tokens would say
    used = {ch.upper() for ch in text}
    guessed = zero and alphabet.zero_is_guessed and not repeats  # '0' may be a digit
    if guessed and len(zero_based) == n and used >= set(zero_based):
        meant = reread(Alphabet(zero_based))
        object.__setattr__(meant, "symbols", zero_based)
        return meant
    raise InputError(
        f"this {n}x{n} is written in symbols, but the default ones (1-9 then A-Z) name only "
        f"{len(alphabet.symbols)} digits: give --alphabet the {n} symbols of its digits"
        + (f" (--alphabet {zero_based} if it is written 0-Z)" if len(zero_based) == n else "")
        + ", or write it in integer tokens",
        source=source,
        line=line,
    )


def _integer_tokens(text: str) -> bool:
    """Tell whether a text is integer tokens (where 0 is the blank and '10' a digit)."""
    return any(len(p) > 1 and p.isdigit() for p in text.split())


def _zero_repeats(zero_based: str, reread: Callable[[Alphabet], Puzzle]) -> bool:
    """Tell whether '0' stands twice in one house: it cannot be a digit there, it is a blank."""
    try:
        puzzle = reread(Alphabet(zero_based))
    except InputError:
        return False  # it does not read as 0-based at all
    cells = puzzle.cells
    return any(sum(1 for i in house.cells if cells[i] == 1) > 1 for house in puzzle.shape.houses)
