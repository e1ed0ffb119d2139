"""The options of batch commands (solve, rate, generate): worker processes and the progress bar."""

from __future__ import annotations

import argparse

from ..backends.limits import default_jobs
from ..core.errors import InputError
from .option_types import MAX_COUNT, whole_number

__all__ = ["MAX_JOBS", "add_jobs_option", "add_progress_option", "jobs_of"]

MAX_JOBS = 256
"""The most worker processes --jobs may ask for (each holds a solver)."""


def add_jobs_option(group: argparse._ActionsContainer, help: str, most: int = MAX_COUNT) -> None:
    """Add ``--jobs N`` (default 1; 0: one per CPU), parsed as a whole number up to ``most``."""
    group.add_argument("--jobs", type=whole_number(most), default=1, metavar="N", help=help)


def add_progress_option(
    group: argparse._ActionsContainer,
    help: str = "progress bar on stderr (default: when stderr is a terminal and "
    "the output is not --json)",
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
    satdoku.core.errors.InputError: --jobs must be 0 (one per CPU) to 256, got -1
    """
    jobs = default_jobs() if args.jobs == 0 else args.jobs
    if not 0 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be 0 (one per CPU) to {MAX_JOBS}, got {args.jobs}")
    return int(jobs)
