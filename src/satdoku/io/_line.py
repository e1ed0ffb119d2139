"""The line format: a puzzle as one line of n*n symbols, read and written.

Reading a batch goes through :func:`parse_line` once per line, so it has a fast path: a line of
ASCII symbols and blanks only is translated to digits in one ``bytes.translate`` call.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._shape import MAX_SIZE
from ._alphabet import Alphabet, alphabet_of
from ._shape_options import ShapeOptions, check_own_shape
from ._symbols import check_digits, read_symbols
from ._tokens import format_tokens, looks_like_tokens, parse_tokens
from .fpuzzles._links import looks_like_fpuzzles
from .killer_text import killer_form_of, parse_killer
from .sudokupad._links import looks_like_sudokupad
from .tatham import looks_like_game_id, parse_game_id

__all__ = ["format_line", "parse_line"]


def _fast_digits(body: str, alphabet: Alphabet) -> bytes | None:
    """Return the digits of a line made of symbols and blanks only (None: use the full parser)."""
    table = alphabet.reader
    if table is None or not body.isascii():
        return None
    digits = body.encode("ascii").translate(table)
    return None if 255 in digits else digits


_BYTES = bytes(range(256))
"""The bytes 0..255: deleting the first n + 1 from digits leaves those over n."""


_BARE_ID = re.compile(r"[0-9]+(?:x[0-9]+)?[a-z]*:[^:]+$")
"""A bare game ID of Simon Tatham's collection: PARAMS:DESCRIPTION (``6:__aa...``, ``3x3k:...``)."""


def parse_line(
    text: str,
    alphabet: Alphabet | str = Alphabet(),
    options: ShapeOptions = ShapeOptions(),
    *,
    line: int | None = None,
    source: str | None = None,
    game: str | None = None,
) -> Puzzle:
    """Parse one puzzle in line format (n*n symbols) or token format (n*n integers).

    A line ``GAME:PARAMS:DESCRIPTION`` is a game ID of Simon Tatham's collection (see
    :mod:`satdoku.io.tatham`), and with ``game`` given every line is one of that game's IDs.
    A killer text (:mod:`satdoku.io.killer_text`: 81 characters of cage totals and arrows, or
    SudoCue's ``3x3::k:...``) is its killer; an f-puzzles link or its compressed text
    (:mod:`satdoku.io.fpuzzles`), or a SudokuPad link (:mod:`satdoku.io.sudokupad`), is its
    puzzle.

    >>> parse_line("1.3..4.........." ).cells[:4]
    (1, 0, 3, 0)
    >>> parse_line("towers:3:3/1/2/1/2/2/2/2/1/2/1/3").constraints[0].title(3)
    '3 seen from the top of column 1'
    >>> parse_line("12345678").n
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: expected n*n symbols for a grid of side n (16 for 4x4, ...),
    got 8
    """
    alphabet = alphabet_of(alphabet)
    if game is not None or looks_like_game_id(text):
        return _own_shape(lambda: parse_game_id(text, game), "game ID", options, line, source)
    body = text.strip()
    fast = _fast_digits(body, alphabet)
    if fast:
        n = math.isqrt(len(fast))
        if n * n == len(fast) and n <= MAX_SIZE and not fast.translate(None, _BYTES[: n + 1]):
            try:
                shape = options.shape_for(n)
            except InputError as err:
                raise err.at(source=source, line=line) from None
            return Puzzle.checked_already(shape, tuple(fast))
    if looks_like_sudokupad(body):
        from .sudokupad import parse_sudokupad  # lazy: start-up

        return _own_shape(lambda: parse_sudokupad(body), "SudokuPad puzzle", options, line, source)
    if looks_like_fpuzzles(body):
        from .fpuzzles import parse_fpuzzles  # lazy: start-up (every rule kind's reader)

        return _own_shape(
            lambda: parse_fpuzzles(body), "puzzle of f-puzzles", options, line, source
        )
    form = killer_form_of(body)
    if form is not None:
        return _own_shape(lambda: parse_killer(body, form), "killer text", options, line, source)
    if ":" in body and _BARE_ID.match(body):
        raise InputError(
            "this looks like a game ID without its game: write GAME:PARAMS:DESCRIPTION "
            "(keen:6:..., towers, unequal, solo) or name the game (--game keen)",
            source=source,
            line=line,
        )
    columns: list[int] | None = None
    whole = text.rstrip()  # columns count from the start of the line
    if looks_like_tokens(body):
        digits = parse_tokens(whole, line, source)
    else:
        digits, columns = read_symbols(whole, alphabet, line, source)
    n = math.isqrt(len(digits))
    if len(digits) == 0 or n * n != len(digits):
        raise InputError(
            "expected n*n symbols for a grid of side n (16 for 4x4, 81 for 9x9), "
            f"got {len(digits)}",
            source=source,
            line=line,
        )
    if n > MAX_SIZE:
        raise InputError(f"grid side {n} is over the maximum {MAX_SIZE}", source=source, line=line)
    check_digits(digits, columns, n, line, source, whole)
    try:
        return Puzzle(options.shape_for(n), tuple(digits))
    except InputError as err:
        raise err.at(source=source, line=line) from None


def _own_shape(
    read: Callable[[], Puzzle],
    what: str,
    options: ShapeOptions,
    line: int | None,
    source: str | None,
) -> Puzzle:
    """Return the puzzle of a text that gives its own shape (a game ID, a killer text); shape
    options given must agree with it."""
    try:
        puzzle = read()
        check_own_shape(puzzle.shape, what, options)
    except InputError as err:
        raise err.at(source=source, line=line) from None
    return puzzle


def format_line(cells: Sequence[int], alphabet: Alphabet | str = Alphabet()) -> str:
    """Write a grid in line format, or in token format when its digits outgrow the alphabet.

    >>> format_line((1, 0, 0, 2))
    '1..2'
    >>> format_line((1, 0, 0, 2), Alphabet("A"))
    '1 0 0 2'
    """
    alphabet = alphabet_of(alphabet)
    n = math.isqrt(len(cells))
    if n > len(alphabet.symbols):
        return format_tokens(cells)
    writer = alphabet.writer
    if writer is not None and n < 256:
        return bytes(cells).translate(writer).decode("ascii")
    symbols = "." + alphabet.symbols
    return "".join([symbols[d] for d in cells])
