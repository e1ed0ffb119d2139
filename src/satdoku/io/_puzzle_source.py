"""Where :func:`~satdoku.io._reading.read_puzzles` reads from: lines, a text, or a file.

A :class:`pathlib.Path` (any ``os.PathLike``) is a file. A string of several lines is a text. A
string of one line is a puzzle, unless it names an existing file: then it is the file when it is
no puzzle, and refused when it is both (``Path(name)`` says the file, ``[text]`` the text). A
one-line string that is no puzzle, names no file and looks like a file name is refused as such.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator

from ..core._errors import InputError

__all__ = ["file_lines", "source_lines"]

_FILE_NAME = re.compile(r"(?:.*[/\\])?[^/\\]*\.[A-Za-z][A-Za-z0-9]{0,4}$|.*[/\\]")
"""A one-line string that reads as a file name: a folder in it, or a suffix (``.txt``)."""


def file_lines(path: str | os.PathLike[str]) -> Iterator[str]:
    """Yield the lines of a text file (bytes that are not UTF-8 become U+FFFD, refused later).

    >>> list(file_lines("no/such/file.txt"))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: no/such/file.txt: cannot read: No such file or directory
    """
    try:
        with open(path, encoding="utf-8", errors="replace", newline=None) as stream:
            yield from stream
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror or err}", source=str(path)) from None


def source_lines(
    value: Iterable[str] | str | os.PathLike[str], is_puzzle: Callable[[str], bool]
) -> tuple[Iterable[str], str | None]:
    """Return the lines to read and the file's name (None for a text or lines).

    ``is_puzzle`` tells whether one line is a puzzle text.

    >>> source_lines("1...", lambda text: True)
    (['1...'], None)
    >>> source_lines("missing/puzzles.txt", lambda text: False)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: 'missing/puzzles.txt' is no puzzle and names no file: give \
Path('missing/puzzles.txt') for a file, or the puzzle's text
    """
    if isinstance(value, os.PathLike):
        return _checked_file(value), os.fspath(value)
    if not isinstance(value, str):
        return value, None
    if "\n" in value.rstrip("\r\n") or "\r" in value.rstrip("\r\n"):
        return value.splitlines(), None
    text = value.rstrip("\r\n")
    puzzle = is_puzzle(text)
    if not os.path.isfile(text):
        if not puzzle and _FILE_NAME.match(text.strip()):
            raise InputError(
                f"{text!r} is no puzzle and names no file: give Path({text!r}) for a file, "
                "or the puzzle's text"
            )
        return [text], None
    if puzzle:
        raise InputError(
            f"{text!r} is both a puzzle and the name of a file: give Path({text!r}) to read the "
            f"file, or [{text!r}] (a list of lines) to read the puzzle"
        )
    return _checked_file(text), text


def _checked_file(path: str | os.PathLike[str]) -> Iterator[str]:
    """Return the file's lines, refusing at once a file that cannot be opened."""
    if not os.path.isfile(path):
        what = "a folder" if os.path.isdir(path) else "no file"
        raise InputError(f"{os.fspath(path)!r} is {what}: expected a text file of puzzles")
    return file_lines(path)
