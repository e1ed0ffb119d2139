"""``--game`` and ``--input-format``: the options that name the format a command's puzzles are in.

Without them each puzzle is read in its evident form; ``--input-format fpuzzles`` reads every
puzzle as an f-puzzles link, compressed text or JSON, ``--input-format sudokupad`` as a SudokuPad
link, puzzle ID or JSON, ``--input-format variant`` as a variant file
(:class:`satdoku.batch.line_reading.LineReading` reads them).
"""

from __future__ import annotations

import argparse

from ..io.named_forms import FORMS
from ..io.tatham import GAMES

__all__ = ["add_format_options"]


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
        help="read every puzzle as f-puzzles' (a link, its N4Ig... text, or its JSON), as "
        "SudokuPad's (a link, its scl... ID, or its JSON) or as satdoku's variant file (JSON); "
        "without it each puzzle's evident form is read",
    )
