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

    >>> LineChunk(b"1...\\n", 3, 1, 1).first_line
    3
    """

    data: bytes
    first_line: int
    first_index: int
    puzzles: int


def content_lines(data: bytes, first_line: int = 1) -> int:
    """Count the lines the reader takes as puzzles: not blank, not ``#`` comments.

    >>> content_lines(b"# a comment\\n1...\\n\\n  \\n12\\n")
    2
    """
    if _plain(data):  # every line holds visible ASCII only: each one is a puzzle line
        return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)
    text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    if first_line == 1:
        lines[0] = lines[0].lstrip("\ufeff")
    return sum(1 for line in lines if (kept := line.strip()) and kept[0] != "#")


_INVISIBLE = bytes(range(33)).replace(b"\n", b"") + b"\x7f"
"""ASCII bytes that are blank (or control) in a line: with none of them, no line is blank."""


def _plain(data: bytes) -> bool:
    """Tell whether no line of the data is blank, a comment or anything but visible ASCII.

    >>> _plain(b"1...\\n2...\\n"), _plain(b"1...\\n\\n"), _plain(b"# c\\n"), _plain(b"1 .\\n")
    (True, False, False, False)
    """
    return (
        bool(data)
        and data.isascii()
        and b"#" not in data
        and b"\n\n" not in data
        and not data.startswith(b"\n")
        and len(data.translate(None, _INVISIBLE)) == len(data)
    )


def _longest(data: bytes) -> int:
    return max(map(len, data.split(b"\n")))


def _complete(data: bytes, stream: IO[bytes], max_line: int) -> bytes:
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
    line, index, longest = 1, 0, 0
    held: LineChunk | None = None  # the chunk before: a short tail joins it
    pending, pending_count, pending_longest = b"", 0, 0  # lines read, too few for a chunk yet
    stop = b""  # from a line holding a NUL byte on: the last chunk
    while True:
        data = stream.read(chunk_bytes)
        if data:
            data = _complete(data, stream, max_line)
            if b"\0" in data:
                cut = data.rfind(b"\n", 0, data.index(b"\0")) + 1
                data, stop = data[:cut], data[cut:]
        if data:
            pending_count += content_lines(data, line if not pending else 0)
            pending_longest = max(pending_longest, _longest(data))
            pending += data
        need = max(MIN_LINES, longest + 2) if line > 1 else 0
        last = not data or bool(stop)
        if pending and (pending_count >= need or last):
            if held is not None and pending_count < need:  # a short tail joins the chunk before
                held = held._replace(data=held.data + pending, puzzles=held.puzzles + pending_count)
            else:
                if held is not None:
                    yield held
                held = LineChunk(pending, line, index, pending_count)
            line += pending.count(b"\n")
            index += pending_count
            longest = max(longest, pending_longest)
            pending, pending_count, pending_longest = b"", 0, 0
        if last:
            if held is not None:
                yield held
            if stop:
                yield LineChunk(stop, line, index, content_lines(stop, line))
            return
