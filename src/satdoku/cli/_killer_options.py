"""``satdoku generate --killer``: its options, their checks, and the text a killer is printed as.

A killer prints as a Solo ID (``solo:3x3k:...``, any box shape or jigsaw up to 9x9, givens
allowed) or, with ``--format``, as one of the killer texts of :mod:`satdoku.io.killer_text`
(9x9, 3x3 boxes, no givens); each reads back as the same puzzle. The options are checked before
any puzzle is made, by writing a stand-in killer of the run's shape and givens.
"""

from __future__ import annotations

import argparse

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._random_cages import CageSizes
from ..core._shape import Shape
from ..core.constraints import KillerCage
from ..io.killer_text import FORMS, format_killer
from ..io.tatham import format_game_id

__all__ = ["FORMATS", "add_killer_options", "checked_killer", "killer_text"]

FORMATS = ("solo", *FORMS)
"""The texts a killer is printed as: Solo IDs (the default) and the killer texts."""


def _cage_sizes(text: str) -> CageSizes:
    """Read ``--cage-sizes`` (an argparse type)."""
    try:
        return CageSizes.parse(text)
    except InputError as err:
        raise argparse.ArgumentTypeError(err.message) from None


def add_killer_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--killer``, ``--cage-sizes`` and ``--format`` in a group of their own."""
    killer = parser.add_argument_group("killer")
    killer.add_argument(
        "--killer",
        action="store_true",
        help="make killer puzzles: cages whose digits differ and sum to their totals, no givens "
        "(or at most --givens); printed as Solo IDs that solve reads back",
    )
    killer.add_argument(
        "--cage-sizes",
        type=_cage_sizes,
        metavar="LOW-HIGH",
        help="cells per cage, e.g. 2-4, or one size N (default 1-5, at most the side)",
    )
    killer.add_argument(
        "--format",
        choices=FORMATS,
        help="how a killer is printed: solo (Solo ID, the default), sudocue or arrows "
        "(killer texts of 9x9 puzzles without givens)",
    )


def checked_killer(args: argparse.Namespace, shape: Shape) -> CageSizes | None:
    """Refuse killer options that do not fit the run; return the cage sizes (None: no killer).

    >>> args = argparse.Namespace(killer=True, cage_sizes=None, format="arrows", givens=None,
    ...                           symmetry="none", alphabet=None)
    >>> checked_killer(args, Shape.sudoku(9))
    CageSizes(smallest=1, largest=5)
    >>> checked_killer(args, Shape.sudoku(4))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: --killer --format arrows: the arrows killer text is of a \
9x9 sudoku with 3x3 boxes, no diagonals, not a 4x4 sudoku, 2x2 boxes
    """
    from ..generation._generate_killer import cage_sizes_of  # lazy: start-up

    if not args.killer:
        for option, value in (("--cage-sizes", args.cage_sizes), ("--format", args.format)):
            if value is not None:
                raise InputError(f"{option} is for killer puzzles: add --killer")
        return None
    if args.symmetry != "none":
        raise InputError("--killer: killer puzzles are made without --symmetry")
    if args.alphabet:
        raise InputError("--killer: killers are written with numbers: leave --alphabet out")
    try:
        sizes = cage_sizes_of(args.cage_sizes, shape.n)
    except ValueError as err:
        raise InputError(f"--cage-sizes: {err}") from None
    givens = (1,) + (0,) * (shape.n**2 - 1) if args.givens else (0,) * shape.n**2
    cages = tuple(KillerCage((cell,), 1) for cell in range(shape.n**2))
    stand_in = Puzzle(shape, givens, constraints=cages)
    try:
        killer_text(stand_in, args.format)
    except InputError as err:
        raise InputError(f"--killer --format {args.format or 'solo'}: {err.message}") from None
    return sizes


def killer_text(puzzle: Puzzle, form: str | None) -> str:
    """Write a killer as ``form`` (``solo``, ``sudocue``, ``arrows``; None: solo).

    >>> cages = tuple(KillerCage((cell,), 1 + cell % 2) for cell in range(4))
    >>> killer_text(Puzzle(Shape.latin(2), (0,) * 4, constraints=cages), "solo")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: cannot write this puzzle as a solo ID: a solo grid has \
boxes or jigsaw regions, one of them: 2x2 latin square
    """
    if form in (None, "solo"):
        return format_game_id(puzzle, "solo")
    return format_killer(puzzle, form)
