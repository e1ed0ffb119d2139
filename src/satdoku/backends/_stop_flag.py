"""Stop signals as a flag: SIGINT, SIGTERM and SIGHUP noted when they arrive, acted on where polled.

A handler that raised at once could land anywhere: in the middle of writing a record (half a
JSON line, or records a clean-up path then wrote again), or inside a finalizer, where Python
prints the exception and drops it (the run went on and ended with 0). Within :func:`held` the
handler only notes the signal; the run's loops call :func:`check` between records, and every
wait (a worker's answer, a solver child, a Dask result) wakes up to poll it. A second signal
while one is held acts at once: a run stuck on a full pipe still stops. Outside :func:`held`
the handler raises at once, as Python's own does. Either way :func:`arrived` tells the command
line afterwards that the run was stopped, so its exit status says so (``128 +`` the signal).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar

__all__ = [
    "POLL_SECONDS",
    "STOP_SIGNALS",
    "Stopped",
    "arrived",
    "check",
    "held",
    "install",
    "interruptible",
    "restore",
]

T = TypeVar("T")

STOP_SIGNALS = tuple(
    number
    for number in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None))
    if number is not None
)
"""The signals that stop a run."""

POLL_SECONDS = 0.05
"""How long a wait goes on before it looks at the flag again."""

_NAMES: dict[int, str] = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
if hasattr(signal, "SIGHUP"):
    _NAMES[signal.SIGHUP] = "hung up"


class Stopped(KeyboardInterrupt):
    """A stop signal acted on: Ctrl-C (SIGINT), SIGTERM or SIGHUP, by its number.

    >>> stop = Stopped(signal.SIGTERM)
    >>> stop.name, stop.status, isinstance(stop, KeyboardInterrupt)
    ('terminated', 143, True)
    """

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = int(number)
        self.name = _NAMES.get(self.number, "stopped")
        self.status = 128 + self.number


class _Flag:
    """The process's flag: the first stop signal of the run, and how deep in :func:`held`."""

    arrived: int | None = None
    depth = 0
    pid = 0  # the process that installed the handler (a forked child inherits it)


def _note(number: int, frame: FrameType | None) -> None:
    """The handler: note the first signal; raise unless held (or when one was held already).

    In a child forked with the handler (a Dask worker), Ctrl-C is left to the parent, which
    stops it, and SIGTERM or SIGHUP end it as they would by default.
    """
    if os.getpid() != _Flag.pid:
        if number != signal.SIGINT:
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
        return
    if _Flag.arrived is None:
        _Flag.arrived = number
        if _Flag.depth:
            return
    raise Stopped(number)


def install() -> dict[int, Any]:
    """Clear the flag and handle the stop signals that stop the process as they are now (SIGINT
    at Python's default, SIGTERM and SIGHUP at the system's); return the handlers replaced.

    An ignored signal stays ignored (a background job's Ctrl-C), and outside the main thread
    nothing is installed (handlers cannot be set there).

    >>> restore(install())
    """
    _Flag.arrived, _Flag.depth, _Flag.pid = None, 0, os.getpid()
    replaced: dict[int, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return replaced
    for number in STOP_SIGNALS:
        current = signal.getsignal(number)
        default = signal.default_int_handler if number == signal.SIGINT else signal.SIG_DFL
        if current is default:
            replaced[number] = signal.signal(number, _note)
    return replaced


def restore(replaced: dict[int, Any]) -> None:
    """Put back the handlers :func:`install` replaced."""
    for number, handler in replaced.items():
        signal.signal(number, handler)


def arrived() -> int | None:
    """Return the number of the stop signal that arrived since :func:`install`, if any.

    >>> restore(install()); arrived() is None
    True
    """
    return _Flag.arrived


def check() -> None:
    """Raise :class:`Stopped` when a stop signal arrived (a run's loops call it between steps).

    >>> check()  # no signal: nothing happens
    """
    if _Flag.arrived is not None:
        raise Stopped(_Flag.arrived)


@contextmanager
def held() -> Iterator[None]:
    """Within, a stop signal is only noted; it is acted on at the next :func:`check`, at the
    latest when the block ends normally.

    >>> with held():
    ...     check()
    """
    _Flag.depth += 1
    try:
        yield
    finally:
        _Flag.depth -= 1
    check()


def interruptible(call: Callable[..., T], *args: Any) -> T:
    """Make a call that may wait long (a blocking read, compiled code that looks at signals)
    as if nothing were held: a stop signal meanwhile raises out of it.

    >>> with held():
    ...     interruptible(sum, [1, 2])
    3
    """
    depth = _Flag.depth
    if not depth:
        return call(*args)
    _Flag.depth = 0
    try:
        check()
        return call(*args)
    finally:
        _Flag.depth = depth
