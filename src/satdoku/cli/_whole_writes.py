"""Standard output whose writes are whole, even when a stop signal lands in a blocked write.

When a write to a full pipe is interrupted by a signal whose handler returns (satdoku only notes
a stop signal while it writes records, :mod:`satdoku.backends._stop_flag`), ``write(2)`` returns
the part it wrote, and Python's buffered writer can then drop the rest of a large write: a record
cut mid-way, the records after it lost. Here the bytes go to the descriptor by a loop that writes
whatever ``write(2)`` left, so the buffered writer above it never sees a partial write.

>>> import io, os
>>> read_end, write_end = os.pipe()
>>> out = whole_text(write_end, encoding="utf-8", errors="strict", line_buffering=False)
>>> out.write("r1c1\\n" * 3) and out.flush()
>>> os.read(read_end, 100)
b'r1c1\\nr1c1\\nr1c1\\n'
>>> os.close(read_end); os.close(write_end)
"""

from __future__ import annotations

import io
import os
from typing import Any

__all__ = ["WholeWrites", "whole_text"]


class WholeWrites(io.RawIOBase):
    """A raw writer on a descriptor it does not own: each :meth:`write` writes every byte."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def fileno(self) -> int:
        return self.fd

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: Any) -> int:
        """Write all of ``data`` (a signal may stop ``write(2)`` part way: the rest follows)."""
        view = memoryview(data).cast("B")
        while view:
            view = view[os.write(self.fd, view) :]
        return len(memoryview(data).cast("B"))

    def close(self) -> None:  # the descriptor stays open: it belongs to the process
        self.flush()
        super().close()


def whole_text(
    fd: int, encoding: str, errors: str, line_buffering: bool, write_through: bool = False
) -> io.TextIOWrapper:
    """Return a text stream on descriptor ``fd`` (left open at close) whose writes are whole;
    ``write_through`` (``python -u``) writes each text at once, unbuffered."""
    raw = WholeWrites(fd)
    under: io.RawIOBase | io.BufferedWriter = raw if write_through else io.BufferedWriter(raw)
    return io.TextIOWrapper(
        under,  # type: ignore[arg-type]  # a raw writer that writes whole is a buffer's equal
        encoding=encoding,
        errors=errors,
        line_buffering=line_buffering,
        write_through=write_through,
    )
