"""Ctrl-C, SIGTERM and SIGHUP held back while a trace is written, acted on between two steps.

A stop signal that raised at once could land in the middle of a write and leave half a JSON
record or half a page. Inside :class:`DeferredStop` the signal is only noted; the stepper looks
at the note after each step, closes the record or page as a cut trace, and then
:meth:`DeferredStop.resume` acts on the signal as its own handler would (``KeyboardInterrupt``,
exit 130). A second signal while one is held acts at once: a run stuck on a full pipe still
stops.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any

__all__ = ["STOP_SIGNALS", "DeferredStop"]

STOP_SIGNALS = tuple(
    number
    for number in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None))
    if number is not None
)
"""The signals that stop a run (those the program handles: Python's or the CLI's handler)."""


class DeferredStop:
    """Within ``with``, note stop signals instead of raising; :meth:`resume` acts on them after.

    Only signals with a Python handler are held (an ignored signal stays ignored), and only in
    the main thread (where handlers can be set).

    >>> with DeferredStop() as stop:
    ...     held = stop.signal
    >>> held is None
    True
    >>> stop.resume()  # nothing was held: nothing happens
    """

    def __init__(self) -> None:
        self.signal: int | None = None
        self._handlers: dict[int, Any] = {}  # the handlers replaced, to act as they would

    def __enter__(self) -> DeferredStop:
        if threading.current_thread() is threading.main_thread():
            for number in STOP_SIGNALS:
                handler = signal.getsignal(number)
                if callable(handler):
                    self._handlers[number] = handler
                    signal.signal(number, self._hold)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        for number, handler in self._handlers.items():
            signal.signal(number, handler)

    def _hold(self, number: int, frame: FrameType | None) -> None:
        """Note the first signal; on a second one, act at once."""
        if self.signal is None:
            self.signal = number
            return
        self._handlers[number](number, frame)

    def resume(self) -> None:
        """Act on the signal held, if any, as its own handler would have (it may raise)."""
        number, self.signal = self.signal, None
        if number is not None:
            self._handlers[number](number, None)
