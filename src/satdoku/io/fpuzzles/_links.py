"""Where an f-puzzles puzzle is in a line: its compressed text (``N4Ig...``), or a link that
holds it (``f-puzzles.com/?load=...``, SudokuPad's ``sudokupad.app/fpuzzles...``)."""

from __future__ import annotations

import re

from ...core._errors import InputError

__all__ = ["LINK", "looks_like_fpuzzles", "payload_of"]

LINK = "https://www.f-puzzles.com/?load="
"""The start of the link f-puzzles opens a puzzle with."""

PREFIX = "N4Ig"
"""How the compressed text of every f-puzzles document (a JSON object) starts."""

_SITES = ("f-puzzles.com", "sudokupad.app", "crackingthecryptic.com")
_LOAD = re.compile(r"[?&]load=([^&#\s]+)")
_SUDOKUPAD = re.compile(r"fpuz(?:zles)?([^&#\s]+)")  # SudokuPad: fpuzzles... or fpuz...


def looks_like_fpuzzles(text: str) -> bool:
    """Tell whether a line is evidently an f-puzzles puzzle: its compressed text or a link.

    >>> looks_like_fpuzzles("N4IgzglgXgpiBcBOAvkA"), looks_like_fpuzzles("1...")
    (True, False)
    >>> looks_like_fpuzzles("https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOAvkA")
    True
    """
    body = text.strip()
    if body.startswith(PREFIX):
        return True
    lower = body[:200].lower()
    return lower.startswith(("http", "www.", *_SITES)) and any(site in lower for site in _SITES)


def payload_of(text: str) -> tuple[str, int]:
    """Return the compressed text a line holds and its 1-based column, links undone.

    >>> payload_of("https://www.f-puzzles.com/?load=N4Ig%2BA")
    ('N4Ig+A', 33)
    >>> payload_of("https://sudokupad.app/abc123")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: column 1: this link holds no f-puzzles puzzle: expected \
f-puzzles.com/?load=N4Ig... or sudokupad.app/fpuzzlesN4Ig... (a short link names a puzzle \
stored on a website, which satdoku does not fetch)
    """
    start = len(text) - len(text.lstrip())
    body = text.strip()
    if body.startswith(PREFIX):
        return body, start + 1
    match = _LOAD.search(body) if "f-puzzles.com" in body.lower() else _SUDOKUPAD.search(body)
    if match is None:
        raise InputError(
            f"column {start + 1}: this link holds no f-puzzles puzzle: expected "
            "f-puzzles.com/?load=N4Ig... or sudokupad.app/fpuzzlesN4Ig... (a short link names "
            "a puzzle stored on a website, which satdoku does not fetch)"
        )
    from urllib.parse import unquote  # lazy: start-up (urllib loads ipaddress)

    return unquote(match.group(1)), start + match.start(1) + 1
