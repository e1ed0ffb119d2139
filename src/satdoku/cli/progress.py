"""A progress bar for long batches, drawn on standard error (no dependency)."""

from __future__ import annotations

import os
import stat
import sys
import time
from typing import TextIO

__all__ = ["Progress", "count_puzzle_lines", "wants_progress"]

_MAX_COUNTED_BYTES = 512 * 1024 * 1024


def wants_progress(stream: TextIO, json_output: bool, forced: bool | None = None) -> bool:
    """Tell whether to draw a bar: forced on/off, else only on a terminal and not with --json.

    >>> import io
    >>> wants_progress(io.StringIO(), False), wants_progress(io.StringIO(), False, True)
    (False, True)
    """
    if forced is not None:
        return forced
    return not json_output and stream.isatty()


def count_puzzle_lines(path: str | None) -> int | None:
    """Count the non-blank, non-comment lines of a file (None for stdin or a huge file).

    >>> count_puzzle_lines(None) is None
    True
    """
    if path is None or path == "-":
        return None
    try:
        info = os.stat(path)  # os, not pathlib: the command line's start-up stays light
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_COUNTED_BYTES:
            return None
        with open(path, "rb") as handle:
            return sum(1 for line in handle if line.strip() and not line.lstrip().startswith(b"#"))
    except OSError:
        return None


class Progress:
    """Draw ``[#####.....] done/total puzzles, rate/s, ETA`` at most ``hz`` times a second.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = Progress(out, total=4, hz=0)
    >>> bar.tick(4); bar.close()
    >>> "4/4 puzzles" in out.getvalue()
    True
    """

    def __init__(
        self,
        stream: TextIO = sys.stderr,
        total: int | None = None,
        hz: float = 8.0,
        unit: str = "puzzles",
    ):
        self.stream = stream
        self.unit = unit
        self.total = total
        self.period = 1.0 / hz if hz else 0.0
        self.done = 0
        self.start = time.perf_counter()
        self.next_draw = self.start
        self.width = 0

    def tick(self, count: int = 1) -> None:
        """Count finished puzzles; redraw when due."""
        self.done += count
        now = time.perf_counter()
        if now >= self.next_draw:
            self.next_draw = now + self.period
            self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        text = f"{self.done:,} {self.unit}  {rate:,.0f}/s"
        if self.total:
            frac = min(self.done / self.total, 1.0)
            filled = int(frac * 30)
            text = f"[{'#' * filled}{'.' * (30 - filled)}] {self.done:,}/{self.total:,} {self.unit}"
            text += f"  {rate:,.0f}/s"
            if rate > 0 and self.done < self.total:
                text += f"  ETA {(self.total - self.done) / rate:,.0f} s"
        pad = max(0, self.width - len(text))
        self.width = len(text)
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()

    def close(self) -> None:
        """Draw the final state and end the line."""
        self._draw(time.perf_counter())
        self.stream.write("\n")
        self.stream.flush()
