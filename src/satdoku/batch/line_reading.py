"""How a batch reads its puzzles: alphabet, shape options, layout, game, and the input's name."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..io.alphabet import Alphabet
from ..io.entries import Entry
from ..io.reading import FileLayout, read_puzzles
from ..io.shape_options import ShapeOptions

__all__ = ["LineReading"]


@dataclass(frozen=True)
class LineReading:
    """How puzzles are read from text: digits' symbols, shape, layout (one grid, lines or auto),
    game of the IDs, and the name messages give the input (``FILE:LINE:COL: ...``).

    >>> reading = LineReading(source="p.txt")
    >>> [(e.index, e.line, e.puzzle is None) for e in reading.entries(["1...", "12"], 7)]
    [(0, 7, False), (1, 8, True)]
    """

    alphabet: Alphabet = Alphabet()
    shape: ShapeOptions = ShapeOptions()
    layout: FileLayout = FileLayout.AUTO
    game: str | None = None
    source: str = "<stdin>"

    def entries(self, lines: Iterable[str], first_line: int = 1) -> Iterator[Entry]:
        """Read the puzzles of text lines, the first of them line ``first_line`` of the input."""
        return read_puzzles(
            lines,
            alphabet=self.alphabet,
            options=self.shape,
            layout=self.layout,
            source=self.source,
            game=self.game,
            first_line=first_line,
        )
