"""The options of batch commands (solve, rate, generate): worker processes and the progress bar."""

from __future__ import annotations

import argparse

from ..backends._limits import default_jobs
from ..batch._line_run import Batch
from ..batch._option_types import MAX_COUNT, whole_number
from ..batch._option_values import solve_options_of
from ..core._errors import InputError
from ._common import line_reading_of

__all__ = [
    "MAX_JOBS",
    "add_jobs_option",
    "add_progress_option",
    "batch_of",
    "jobs_of",
    "solve_options_of",
]

MAX_JOBS = 256
"""The most worker processes --jobs may ask for (each holds a solver)."""


def add_jobs_option(group: argparse._ActionsContainer, help: str, most: int = MAX_COUNT) -> None:
    """Add ``--jobs N`` (default 1; 0: one per CPU), parsed as a whole number up to ``most``."""
    group.add_argument("--jobs", type=whole_number(most), default=1, metavar="N", help=help)


def add_progress_option(
    group: argparse._ActionsContainer,
    help: str = "progress bar on stderr (default: when stderr is a terminal the results do not "
    "go to, and the output is not --json)",
) -> None:
    """Add ``--progress`` / ``--no-progress`` (default: decided by the terminal)."""
    group.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help=help)


def jobs_of(args: argparse.Namespace) -> int:
    """Return the worker processes ``--jobs`` asks for (0: one per CPU), or raise InputError.

    >>> jobs_of(argparse.Namespace(jobs=3))
    3
    >>> jobs_of(argparse.Namespace(jobs=-1))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: --jobs must be 0 (one per CPU) to 256, got -1
    """
    jobs = default_jobs() if args.jobs == 0 else args.jobs
    if not 0 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be 0 (one per CPU) to {MAX_JOBS}, got {args.jobs}")
    return int(jobs)


def batch_of(args: argparse.Namespace, jobs: int = 1) -> Batch:
    """Return the batch a ``solve`` run asks for: how it reads, solves and writes its puzzles.

    >>> from satdoku.cli import build_parser
    >>> batch_of(build_parser("solve").parse_args(["solve", "p.txt", "--json"])).fmt
    'json'
    """
    return Batch(
        line_reading_of(args),
        solve_options_of(args),
        args.format or ("pretty" if args.file is None else "line"),
        bool(getattr(args, "explain", False)),
        jobs,
        example=args.file is None,
    )
