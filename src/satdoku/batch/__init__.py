"""Batches: a stream of puzzle lines solved into answers or JSON records, in input order.

In this process (blocks of lines in C), in worker processes (``jobs``), or in chunks on a Dask
cluster (:mod:`satdoku.batch._dask_chunks`); ``satdoku solve`` and :mod:`satdoku.distributed`
are thin callers of it.

>>> import io
>>> out = io.StringIO()
>>> solve_stream(Batch(fmt="json"), io.BytesIO(b"1" + b"." * 15), out)
0
>>> out.getvalue()
'{"index": 0, "status": "solved", "solution": "1234341221434321", "line": 1}\\n'
"""

from __future__ import annotations

from ._line_reading import LineReading
from ._line_run import Batch, Start, solve_stream
from ._solve_options import SolveOptions

__all__ = ["Batch", "LineReading", "SolveOptions", "Start", "solve_stream"]
