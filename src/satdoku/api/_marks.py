"""Pencil marks: a player's candidates per cell, in the text form SudokuWiki and HoDoKu use.

The form is a grid of n*n tokens, one per cell in reading order, each the symbols of the cell's
candidates (``1679``; a set cell shows its one digit). Frames and box lines (``.``, ``-``,
``:``, ``+``, ``'``, ``|``, ``*``) are ignored, and so are commas, so HoDoKu's "PM grid" and a
list of candidate strings both read as they are:

.. code-block:: text

    .----------------.----------------.
    | 4     1679  12 | 139   2369  269|
    ...

A token made of blank symbols only (``.``, ``0``) means the player wrote no marks in that cell:
all of its digits are open.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..core._errors import InputError
from ..core._shape import Shape, default_box
from ..io._alphabet import Alphabet, alphabet_of

__all__ = ["Marks", "parse_marks", "format_marks", "marks_of"]

Marks = tuple[frozenset[int] | None, ...]
"""Per cell in reading order, the digits the player left as candidates (None: no marks there)."""

_FRAME = set(".-:+'|*,")


def parse_marks(text: str, shape: Shape, alphabet: Alphabet | str = Alphabet()) -> Marks:
    """Read pencil marks (HoDoKu's PM grid, SudokuWiki's candidates, or n*n candidate strings).

    >>> marks = parse_marks("1 234 234 234  34 12 .  1234  " + "1234 " * 8, Shape.sudoku(4))
    >>> sorted(marks[1]), marks[6], len(marks)
    ([2, 3, 4], None, 16)
    >>> parse_marks("12 3", Shape.sudoku(4))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: pencil marks: expected 16 cells (a token of ...), got 2
    """
    alphabet = alphabet_of(alphabet)
    n = shape.n
    if n > len(alphabet.symbols):
        raise InputError(f"pencil marks need one symbol per digit: {n} digits, alphabet too short")
    tokens: list[str] = []
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            continue
        for word in line.replace("|", " ").replace(",", " ").split():
            if set(word) <= _FRAME and word not in alphabet.blank_symbols:
                continue  # a frame or a box line (a lone '.' is a cell without marks)
            tokens.append(word)
    if len(tokens) != n * n:
        raise InputError(
            f"pencil marks: expected {n * n} cells (a token of candidates each), got {len(tokens)}"
        )
    marks: list[frozenset[int] | None] = []
    for index, token in enumerate(tokens):
        digits = set()
        for ch in token:
            try:
                d = alphabet.digit(ch)
            except InputError:
                raise InputError(
                    f"pencil marks: r{index // n + 1}c{index % n + 1} has unknown symbol {ch!r}"
                ) from None
            if d > n:
                raise InputError(
                    f"pencil marks: r{index // n + 1}c{index % n + 1} has {ch!r}, not a digit "
                    f"of a {n}x{n} grid"
                )
            if d:
                digits.add(d)
        marks.append(frozenset(digits) if digits else None)
    return tuple(marks)


def marks_of(value: object, shape: Shape, alphabet: Alphabet | str = Alphabet()) -> Marks | None:
    """Return marks given as text (:func:`parse_marks`) or as n*n collections of digits.

    None in a cell means no marks there; an empty collection, every candidate crossed out.

    >>> marks_of([{1}, {2, 3}, None, ()] + [{1, 2, 3, 4}] * 12, Shape.sudoku(4))[:4]
    (frozenset({1}), frozenset({2, 3}), None, frozenset())
    """
    alphabet = alphabet_of(alphabet)
    if value is None:
        return None
    if isinstance(value, str):
        return parse_marks(value, shape, alphabet)
    n = shape.n
    if not isinstance(value, Sequence) or len(value) != n * n:
        raise InputError(f"marks: expected text or {n * n} collections of digits, one per cell")
    out: list[frozenset[int] | None] = []
    for cell in value:
        if cell is None:
            out.append(None)
            continue
        if not isinstance(cell, Collection):
            raise InputError(f"marks: expected a collection of digits per cell, got {cell!r}")
        digits = frozenset(int(d) for d in cell)
        if any(not 1 <= d <= n for d in digits):
            raise InputError(f"marks: digits must be in 1..{n}, got {sorted(digits)}")
        out.append(digits)  # empty: every candidate crossed out (None: no marks written)
    return tuple(out)


def format_marks(
    candidates: Sequence[Collection[int]], shape: Shape, alphabet: Alphabet | str = Alphabet()
) -> str:
    """Write candidates per cell as a HoDoKu-style PM grid (boxes framed), read back by parse.

    >>> text = format_marks([{1}, {2, 3}, {3, 4}, {4}] * 4, Shape.sudoku(4))
    >>> print(text.splitlines()[1])
    | 1  23 | 34 4  |
    >>> parse_marks(text, Shape.sudoku(4))[1]
    frozenset({2, 3})
    """
    alphabet = alphabet_of(alphabet)
    n = shape.n
    br, bc = shape.box if shape.box is not None else (default_box(n) or (n, n))
    tokens = ["".join(alphabet.symbol(d) for d in sorted(c)) or "." for c in candidates]
    width = max(len(t) for t in tokens)
    segment = "-" * (bc * (width + 1) + 1)
    border = "." + ".".join([segment] * (n // bc)) + "."
    inner = ":" + "+".join([segment] * (n // bc)) + ":"
    lines = [border]
    for r in range(n):
        if r and r % br == 0:
            lines.append(inner)
        row = tokens[r * n : r * n + n]
        parts = [" ".join(t.ljust(width) for t in row[b : b + bc]) for b in range(0, n, bc)]
        lines.append("| " + " | ".join(parts) + " |")
    lines.append("'" + border[1:-1] + "'")
    return "\n".join(lines)
