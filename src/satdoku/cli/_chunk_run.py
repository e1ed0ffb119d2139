"""A command run on one chunk of its input, as on the whole file: its output, messages and status.

A Dask worker (or any process) gets a chunk of whole lines of a puzzle file and runs the
command's own ``run`` on it (``rate``; ``solve``'s chunks go to the library's batch engine,
:mod:`satdoku.batch._chunk_solve`), so the chunk is read and solved by the very code that reads and
solves the file without ``--dask``. What the run prints is then made to read as the whole file's
run would print it: its messages name the file and its lines (``FILE:LINE:COL``), its JSON
records' ``index`` and ``line`` count from the start of the file.

A chunk after the first is run behind an *anchor*: the file's shape line, first line and the
puzzle line the reader took the side of its puzzles from (a 3x3 line among 9x9 ones is a
misreading; see :mod:`satdoku.batch._chunk_cut`); the reader also writes a separator before every
puzzle but the first. Read first in the chunk, the anchor puts the reader in the state the whole
file had put it in. What the anchor alone prints is then taken off the front of the chunk's
output.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import tempfile
import threading
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from typing import IO, Any

from ..batch._chunk_solve import ChunkOutput, Shared
from ..core._errors import InputError
from ..generation._generate_batch import Request, puzzle_seed
from ..io._line_chunks import LineChunk
from ._common import source_of

__all__ = ["generate_chunk", "relocated", "run_chunk", "worker_args"]

Run = Callable[[argparse.Namespace], int]


_LOCK = threading.Lock()
"""One chunk at a time per process: a run writes to the process's standard output."""

_HERE = "<chunk>"
"""The name a chunk's file goes by until it is renamed after the whole file."""

_ANCHORED: dict[tuple[str, str], ChunkOutput] = {}
"""What an anchor alone printed, by anchor and options (the same for every chunk of a file)."""


def worker_args(args: argparse.Namespace) -> argparse.Namespace:
    """Return the options a worker runs a chunk with: one process, no bar, no cluster.

    >>> worker_args(argparse.Namespace(dask="local", jobs=1, run=print, progress=None)).progress
    False
    """
    options = {key: value for key, value in vars(args).items() if key != "run"}
    options.update(dask=None, output_dir=None, progress=False, jobs=1)
    if "portfolio" in options:  # as with --jobs over 1: one solver per worker process
        options["portfolio"] = options["portfolio"] or 1
    return argparse.Namespace(**options)


def _run(run: Run, args: argparse.Namespace, path: str) -> ChunkOutput:
    """Run the command on a file, catching what it prints as ``main`` would print it."""
    args = argparse.Namespace(**{**vars(args), "file": path})
    out, err = io.StringIO(), io.StringIO()
    stopped = False
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = run(args)
        except InputError as error:  # an error of the whole input: main says it and stops
            print(f"satdoku: {error.located()}", file=sys.stderr)
            status, stopped = 2, True
    return ChunkOutput(out.getvalue(), err.getvalue(), int(status), stopped)


def _anchored(run: Run, args: argparse.Namespace, anchor: str, folder: str) -> ChunkOutput:
    key = (anchor, repr(sorted(vars(args).items())))
    if key not in _ANCHORED:
        path = os.path.join(folder, "anchor.txt")
        with open(path, "wb") as stream:
            stream.write(anchor.encode("utf-8") + b"\n")
        _ANCHORED[key] = relocated(_run(run, args, path), path, _HERE, 0, 0)
    return _ANCHORED[key]


def _without(output: ChunkOutput, front: ChunkOutput) -> ChunkOutput:
    """Take what the anchor printed off the front of the output."""
    out = output.out
    if out.startswith(front.out):
        out = out[len(front.out) :]
    elif output.stopped:  # stopped before the anchor's answer was written
        out = ""
    else:
        raise RuntimeError("a chunk's output does not start with its anchor's")
    messages = output.err.splitlines(keepends=True)
    err = "".join(messages[len(front.err.splitlines()) :])
    return output._replace(out=out, err=err)


def _copy_range(source: str, offset: int, length: int, stream: IO[bytes]) -> None:
    """Copy ``length`` bytes of a file from ``offset`` on; refuse a file that changed."""
    with open(source, "rb") as origin:
        origin.seek(offset)
        data = origin.read(length)
    if len(data) != length:
        raise InputError("the file changed while it was being solved", source=source)
    stream.write(data)


