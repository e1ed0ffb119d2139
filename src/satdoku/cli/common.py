"""Options and input handling shared by the CLI commands."""

from __future__ import annotations

import argparse
import io
import math
import sys
from collections.abc import Iterator
from typing import IO

from ..backends.solvers import CONSTRAINED_SOLVER, DEFAULT_SOLVER, SOLVER_NAMES
from ..backends.strategy import Strategy
from ..batch.line_reading import LineReading
from ..batch.outcome_text import EXAMPLE, say_error
from ..batch.region_map import read_region_map as _read_regions
from ..batch.text_input import MAX_LINE_BYTES, nonempty_entries, text_lines
from ..cnf.encodings import AtMostOne, Encoding, Scheme
from ..core.errors import InputError
from ..core.limits import Limits
from ..io.alphabet import DEFAULT_SYMBOLS, Alphabet
from ..io.entries import Entry
from ..io.reading import FileLayout
from ..io.shape_options import ShapeOptions
from .input_format import add_format_options
from .option_types import MAX_CONFLICTS, box_shape, seconds, whole_number

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
    group.add_argument(
        "--alphabet",
        metavar="SYMBOLS",
        help="symbols of digits 1..n in order (default 1-9 then A-Z)",
    )
    group.add_argument(
        "--blank",
        metavar="SYMBOLS",
        help="symbols of a blank cell (default .0?_, less those the alphabet uses)",
    )
    layout = group.add_mutually_exclusive_group()
    layout.add_argument(
        "--grid",
        dest="layout",
        action="store_const",
        const=FileLayout.GRID,
        help="read the whole input as one grid (one row per line)",
    )
    layout.add_argument(
        "--lines",
        dest="layout",
        action="store_const",
        const=FileLayout.LINES,
        help="read one puzzle per line",
    )
    add_shape_options(group)
    add_format_options(group)


def add_encoding_options(group: argparse._ArgumentGroup) -> None:
    """Add ``--encoding`` and ``--amo``: how the axioms become clauses."""
    group.add_argument(
        "--encoding",
        default="extended",
        choices=[s.value for s in Scheme],
        help="which halves of the axioms become clauses (default extended)",
    )
    group.add_argument(
        "--amo",
        default="auto",
        choices=[a.value for a in AtMostOne],
        help="at-most-one encoding (default auto: pairwise up to 16x16)",
    )


def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """Add the options that choose the solver, encoding and limits."""
    group = parser.add_argument_group("solving")
    group.add_argument(
        "--solver",
        default=None,
        choices=SOLVER_NAMES,
        metavar="NAME",
        help=f"PySAT solver, for every puzzle (default: {DEFAULT_SOLVER}, and "
        f"{CONSTRAINED_SOLVER} for puzzles with rules): {', '.join(SOLVER_NAMES)}",
    )
    add_encoding_options(group)
    group.add_argument(
        "--strategy",
        default="auto",
        choices=[s.value for s in Strategy],
        help="givens as assumptions on one solver per shape (persistent) or a "
        "fresh simplified formula per puzzle (default auto: by size)",
    )
    group.add_argument(
        "--timeout",
        type=seconds,
        metavar="SECONDS",
        help="give up on a puzzle after this many seconds (status timeout)",
    )
    group.add_argument(
        "--conflicts",
        type=whole_number(MAX_CONFLICTS),
        metavar="N",
        help="give up on a puzzle after N conflicts (status timeout)",
    )


def alphabet_of(args: argparse.Namespace) -> Alphabet:
    """Return the alphabet the options name."""
    blanks = getattr(args, "blank", None)
    if args.alphabet and blanks is None:  # the user named the symbols: 0 is no guess
        blanks = Alphabet(args.alphabet).blank_symbols
    return Alphabet(args.alphabet or DEFAULT_SYMBOLS, blanks)


def line_reading_of(args: argparse.Namespace) -> LineReading:
    """Return how the options say to read the puzzles of the command's input.

    >>> from satdoku.cli import build_parser
    >>> line_reading_of(build_parser().parse_args(["solve", "p.txt", "--latin"])).shape.latin
    True
    """
    return LineReading(
        alphabet_of(args),
        shape_options(args),
        args.layout or FileLayout.AUTO,
        getattr(args, "game", None),
        source_of(args),
        getattr(args, "input_format", None),
    )


def encoding_of(args: argparse.Namespace) -> Encoding:
    """Return the encoding the options name."""
    return Encoding(Scheme(args.encoding), AtMostOne(args.amo))


def limits_of(args: argparse.Namespace) -> Limits:
    """Return the per-puzzle limits the options name."""
    if args.timeout is not None and not 0 < args.timeout < math.inf:
        raise InputError(f"--timeout: expected a positive number of seconds, got {args.timeout}")
    if args.conflicts is not None and args.conflicts <= 0:
        raise InputError(f"--conflicts must be positive, got {args.conflicts}")
    return Limits(args.timeout, args.conflicts)


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
    group.add_argument(
        "--box", metavar="RxC", type=box_shape, help="box shape, e.g. 2x3 (default: most square)"
    )
    group.add_argument("--latin", action="store_true", help="a Latin square: no boxes")
    group.add_argument(
        "--diagonals", action="store_true", help="the two main diagonals hold every digit once too"
    )
    group.add_argument("--regions", metavar=regions_metavar, help=regions_help)


def shape_options(args: argparse.Namespace) -> ShapeOptions:
    """Return the shape options (box, Latin, diagonals, regions) the arguments name."""
    regions = None
    if args.regions:
        regions = _read_regions(args.regions)
        if args.box or args.latin:
            raise InputError("--regions replaces boxes: do not combine it with --box or --latin")
    if args.latin and args.box:
        raise InputError("--latin has no boxes: do not combine it with --box")
    return ShapeOptions(args.box, args.latin, args.diagonals, regions)


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
