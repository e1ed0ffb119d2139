"""Options of ``satdoku solve`` given as strings to the library (``["--alphabet", "ABCD"]``): the
batch they ask for, read without the command line's parser.

The options are those of :mod:`satdoku.batch._option_table` that say how a batch of puzzle lines
is read and solved, read as the command line reads them; any other is refused with a message
naming it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..core._errors import InputError
from ._line_run import Batch
from ._option_table import BATCH_OPTIONS, EXPLAIN, add_options
from ._option_values import reading_of, solve_options_of

__all__ = ["batch_of_options"]

_ONE_PROCESS = ("--order", "--all", "--limit", "--where", "--unique")
"""Options of the solution space: one process answers them, not a batch cut into chunks."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="satdoku solve", add_help=False, exit_on_error=False)
    add_options(parser, [option for option in BATCH_OPTIONS if option.lines])
    parser.add_argument("--json", action="store_true")  # the records are JSON anyway
    parser.add_argument("--format", choices=["json"])
    return parser


def batch_of_options(options: Sequence[str], source: str, fmt: str = "json") -> Batch:
    """Return the batch that options of ``satdoku solve`` ask for; raise ValueError for an
    option that is not one of a batch's, or a bad value.

    >>> batch = batch_of_options(["--alphabet", "ABCD", "--timeout", "2"], "p.txt")
    >>> batch.reading.alphabet.symbols, batch.options.limits.timeout, batch.fmt
    ('ABCD', 2.0, 'json')
    >>> batch_of_options(["--pretty"], "p.txt")
    Traceback (most recent call last):
    ...
    ValueError: satdoku solve options: --pretty is not an option of a batch of puzzle lines
    """
    try:
        args, rest = _parser().parse_known_args(list(options))
    except argparse.ArgumentError as err:
        raise ValueError(f"satdoku solve options: {err}") from None
    if rest:
        name = rest[0].partition("=")[0]
        why = (
            ": the solution space is explored in one process (satdoku solve, no --dask)"
            if name in _ONE_PROCESS
            else ""
        )
        raise ValueError(
            f"satdoku solve options: {rest[0]} is not an option of a batch of puzzle lines{why}"
        )
    try:
        return Batch(reading_of(args, source), solve_options_of(args), fmt, EXPLAIN.value_in(args))
    except InputError as err:
        raise ValueError(f"satdoku solve options: {err}") from None
