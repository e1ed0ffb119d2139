"""A cluster started in a background thread when it is asked for, its client once it is up.

While a local cluster starts (its worker processes import Dask, a second or two), the process
that asked for it goes on with its own work; :meth:`ClusterStart.ready` tells when the client
may take work, and :meth:`ClusterStart.close` stops the cluster (after its start, if it was
still starting). Dask is imported, and the cluster started and closed, in the background
thread, made with Ctrl-C blocked: the threads and processes it starts inherit the mask, and
Ctrl-C is left to the thread that asked (which closes the cluster).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from ..api._dask_pool import ctrl_c_blocked, load_dask
from ..backends import _stop_flag as stop_flag

__all__ = ["ClusterStart"]


class ClusterStart:
    """A cluster's start on demand, in a background thread (a context manager: closed at its end).

    >>> from contextlib import nullcontext
    >>> with ClusterStart(lambda: nullcontext("client"), load=lambda: None) as start:
    ...     start.ready(), start.begin(), start.wait()
    (False, None, 'client')
    """

    def __init__(
        self,
        connect: Callable[[], AbstractContextManager[Any]],
        load: Callable[[], None] = load_dask,
    ) -> None:
        self.connect = connect
        self.load = load
        self.client: Any = None
        self.error: BaseException | None = None
        self.thread: threading.Thread | None = None
        self.up = threading.Event()
        self.done = threading.Event()

    @classmethod
    def running(cls, client: Any) -> ClusterStart:
        """Return the start of a cluster that is up already, with its client.

        >>> ClusterStart.running("client").ready()
        True
        """
        start = cls(lambda: None)  # type: ignore[arg-type, return-value]
        start.client = client
        start.up.set()
        return start

    @property
    def begun(self) -> bool:
        """Tell whether the start was asked for (or the cluster was up already)."""
        return self.thread is not None or self.up.is_set()

    def begin(self) -> None:
        """Start the cluster in the background (once), Ctrl-C blocked in that thread."""
        if self.begun:
            return
        self.thread = threading.Thread(target=self._run, name="satdoku-cluster", daemon=False)
        with ctrl_c_blocked():  # the thread, and the processes it starts, inherit the mask
            self.thread.start()

    def _run(self) -> None:
        try:
            self.load()  # Dask's import (a second of work) meanwhile, not in the caller's way
            with self.connect() as client:
                self.client = client
                self.up.set()
                self.done.wait()
        except BaseException as err:  # said by the thread that asks (ready, wait)
            self.error = err
            self.up.set()

    def ready(self) -> bool:
        """Tell whether the cluster is up (raise the error that stopped its start)."""
        if not self.up.is_set():
            return False
        if self.error is not None:
            raise self.error
        return True

    def wait(self) -> Any:
        """Start the cluster if need be and return its client once it is up."""
        self.begin()
        while not self.up.wait(stop_flag.POLL_SECONDS):
            stop_flag.check()  # a stop signal meanwhile stops the wait (Ctrl-C is held)
        self.ready()
        return self.client

    def close(self) -> None:
        """Stop the cluster (once it has started, if it is starting) and its thread."""
        self.done.set()
        if self.thread is not None:
            self.thread.join()

    def __enter__(self) -> ClusterStart:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
