"""How ``satdoku solve`` prints one outcome: the batch engine's writers, for the other commands.

>>> from satdoku.io._reading import read_puzzles
>>> from satdoku.io._alphabet import Alphabet
>>> read_with(next(read_puzzles(["# shape: latin alphabet ABCD", "AB.."])), Alphabet()).symbols
'ABCD'
"""

from __future__ import annotations

from ..batch._outcome_text import puzzle_alphabet, read_with, shape_header, write_outcome

__all__ = ["puzzle_alphabet", "read_with", "shape_header", "write_outcome"]
