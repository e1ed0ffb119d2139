"""Where a SudokuPad puzzle is in a line: a link (``sudokupad.app/scl...``,
``sudokupad.app/?puzzle=fpuzzles...``, ``crackingthecryptic.com`` links) or a bare puzzle ID
(``scl...``), split into the ID's form prefix and the data after it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core._errors import InputError

__all__ = ["FPUZZLES_FORMS", "SCL_FORMS", "PuzzleId", "looks_like_sudokupad", "puzzle_id_of"]

SITES = ("sudokupad.app", "crackingthecryptic.com")
"""The websites whose links open a puzzle in SudokuPad."""

SCL_FORMS = ("scl", "ctc")
"""The prefixes of SudokuPad's own puzzle JSON, compressed (``ctc`` is the older name)."""

FPUZZLES_FORMS = ("fpuzzles", "fpuz")
"""The prefixes of an f-puzzles document that SudokuPad opens."""

_FIRST = frozenset("schwSCHW")
"""The first letters of a SudokuPad line: scl, ctc, http, www, sudokupad.app, crackingthecryptic."""
_FORMS = re.compile(r"(fpuzzles|fpuz|scl|ctc|scf)(.*)", re.DOTALL)
_BARE = re.compile(r"(?:scl|ctc)[A-Za-z0-9+/=%_{-]\S*")
_PARAMETER = re.compile(r"[?&]puzzle(?:id)?=([^&#\s]*)")
_PATH = re.compile(r"(?:sudokupad\.app|crackingthecryptic\.com)/(?:sudoku/)?([^?#\s]*)", re.I)


@dataclass(frozen=True)
class PuzzleId:
    """A SudokuPad puzzle ID: its form prefix, the data after it, and the data's 1-based column.

    >>> puzzle_id_of("https://sudokupad.app/sclN4Ig")
    PuzzleId(form='scl', data='N4Ig', column=26)
    """

    form: str
    data: str
    column: int


def looks_like_sudokupad(text: str) -> bool:
    """Tell whether a line is evidently a SudokuPad puzzle: a link to it or a bare ``scl`` ID.

    >>> looks_like_sudokupad("https://sudokupad.app/abc"), looks_like_sudokupad("sclN4Ig")
    (True, True)
    >>> looks_like_sudokupad("https://www.f-puzzles.com/?load=N4Ig"), looks_like_sudokupad("1.")
    (False, False)
    """
    body = text.strip()
    if body[:1] not in _FIRST:
        return False  # the common case, a line of symbols, told at once
    if _BARE.fullmatch(body):
        return True
    lower = body[:200].lower()
    return lower.startswith(("http", "www.", *SITES)) and any(site in lower for site in SITES)


def _short_id(name: str, column: int) -> InputError:
    """Return the refusal of a puzzle ID that only names a puzzle stored on the website."""
    what = (
        f"names the puzzle {name!r} stored on SudokuPad's website, and satdoku does not fetch "
        "from the internet"
        if name
        else "holds no puzzle"
    )
    return InputError(
        f"column {column}: this SudokuPad link {what}: paste the puzzle's full link "
        "(sudokupad.app/scl... or sudokupad.app/fpuzzles...)"
    )


def puzzle_id_of(text: str) -> PuzzleId:
    """Return the puzzle ID a line holds (a link undone); refuse a link to a stored puzzle.

    >>> puzzle_id_of("https://sudokupad.app/?puzzle=ctcN4Ig%2BA&setting-nogrid=1")
    PuzzleId(form='ctc', data='N4Ig+A', column=34)
    >>> puzzle_id_of("https://sudokupad.app/psx7e4q2")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: column 23: this SudokuPad link names the puzzle 'psx7e4q2' \
stored on SudokuPad's website, and satdoku does not fetch from the internet: paste the \
puzzle's full link (sudokupad.app/scl... or sudokupad.app/fpuzzles...)
    """
    start = len(text) - len(text.lstrip())
    body = text.strip()
    if _BARE.fullmatch(body):
        found, offset = body, start
    else:
        match = _PARAMETER.search(body) or _PATH.search(body)
        if match is None:
            raise _short_id("", start + 1)
        found, offset = match.group(1), start + match.start(1)
    form = _FORMS.match(found)
    if form is None:
        raise _short_id(found.strip("/"), offset + 1)
    from urllib.parse import unquote  # lazy: start-up (urllib loads ipaddress)

    return PuzzleId(form.group(1), unquote(form.group(2)), offset + form.start(2) + 1)
