"""Options and input handling shared by the CLI commands."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from typing import IO

from ..batch._line_reading import LineReading
from ..batch._option_table import (
    ALPHABET,
    AMO,
    BLANK,
    BOX,
    CONFLICTS,
    DIAGONALS,
    ENCODING,
    GAME,
    GRID,
    INPUT_FORMAT,
    LATIN,
    LINES,
    REGIONS,
    SOLVER,
    STRATEGY,
    TIMEOUT,
    add_options,
)
from ..batch._option_values import (
    alphabet_of,
    encoding_of,
    limits_of,
    reading_of,
    shape_options,
)
from ..batch._outcome_text import EXAMPLE, say_error
from ..batch._text_input import MAX_LINE_BYTES, nonempty_entries, text_lines
from ..core._errors import InputError
from ..io._entries import Entry

__all__ = [
    "EXAMPLE",
    "MAX_LINE_BYTES",
    "add_encoding_options",
    "add_input_options",
    "add_shape_options",
    "source_of",
    "add_solver_options",
    "read_entries",
    "open_input",
    "text_lines",
    "standard_input",
    "nonempty_entries",
    "resolve_input",
    "stdin_is_terminal",
    "shape_options",
    "alphabet_of",
    "encoding_of",
    "limits_of",
    "line_reading_of",
    "report_error",
    "example_text",
]


def example_text(name: str = EXAMPLE) -> str:
    """Return the text of a bundled example puzzle."""
    from importlib import resources  # loaded only when an example is read (start-up)

    return resources.files("satdoku.examples").joinpath(name).read_text(encoding="utf-8")


def add_input_options(parser: argparse.ArgumentParser, *, file_required: bool = False) -> None:
    """Add FILE and the options that say how to read puzzles from it."""
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs=None if file_required else "?",
        help="puzzles: one per line, or one grid; '-' reads standard input"
        + (
            ""
            if file_required
            else " (default: standard input when it is a pipe or a file, else the bundled example)"
        ),
    )
    group = parser.add_argument_group("reading puzzles")
    if not file_required:
        group.add_argument(
            "--example",
            action="store_true",
            help="read the bundled example puzzle (whatever standard input is)",
        )
    add_options(group, (ALPHABET, BLANK, GRID, LINES))
    add_shape_options(group)
    add_options(group, (GAME, INPUT_FORMAT))


def add_encoding_options(group: argparse._ArgumentGroup) -> None:
    """Add ``--encoding`` and ``--amo``: how the axioms become clauses."""
    add_options(group, (ENCODING, AMO))


def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """Add the options that choose the solver, encoding and limits."""
    add_options(
        parser.add_argument_group("solving"), (SOLVER, ENCODING, AMO, STRATEGY, TIMEOUT, CONFLICTS)
    )


def line_reading_of(args: argparse.Namespace) -> LineReading:
    """Return how the options say to read the puzzles of the command's input.

    >>> from satdoku.cli import build_parser
    >>> line_reading_of(build_parser().parse_args(["solve", "p.txt", "--latin"])).shape.latin
    True
    """
    return reading_of(args, source_of(args))


def source_of(args: argparse.Namespace) -> str:
    """Name the input of a command in messages: its file, ``<stdin>``, or the bundled example.

    >>> source_of(argparse.Namespace(file="-")), source_of(argparse.Namespace(file=None))
    ('<stdin>', 'sudoku9.txt')
    """
    return {None: EXAMPLE, "-": "<stdin>"}.get(args.file, args.file)


def add_shape_options(
    group: argparse._ActionsContainer,
    regions_metavar: str = "FILE",
    regions_help: str = "irregular regions (jigsaw): a grid file of region symbols, no boxes",
) -> None:
    """Add the shape options --box, --latin, --diagonals, --regions (read by shape_options)."""
    add_options(group, (BOX, LATIN, DIAGONALS))
    REGIONS.add_to(group, metavar=regions_metavar, help=regions_help)


def stdin_is_terminal() -> bool:
    """Tell whether standard input is an interactive terminal (False when closed or redirected)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):
        return False


def resolve_input(args: argparse.Namespace, *, stdin_taken: bool = False) -> None:
    """Decide where a command's puzzles come from; set ``args.file`` (None: the bundled example).

    A FILE is read as given. Without one, standard input is read when it is a pipe or a file
    (the Unix convention: ``echo PUZZLE | satdoku solve``) and the bundled example is used in an
    interactive terminal; ``--example`` asks for the example explicitly.
    """
    if getattr(args, "example", False):
        if args.file is not None:
            raise InputError(f"give FILE ({args.file}) or --example, not both")
        return
    if args.file is not None or stdin_is_terminal():
        return
    if stdin_taken:
        raise InputError(
            "standard input holds the model: name the puzzle as FILE, or give --example"
        )
    args.file = "-"


def standard_input() -> IO[bytes]:
    """Return standard input's bytes; a closed standard input is an input error saying what to do.

    >>> standard_input() is not None if sys.stdin is not None else True
    True
    """
    if sys.stdin is None:
        raise InputError(
            "standard input is closed: give a FILE, pipe puzzles in, or --example for the "
            "bundled example",
            source="<stdin>",
        )
    return sys.stdin.buffer


def read_entries(args: argparse.Namespace, opened: IO[bytes] | None = None) -> Iterator[Entry]:
    """Yield the puzzles of the command's input, streaming; raise InputError for a bad file.

    ``opened``: FILE's stream, opened (and closed) by the caller, which has looked at its head.
    """
    reading = line_reading_of(args)
    stream = opened or open_input(args)
    try:
        yield from nonempty_entries(
            reading.entries(text_lines(stream, reading.source)), reading.source
        )
    finally:
        if args.file != "-" and opened is None:
            stream.close()


def open_input(args: argparse.Namespace) -> IO[bytes]:
    """Open the command's input: FILE, standard input (``-``) or the bundled example (None).

    >>> open_input(argparse.Namespace(file=None)).read(1)
    b'#'
    """
    if args.file is None:
        return io.BytesIO(example_text().encode("utf-8"))
    if args.file == "-":
        return standard_input()
    try:
        return open(args.file, "rb")  # noqa: SIM115 (closed by the caller)
    except OSError as err:
        raise InputError(f"cannot open: {err.strerror}", source=source_of(args)) from None


def report_error(err: InputError) -> None:
    """Print one line for a bad input on standard error."""
    say_error(err, sys.stderr)
