"""Killer sudoku texts of the public collections, read and written.

Two forms: ``arrows``, the enjoysudoku forum's 81 characters of cage totals and arrows leading
to them (:mod:`._arrows`), and ``sudocue``, SudoCue's ``3x3::k:`` and 81 numbers
``total × 256 + cage number`` (:mod:`._sudocue`). Both give a 9x9 killer: ``Shape.sudoku(9)``
(with diagonals for SudoCue's ``3x3:d:k:``), no givens, and a :class:`KillerCage` with its
total for each cage.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ._arrows import ARROWS, TOTALS, read_arrows, write_arrows
from ._sudocue import read_sudocue, write_sudocue

__all__ = ["FORMS", "format_killer", "killer_form_of", "parse_killer"]

FORMS = ("arrows", "sudocue")
"""The killer texts satdoku reads and writes."""

_SUDOCUE = re.compile(r"\s*[0-9]+x[0-9]+:[A-Za-z]*:[A-Za-z]*:")
_ARROW_CHARS = frozenset(TOTALS + "".join(ARROWS) + "`',.")
_ONLY_ARROWS = frozenset("".join(ARROWS) + "`'")
"""Characters of the arrows text that a 9x9 Sudoku line never has (``,`` and ``.`` it may)."""
_NEVER_SUDOKU = frozenset("<>^")
"""Arrows that make an 81-character line an arrows text, even with a bad character in it."""


def killer_form_of(text: str) -> str | None:
    """Return the killer text form a line is evidently in, or None when it is in neither.

    SudoCue's starts ``3x3:`` with two more colon-ended fields; the arrows text is 81
    characters with an arrow a Sudoku line never has.

    >>> killer_form_of("3x3::k:3841:7705"), killer_form_of("3<" + "9" * 79)
    ('sudocue', 'arrows')
    >>> killer_form_of("1" * 81), killer_form_of("3x3:zzzc,...")
    (None, None)
    """
    if ":" in text:
        return "sudocue" if _SUDOCUE.match(text) else None
    body = text.strip()
    if len(body) != 81:
        return None
    chars = set(body)
    if chars & _NEVER_SUDOKU or (chars & _ONLY_ARROWS and chars <= _ARROW_CHARS):
        return "arrows"
    return None


def parse_killer(text: str, form: str | None = None) -> Puzzle:
    """Read a killer text of ``form`` ("arrows" or "sudocue"; None: the text's evident form).

    >>> puzzle = parse_killer("3<" + "9" * 79)
    >>> puzzle.shape.describe(), puzzle.constraints[0].title(9)
    ('9x9 sudoku, 3x3 boxes', 'cage 3 over r1c1,r1c2')
    >>> parse_killer("9" * 81)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: these 81 characters are a Sudoku grid or a killer of \
one-cell cages: say form="arrows" to read them as killer cages
    """
    if form is None:
        form = killer_form_of(text)
    if form is None:
        body = text.strip()
        if len(body) == 81 and set(body) <= _ARROW_CHARS:
            raise InputError(
                "these 81 characters are a Sudoku grid or a killer of one-cell cages: "
                'say form="arrows" to read them as killer cages'
            )
        raise InputError(
            "not a killer text: expected the arrows form (81 characters of cage totals and "
            "arrows < > ^ v) or the sudocue form (3x3::k: and 81 numbers)"
        )
    return _READERS[_checked(form)](text)


def format_killer(puzzle: Puzzle, form: str) -> str:
    """Write a 9x9 killer (cages with totals, no givens) as a killer text of ``form``.

    >>> format_killer(parse_killer("3<" + "9" * 79), "sudocue")[:20]
    '3x3::k:768:768:2305:'
    """
    return _WRITERS[_checked(form)](puzzle)


_READERS: dict[str, Callable[[str], Puzzle]] = {"arrows": read_arrows, "sudocue": read_sudocue}
_WRITERS: dict[str, Callable[[Puzzle], str]] = {"arrows": write_arrows, "sudocue": write_sudocue}


def _checked(form: str) -> str:
    """Return the form, or refuse one that is none of :data:`FORMS`."""
    if form not in FORMS:
        raise InputError(f"unknown killer text form {form!r}: expected one of {', '.join(FORMS)}")
    return form
