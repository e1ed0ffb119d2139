"""Options of ``satdoku solve`` given as strings to the library (``["--alphabet", "ABCD"]``): the
batch they ask for, read without the command line's parser.

Only the options that say how puzzles are read and solved are taken (those of a batch of lines);
any other is refused with a message naming it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..backends.registry import BackendKind
from ..backends.solvers import SOLVER_NAMES
from ..backends.strategy import Strategy
from ..cnf.encodings import AtMostOne, Encoding, Scheme
from ..core.limits import Limits
from ..io.alphabet import DEFAULT_SYMBOLS, Alphabet
from ..io.reading import FileLayout
from ..io.shape_options import ShapeOptions
from ..io.tatham import GAMES
from .line_reading import LineReading
from .line_run import Batch
from .region_map import read_region_map
from .solve_options import SolveOptions

__all__ = ["batch_of_options"]

_ONE_PROCESS = ("--order", "--all", "--limit", "--where", "--unique")
"""Options of the solution space: one process answers them, not a batch cut into chunks."""


def _box(text: str) -> tuple[int, int]:
    rows, _, cols = text.lower().replace("×", "x").partition("x")
    if not (rows.strip().isdigit() and cols.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"expected RxC such as 3x3 or 2x3, got {text!r}")
    return int(rows), int(cols)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="satdoku solve", add_help=False, exit_on_error=False)
    parser.add_argument("--alphabet")
    parser.add_argument("--blank")
    parser.add_argument("--grid", dest="layout", action="store_const", const=FileLayout.GRID)
    parser.add_argument("--lines", dest="layout", action="store_const", const=FileLayout.LINES)
    parser.add_argument("--box", type=_box)
    parser.add_argument("--latin", action="store_true")
    parser.add_argument("--diagonals", action="store_true")
    parser.add_argument("--regions")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--solver", default=None, choices=SOLVER_NAMES)
    parser.add_argument("--encoding", default="extended", choices=[s.value for s in Scheme])
    parser.add_argument("--amo", default="auto", choices=[a.value for a in AtMostOne])
    parser.add_argument("--strategy", default="auto", choices=[s.value for s in Strategy])
    parser.add_argument("--timeout", type=float)
    parser.add_argument("--conflicts", type=int)
    parser.add_argument("--backend", default="sat", choices=[k.value for k in BackendKind])
    parser.add_argument("--native", action=argparse.BooleanOptionalAction)
    parser.add_argument("--portfolio", type=int)
    parser.add_argument("--explain", action="store_true")
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
    blanks = args.blank
    if args.alphabet and blanks is None:  # the symbols were named: 0 is no guess
        blanks = Alphabet(args.alphabet).blank_symbols
    regions = read_region_map(args.regions) if args.regions else None
    reading = LineReading(
        Alphabet(args.alphabet or DEFAULT_SYMBOLS, blanks),
        ShapeOptions(args.box, args.latin, args.diagonals, regions),
        args.layout or FileLayout.AUTO,
        args.game,
        source,
    )
    solving = SolveOptions(
        BackendKind(args.backend),
        args.solver,
        Encoding(Scheme(args.encoding), AtMostOne(args.amo)),
        Strategy(args.strategy),
        Limits(args.timeout, args.conflicts),
        args.native,
        args.portfolio,
    )
    return Batch(reading, solving, fmt, args.explain)
