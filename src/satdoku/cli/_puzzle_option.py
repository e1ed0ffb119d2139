"""``--puzzle``: the puzzle a command's grids answer (a game ID, a puzzle line, or its file)."""

from __future__ import annotations

import argparse
import os

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..io._reading import read_puzzles
from ..io.tatham import looks_like_game_id, parse_game_id
from ._common import alphabet_of, shape_options

__all__ = ["add_puzzle_option", "puzzle_of_option"]


def add_puzzle_option(group: argparse._ArgumentGroup, what: str) -> None:
    """Add ``--puzzle PUZZLE``: the puzzle whose rules and givens the grids are checked against."""
    group.add_argument(
        "--puzzle",
        metavar="PUZZLE",
        help=f"{what}: a game ID (keen:6:...), a puzzle line, or a FILE holding one puzzle",
    )


def puzzle_of_option(args: argparse.Namespace) -> Puzzle | None:
    """Return the puzzle ``--puzzle`` names (None without the option); refuse an unreadable one.

    >>> args = argparse.Namespace(puzzle="keen:3:a3_ac,a3m6a9", alphabet=None, blank=None,
    ...     box=None, latin=False, regions=None, diagonals=False, size=None)
    >>> [rule.title(3) for rule in puzzle_of_option(args).constraints]
    ['cage 3+ over r1c1,r1c2', 'cage 6× over r1c3,r2c3,r3c3', 'cage 9+ over r2c1,r2c2,r3c1,r3c2']
    """
    text = getattr(args, "puzzle", None)
    if text is None:
        return None
    if looks_like_game_id(text):
        try:
            return parse_game_id(text.strip())
        except InputError as err:
            raise InputError(f"--puzzle: {err.message}") from None
    if os.path.isfile(text):
        try:
            with open(text, encoding="utf-8") as stream:
                lines = stream.read().splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise InputError(f"--puzzle: cannot read {text}: {err}") from None
        source = text
    else:
        lines, source = [text], "--puzzle"
    if len(lines) == 1 and looks_like_game_id(lines[0]):
        return parse_game_id(lines[0].strip())
    options, alphabet = shape_options(args), alphabet_of(args)
    game = getattr(args, "game", None)
    entries = list(
        read_puzzles(lines, alphabet=alphabet, options=options, source=source, game=game)
    )
    if len(entries) != 1:
        raise InputError(f"--puzzle names one puzzle, found {len(entries)}", source=source)
    entry = entries[0]
    if entry.puzzle is None:
        assert entry.error is not None
        raise entry.error
    return entry.puzzle
