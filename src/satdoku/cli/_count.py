"""``satdoku count``: count each puzzle's solutions, one answer per puzzle, in input order.

JSON records (exact contract): ``{"index": i, "count": k, "complete": bool}`` per puzzle, where
``complete`` is false when ``--limit`` (or ``--timeout``) stopped the count; plus ``"status"``
(``counted``, ``timeout`` or ``invalid``), ``"line"`` (the puzzle's first line in the file), and
for an unreadable puzzle ``"error"`` with ``"count": null``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any, TextIO

from ..backends import _stop_flag as stop_flag
from ..batch._option_types import MAX_COUNT, seconds, whole_number
from ..core._errors import InputError
from ..core._limits import Limits
from ._common import (
    add_input_options,
    read_entries,
    report_error,
    source_of,
)
from ._help_format import HelpFormat

__all__ = ["NAME", "CountShown", "register", "run"]

NAME = "count"

EPILOG = """examples:
  satdoku count puzzles.txt               # one number per puzzle ('N+' when stopped early)
  satdoku count puzzles.txt --limit 2     # 0, 1 or 2+: none, unique, several
  satdoku count empty4.txt --json         # {"index": 0, "count": 288, "complete": true, ...}
  echo ......................... | satdoku count - --latin   # 161280 5x5 Latin squares
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``count`` command."""
    parser = sub.add_parser(
        NAME,
        help="count the solutions of puzzles",
        description="Count the solutions of each puzzle of FILE and print one answer per "
        "puzzle, in input order. Counting splits on the cell with the fewest candidates and "
        "caches small branches, so large counts need no SAT call per solution.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    group = parser.add_argument_group("counting")
    group.add_argument(
        "--limit",
        type=whole_number(MAX_COUNT),
        metavar="N",
        help="stop past N solutions: the count is N and complete is false",
    )
    group.add_argument(
        "--timeout",
        type=seconds,
        metavar="SECONDS",
        help="stop a puzzle's count after this many seconds (status timeout)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON record per puzzle: index, count, complete, status",
    )
    parser.set_defaults(run=run)


class CountShown:
    """Show a long count on a terminal: the solutions so far, and how to bound the count.

    Nothing is drawn in the first second (most counts end sooner); the line is cleared at the end.

    >>> import io
    >>> out = io.StringIO()
    >>> shown = CountShown(out, 0, bounded=False, delay=0)
    >>> shown(5000); shown.close()
    >>> "5,000+ solutions" in out.getvalue() and "--limit" in out.getvalue()
    True
    """

    def __init__(self, stream: TextIO, index: int, bounded: bool, delay: float = 1.0) -> None:
        self.stream, self.index, self.bounded = stream, index, bounded
        self.start = time.monotonic()
        self.next = self.start + delay
        self.width = 0

    def __call__(self, found: int) -> None:
        now = time.monotonic()
        if now < self.next:
            return
        self.next = now + 0.25
        hint = "" if self.bounded else "  (--limit N or --timeout S bounds it; Ctrl-C stops)"
        text = (
            f"puzzle {self.index + 1}: {found:,}+ solutions so far, {now - self.start:,.0f} s{hint}"
        )
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        """Clear the line (the count itself goes to standard output)."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    """Count every puzzle's solutions; return 2 when any could not be read, else 0."""
    from ..api._explorer import Explorer  # lazy: start-up
    from ..cnf._formula_size import FormulaTooBig  # lazy: start-up

    if args.limit is not None and args.limit < 0:
        raise InputError(f"--limit must be 0 or more, got {args.limit}")
    if args.timeout is not None and not 0 < args.timeout < math.inf:  # nan, inf too
        raise InputError(f"--timeout must be positive, got {args.timeout}")
    status = 0
    out = sys.stdout
    on_terminal = sys.stderr.isatty()
    bounded = args.limit is not None or args.timeout is not None
    with Explorer(limits=Limits(args.timeout)) as explorer, stop_flag.held():
        for entry in read_entries(args):
            stop_flag.check()  # a stop signal is acted on between two records
            rec: dict[str, Any]
            if entry.puzzle is None:
                assert entry.error is not None
                report_error(entry.error)
                status = 2
                rec = {
                    "index": entry.index,
                    "count": None,
                    "complete": False,
                    "status": "invalid",
                    "error": entry.error.located(),
                }
                if entry.line is not None:
                    rec["line"] = entry.line
            else:
                shown = CountShown(sys.stderr, entry.index, bounded) if on_terminal else None
                try:
                    found = explorer.count(entry.puzzle, args.limit, progress=shown)
                except FormulaTooBig as err:  # refused before it was built: this record says so
                    report_error(InputError(str(err), source=source_of(args), line=entry.line))
                    status = 2
                    found = None
                    rec = {"index": entry.index, "count": None, "complete": False}
                    rec.update(status="invalid", error=str(err), line=entry.line)
                finally:
                    if shown is not None:
                        shown.close()
                if found is not None:
                    rec = {
                        "index": entry.index,
                        "count": found.count,
                        "complete": found.complete,
                        "status": "timeout" if found.timed_out else "counted",
                    }
                    if entry.line is not None:
                        rec["line"] = entry.line
            if args.json:
                out.write(json.dumps(rec) + "\n")
            elif rec["status"] == "invalid":
                out.write("invalid\n")
            else:
                out.write(
                    f"{rec['count']}{'' if rec['complete'] else '+'}"
                    f"{' (timeout)' if rec['status'] == 'timeout' else ''}\n"
                )
    return status
