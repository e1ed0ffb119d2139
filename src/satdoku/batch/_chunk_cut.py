"""An input cut into chunks of whole lines for a cluster: the first chunk read and checked, and
the text each later chunk is read behind (the file's shape line, first line and first puzzle).

A chunk after the first is read behind an *anchor*: the puzzle line the reader of the whole file
took the side of its puzzles from (a 3x3 line among 9x9 ones is a misreading), and behind the
file's first content line (a game ID there makes every line a puzzle of its own side) and shape
line; read first, they put the reader in the state the whole file had put it in (see
:class:`satdoku.batch._line_run.Start`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, NamedTuple

from ..core._errors import InputError
from ..io._header import split_header
from ..io._line_chunks import LineChunk, line_chunks
from ..io._reading import FileLayout, content_lines, fixes_side
from ._line_reading import LineReading
from ._text_input import MAX_LINE_BYTES, empty_input

__all__ = ["CHUNK_BYTES", "Cut", "anchor_of", "behind_text", "chunks_behind", "cut_input"]

CHUNK_BYTES = 4 * 2**20
"""Bytes of input per chunk of ``solve`` (whole lines: about 51,000 9x9 lines, 0.3 s of work).

A chunk costs its worker a few milliseconds besides its puzzles (the run's set-up, its first
lines read in Python): on a million 17-clue lines with ``--dask local:2``, chunks of 4 MiB took
4.4 s against 4.9 s for chunks of 1 MiB (16 MiB: 4.5 s, the last chunks' wait grows)."""

_JSON_START = ("[", "{", "'(", '("')


class Cut(NamedTuple):
    """An input being cut into chunks: its first chunk, read and checked, and the rest to come."""

    first: LineChunk
    rest: Iterator[LineChunk]
    anchor: str | None
    head: str | None
    shape_line: str | None = None  # the file's '# shape' line: every chunk is read under it


def anchor_of(chunk: LineChunk, reading: LineReading) -> str | None:
    """Return the chunk's puzzle line the reader takes the file's side from, if any (the first
    read as a puzzle, not a game ID: :func:`satdoku.io._reading.fixes_side`).

    >>> anchor_of(LineChunk(b"# c\\n12\\nkeen:3:a3_ac,a3m6a9\\n1...\\n", 1, 0, 3), LineReading())
    '1...'
    """
    lines = chunk.data.decode("utf-8", errors="replace").split("\n")
    for entry in reading.entries(lines):
        if "\n" in entry.text and chunk.first_line == 1:
            raise InputError(
                "--dask cuts files of one puzzle per line, and this is one grid: solve it "
                "without --dask",
                source=reading.source,
            )
        if fixes_side(entry):
            return entry.text
    return None


def chunks_behind(cut: Cut, reading: LineReading) -> Iterator[tuple[LineChunk, str]]:
    """Yield each chunk of the input with the text it is read behind ("" for the first): the
    file's shape line, first content line and the puzzle line its reader took the side from.

    >>> import io
    >>> cut = cut_input(LineReading(), io.BytesIO(b"12\\n" + b"1...\\n" * 200), 1)
    >>> [(chunk.first_line, behind) for chunk, behind in chunks_behind(cut, LineReading())]
    [(1, ''), (2, '12\\n'), (69, '12\\n1...\\n')]
    """
    anchor = cut.anchor
    yield cut.first, ""
    for chunk in cut.rest:
        yield chunk, behind_text(cut, anchor)
        if anchor is None:  # no side fixed yet: this chunk's lines may fix it
            anchor = anchor_of(chunk, reading)


def _check_head(stream: IO[bytes], source: str) -> None:
    """Refuse a file whose first bytes hold a NUL, as the file reader does before any line."""
    peek = getattr(stream, "peek", None)
    if peek is not None and b"\0" in peek(4096):
        raise InputError("not a text file (it holds NUL bytes)", source=source)


def cut_input(reading: LineReading, stream: IO[bytes], chunk_bytes: int) -> Cut:
    """Read and check the first chunk of the input: refuse one grid or JSON (InputError).

    >>> import io
    >>> cut = cut_input(LineReading(), io.BytesIO(b"# two\\n1...\\n2...\\n"), 2**20)
    >>> cut.first.puzzles, cut.anchor
    (2, '1...')
    """
    source = reading.source
    if reading.layout is FileLayout.GRID:
        raise InputError("--dask cuts files of one puzzle per line: drop --grid, or --dask")
    if reading.input_format is not None:
        raise InputError("--dask reads each line in its evident form: drop --input-format")
    _check_head(stream, source)
    chunks = line_chunks(stream, chunk_bytes, MAX_LINE_BYTES)
    first = next(chunks, None)
    if first is None:
        raise empty_input(source)
    lines = first.data.decode("utf-8", errors="replace").split("\n")
    head = next((text.strip() for _, text in content_lines(enumerate(lines, 1))), None)
    if head is not None and head.startswith(_JSON_START):
        raise InputError(
            "--dask cuts files of one puzzle per line, and this is JSON: solve it without --dask",
            source=source,
        )
    header = split_header(lines, source)[1]
    return Cut(
        first, chunks, anchor_of(first, reading), head, None if header is None else header.text
    )


def behind_text(cut: Cut, anchor: str | None) -> str:
    """Return the text a later chunk is read behind: the file's shape line, its first content
    line (a game ID there makes every line one) and the puzzle line that fixed its side, if
    another, each ending its line.

    >>> cut = Cut(LineChunk(b"", 1, 0, 0), iter(()), None, "12", "# shape: latin")
    >>> behind_text(cut, "1...")
    '# shape: latin\\n12\\n1...\\n'
    """
    lines = [cut.shape_line, cut.head, None if anchor == cut.head else anchor]
    return "".join(line + "\n" for line in lines if line is not None)
