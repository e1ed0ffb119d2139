"""A progress bar for long batches, drawn on standard error (no dependency)."""

from __future__ import annotations

import os
import stat
import sys
import time
from typing import TextIO

__all__ = ["Progress", "count_puzzle_lines", "shares_terminal", "wants_progress"]

_MAX_COUNTED_BYTES = 512 * 1024 * 1024

SHARED_PERIOD = 1.0
"""Seconds between the progress lines written on the terminal that shows the results."""


def wants_progress(stream: TextIO, json_output: bool, forced: bool | None = None) -> bool:
    """Tell whether to draw a bar: forced on/off, else only on a terminal and not with --json,
    nor when the results go to that terminal too (they show the progress themselves).

    >>> import io
    >>> wants_progress(io.StringIO(), False), wants_progress(io.StringIO(), False, True)
    (False, True)
    """
    if forced is not None:
        return forced
    return not json_output and stream.isatty() and not shares_terminal(stream)


def shares_terminal(stream: TextIO, results: TextIO | None = None) -> bool:
    """Tell whether ``stream`` is the terminal ``results`` (standard output) is written to.

    >>> import io
    >>> shares_terminal(io.StringIO(), io.StringIO())
    False
    """
    results = sys.stdout if results is None else results
    try:
        if results is None or not (stream.isatty() and results.isatty()):
            return False
        return os.fstat(stream.fileno()).st_rdev == os.fstat(results.fileno()).st_rdev
    except (AttributeError, OSError, ValueError):
        return False


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

    On the terminal the results are written to (``--progress`` asked for there), each state is
    a line of its own, at most once a :data:`SHARED_PERIOD`: a bar redrawn in place would share
    its line with the next result.

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
        self.own_lines = shares_terminal(stream)
        if self.own_lines:
            self.period = max(self.period, SHARED_PERIOD)
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
        if self.own_lines:
            self.stream.write(text + "\n")
            self.stream.flush()
            return
        pad = max(0, self.width - len(text))
        self.width = len(text)
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()

    def close(self) -> None:
        """Draw the final state and end the line."""
        self._draw(time.perf_counter())
        if not self.own_lines:
            self.stream.write("\n")
        self.stream.flush()
