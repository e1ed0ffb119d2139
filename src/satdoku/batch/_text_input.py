"""Text lines of a byte stream as every command reads them, and the refusal of an empty input."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import IO

from ..backends import _stop_flag as stop_flag
from ..core._errors import InputError
from ..io._entries import Entry

__all__ = ["MAX_LINE_BYTES", "empty_input", "nonempty_entries", "read_bytes", "text_lines"]

MAX_LINE_BYTES = 2 * 2**20
"""The longest line read: a 256x256 puzzle on one line of integer tokens is about 260 KB. A longer
line is cut there (and refused for its length), the rest of it skipped, so memory stays bounded."""


def text_lines(stream: IO[bytes], source: str) -> Iterator[str]:
    """Yield the text lines of a byte stream as every command reads them (overlong lines cut,
    bad UTF-8 replaced); a NUL byte or a failing read is an input error.

    >>> list(text_lines(io.BytesIO(b"1...\\n.2..\\n"), "p.txt"))
    ['1...\\n', '.2..\\n']
    """
    head = stream.peek(4096) if isinstance(stream, io.BufferedReader) else b""
    if b"\0" in head:
        raise InputError("not a text file (it holds NUL bytes)", source=source)
    readline = stream.readline
    while raw := read_bytes(readline, source, MAX_LINE_BYTES + 1):
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while (rest := readline(2**20)) and not rest.endswith(b"\n"):
                pass  # the rest of an overlong line, skipped in bounded pieces
            raw = raw[:MAX_LINE_BYTES]  # what is kept is refused for its length
        if b"\0" in raw:
            raise InputError("not a text file (it holds NUL bytes)", source=source)
        yield raw.decode("utf-8", errors="replace")


def read_bytes(read: Callable[[int], bytes], source: str, size: int) -> bytes:
    """Read up to ``size`` bytes (a line, a block); a failing read is an input error.

    >>> read_bytes(io.BytesIO(b"12\\n34\\n").readline, "p.txt", 10)
    b'12\\n'
    """
    try:
        return stop_flag.interruptible(read, size)  # input may be slow to come
    except OSError as err:  # EIO from a terminal gone, EISDIR from a directory, ...
        raise InputError(f"cannot read: {err.strerror or err}", source=source) from None


def nonempty_entries(entries: Iterator[Entry], source: str) -> Iterator[Entry]:
    """Yield the entries; an input with none at all is an input error (it names stdin's ways).

    >>> list(nonempty_entries(iter([]), "p.txt"))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: p.txt: empty input: no puzzle found
    """
    seen = False
    for entry in entries:
        seen = True
        yield entry
    if not seen:
        raise empty_input(source)


def empty_input(source: str) -> InputError:
    """Return the error of an input without any puzzle (it names standard input's ways).

    >>> empty_input("<stdin>").message.startswith("empty input: no puzzle found (give a FILE")
    True
    """
    hint = (
        " (give a FILE, pipe puzzles in, or --example for the bundled example)"
        if source == "<stdin>"
        else ""
    )
    return InputError(f"empty input: no puzzle found{hint}", source=source)
