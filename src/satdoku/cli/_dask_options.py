"""The options that run a batch command on a Dask cluster: ``--dask``, ``--output-dir``, chunks.

Only the options live here (argparse alone): the code that runs on a cluster, and Dask itself,
are imported when ``--dask`` is given, so a run without it starts no faster or slower for them.
"""

from __future__ import annotations

import argparse

from ..batch._chunk_cut import CHUNK_BYTES
from ..batch._option_types import MAX_COUNT, whole_number
from ..core._errors import InputError

__all__ = [
    "CHUNK_BYTES",
    "CHUNK_PUZZLES",
    "RATE_CHUNK_BYTES",
    "add_dask_options",
    "check_without_dask",
    "chunk_bytes",
]


RATE_CHUNK_BYTES = 2**20
"""Bytes of input per chunk of ``rate``: rating takes a hundred times solving's time a puzzle,
so a chunk of 12,000 9x9 lines is already seconds of work."""

CHUNK_PUZZLES = 64
"""Puzzles per chunk of ``generate``."""


def chunk_bytes(command: str) -> int:
    """Return the bytes of input a chunk of the command holds by default.

    >>> chunk_bytes("solve") // 2**20, chunk_bytes("rate") // 2**20
    (4, 1)
    """
    return RATE_CHUNK_BYTES if command == "rate" else CHUNK_BYTES


def add_dask_options(group: argparse._ActionsContainer, command: str = "solve") -> None:
    """Add ``--dask ADDRESS``, ``--output-dir DIR`` and ``--chunk-size N`` for a command.

    >>> parser = argparse.ArgumentParser()
    >>> add_dask_options(parser, "solve")
    >>> parser.parse_args(["--dask", "local:2"]).dask
    'local:2'
    """
    lends = (
        "; this process solves chunks while they start, and alone when the input takes less "
        "time than their start"
        if command == "solve"
        else ""
    )
    group.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler's address (tcp://host:8786) or local[:N] (N "
        f"worker processes on this machine, default one per CPU{lends}); the output is the "
        "same, in input order (needs pip install 'satdoku[dask]')",
    )
    group.add_argument(
        "--output-dir",
        metavar="DIR",
        help="with --dask: one part file per chunk in DIR (part-00000000.txt, ...), so that "
        "cat in name order gives the whole output, instead of standard output",
    )
    unit, default = (
        ("puzzles", CHUNK_PUZZLES)
        if command == "generate"
        else ("bytes of input", chunk_bytes(command))
    )
    group.add_argument(
        "--chunk-size",
        type=whole_number(MAX_COUNT),
        metavar="N",
        help=f"with --dask: {unit} per chunk, the unit of work of a worker (default {default})",
    )


def check_without_dask(args: argparse.Namespace) -> None:
    """Refuse ``--output-dir`` and ``--chunk-size`` without ``--dask`` (they say how it splits).

    >>> check_without_dask(argparse.Namespace(dask=None, output_dir="out", chunk_size=None))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: --output-dir goes with --dask (one part file per chunk)
    """
    if args.dask is None and args.output_dir is not None:
        raise InputError("--output-dir goes with --dask (one part file per chunk)")
    if args.dask is None and args.chunk_size is not None:
        raise InputError("--chunk-size goes with --dask (the work of one worker at a time)")