def run_chunk(
    run: Run,
    args: argparse.Namespace,
    chunk: LineChunk,
    anchor: str | None,
    shared: Shared | None = None,
    length: int = 0,
) -> ChunkOutput:
    """Run a command (its ``run`` and options) on a chunk, as the whole file's run would print it.

    ``anchor`` is the text the chunk is read behind, for every chunk but the first (None): the
    file's shape line, first line and the puzzle line its side was taken from. With
    ``shared`` (a worker on the client's machine) the output is left in a file of its folder,
    and when it names a source the chunk's ``length`` bytes are read from that file at the
    chunk's offset (the chunk comes without its bytes).

    >>> from satdoku.cli import build_parser, _rate as rate
    >>> args = build_parser().parse_args(["rate", "p.txt", "--json"])
    >>> chunk = LineChunk(b"12\\n1.3..4..2...4..1\\n", 7, 5, 2)
    >>> print(run_chunk(rate.run, args, chunk, "1...").out)
    {"index": 5, "line": 7, "status": "invalid", ..."error": "p.txt:7: expected n*n ..."}
    {"index": 6, "line": 8, "status": "solved", "level": "easy", ...}
    >>> print(run_chunk(rate.run, args, chunk, "# shape: sudoku 4\\n12\\n1...").out)
    {"index": 5, "line": 7, "status": "invalid", ..."error": "p.txt:7: expected n*n ..."}
    {"index": 6, "line": 8, "status": "solved", "level": "easy", ...}
    """
    args = worker_args(args)
    with _LOCK, tempfile.TemporaryDirectory(prefix="satdoku-chunk-") as folder:
        path = os.path.join(folder, "chunk.txt")
        with open(path, "wb") as stream:
            if anchor is not None:
                stream.write(anchor.encode("utf-8") + b"\n")
            if shared is not None and shared.source is not None and chunk.offset is not None:
                _copy_range(shared.source, chunk.offset, length, stream)
            else:
                stream.write(chunk.data)
        output = relocated(_run(run, args, path), path, _HERE, 0, 0)
        if anchor is not None:
            output = _without(output, _anchored(run, args, anchor, folder))
    behind = [] if anchor is None else anchor.split("\n")  # a shape line, the first lines
    puzzles_behind = sum(1 for line in behind if not line.lstrip().startswith("#"))
    output = relocated(
        output,
        _HERE,
        source_of(args),
        chunk.first_line - 1 - len(behind),
        chunk.first_index - puzzles_behind,
    )
    if shared is None:
        return output
    handle, name = tempfile.mkstemp(prefix=f"chunk-{chunk.first_index}-", dir=shared.folder)
    with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
        stream.write(output.out)
    return output._replace(out="", out_file=name)


_RECORD = re.compile(r'^\{"index": (\d+)(.*?), "line": (\d+)', re.MULTILINE)


def relocated(output: ChunkOutput, path: str, source: str, lines: int, index: int) -> ChunkOutput:
    """Rename ``path`` to ``source`` in what a run printed, and move its lines and indexes on.

    >>> print(relocated(ChunkOutput("", "satdoku: /t/c.txt:2:5: bad\\n", 2, False),
    ...                 "/t/c.txt", "p.txt", 10, 7).err)
    satdoku: p.txt:12:5: bad
    """

    def located(name: str) -> re.Pattern[str]:
        return re.compile(re.escape(name) + r"(?::(\d+))?")

    def moved(new_name: str) -> Callable[[re.Match[str]], str]:
        def rename(match: re.Match[str]) -> str:
            line = match.group(1)
            return new_name + ("" if line is None else f":{int(line) + lines}")

        return rename

    err = output.err
    if path in err:
        err = located(path).sub(moved(source), err)
    out = output.out
    escaped = json.dumps(path)[1:-1]
    if escaped in out:
        out = located(escaped).sub(moved(json.dumps(source)[1:-1]), out)
    if (lines or index) and out.startswith('{"index": '):
        out = _RECORD.sub(
            lambda m: (
                f'{{"index": {int(m.group(1)) + index}{m.group(2)}, "line": '
                f"{int(m.group(3)) + lines}"
            ),
            out,
        )
    return output._replace(out=out, err=err)


def generate_chunk(
    written: Callable[[int, Any, argparse.Namespace], tuple[str | None, str | None]],
    args: argparse.Namespace,
    request: Request,
    run_seed: int,
    start: int,
    count: int,
) -> ChunkOutput:
    """Make puzzles ``start`` to ``start + count - 1`` of a ``generate`` run, as the run makes them.

    ``written`` is the command's own writer of one puzzle (its text, None if held back, and any
    warning: the wish missed); puzzle i comes from its own seed, ``puzzle_seed(run_seed, i)``, so
    any cut of a run gives its puzzles. The status is the number of puzzles that missed the wish.

    >>> from satdoku.core._shape import Shape
    >>> def line(index, made, args): return f"{index} {made.givens}", None
    >>> generate_chunk(line, argparse.Namespace(), Request(Shape.latin(2)), 1, 4, 2).out
    '4 1\\n5 1\\n'
    """
    out, err = [], []
    for index in range(start, start + count):
        text, warning = written(index, request.make(puzzle_seed(run_seed, index)), args)
        if text is not None:
            out.append(text + "\n")
        if warning is not None:
            err.append(warning + "\n")
    return ChunkOutput("".join(out), "".join(err), len(err), False)
