"""A file of one puzzle per line cut into chunks of whole lines, each knowing where it starts.

The chunks are read in bounded pieces (a reader never holds the whole file) and each one tells
the line number of its first line and how many puzzles came before it, so that a chunk solved
alone can name its lines and number its puzzles as the whole file would. A line over the longest
read (``max_line`` bytes) keeps only what the file reader keeps of it (the rest is skipped as the
reader skips it), and a line holding a NUL byte starts a chunk of its own and ends the chunking:
the reader stops at it, so nothing after it is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, NamedTuple

__all__ = ["LineChunk", "content_lines", "line_chunks"]

MIN_LINES = 67
"""Content lines a chunk after the first holds at least: more rows than a reader looks at to
tell one grid from lines of puzzles of up to 65 cells (wider lines ask for more, see
:func:`line_chunks`)."""


class LineChunk(NamedTuple):
    """Whole lines of a file: their bytes, where they start and how many puzzle lines they hold.

    ``offset`` is where the bytes start in the file when they are the file's bytes exactly
    (None when a line over the longest read was cut short in them): a process that sees the
    file can read them itself, ``length`` bytes from there.

    >>> LineChunk(b"1...\\n", 3, 1, 1).first_line
    3
    """

    data: bytes
    first_line: int
    first_index: int
    puzzles: int
    offset: int | None = None

    @property
    def length(self) -> int:
        """Count the chunk's bytes."""
        return len(self.data)


def content_lines(data: bytes, first_line: int = 1) -> int:
    """Count the lines the reader takes as puzzles: not blank, not ``#`` comments.

    >>> content_lines(b"# a comment\\n1...\\n\\n  \\n12\\n")
    2
    """
    return _measure(data, first_line)[0]


def _measure(data: bytes, first_line: int) -> tuple[int, int, int]:
    """Return the data's content lines (as :func:`content_lines`), longest line and newlines."""
    newlines = data.count(b"\n")
    width = _even_width(data, newlines)
    if _plain(data, width):  # every line is a puzzle line
        lines = newlines + (0 if data.endswith(b"\n") else 1)
        return lines, width or _longest(data), newlines
    return _counted_lines(data, first_line), _longest(data), newlines


def _even_width(data: bytes, newlines: int) -> int:
    """Return the width of the data's lines when all are as wide, none empty, each ending in a
    newline (a file of puzzle lines of one shape); else 0.

    >>> _even_width(b"12\\n34\\n", 2), _even_width(b"12\\n3\\n", 2), _even_width(b"\\n\\n", 2)
    (2, 0, 0)
    """
    width = data.find(b"\n")
    step = width + 1
    if width < 1 or len(data) != step * newlines:
        return 0
    return width if data[width::step].count(b"\n") == newlines else 0


def _counted_lines(data: bytes, first_line: int) -> int:
    text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    if first_line == 1:
        lines[0] = lines[0].lstrip("\ufeff")
    return sum(1 for line in lines if (kept := line.strip()) and kept[0] != "#")


_INVISIBLE = bytes(range(33)).replace(b"\n", b"") + b"\x7f"
"""ASCII bytes that are blank (or control) in a line: with none of them, no line is blank."""


def _plain(data: bytes, width: int = 0) -> bool:
    """Tell whether every line of the data is a puzzle line: ASCII, no ``#``, and no line blank
    (``width``: the lines are known to be all that wide, so a line is blank only if its first
    byte is; else no blank or control byte may be anywhere).

    >>> _plain(b"1...\\n2...\\n"), _plain(b"1...\\n\\n"), _plain(b"# c\\n"), _plain(b"1 .\\n")
    (True, False, False, False)
    >>> _plain(b"1 .\\n2 .\\n", width=3), _plain(b"1 .\\n  .\\n", width=3)
    (True, False)
    """
    if not data or not data.isascii() or b"#" in data:
        return False
    if width:
        first = data[:: width + 1]  # the first byte of every line
        return len(first.translate(None, _INVISIBLE)) == len(first)
    return (
        b"\n\n" not in data
        and not data.startswith(b"\n")
        and len(data.translate(None, _INVISIBLE)) == len(data)
    )


