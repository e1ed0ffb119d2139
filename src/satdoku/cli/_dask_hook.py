"""A command's ``run`` that hands its work to a Dask cluster when ``--dask`` is given.

The cluster code (and Dask) is imported only then: a run without ``--dask`` loads none of it.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

from ._dask_options import check_without_dask

__all__ = ["dask_aware"]

Run = Callable[[argparse.Namespace], int]


def dask_aware(run: Run) -> Run:
    """Return a command's ``run`` that hands the work to a Dask cluster when ``--dask`` is given.

    >>> dask_aware(lambda args: 7)(argparse.Namespace(dask=None, output_dir=None, chunk_size=None))
    7
    """

    @functools.wraps(run)
    def dispatch(args: argparse.Namespace) -> int:
        if args.dask is None:
            check_without_dask(args)
            return run(args)
        from ._dask_run import run_lines_on_dask  # lazy: start-up

        return run_lines_on_dask(args, run)

    return dispatch
