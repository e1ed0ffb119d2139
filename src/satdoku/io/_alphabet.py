"""The alphabet: which symbol stands for which digit when puzzles are read and written as text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..core._errors import InputError
from ..core._puzzle import DEFAULT_SYMBOLS

__all__ = [
    "DEFAULT_BLANKS",
    "DEFAULT_SYMBOLS",
    "SYNTAX",
    "Alphabet",
    "alphabet_of",
    "zero_blank_error",
]


DEFAULT_BLANKS = ".0?_"
"""Symbols of a blank cell unless an alphabet takes one of them over (or ``blanks`` is named)."""

SYNTAX = '#|+- \t\r\n*"[](),'
"""Characters the formats give a meaning (comments, borders, frames, JSON and Racket lists)."""


@dataclass(frozen=True)
class Alphabet:
    """The symbols of digits 1..k (symbol i stands for digit i+1) and the blank symbols.

    ``blanks`` None: the default blanks ``.0?_`` less those the symbols take over (OmegaSudoku's
    ``123456789:;<=>?@`` makes ``?`` a digit), and ``0`` as a blank is then a guess that
    :func:`satdoku.io._reading.read_puzzles` checks (a 16x16 written ``0-F`` is refused, not
    misread). Named blanks are taken as said.

    >>> a = Alphabet("ABCD")
    >>> a.digit("c"), a.digit("."), a.symbol(4)
    (3, 0, 'D')
    >>> Alphabet("0123456789ABCDEF").digit("0")
    1
    >>> Alphabet("123456789:;<=>?@").digit("?"), Alphabet("123456789:;<=>?@").blank_symbols
    (15, '.0_')
    """

    symbols: str = DEFAULT_SYMBOLS
    blanks: str | None = None

    def __post_init__(self) -> None:
        upper = self.symbols.upper()
        if not self.symbols:
            raise InputError("the alphabet is empty: give the symbols of digits 1..n in order")
        if len(set(upper)) != len(upper):
            raise InputError(f"alphabet {self.symbols!r} repeats a symbol")
        for name, text in (("alphabet", self.symbols), ("--blank", self.blanks or "")):
            clash = sorted(set(text) & set(SYNTAX)) or [c for c in text if not c.isprintable()]
            if clash:
                raise InputError(
                    f"{name} {text!r} uses {clash[0]!r}, which the puzzle formats use for "
                    "comments, borders or lists: choose other symbols"
                )
        if self.blanks is not None:
            if not self.blanks:
                raise InputError("--blank: give at least one blank symbol, e.g. '.'")
            # named blanks take over default symbols (a 9x9 never uses them), not named ones
            taken = set(self.blanks.upper()) & set(upper if self.symbols != DEFAULT_SYMBOLS else "")
            if taken:
                raise InputError(
                    f"{sorted(taken)[0]!r} is both a blank and a symbol of alphabet "
                    f"{self.symbols!r}: leave it out of --blank or --alphabet"
                )

    @cached_property
    def blank_symbols(self) -> str:
        """Return the symbols of a blank cell, the first of them the one written.

        >>> Alphabet().blank_symbols, Alphabet("0123").blank_symbols
        ('.0?_', '.?_')
        >>> Alphabet(blanks="x").blank_symbols, Alphabet(blanks="x").digit("X")
        ('x', 0)
        """
        if self.blanks is not None:
            return self.blanks
        upper = self.symbols.upper()
        return "".join(b for b in DEFAULT_BLANKS if b not in upper)

    @property
    def zero_is_guessed(self) -> bool:
        """Tell whether ``0`` is read as a blank by default rather than by the user's word.

        >>> Alphabet().zero_is_guessed, Alphabet(blanks=".0").zero_is_guessed
        (True, False)
        """
        return self.blanks is None and "0" in self.blank_symbols

    @cached_property
    def table(self) -> dict[str, int]:
        """Return the map from every accepted symbol (both cases) to its digit, 0 for blanks.

        >>> Alphabet("AB").table
        {'.': 0, '0': 0, '?': 0, '_': 0, 'A': 1, 'a': 1, 'B': 2, 'b': 2}
        """
        table = {c: 0 for b in self.blank_symbols for c in (b, b.upper(), b.lower())}
        for i, s in enumerate(self.symbols):
            if s.upper() not in table and s.lower() not in table:
                table[s.upper()] = i + 1
                table[s.lower()] = i + 1
        return table

    @cached_property
    def reader(self) -> bytes | None:
        """Return a ``bytes.translate`` table: ASCII symbol -> digit, blank -> 0, other -> 255.

        None when a symbol is not ASCII or digits do not fit a byte (then only the slow path).

        >>> list(b"1.Z!".translate(Alphabet().reader))
        [1, 0, 35, 255]
        """
        table = self.table
        if len(self.symbols) > 254 or not all(ch.isascii() for ch in table):
            return None
        out = bytearray([255] * 256)
        for ch, d in table.items():
            out[ord(ch)] = d
        return bytes(out)

    @cached_property
    def writer(self) -> bytes | None:
        """Return a ``bytes.translate`` table digit -> symbol ('.' for 0), None if not ASCII.

        >>> bytes([1, 0, 35]).translate(Alphabet().writer)
        b'1.Z'
        """
        blank = self.blank_symbols[:1] or "."
        if len(self.symbols) > 255 or not (self.symbols + blank).isascii():
            return None
        return (blank + self.symbols).encode("ascii").ljust(256, b"?")

    def digit(self, symbol: str) -> int:
        """Return the digit of a symbol (0 for a blank); raise InputError when unknown.

        >>> Alphabet().digit("a")
        10
        """
        try:
            return self.table[symbol]
        except KeyError:
            raise InputError(f"unknown symbol {symbol!r}") from None

    def symbol(self, digit: int) -> str:
        """Return the symbol of a digit, '.' for 0.

        >>> Alphabet().symbol(10), Alphabet().symbol(0)
        ('A', '.')
        """
        return (self.blank_symbols[:1] or ".") if digit == 0 else self.symbols[digit - 1]


def alphabet_of(value: Alphabet | str | None, symbols: str | None = None) -> Alphabet:
    """Return the alphabet a value is or spells (its symbols), or for None a puzzle's own.

    ``symbols`` are the symbols a puzzle was read with (:attr:`Puzzle.symbols`): None takes
    them, else the default alphabet.

    >>> alphabet_of("0123456789ABCDEF").digit("A"), alphabet_of(None, "ABCD").symbol(2)
    (11, 'B')
    >>> alphabet_of(16)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: alphabet: expected an Alphabet or its symbols as a string \
