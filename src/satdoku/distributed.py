"""Solve a file of puzzles on a Dask cluster from a notebook: records in input order.

For a notebook that already holds a ``dask.distributed.Client``: :func:`solve_file` cuts the file
into chunks of lines, a worker solves each with the batch engine of ``satdoku solve``
(:mod:`satdoku.batch`; Dask runs a chunk again when its worker dies), and the records come back
in input order, those of ``satdoku solve --json``. Needs the optional extra:
``pip install 'satdoku[dask]'`` (on the workers too).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from .batch._chunk_cut import CHUNK_BYTES, cut_input
from .batch._chunk_solve import take_output
from .batch._dask_chunks import chunk_outputs, solve_calls
from .batch._line_run import Batch
from .batch._solve_argv import batch_of_options
from .core._errors import InputError

__all__ = ["solve_file"]


def solve_file(
    path: str | os.PathLike[str],
    client: Any,
    options: Sequence[str] | Batch = (),
    *,
    chunk_bytes: int = CHUNK_BYTES,
) -> Iterator[dict[str, Any]]:
    """Yield one record per puzzle of a file (one puzzle per line), in order, solved by ``client``.

    ``options`` are options of ``satdoku solve`` that read and solve a batch of lines
    (``["--alphabet", "ABCD", "--timeout", "2"]``), or a :class:`~satdoku.batch.Batch` (its
    reading and solving; its format is JSON records); the records are those of ``satdoku solve
    --json``: ``index``, ``status``, ``solution`` or ``error``, ``line``. An error of the whole
    file (not text, one grid rather than lines) raises :class:`~satdoku.core._errors.InputError`
    after the records read before it; an option that is not one of a batch (``--unique``, say)
    raises ValueError.

    >>> from dask.distributed import Client  # doctest: +SKIP
    >>> client = Client("tcp://scheduler:8786")  # doctest: +SKIP
    >>> [r["status"] for r in solve_file("puzzles.txt", client)]  # doctest: +SKIP
    ['solved', 'solved', 'unsolvable']
    """
    source = os.fspath(path)
    if isinstance(options, Batch):
        batch = replace(options, fmt="json", reading=replace(options.reading, source=source))
    else:
        batch = batch_of_options(options, source)
    try:
        stream = open(source, "rb")  # noqa: SIM115 (closed below, the generator's end)
    except OSError as err:
        raise InputError(f"cannot open: {err.strerror}", source=source) from None
    with stream:
        cut = cut_input(batch.reading, stream, chunk_bytes)
        for _, output in chunk_outputs(client, cut, batch.reading, solve_calls(batch)):
            for line in take_output(output).splitlines():
                yield json.loads(line)
            if output.stopped:
                message = output.err.splitlines()[-1].removeprefix("satdoku: ")
                raise InputError(message)
