"""``satdoku solve``: solve puzzles, one output per input puzzle, in order."""

from __future__ import annotations

import argparse
import sys

from ..backends import _stop_flag as stop_flag
from ..batch._line_run import solve_stream
from ..batch._option_table import BACKEND, EXPLAIN, NATIVE, PORTFOLIO, add_options
from ._batch_options import MAX_JOBS, add_jobs_option, add_progress_option, batch_of, jobs_of
from ._common import add_input_options, add_solver_options, open_input
from ._dask_hook import dask_aware
from ._dask_options import add_dask_options
from ._help_format import HelpFormat
from ._output import add_format_options
from ._progress import Progress, count_puzzle_lines, wants_progress
from ._space_options import add_space_options, run_space, wants_space

__all__ = ["NAME", "register", "run", "MAX_JOBS"]

NAME = "solve"

EPILOG = """examples:
  satdoku solve --example                # the bundled example, shown as boards
  echo PUZZLE | satdoku solve            # no FILE: standard input (a pipe or a file)
  satdoku solve puzzles.txt              # one solution line per puzzle line
  satdoku solve puzzles.txt --json       # one JSON record per puzzle
  satdoku solve big.txt --jobs 2 > out.txt   # two worker processes, a progress bar on stderr
  satdoku solve big25.txt --portfolio 1  # big grids: one solver, no race of two
  satdoku solve puzzles.txt --explain    # unsolvable: the clashing givens and the rule steps
  satdoku solve puzzles.txt --backend stepper   # pure Python: the two rules + guessing
  satdoku solve puzzles.txt --no-native  # every puzzle through PySAT, none through the C engine
  satdoku solve p.txt --latin --order reading --where diagonal-has-2  # the first in reading order
  satdoku solve puzzles.txt --all --limit 10 --json   # every solution (at most 10) per puzzle
  satdoku solve puzzles.txt --unique --json      # records get "unique": true/false
  satdoku solve big.txt --alphabet ABCDEFGHIJKLMNOPQRSTUVWXY --pretty
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``solve`` command."""
    parser = sub.add_parser(
        NAME,
        help="solve puzzles",
        description="Solve each puzzle of FILE and print one result per puzzle, in input order. "
        "Unsolvable puzzles print 'unsolvable', unreadable ones 'invalid' (and a message on "
        "stderr).",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    add_solver_options(parser)
    add_space_options(parser)
    add_options(parser, (BACKEND, NATIVE))
    out = parser.add_argument_group("output")
    add_format_options(
        out,
        "line (default for files), grid, json (records) or pretty boards",
        "one JSON record per puzzle: index, status, solution or error",
        pretty=True,
    )
    EXPLAIN.add_to(out)
    batch = parser.add_argument_group("batches")
    add_jobs_option(
        batch,
        "solve in N worker processes, output still in input order (0: one per CPU; default 1)",
    )
    PORTFOLIO.add_to(batch)
    add_progress_option(batch)
    add_dask_options(batch, "solve")
    parser.set_defaults(run=dask_aware(run))


def run(args: argparse.Namespace) -> int:
    """Solve every puzzle of the input; return 2 when any could not be read, else 0."""
    if wants_space(args):
        return run_space(args)
    batch = batch_of(args, jobs_of(args))
    bar = None
    if args.file is not None and wants_progress(sys.stderr, batch.fmt == "json", args.progress):
        bar = Progress(sys.stderr, count_puzzle_lines(args.file))
    stream = open_input(args)
    try:
        with stop_flag.held():  # a stop signal is acted on between two records
            status = solve_stream(batch, stream, sys.stdout, tick=None if bar is None else bar.tick)
    finally:
        if args.file != "-":
            stream.close()
    if bar is not None:
        bar.close()
    return status
