"""The options of ``satdoku solve`` that say how a batch's puzzles are read and solved: one table,
from which the command line's parser adds them and :mod:`satdoku.batch._solve_argv` reads them
given as strings (so the two read every option alike).

Each option names the field of the batch it sets (:class:`~satdoku.batch._line_run.Batch`:
``reading`` a :class:`~satdoku.batch._line_reading.LineReading`, ``options`` a
:class:`~satdoku.batch._solve_options.SolveOptions`); :mod:`satdoku.batch._option_values` makes
those values from the parsed options.

>>> parser = argparse.ArgumentParser()
>>> TIMEOUT.add_to(parser)
>>> parser.parse_args(["--timeout", "2.5"]).timeout, TIMEOUT.sets
(2.5, 'options.limits.timeout')
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from ..backends._registry import BackendKind
from ..backends._solvers import CONSTRAINED_SOLVER, DEFAULT_SOLVER, SOLVER_NAMES
from ..backends._strategy import Strategy
from ..cnf._encodings import AtMostOne, Scheme
from ..io._named_forms import FORMS
from ..io._reading import FileLayout
from ..io.tatham import GAMES
from ._option_types import MAX_CONFLICTS, MAX_COUNT, box_shape, seconds, whole_number

__all__ = [
    "ALPHABET",
    "AMO",
    "BACKEND",
    "BATCH_OPTIONS",
    "BLANK",
    "BOX",
    "CONFLICTS",
    "DIAGONALS",
    "ENCODING",
    "EXPLAIN",
    "GAME",
    "GRID",
    "INPUT_FORMAT",
    "LATIN",
    "LINES",
    "NATIVE",
    "Option",
    "PORTFOLIO",
    "REGIONS",
    "SOLVER",
    "STRATEGY",
    "TIMEOUT",
    "add_options",
]


@dataclass(frozen=True)
class Option:
    """One option: its flag, what argparse is told of it (``arguments``: type, choices, default,
    metavar, action...), its help, the batch's field it sets, and whether a batch of lines cut
    into chunks takes it (``lines``).

    >>> Option("--latin", "a Latin square", "reading.shape.latin", {"action": "store_true"}).dest
    'latin'
    """

    flag: str
    help: str
    sets: str
    arguments: Mapping[str, Any]
    lines: bool = True

    @property
    def dest(self) -> str:
        """Return the name the parsed value has (``args.DEST``)."""
        return str(self.arguments.get("dest", self.flag.removeprefix("--").replace("-", "_")))

    @property
    def default(self) -> Any:
        """Return the value the option has when it is not given."""
        if "default" in self.arguments:
            return self.arguments["default"]
        return False if self.arguments.get("action") == "store_true" else None

    def value_in(self, args: argparse.Namespace) -> Any:
        """Return the option's parsed value (its default when the parser has no such option).

        >>> LATIN.value_in(argparse.Namespace()), LATIN.value_in(argparse.Namespace(latin=True))
        (False, True)
        """
        return getattr(args, self.dest, self.default)

    def add_to(self, group: argparse._ActionsContainer, **changes: Any) -> None:
        """Add the option to a parser or group (``changes``: a command's own metavar or help)."""
        group.add_argument(self.flag, **{"help": self.help, **self.arguments, **changes})


ALPHABET = Option(
    "--alphabet",
    "symbols of digits 1..n in order (default 1-9 then A-Z)",
    "reading.alphabet.symbols",
    {"metavar": "SYMBOLS"},
)
BLANK = Option(
    "--blank",
    "symbols of a blank cell (default .0?_, less those the alphabet uses)",
    "reading.alphabet.blanks",
    {"metavar": "SYMBOLS"},
)
GRID = Option(
    "--grid",
    "read the whole input as one grid (one row per line)",
    "reading.layout",
    {"dest": "layout", "action": "store_const", "const": FileLayout.GRID},
)
LINES = Option(
    "--lines",
    "read one puzzle per line",
    "reading.layout",
    {"dest": "layout", "action": "store_const", "const": FileLayout.LINES},
)
BOX = Option(
    "--box",
    "box shape, e.g. 2x3 (default: most square)",
    "reading.shape.box",
    {"metavar": "RxC", "type": box_shape},
)
LATIN = Option(
    "--latin", "a Latin square: no boxes", "reading.shape.latin", {"action": "store_true"}
)
DIAGONALS = Option(
    "--diagonals",
    "the two main diagonals hold every digit once too",
    "reading.shape.diagonals",
    {"action": "store_true"},
)
REGIONS = Option(
    "--regions",
    "irregular regions (jigsaw): a grid file of region symbols, no boxes",
    "reading.shape.regions",
    {"metavar": "FILE"},
)
GAME = Option(
    "--game",
    "read bare game IDs (PARAMS:DESCRIPTION, as Simon Tatham's game shows them) of this game; "
    "a line GAME:PARAMS:DESCRIPTION needs no option",
    "reading.game",
    {"choices": GAMES},
)
INPUT_FORMAT = Option(
    "--input-format",
    "read every puzzle as f-puzzles' (a link, its N4Ig... text, or its JSON), as "
    "SudokuPad's (a link, its scl... ID, or its JSON) or as satdoku's variant file (JSON); "
    "without it each puzzle's evident form is read",
    "reading.input_format",
    {"choices": FORMS},
    lines=False,  # a chunk of lines is read line by line, each in its evident form
)
SOLVER = Option(
    "--solver",
    f"PySAT solver, for every puzzle (default: {DEFAULT_SOLVER}, and {CONSTRAINED_SOLVER} for "
    f"puzzles with rules): {', '.join(SOLVER_NAMES)}",
    "options.solver",
    {"default": None, "choices": SOLVER_NAMES, "metavar": "NAME"},
)
ENCODING = Option(
    "--encoding",
    "which halves of the axioms become clauses (default extended)",
    "options.encoding.scheme",
    {"default": "extended", "choices": [kind.value for kind in Scheme]},
)
AMO = Option(
    "--amo",
    "at-most-one encoding (default auto: pairwise up to 16x16)",
    "options.encoding.amo",
    {"default": "auto", "choices": [kind.value for kind in AtMostOne]},
)
STRATEGY = Option(
    "--strategy",
    "givens as assumptions on one solver per shape (persistent) or a fresh simplified formula "
    "per puzzle (default auto: by size)",
    "options.strategy",
    {"default": "auto", "choices": [kind.value for kind in Strategy]},
)
TIMEOUT = Option(
    "--timeout",
    "give up on a puzzle after this many seconds (status timeout)",
    "options.limits.timeout",
    {"type": seconds, "metavar": "SECONDS"},
)
CONFLICTS = Option(
    "--conflicts",
    "give up on a puzzle after N conflicts (status timeout)",
    "options.limits.conflicts",
    {"type": whole_number(MAX_CONFLICTS), "metavar": "N"},
)
BACKEND = Option(
    "--backend",
    "sat (PySAT, default) or stepper (pure Python: rules 1 and 2, guessing the cell with fewest "
    "candidates; --timeout and --conflicts apply, --conflicts counting backtracks)",
    "options.backend",
    {"default": "sat", "choices": [kind.value for kind in BackendKind]},
)
NATIVE = Option(
    "--native",
    "grids up to 64x64: try the compiled engine (rules 1 and 2 and guessing, in C) first, PySAT "
    "taking the puzzles it gives up on; also for --unique without --where (default: when it is "
    "built and --strategy is auto; --no-native: PySAT only)",
    "options.native",
    {"action": argparse.BooleanOptionalAction, "default": None},
)
PORTFOLIO = Option(
    "--portfolio",
    "big grids: race N solver configurations in child processes, the first answer winning "
    "(default: one per CPU, at most 2; 1 with --jobs over 1; 1: a single solver)",
    "options.portfolio",
    {"type": whole_number(MAX_COUNT), "metavar": "N"},
)
EXPLAIN = Option(
    "--explain",
    "for each unsolvable puzzle, a minimal set of givens that cannot all hold (JSON: "
    '"conflict": [[row, col, digit], ...], 0-based) and the steps of rules 1 and 2 that prove '
    "it when they do",
    "explain",
    {"action": "store_true"},
)


def add_options(group: argparse._ActionsContainer, options: Sequence[Option]) -> None:
    """Add options in order; those that set one field (--grid, --lines) exclude each other.

    >>> parser = argparse.ArgumentParser(prog="p", exit_on_error=False)
    >>> add_options(parser, (GRID, LINES))
    >>> parser.parse_args(["--grid", "--lines"])
    Traceback (most recent call last):
    ...
    argparse.ArgumentError: argument --lines: not allowed with argument --grid
    """
    for _, alike in groupby(options, key=lambda option: option.dest):
        run = list(alike)
        target = group.add_mutually_exclusive_group() if len(run) > 1 else group
        for option in run:
            option.add_to(target)


BATCH_OPTIONS = (
    ALPHABET,
    BLANK,
    GRID,
    LINES,
    BOX,
    LATIN,
    DIAGONALS,
    REGIONS,
    GAME,
    INPUT_FORMAT,
    SOLVER,
    ENCODING,
    AMO,
    STRATEGY,
    TIMEOUT,
    CONFLICTS,
    BACKEND,
    NATIVE,
    PORTFOLIO,
    EXPLAIN,
)
"""Every option of ``satdoku solve`` that sets how its batch is read and solved."""
