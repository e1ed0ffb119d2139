"""The alphabet: which symbol stands for which digit when puzzles are read and written as text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..core.errors import InputError

__all__ = ["DEFAULT_SYMBOLS", "Alphabet"]

DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Symbols of digits 1..35: 1-9 then A-Z (case-insensitive)."""


@dataclass(frozen=True)
class Alphabet:
    """The symbols of digits 1..k (symbol i stands for digit i+1) and the blank symbols.

    >>> a = Alphabet("ABCD")
    >>> a.digit("c"), a.digit("."), a.symbol(4)
    (3, 0, 'D')
    >>> Alphabet("0123456789ABCDEF").digit("0")
    1
    """

    symbols: str = DEFAULT_SYMBOLS

    def __post_init__(self) -> None:
        upper = self.symbols.upper()
        if len(set(upper)) != len(upper):
            raise InputError(f"alphabet {self.symbols!r} repeats a symbol")
        clash = set(upper) & set(".?_ \t")
        if clash:
            raise InputError(f"alphabet {self.symbols!r} uses a blank symbol {sorted(clash)[0]!r}")

    @cached_property
    def table(self) -> dict[str, int]:
        """Return the map from every accepted symbol (both cases) to its digit, 0 for blanks.

        >>> Alphabet("AB").table
        {'.': 0, '?': 0, '_': 0, '0': 0, 'A': 1, 'a': 1, 'B': 2, 'b': 2}
        """
        table = {b: 0 for b in ".?_"}
        if "0" not in self.symbols:
            table["0"] = 0
        for i, s in enumerate(self.symbols):
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
        if len(self.symbols) > 255 or not self.symbols.isascii():
            return None
        return ("." + self.symbols).encode("ascii").ljust(256, b"?")

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
        return "." if digit == 0 else self.symbols[digit - 1]
