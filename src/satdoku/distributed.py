"""Solve a file of puzzles on a Dask cluster from a notebook: records in input order.

For a notebook that already holds a ``dask.distributed.Client``: :func:`solve_file` cuts the file
into chunks of lines, a worker solves each with the code of ``satdoku solve`` (Dask runs a chunk
again when its worker dies), and the records come back in input order, those of ``satdoku solve
--json``. Needs the optional extra: ``pip install 'satdoku[dask]'`` (on the workers too).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from typing import Any

from .cli import build_parser
from .cli.dask_options import CHUNK_BYTES
from .cli.dask_run import chunk_outputs, cut_input
from .cli.solve import run
from .core.errors import InputError

__all__ = ["solve_file"]


def solve_file(
    path: str | os.PathLike[str],
    client: Any,
    options: Sequence[str] = (),
    *,
    chunk_bytes: int = CHUNK_BYTES,
) -> Iterator[dict[str, Any]]:
    """Yield one record per puzzle of a file (one puzzle per line), in order, solved by ``client``.

    ``options`` are options of ``satdoku solve`` (``["--alphabet", "ABCD", "--unique"]``); the
    records are those of ``satdoku solve --json``: ``index``, ``status``, ``solution`` or
    ``error``, ``line``. An error of the whole file (not text, one grid rather than lines)
    raises :class:`~satdoku.core.errors.InputError` after the records read before it.

    >>> from dask.distributed import Client  # doctest: +SKIP
    >>> client = Client("tcp://scheduler:8786")  # doctest: +SKIP
    >>> [r["status"] for r in solve_file("puzzles.txt", client)]  # doctest: +SKIP
    ['solved', 'solved', 'unsolvable']
    """
    argv = ["solve", os.fspath(path), "--json", "--chunk-size", str(chunk_bytes), *options]
    args = build_parser().parse_args(argv)
    with open(args.file, "rb") as stream:
        for _, output in chunk_outputs(client, args, run, cut_input(args, stream)):
            for line in output.out.splitlines():
                yield json.loads(line)
            if output.stopped:
                message = output.err.splitlines()[-1].removeprefix("satdoku: ")
                raise InputError(message)
