"""The options of batch commands (solve, rate, generate): worker processes and the progress bar."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial

from ..backends.limits import default_jobs
from ..backends.registry import Backend, BackendKind, make_backend
from ..backends.strategy import Strategy
from ..core.errors import InputError
from .common import encoding_of, limits_of
from .option_types import MAX_COUNT, whole_number

__all__ = ["MAX_JOBS", "add_jobs_option", "add_progress_option", "backend_maker_of", "jobs_of"]

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
    satdoku.core.errors.InputError: --jobs must be 0 (one per CPU) to 256, got -1
    """
    jobs = default_jobs() if args.jobs == 0 else args.jobs
    if not 0 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs must be 0 (one per CPU) to {MAX_JOBS}, got {args.jobs}")
    return int(jobs)


def backend_maker_of(args: argparse.Namespace, jobs: int) -> Callable[[], Backend]:
    """Return what makes the backend a ``solve`` run asked for (picklable: one per worker).

    A portfolio races one solver when there are worker processes (they share the cores).

    >>> from satdoku.cli import build_parser
    >>> args = build_parser("solve").parse_args(["solve", "p.txt", "--backend", "stepper"])
    >>> type(backend_maker_of(args, 1)()).__name__
    'StepperBackend'
    """
    if args.portfolio is not None and args.portfolio < 1:
        raise InputError(f"--portfolio must be 1 or more, got {args.portfolio}")
    kind = BackendKind(args.backend)
    if kind is BackendKind.STEPPER:
        return partial(make_backend, kind, limits=limits_of(args))
    return partial(
        make_backend,
        kind,
        solver=args.solver,
        encoding=encoding_of(args),
        strategy=Strategy(args.strategy),
        limits=limits_of(args),
        portfolio=args.portfolio if args.portfolio else (1 if jobs > 1 else None),
        native=args.native,
    )
