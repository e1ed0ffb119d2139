"""``satdoku solve``: solve puzzles, one output per input puzzle, in order."""

from __future__ import annotations

import argparse
import sys

from ..backends import stop_flag
from ..backends.registry import BackendKind
from ..batch.line_run import solve_stream
from .batch_options import MAX_JOBS, add_jobs_option, add_progress_option, batch_of, jobs_of
from .common import add_input_options, add_solver_options, open_input
from .dask_hook import dask_aware
from .dask_options import add_dask_options
from .help_format import HelpFormat
from .option_types import MAX_COUNT, whole_number
from .output import add_format_options
from .progress import Progress, count_puzzle_lines, wants_progress
from .space_options import add_space_options, run_space, wants_space

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
    parser.add_argument(
        "--backend",
        default="sat",
        choices=[kind.value for kind in BackendKind],
        help="sat (PySAT, default) or stepper (pure Python: rules 1 and 2, "
        "guessing the cell with fewest candidates; --timeout and --conflicts "
        "apply, --conflicts counting backtracks)",
    )
    parser.add_argument(
        "--native",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="grids up to 64x64: try the compiled engine (rules 1 and 2 and guessing, in C) "
        "first, PySAT taking the puzzles it gives up on; also for --unique without --where "
        "(default: when it is built and --strategy is auto; --no-native: PySAT only)",
    )
    out = parser.add_argument_group("output")
    add_format_options(
        out,
        "line (default for files), grid, json (records) or pretty boards",
        "one JSON record per puzzle: index, status, solution or error",
        pretty=True,
    )
    out.add_argument(
        "--explain",
        action="store_true",
        help="for each unsolvable puzzle, a minimal set of givens that cannot all "
        'hold (JSON: "conflict": [[row, col, digit], ...], 0-based) and the steps '
        "of rules 1 and 2 that prove it when they do",
    )
    batch = parser.add_argument_group("batches")
    add_jobs_option(
        batch,
        "solve in N worker processes, output still in input order (0: one per CPU; default 1)",
    )
    batch.add_argument(
        "--portfolio",
        type=whole_number(MAX_COUNT),
        metavar="N",
        help="big grids: race N solver configurations in child processes, the first answer "
        "winning (default: one per CPU, at most 2; 1 with --jobs over 1; 1: a single solver)",
    )
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