('0123456789ABCDEF'), got int
    """
    if isinstance(value, Alphabet):
        return value
    if isinstance(value, str):
        return Alphabet(value)
    if value is None:
        return Alphabet(symbols) if symbols else _DEFAULT
    raise InputError(
        "alphabet: expected an Alphabet or its symbols as a string ('0123456789ABCDEF'), "
        f"got {type(value).__name__}"
    )


_DEFAULT = Alphabet()


def zero_blank_error(
    n: int, alphabet: Alphabet, line: int | None, source: str | None
) -> InputError:
    """Return the refusal of a puzzle whose '0' may be a blank or a digit: how to say which.

    >>> zero_blank_error(10, Alphabet(), 3, None).located()  # doctest: +ELLIPSIS
    "3: '0' is taken as a blank, but this 10x10 never uses 'A', its 10th symbol: if it is ..."
    """
    last = alphabet.symbols[n - 1]
    zero_based = "0" + alphabet.symbols[: n - 1]
    return InputError(
        f"'0' is taken as a blank, but this {n}x{n} never uses {last!r}, its {n}th symbol: "
        f"if it is written {zero_based[0]}-{zero_based[-1]}, give --alphabet {zero_based}; "
        f"if '0' is a blank, say so with --blank .0",
        source=source,
        line=line,
    )
