"""How a batch reads its puzzles: alphabet, shape options, layout, game, and the input's name."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..io._alphabet import Alphabet
from ..io._entries import Entry
from ..io._reading import FileLayout, content_lines, read_puzzles
from ..io._shape_options import ShapeOptions

__all__ = ["LineReading"]


@dataclass(frozen=True)
class LineReading:
    """How puzzles are read from text: digits' symbols, shape, layout (one grid, lines or auto),
    game of the IDs, the name messages give the input (``FILE:LINE:COL: ...``), and the format
    every puzzle is in when one is named (``fpuzzles``, ``sudokupad``, ``variant``; None: each
    one's evident form).

    >>> reading = LineReading(source="p.txt")
    >>> [(e.index, e.line, e.puzzle is None) for e in reading.entries(["1...", "12"], 7)]
    [(0, 7, False), (1, 8, True)]
    >>> named = LineReading(source="p.json", input_format="variant")
    >>> [e.error.message for e in named.entries(["# c", "5"])]
    ['expected a variant file: a JSON object ({...})']
    """

    alphabet: Alphabet = Alphabet()
    shape: ShapeOptions = ShapeOptions()
    layout: FileLayout = FileLayout.AUTO
    game: str | None = None
    source: str = "<stdin>"
    input_format: str | None = None

    def entries(self, lines: Iterable[str], first_line: int = 1) -> Iterator[Entry]:
        """Read the puzzles of text lines, the first of them line ``first_line`` of the input."""
        if self.input_format is not None:
            from ..io._json_objects import read_as  # lazy: start-up (f-puzzles, variant files)

            rows = list(content_lines(enumerate(lines, first_line)))
            return read_as(self.input_format, rows, self.source, self.shape) if rows else iter(())
        return read_puzzles(
            lines,
            alphabet=self.alphabet,
            options=self.shape,
            layout=self.layout,
            source=self.source,
            game=self.game,
            first_line=first_line,
        )
