"""Game IDs of Simon Tatham's Portable Puzzle Collection built on Latin squares, read and written.

An ID is ``GAME:PARAMS:DESCRIPTION`` (``keen:4:...``), or the game's own ``PARAMS:DESCRIPTION``
with the game named apart. Keen and Towers give a Latin square with keen cages or skyscraper
clues, Unequal one with < signs or differ-by-one marks, Solo a Sudoku (any box shape, X,
jigsaw, killer). One module per game reads and writes its description; ``_codes`` holds the
codes they share.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ._keen import read_keen, write_keen
from ._reader import IdReader
from ._solo import read_solo, write_solo
from ._towers import read_towers, write_towers
from ._unequal import read_unequal, write_unequal

__all__ = [
    "GAMES",
    "checked_game",
    "format_game_id",
    "game_id_of",
    "game_of",
    "looks_like_game_id",
    "parse_game_id",
]

GAMES = ("keen", "towers", "unequal", "solo")
"""The games whose IDs satdoku reads and writes."""

_READERS: dict[str, Callable[[IdReader], Puzzle]] = {
    "keen": read_keen,
    "towers": read_towers,
    "unequal": read_unequal,
    "solo": read_solo,
}
_WRITERS: dict[str, Callable[[Puzzle], str]] = {
    "keen": write_keen,
    "towers": write_towers,
    "unequal": write_unequal,
    "solo": write_solo,
}
_NAMED = re.compile(r"\s*([A-Za-z]+):")
_GAME_NAMES = ", ".join(GAMES)


def looks_like_game_id(text: str) -> bool:
    """Tell whether a line starts with the name of one of the games and a colon.

    >>> looks_like_game_id("Keen:4:a_4aaca3_a__,m24m3m4m8m6m24"), looks_like_game_id("1...")
    (True, False)
    """
    if ":" not in text:  # most lines: no regular expression to run
        return False
    named = _NAMED.match(text)
    return named is not None and named.group(1).lower() in GAMES


def checked_game(game: str) -> str:
    """Return the game's name in lower case, or refuse a name that is none of :data:`GAMES`.

    >>> checked_game("Keen")
    'keen'
    """
    if game.lower() not in GAMES:
        raise InputError(f"unknown game {game!r}: expected one of {_GAME_NAMES}")
    return game.lower()


def parse_game_id(text: str, game: str | None = None) -> Puzzle:
    """Read a game ID: ``GAME:PARAMS:DESC``, or ``PARAMS:DESC`` of the ``game`` given.

    >>> puzzle = parse_game_id("keen:4:a_4aaca3_a__,m24m3m4m8m6m24")
    >>> puzzle.shape.describe(), len(puzzle.constraints)
    ('4x4 latin square', 6)
    >>> parse_game_id("4:a_4aaca3_a__,m24q3m4m8m6m24", "keen")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: keen ID, column 19: expected a clue letter a/m/s/d (clue 2), \
got 'q'
    """
    asked = None if game is None else checked_game(game)
    named = _NAMED.match(text)
    start = 0
    if named is not None:
        word = named.group(1)
        if word.lower() not in GAMES:
            raise InputError(
                f"game ID, column {named.start(1) + 1}: unknown game {word!r}: "
                f"expected one of {_GAME_NAMES}"
            )
        if asked is not None and word.lower() != asked:
            raise InputError(f"this is a {word.lower()} ID, but {asked} IDs were asked for")
        asked, start = word.lower(), named.end()
    elif asked is None:
        raise InputError(
            f"a game ID without its game: write GAME:PARAMS:DESCRIPTION, GAME one of {_GAME_NAMES}"
        )
    else:
        start = len(text) - len(text.lstrip())
    return _READERS[asked](IdReader(text, asked, start))


def game_of(puzzle: Puzzle) -> str | None:
    """Return the game whose IDs state the puzzle's shape and rules, or None.

    A Latin square without rules is any of Keen, Towers or Unequal's: None too.

    >>> game_of(parse_game_id("keen:4:a_4aaca3_a__,m24m3m4m8m6m24"))
    'keen'
    """
    kinds = {rule.kind for rule in puzzle.constraints}
    shape = puzzle.shape
    if shape.box is not None or shape.regions is not None:
        return "solo" if kinds <= {"killer cage"} else None
    if shape.diagonals or len(kinds) != 1:
        return None
    return _GAME_OF_KIND.get(kinds.pop())


_GAME_OF_KIND = {
    "keen cage": "keen",
    "skyscraper": "towers",
    "comparison": "unequal",
    "consecutive": "unequal",
}


def game_id_of(puzzle: Puzzle) -> str | None:
    """Return the puzzle as its game's ID, or None when no game's ID states all of it.

    A killer whose cages leave cells out is Solo's shape, but no Solo ID states it:

    >>> from satdoku.core.constraints import KillerCage
    >>> from satdoku.core._shape import Shape
    >>> game_id_of(Puzzle(Shape.sudoku(4), (0,) * 16, constraints=(KillerCage((0, 1), 3),)))
    >>> game_id_of(parse_game_id("keen:3:a3_ac,a3m6a9"))
    'keen:3:a3_ac,a3m6a9'
    """
    name = game_of(puzzle)
    if name is None:
        return None
    try:
        return f"{name}:{_WRITERS[name](puzzle)}"
    except InputError:
        return None


def format_game_id(puzzle: Puzzle, game: str | None = None) -> str:
    """Write a puzzle as ``GAME:PARAMS:DESC``, of its game (see :func:`game_of`) or the one given.

    >>> format_game_id(parse_game_id("4:a_4aaca3_a__,m24m3m4m8m6m24", "keen"))
    'keen:4:a_4aaca3_a__,m24m3m4m8m6m24'
    """
    name = game_of(puzzle) if game is None else checked_game(game)
    if name is None:
        raise InputError(
            f"this puzzle ({puzzle.shape.describe()}) is not plainly one of {_GAME_NAMES}: "
            "name the game"
        )
    try:
        return f"{name}:{_WRITERS[name](puzzle)}"
    except InputError as err:
        raise InputError(f"cannot write this puzzle as a {name} ID: {err.message}") from None
