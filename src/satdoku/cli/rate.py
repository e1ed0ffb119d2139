"""``satdoku rate``: rate each puzzle by the rules it needs, one record per puzzle, in order.

JSON records (exact contract): ``{"index": i, "line": l, "status": s, "level": name,
"rung": r, "counts": {technique: steps}, "guesses": g}`` per puzzle, where ``status`` is
``solved`` or ``unsolvable`` (``invalid`` with ``"error"`` and null level and rung for an
unreadable puzzle), ``level`` one of easy, medium, hard, expert, extreme, guessing and ``rung``
0 to 5 (:mod:`satdoku.rules.rating`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..api.batch import solve_entries
from ..core.puzzle import Puzzle
from ..core.results import Result, Status
from ..rules.rating import rate
from .batch_options import add_jobs_option, add_progress_option, jobs_of
from .common import add_input_options, read_entries, report_error
from .dask_hook import dask_aware
from .dask_options import add_dask_options
from .help_format import HelpFormat
from .progress import Progress, count_puzzle_lines, wants_progress

__all__ = ["NAME", "register", "run", "Rater"]

NAME = "rate"

EPILOG = """examples:
  satdoku rate --example                  # the bundled example: its level and rung
  satdoku rate puzzles.txt                # one line per puzzle: level, rung, techniques used
  satdoku rate puzzles.txt --json         # {"index": 0, "level": "hard", "rung": 2, ...}
  satdoku rate big.txt --jobs 2 > out.txt # two worker processes, a progress bar on stderr
  echo PUZZLE | satdoku rate - --regions map.txt   # a jigsaw: set logic reads any houses

levels (rungs): easy (0: rules 1 and 2, singles), medium (1: + locked candidates),
hard (2: + pairs, X-wing), expert (3: + triples, swordfish), extreme (4: + quads,
jellyfish), guessing (5: set logic up to size 4 does not solve it; "guesses" counts the
stepper's guesses with rules 1 and 2).
"""


class Rater:
    """The rating as a batch backend: its result's ``extra["rating"]`` holds the rating.

    >>> from satdoku.io.line import parse_line
    >>> Rater().solve(parse_line("1.3..4..2...4..1")).extra["rating"]["level"]
    'easy'
    """

    def solve(self, puzzle: Puzzle) -> Result:
        """Rate one puzzle."""
        r = rate(puzzle)
        status = Status.SOLVED if r.status == "solved" else Status.UNSOLVABLE
        rating = {
            "level": r.level.value,
            "rung": r.rung,
            "counts": r.counts,
            "guesses": r.guesses,
        }
        return Result(status, None, puzzle, None, {"rating": rating})

    def close(self) -> None:
        """Hold nothing."""

    def __enter__(self) -> Rater:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``rate`` command."""
    parser = sub.add_parser(
        NAME,
        help="rate puzzles by the rules they need",
        description="Rate each puzzle of FILE by the weakest rung of the ladder that solves it "
        "without guessing: rules 1 and 2 (singles), then set logic of size 1 to 4, else "
        "guessing; print one record per puzzle, in input order, with the techniques used.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON record per puzzle: index, line, status, level, rung, counts, guesses",
    )
    batch = parser.add_argument_group("batches")
    add_jobs_option(
        batch, "rate in N worker processes, output still in input order (0: one per CPU; default 1)"
    )
    add_progress_option(batch)
    add_dask_options(batch, "rate")
    parser.set_defaults(run=dask_aware(run))


def _plain(rec: dict[str, Any]) -> str:
    """Return the one-line form of a record: level, rung, guesses, techniques beyond singles."""
    if rec["status"] == "invalid":
        return "invalid"
    text = f"{rec['level']:<8}  rung {rec['rung']}"
    if rec["status"] != "solved":
        text += f"  {rec['status']}"
    if rec["rung"] == 5:
        text += f"  {rec['guesses']} {'guess' if rec['guesses'] == 1 else 'guesses'}"
    counts = rec["counts"]
    used = [f"{name} {k}" for name, k in counts.items() if name not in _SINGLES]
    used += [f"{name} {counts[name]}" for name in _SINGLES if name in counts]
    return text + ("  " + ", ".join(used) if used else "")


_SINGLES = ("elimination", "lone-cell", "lone-ranger")


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle of the input; return 2 when any could not be read, else 0."""
    jobs = jobs_of(args)
    bar = None
    if args.file is not None and wants_progress(sys.stderr, args.json, args.progress):
        bar = Progress(sys.stderr, count_puzzle_lines(args.file))
    status = 0
    out = sys.stdout
    rater = Rater()
    try:
        for outcome in solve_entries(read_entries(args), rater, jobs=jobs, factory=Rater):
            entry, result = outcome.entry, outcome.result
            if bar is not None:
                bar.tick()
            rec: dict[str, Any] = {"index": entry.index, "line": entry.line}
            rating = result.extra.get("rating")
            if rating is None:
                if entry.error is not None:
                    report_error(entry.error)
                    status = 2
                else:  # a worker died on its chunk
                    print(f"satdoku: puzzle {entry.index}: {result.error}", file=sys.stderr)
                rec.update(status="invalid", level=None, rung=None, counts={}, guesses=0)
                rec["error"] = result.error
            else:
                rec["status"] = result.status.value
                rec.update(rating)
            out.write((json.dumps(rec) if args.json else _plain(rec)) + "\n")
    finally:
        if bar is not None:
            bar.close()
    return status
