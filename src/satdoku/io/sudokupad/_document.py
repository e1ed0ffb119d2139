"""The SCL document an ``scl`` puzzle ID holds: lz-string compressed text (as f-puzzles'
links use) of the puzzle's JSON, plain or in SudokuPad's compact form (:mod:`._zipped`)."""

from __future__ import annotations

import json

from ...core._errors import InputError
from ..fpuzzles._lz_base64 import compress_to_base64, decompress_from_base64
from ._zipped import format_zipped, long_keys, parse_zipped

__all__ = ["scl_document", "scl_text"]

_WHAT = "SudokuPad data"


def scl_document(data: str, column: int = 1) -> object:
    """Return the SCL document of an ID's data: compressed text, JSON or compact JSON.

    >>> scl_document(scl_text({"cells": [[{"value": 1}]]}))
    {'cells': [[{'value': 1}]]}
    >>> scl_document('{"cells": [[{}]]}'), scl_document("{ce:[[]]}")
    ({'cells': [[{}]]}, {'cells': [[{}]]})
    >>> scl_document('{"cells": [[{}],]}')
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: SudokuPad data: invalid JSON: Expecting value (line 1, \
column 17)
    >>> scl_document("N4Ig*")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: SudokuPad data, column 5: expected a base64 character \
(A-Z a-z 0-9 + / =), got '*'
    """
    text = data.strip()
    if not text.startswith("{"):
        text = decompress_from_base64(text, _WHAT, column)
        if not text.lstrip().startswith("{"):
            cut = "..." if len(text) > 20 else ""
            raise InputError(f"{_WHAT}: its content is not a puzzle's JSON ({text[:20]!r}{cut})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        if '"' in text:  # JSON (the compact form quotes with ')
            raise InputError(
                f"{_WHAT}: invalid JSON: {err.msg} (line {err.lineno}, column {err.colno})"
            ) from None
    except (RecursionError, ValueError) as err:
        raise InputError(f"{_WHAT}: invalid JSON ({err})") from None
    return long_keys(parse_zipped(text, _WHAT), _WHAT)


def scl_text(document: object) -> str:
    """Return an SCL document as an ``scl`` ID's data: compact JSON, compressed.

    >>> scl_text({"cells": [[{}]]})
    'N4YwpgXA2lC6sF8g'
    """
    return compress_to_base64(format_zipped(document))
