"""Blocks of whole lines: a byte stream read in big pieces, each cut after its last newline."""

from __future__ import annotations

from collections.abc import Callable, Iterator

__all__ = ["BLOCK_BYTES", "line_blocks"]

BLOCK_BYTES = 64 * 1024
"""Bytes read at a time: about 800 lines of 9x9 puzzles, a few milliseconds of solving."""


def line_blocks(
    read: Callable[[int], bytes], longest: int, size: int = BLOCK_BYTES
) -> Iterator[bytes]:
    """Yield a stream's bytes in blocks of whole lines (the last may lack its newline).

    Memory stays bounded: a line still without its newline after ``longest`` bytes comes alone,
    cut to those bytes, and the rest of it up to its newline is skipped (as the line reader of
    :mod:`satdoku.cli._common` skips it).

    >>> import io
    >>> list(line_blocks(io.BytesIO(b"12\\n34\\n5").read, 10, size=4))
    [b'12\\n', b'34\\n', b'5']
    >>> list(line_blocks(io.BytesIO(b"1\\n" + b"x" * 30 + b"\\n2\\n").read, 10, size=8))
    [b'1\\n', b'xxxxxxxxxx', b'2\\n']
    """
    tail = b""
    skipping = False
    while data := read(size):
        if skipping:
            cut = data.find(b"\n")
            if cut < 0:
                continue
            data, skipping = data[cut + 1 :], False
        if tail:
            data = tail + data
        cut = data.rfind(b"\n") + 1
        if cut:
            yield data[:cut]
        tail = data[cut:]
        if len(tail) > longest:
            yield tail[:longest]
            tail, skipping = b"", True
    if tail:
        yield tail
