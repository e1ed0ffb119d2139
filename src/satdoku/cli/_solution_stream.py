"""Every solution of one puzzle written as it is found (``solve --all``): text lines or one record.

Only the number written is kept, so memory does not grow with the number of solutions. Text: a
``# puzzle K`` line, the solutions, then ``# puzzle K: N solutions`` (with why it stopped, when
it did). JSON: one record per puzzle on one line, ``{"index": i, "solutions": [...], ...}``, the
fields known only at the end (``"status"``, ``"count"``, ``"complete"``, ``"unique"``...) after the
list; the bytes are those of ``json.dumps`` of the whole record. A record is whole or absent: a
stop signal (Ctrl-C, SIGTERM, SIGHUP) after it was begun closes it (``"status": "timeout"``,
``"complete": false``, ``"interrupted": true``) before the run stops.

>>> import io
>>> from satdoku.core._results import Result, Status
>>> from satdoku.io._reading import read_puzzles
>>> entry = next(read_puzzles(["1..."]))
>>> out = io.StringIO()
>>> stream = SolutionStream(out, "json", entry, Alphabet())
>>> stream.add((1, 2, 2, 1))
>>> stream.close(Result(Status.SOLVED, (1, 2, 2, 1), extra={"count": 1, "complete": True}))
>>> out.getvalue()
'{"index": 0, "solutions": ["1221"], "status": "solved", "solution": "1221", "line": 1, \
"count": 1, "complete": true}\\n'
"""

from __future__ import annotations

import json
from typing import TextIO

from ..backends import _stop_flag as stop_flag
from ..core._puzzle import Grid
from ..core._results import Result, Status
from ..io._alphabet import Alphabet
from ..io._entries import Entry
from ..io._line import format_line
from ..views._records import record
from ._deferred_stop import DeferredStop
from ._output import grid_text

__all__ = ["SolutionStream"]


class SolutionStream:
    """Write one puzzle's solutions in format ``fmt`` as they come; :meth:`close` ends them."""

    def __init__(self, out: TextIO, fmt: str, entry: Entry, alphabet: Alphabet) -> None:
        self.out, self.fmt, self.entry, self.alphabet = out, fmt, entry, alphabet
        self.count = 0
        self.begun = False

    def add(self, grid: Grid) -> None:
        """Write one more solution; a stop signal lands between two, never between a solution's
        write and its count."""
        if self.fmt == "json":
            text = (", " if self.begun else self._json_head()) + json.dumps(
                format_line(grid, self.alphabet)
            )
        else:
            puzzle = self.entry.puzzle
            assert puzzle is not None
            head = "" if self.begun else self._text_gap() + f"# puzzle {self.entry.index + 1}\n"
            gap = "\n" if self.begun and self.fmt != "line" else ""
            text = head + gap + grid_text(self.fmt, grid, puzzle.shape, self.alphabet) + "\n"
        with stop_flag.held():  # acted on once the solution is written and counted
            self.out.write(text)
            self.begun = True
            self.count += 1

    def close(self, result: Result, *, interrupted: bool = False) -> None:
        """End the puzzle's output with its result (count, complete... in ``result.extra``)."""
        if self.fmt == "json":
            rec = record(self.entry.index, result, self.alphabet, self.entry.line)
            del rec["index"]
            if interrupted:
                rec["interrupted"] = True
            tail = json.dumps(rec)[1:]
            head = "" if self.begun else self._json_head()
            self.out.write(head + "]" + (", " + tail if tail != "}" else "}") + "\n")
        else:
            gap = "" if self.begun else self._text_gap()
            summary = self._summary(result, interrupted)
            self.out.write(f"{gap}# puzzle {self.entry.index + 1}: {summary}\n")

    def interrupt(self) -> None:
        """Close a begun output as a cut one (a stop signal arrived); write nothing otherwise.

        A second stop signal while the output is closed waits until it is whole.
        """
        if not self.begun:
            return
        extra = {"count": self.count, "complete": False}
        with DeferredStop():
            self.close(Result(Status.TIMEOUT, extra=extra), interrupted=True)
            self.out.flush()

    def _json_head(self) -> str:
        return f'{{"index": {self.entry.index}, "solutions": ['

    def _text_gap(self) -> str:
        return "\n" if self.entry.index else ""

    def _summary(self, result: Result, interrupted: bool) -> str:
        """Say how many solutions were written and why the list ended where it did."""
        extra = result.extra
        if result.status is Status.INVALID:
            return "invalid" + (f": {result.error}" if result.error else "")
        count = extra.get("count", self.count)
        text = f"{count} solution{'' if count == 1 else 's'}"
        if result.status is Status.TIMEOUT:
            text += " (interrupted" if interrupted else " (timeout"
            text += "; there may be more)"
        elif not extra.get("complete", True):
            text += " (stopped at --limit; there are more)"
        unique = extra.get("unique")
        if unique is not None:
            text += ", unique" if unique else ", not unique"
        return text
