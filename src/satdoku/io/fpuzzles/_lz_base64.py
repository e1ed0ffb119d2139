"""lz-string's base64 form (``compressToBase64``/``decompressFromBase64``), as f-puzzles links use.

The text is compressed as lz-string does: LZW over UTF-16 code units, codes of a width that
grows with the dictionary (2 bits at first), written least significant bit first, six bits to
a character of the base64 alphabet, padded with ``=`` to a multiple of four.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core._errors import InputError

__all__ = ["compress_to_base64", "decompress_from_base64"]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {char: value for value, char in enumerate(ALPHABET)}

_CHAR8, _CHAR16, _END = 0, 1, 2
"""The three codes below the dictionary's: an 8-bit unit follows, a 16-bit unit, the end."""


def _units(text: str) -> list[str]:
    """Return the UTF-16 code units of a text, each as a one-character string (as JavaScript)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [chr(data[i] | data[i + 1] << 8) for i in range(0, len(data), 2)]


def _text(units: list[str]) -> str:
    """Return the text of UTF-16 code units (surrogate pairs joined)."""
    data = "".join(units).encode("utf-16-le", "surrogatepass")
    return data.decode("utf-16-le", "surrogatepass")


class _BitWriter:
    """Bits packed six to a base64 character, the first bit the highest of each character."""

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.value = 0
        self.count = 0

    def write(self, value: int, width: int) -> None:
        for _ in range(width):
            self.value = self.value << 1 | value & 1
            value >>= 1
            self.count += 1
            if self.count == 6:
                self.chars.append(ALPHABET[self.value])
                self.value = self.count = 0

    def finish(self) -> str:
        self.chars.append(ALPHABET[self.value << (6 - self.count)])  # always, as lz-string
        text = "".join(self.chars)
        return text + "=" * (-len(text) % 4)


def compress_to_base64(text: str) -> str:
    """Compress a text as lz-string's ``compressToBase64`` does.

    >>> compress_to_base64("hello"), compress_to_base64("")
    ('BYUwNmD2Q===', 'Q===')
    """
    codes: dict[str, int] = {}
    fresh: set[str] = set()  # units in the dictionary not yet written out
    writer = _BitWriter()
    width, enlarge_in, size = 2, 2, 3
    word = ""

    def grow() -> None:
        nonlocal width, enlarge_in
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << width
            width += 1

    def emit(word: str) -> None:
        if word in fresh:
            unit = ord(word)
            if unit < 256:
                writer.write(_CHAR8, width)
                writer.write(unit, 8)
            else:
                writer.write(_CHAR16, width)
                writer.write(unit, 16)
            grow()
            fresh.discard(word)
        else:
            writer.write(codes[word], width)
        grow()

    for unit in _units(text):
        if unit not in codes:
            codes[unit] = size
            size += 1
            fresh.add(unit)
        longer = word + unit
        if longer in codes:
            word = longer
            continue
        emit(word)
        codes[longer] = size
        size += 1
        word = unit
    if word:
        emit(word)
    writer.write(_END, width)
    return writer.finish()


class _BitReader:
    """Bits of base64 characters, in the order :class:`_BitWriter` wrote them."""

    def __init__(self, text: str, what: str, first_column: int) -> None:
        self.values = list(self._values(text, what, first_column))
        self.index = 0
        self.what = what

    @staticmethod
    def _values(text: str, what: str, first_column: int) -> Iterator[int]:
        for column, char in enumerate(text, first_column):
            value = _VALUE.get(char)
            if value is None:
                raise InputError(
                    f"{what}, column {column}: expected a base64 character "
                    f"(A-Z a-z 0-9 + / =), got {char!r}"
                )
            yield value

    def read(self, width: int) -> int:
        value = 0
        for power in range(width):
            place, bit = divmod(self.index, 6)
            if place >= len(self.values):
                raise InputError(f"{self.what}: the data ends before its end mark (cut short?)")
            if self.values[place] >> (5 - bit) & 1:
                value |= 1 << power
            self.index += 1
        return value


def decompress_from_base64(text: str, what: str = "compressed data", first_column: int = 1) -> str:
    """Decompress lz-string's ``compressToBase64`` text; refuse damaged data, saying where.

    ``what`` names the text in errors, ``first_column`` is the column its first character is at.

    >>> decompress_from_base64("BYUwNmD2Q===")
    'hello'
    >>> decompress_from_base64("BYU*")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: compressed data, column 4: expected a base64 character \
(A-Z a-z 0-9 + / =), got '*'
    """
    if not text:
        return ""
    reader = _BitReader(text, what, first_column)
    if first_column != 1:
        what = reader.what = f"{what} (from column {first_column})"
    words: list[str] = ["", "", ""]  # codes 0..2 are the markers
    width, enlarge_in = 3, 4
    first = reader.read(2)
    if first == _END:
        return ""
    if first not in (_CHAR8, _CHAR16):
        raise InputError(f"{what}: not lz-string data (it starts with code {first})")
    word = chr(reader.read(8 if first == _CHAR8 else 16))
    words.append(word)
    units = [word]
    while True:
        code = reader.read(width)
        if code == _END:
            return _text(units)
        if code in (_CHAR8, _CHAR16):
            words.append(chr(reader.read(8 if code == _CHAR8 else 16)))
            code = len(words) - 1
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << width
                width += 1
        if code < len(words):
            entry = words[code]
        elif code == len(words):
            entry = word + word[0]
        else:
            raise InputError(f"{what}: damaged data (code {code} before it was defined)")
        units.append(entry)
        words.append(word + entry[0])
        enlarge_in -= 1
        word = entry
        if enlarge_in == 0:
            enlarge_in = 1 << width
            width += 1
