"""What the options of :mod:`satdoku.batch._option_table`, parsed, make: the alphabet, shape
options, encoding and limits, and a batch's reading and solving; a value no puzzle can take
(``--timeout 0``, ``--latin --box 3x3``) raises :class:`~satdoku.core._errors.InputError`.

``args`` is what argparse made of them (a command may have only some: the missing ones take
their defaults).

>>> args = argparse.Namespace(alphabet="ABCD", blank=None, latin=True, timeout=2.0)
>>> reading_of(args, "p.txt").alphabet.symbols, solve_options_of(args).limits.timeout
('ABCD', 2.0)
"""

from __future__ import annotations

import argparse
import math

from ..backends._registry import BackendKind
from ..backends._strategy import Strategy
from ..cnf._encodings import AtMostOne, Encoding, Scheme
from ..core._errors import InputError
from ..core._limits import Limits
from ..io._alphabet import DEFAULT_SYMBOLS, Alphabet
from ..io._reading import FileLayout
from ..io._shape_options import ShapeOptions
from ._line_reading import LineReading
from ._option_table import (
    ALPHABET,
    AMO,
    BACKEND,
    BLANK,
    BOX,
    CONFLICTS,
    DIAGONALS,
    ENCODING,
    GAME,
    INPUT_FORMAT,
    LATIN,
    LINES,
    NATIVE,
    PORTFOLIO,
    REGIONS,
    SOLVER,
    STRATEGY,
    TIMEOUT,
)
from ._region_map import read_region_map
from ._solve_options import SolveOptions

__all__ = [
    "alphabet_of",
    "encoding_of",
    "limits_of",
    "reading_of",
    "shape_options",
    "solve_options_of",
]


def alphabet_of(args: argparse.Namespace) -> Alphabet:
    """Return the alphabet ``--alphabet`` and ``--blank`` name.

    >>> alphabet_of(argparse.Namespace(alphabet="ABC0", blank=None)).blank_symbols
    '.?_'
    """
    symbols, blanks = ALPHABET.value_in(args), BLANK.value_in(args)
    if symbols and blanks is None:  # the user named the symbols: 0 is no guess
        blanks = Alphabet(symbols).blank_symbols
    return Alphabet(symbols or DEFAULT_SYMBOLS, blanks)


def shape_options(args: argparse.Namespace) -> ShapeOptions:
    """Return the shape options --box, --latin, --diagonals and --regions name.

    >>> shape_options(argparse.Namespace(box=(2, 3), diagonals=True))
    ShapeOptions(box=(2, 3), latin=False, diagonals=True, regions=None)
    """
    box, latin, regions_file = BOX.value_in(args), LATIN.value_in(args), REGIONS.value_in(args)
    regions = None
    if regions_file:
        regions = read_region_map(regions_file)
        if box or latin:
            raise InputError("--regions replaces boxes: do not combine it with --box or --latin")
    if latin and box:
        raise InputError("--latin has no boxes: do not combine it with --box")
    return ShapeOptions(box, latin, DIAGONALS.value_in(args), regions)


def reading_of(args: argparse.Namespace, source: str) -> LineReading:
    """Return how the options say to read the puzzles of an input named ``source``.

    >>> reading_of(argparse.Namespace(layout=FileLayout.LINES), "p.txt").layout.value
    'lines'
    """
    layout = LINES.value_in(args) or FileLayout.AUTO  # --grid and --lines set one value
    return LineReading(
        alphabet_of(args),
        shape_options(args),
        layout,
        GAME.value_in(args),
        source,
        INPUT_FORMAT.value_in(args),
    )


def encoding_of(args: argparse.Namespace) -> Encoding:
    """Return the encoding ``--encoding`` and ``--amo`` name.

    >>> encoding_of(argparse.Namespace(encoding="minimal")).scheme.value
    'minimal'
    """
    return Encoding(Scheme(ENCODING.value_in(args)), AtMostOne(AMO.value_in(args)))


def limits_of(args: argparse.Namespace) -> Limits:
    """Return the per-puzzle limits ``--timeout`` and ``--conflicts`` name.

    >>> limits_of(argparse.Namespace(timeout=0.0))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: --timeout: expected a positive number of seconds, got 0.0
    """
    timeout, conflicts = TIMEOUT.value_in(args), CONFLICTS.value_in(args)
    if timeout is not None and not 0 < timeout < math.inf:
        raise InputError(f"--timeout: expected a positive number of seconds, got {timeout}")
    if conflicts is not None and conflicts <= 0:
        raise InputError(f"--conflicts must be positive, got {conflicts}")
    return Limits(timeout, conflicts)


def solve_options_of(args: argparse.Namespace) -> SolveOptions:
    """Return how the options say to solve each puzzle.

    >>> options = solve_options_of(argparse.Namespace(strategy="fresh", native=False))
    >>> options.strategy.value, options.compiled_first
    ('fresh', False)
    """
    portfolio = PORTFOLIO.value_in(args)
    if portfolio is not None and portfolio < 1:
        raise InputError(f"--portfolio must be 1 or more, got {portfolio}")
    return SolveOptions(
        BackendKind(BACKEND.value_in(args)),
        SOLVER.value_in(args),
        encoding_of(args),
        Strategy(STRATEGY.value_in(args)),
        limits_of(args),
        NATIVE.value_in(args),
        portfolio,
    )
