"""Work on a Dask cluster with results in input order: a client for an address, a window of futures.

Dask (``dask`` and ``distributed``, the optional extra ``satdoku[dask]``) is imported only when a
cluster is asked for, never when satdoku starts. A task whose worker dies is run again by Dask on
another worker (up to its ``allowed-failures``), so the results still come complete and in order.
"""

from __future__ import annotations

import importlib.util
import logging
import signal
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
from typing import Any, NamedTuple

from ..backends import _stop_flag as stop_flag
from ..backends._limits import default_jobs

__all__ = [
    "Address",
    "CONNECT_SECONDS",
    "LOCAL_CONFIG",
    "Ready",
    "connect",
    "ctrl_c_blocked",
    "dask_installed",
    "in_order",
    "load_dask",
    "result_of",
    "parse_address",
    "worker_count",
]

CONNECT_SECONDS = 10
"""How long a scheduler given by address may take to answer."""


class Address(NamedTuple):
    """Where to run: a scheduler's address, or a local cluster of ``workers`` processes.

    >>> Address(None, 2).scheduler is None
    True
    """

    scheduler: str | None
    workers: int | None = None


def parse_address(text: str) -> Address:
    """Read ``local``, ``local:N`` or a scheduler's address (``tcp://host:8786``, ``host:8786``).

    >>> parse_address("local:2"), parse_address("tcp://10.0.0.5:8786").scheduler
    (Address(scheduler=None, workers=2), 'tcp://10.0.0.5:8786')
    >>> parse_address("local:0")
    Traceback (most recent call last):
    ...
    ValueError: local:N needs N of 1 or more worker processes, got '0'
    """
    if text == "local":
        return Address(None)
    if text.startswith("local:"):
        count = text.removeprefix("local:")
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"local:N needs N of 1 or more worker processes, got {count!r}")
        return Address(None, int(count))
    scheme, _, rest = text.rpartition("://")
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit() or (scheme and not scheme.isalnum()):
        raise ValueError(
            f"expected local, local:N or a scheduler's address such as tcp://host:8786, "
            f"got {text!r}"
        )
    return Address(text)


def dask_installed() -> bool:
    """Tell whether Dask's distributed scheduler can be imported (without importing it).

    >>> isinstance(dask_installed(), bool)
    True
    """
    return importlib.util.find_spec("distributed") is not None


LOCAL_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.scheduler.work-stealing": False,
}
"""Dask settings of a local cluster's workers: no statistical profiler sampling their threads
every 10 ms, and the event loop's health checked every second rather than every 20 ms (both
take the worker's GIL from the chunk being solved)."""


def load_dask() -> None:
    """Import Dask and its distributed scheduler, Ctrl-C blocked in the threads they start.

    >>> load_dask()  # doctest: +SKIP
    """
    # the resource tracker's first start unblocks Ctrl-C in the calling thread: started first
    resource_tracker.ensure_running()
    with ctrl_c_blocked():  # distributed starts threads as it loads: they inherit the mask
        import dask  # noqa: F401
        import distributed  # noqa: F401


@contextmanager
def connect(address: Address) -> Iterator[Any]:
    """Yield a ``distributed.Client`` of the address (a local cluster is started, then stopped).

    >>> with connect(Address(None, 1)) as client:  # doctest: +SKIP
    ...     client.submit(sum, [1, 2]).result()
    3
    """
    load_dask()
    import dask
    import distributed

    if address.scheduler is not None:
        with distributed.Client(address.scheduler, timeout=CONNECT_SECONDS) as client:
            yield client
        return
    # workers are spawned, never forked: a fork of this process copies the locks its other
    # threads hold (a log handler's, a stream's) and a worker forked while one was taken waits
    # on it forever (seen under load: a run hung at "starting workers"). The threads that start
    # them are made with Ctrl-C blocked, so the workers (spawned with that mask) leave Ctrl-C to
    # this process, which stops the cluster; a Ctrl-C meanwhile waits, not lost, for the mask
    # to be lifted here.
    with (
        dask.config.set({"distributed.worker.multiprocessing-method": "spawn", **LOCAL_CONFIG}),
        ctrl_c_blocked(),
    ):
        cluster = distributed.LocalCluster(
            n_workers=address.workers or default_jobs(),
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: 8787 may be taken
            # the cluster is satdoku's own: a chunk's failure comes back through its future, and
            # what its workers log when it is closed mid-chunk (a stop) is noise, not a message
            silence_logs=logging.CRITICAL,
        )
    with (
        dask.config.set({"distributed.worker.multiprocessing-method": "spawn", **LOCAL_CONFIG}),
        cluster,
        distributed.Client(
            cluster, direct_to_workers=True
        ) as client,  # results not via the scheduler
    ):
        yield client


@contextmanager
def ctrl_c_blocked() -> Iterator[None]:
    """Block SIGINT in this thread (and the threads and processes started meanwhile) within.

    A SIGINT that arrives meanwhile is delivered when the block ends.

    >>> with ctrl_c_blocked():
    ...     pass
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def worker_count(client: Any) -> int:
    """Return how many workers the client's scheduler has now (at least 1).

    >>> class Client:
    ...     def scheduler_info(self): return {"workers": {"tcp://a:1": {}, "tcp://b:2": {}}}
    >>> worker_count(Client())
    2
    """
    return max(1, len(client.scheduler_info().get("workers", {})))


def result_of(future: Any) -> Any:
    """Wait for a future's result, looking at the stop flag meanwhile (a stop signal held); a
    :class:`Ready` value is its own result.

    >>> result_of(Ready("done"))
    'done'
    """
    if isinstance(future, Ready):
        return future.value
    # waited for with an event the future sets, not with result(timeout=...): a wait that
    # timed out just as the result came could end in a CancelledError under load
    done = threading.Event()
    future.add_done_callback(lambda _: done.set())
    while not done.wait(stop_flag.POLL_SECONDS):
        stop_flag.check()
    return future.result()


class Ready(NamedTuple):
    """A value known without a call, yielded in its place among the calls' results.

    >>> Ready(3).value
    3
    """

    value: Any


def in_order(
    client: Any, calls: Iterable[tuple[Any, ...] | Ready], window: int = 0
) -> Iterator[Any]:
    """Yield ``function(*args)`` for each call ``(function, *args)``, in order, run on the cluster
    (a :class:`Ready` value is yielded as it is, in its place).

    At most ``window`` calls are in flight (default three per worker), so the calls are made
    lazily and memory stays bounded; those still in flight are cancelled when the consumer
    stops (Ctrl-C, an error, or simply no longer asking).

    >>> with connect(Address(None, 1)) as client:  # doctest: +SKIP
    ...     list(in_order(client, [(pow, 2, 3), (pow, 3, 2)]))
    [8, 9]
    """
    window = window or 3 * worker_count(client)
    pending: deque[Any] = deque()
    try:
        for call in calls:
            pending.append(call if isinstance(call, Ready) else client.submit(*call, pure=False))
            while len(pending) >= window:
                yield result_of(pending.popleft())
        while pending:
            yield result_of(pending.popleft())
    finally:
        futures = [item for item in pending if not isinstance(item, Ready)]
        if futures:
            client.cancel(futures)
