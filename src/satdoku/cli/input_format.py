"""``--game`` and ``--input-format``: the options that name the format a command's puzzles are in.

Without them each puzzle is read in its evident form; ``--input-format fpuzzles`` reads every
puzzle as an f-puzzles link, compressed text or JSON, ``--input-format variant`` as a variant file.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator

from ..io.entries import Entry
from ..io.json_objects import FORMS, read_as
from ..io.shape_options import ShapeOptions
from ..io.tatham import GAMES

__all__ = ["add_format_options", "entries_in_format"]


def add_format_options(group: argparse._ArgumentGroup) -> None:
    """Add ``--game`` and ``--input-format`` to the options that say how to read puzzles."""
    group.add_argument(
        "--game",
        choices=GAMES,
        help="read bare game IDs (PARAMS:DESCRIPTION, as Simon Tatham's game shows them) of "
        "this game; a line GAME:PARAMS:DESCRIPTION needs no option",
    )
    group.add_argument(
        "--input-format",
        choices=FORMS,
        help="read every puzzle as f-puzzles' (a link, its N4Ig... text, or its JSON) or as "
        "satdoku's variant file (JSON); without it each puzzle's evident form is read",
    )


def entries_in_format(
    args: argparse.Namespace, lines: Iterable[str], source: str, options: ShapeOptions
) -> Iterator[Entry] | None:
    """Return the entries of lines in the format ``--input-format`` names (None: not named).

    >>> args = argparse.Namespace(input_format="variant")
    >>> [e.error.message for e in entries_in_format(args, ["# c", "5"], "p.json", ShapeOptions())]
    ['expected a variant file: a JSON object ({...})']
    """
    form = getattr(args, "input_format", None)
    if form is None:
        return None
    rows = [
        (number, text.lstrip("\ufeff") if number == 1 else text)
        for number, text in enumerate(lines, 1)
        if text.strip() and not text.lstrip().startswith("#")
    ]
    return read_as(form, rows, source, options) if rows else iter(())