class _Counted:
    """A binary stream that counts the bytes read from it."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.count = 0

    def read(self, size: int) -> bytes:
        data = self.stream.read(size)
        self.count += len(data)
        return data

    def readline(self, size: int) -> bytes:
        data = self.stream.readline(size)
        self.count += len(data)
        return data


def _longest(data: bytes) -> int:
    return max(map(len, data.split(b"\n")))


def _complete(data: bytes, stream: _Counted, max_line: int) -> bytes:
    """End a block at a line's end: read the rest of its last line, keeping of an overlong line
    only its first ``max_line + 1`` bytes (what the reader keeps of it, the rest being skipped)."""
    start = data.rfind(b"\n") + 1
    if start == len(data):
        return data
    line = data[start:]
    if len(line) <= max_line:
        wanted = max_line + 1 - len(line)
        more = stream.readline(wanted)
        line += more
        if line.endswith(b"\n") or len(more) < wanted:  # a whole line, or the file's last one
            return data[:start] + line
    while (rest := stream.readline(2**20)) and not rest.endswith(b"\n"):
        pass  # the rest of an overlong line, skipped in bounded pieces as the reader skips it
    return data[:start] + line[: max_line + 1] + b"\n"


def line_chunks(
    stream: IO[bytes], chunk_bytes: int = 2**20, max_line: int = 2 * 2**20
) -> Iterator[LineChunk]:
    """Yield the file's lines in chunks of about ``chunk_bytes`` (whole lines), in order.

    A chunk after the first holds more content lines than the longest line before it has
    bytes (and at least :data:`MIN_LINES`), so its first rows never pass for one grid; a short
    tail joins the chunk before it.

    >>> import io
    >>> text = b"".join(b"1...........%04d\\n" % i for i in range(200))
    >>> [(c.first_line, c.first_index, c.puzzles) for c in line_chunks(io.BytesIO(text), 1000)]
    [(1, 0, 59), (60, 59, 141)]
    """
    chunk_bytes = max(1, min(chunk_bytes, max_line))
    counted = _Counted(stream)
    line, index, longest = 1, 0, 0
    held: LineChunk | None = None  # the chunk before: a short tail joins it
    pending, pending_count, pending_longest = b"", 0, 0  # lines read, too few for a chunk yet
    pending_newlines = 0
    offset: int | None = 0  # where pending starts in the file, None once it is not its bytes
    stop = b""  # from a line holding a NUL byte on: the last chunk
    while True:
        start = counted.count
        data = counted.read(chunk_bytes)
        if data:
            data = _complete(data, counted, max_line)
            if b"\0" in data:
                cut = data.rfind(b"\n", 0, data.index(b"\0")) + 1
                data, stop = data[:cut], data[cut:]
        exact = counted.count - start == len(data) + len(stop)
        if data:
            lines, widest, newlines = _measure(data, line if not pending else 0)
            pending_count += lines
            pending_longest = max(pending_longest, widest)
            pending_newlines += newlines
            if not pending:
                offset = start
            pending += data
            if not exact:
                offset = None
        need = max(MIN_LINES, longest + 2) if line > 1 else 0
        last = not data or bool(stop)
        if pending and (pending_count >= need or last):
            if held is not None and pending_count < need:  # a short tail joins the chunk before
                joined = None if held.offset is None or offset is None else held.offset
                held = held._replace(
                    data=held.data + pending, puzzles=held.puzzles + pending_count, offset=joined
                )
            else:
                if held is not None:
                    yield held
                held = LineChunk(pending, line, index, pending_count, offset)
            line += pending_newlines
            index += pending_count
            longest = max(longest, pending_longest)
            pending, pending_count, pending_longest, pending_newlines = b"", 0, 0, 0
        if last:
            if held is not None:
                yield held
            if stop:
                at = start + len(data) if exact else None
                yield LineChunk(stop, line, index, content_lines(stop, line), at)
            return
