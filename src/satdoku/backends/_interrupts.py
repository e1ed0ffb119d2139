"""Ctrl-C during a PySAT call: never a jump out of the solver's C code.

Called in the main thread, PySAT installs for the length of a solve a SIGINT handler that
``longjmp``-s out of the solver: CaDiCaL always, the MiniSat family unless the call is
``solve_limited(expect_interrupt=True)``. A jump out of C++ in the middle of a call can leave the
solver, and the allocator, broken (seen: ``free(): invalid pointer``, the process killed by
SIGABRT). satdoku never lets that handler run:

- the solvers PySAT can interrupt are called with ``expect_interrupt=True`` (no handler), and a
  watcher thread interrupts them on Ctrl-C (:mod:`satdoku.backends._limits`);
- every other call goes through :func:`shielded`: SIGINT is blocked in the calling thread for its
  length and delivered, to Python's own handler, when it returns (a single-threaded process, as
  the command line is); with other threads about (a notebook kernel), a blocked signal could
  reach another thread while PySAT's handler is installed, so the call runs in a thread of its
  own instead, where PySAT installs no handler (on Linux every thread counts, also those Python
  did not start, read from ``/proc/self/task``);
- a forked solver child blocks SIGINT for its whole life (:func:`block_sigint_for_good`): the
  parent, interrupted, kills it.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable
from typing import TypeVar

from . import _stop_flag as stop_flag

__all__ = ["block_sigint_for_good", "die_with_parent", "fork_answering", "shielded", "write_all"]

T = TypeVar("T")

_SIGINT = {signal.SIGINT}

_TASKS = "/proc/self/task" if os.path.isdir("/proc/self/task") else None
"""Where Linux lists a process's threads (all of them, not only those of :mod:`threading`)."""


def shielded(call: Callable[..., T], *args: object) -> T:
    """Run a PySAT call so that Ctrl-C takes effect when it returns, never inside it.

    >>> shielded(sum, [1, 2, 3])
    6
    """
    if threading.current_thread() is not threading.main_thread():
        return call(*args)  # PySAT installs its handler in the main thread only
    if _single_threaded():
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGINT)
        try:
            answer = call(*args)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)  # a pending Ctrl-C lands here
        stop_flag.check()  # a stop signal the handler only noted (held)
        return answer
    return _in_a_thread(call, *args)


def _single_threaded() -> bool:
    """Tell whether this process runs one thread (on Linux counting threads Python did not start).

    >>> _single_threaded() in (True, False)
    True
    """
    if _TASKS is None:
        return threading.active_count() == 1
    return os.stat(_TASKS).st_nlink <= 3  # Linux: 2 + the number of threads


def _in_a_thread(call: Callable[..., T], *args: object) -> T:
    """Run a call in a thread of its own; Ctrl-C meanwhile is raised once the call is over."""
    outcome: list[tuple[bool, object]] = []

    def run() -> None:
        try:
            outcome.append((True, call(*args)))
        except BaseException as err:  # noqa: BLE001 - handed to the caller
            outcome.append((False, err))

    worker = threading.Thread(target=run, name="satdoku-solve", daemon=True)
    interrupted = False
    try:
        worker.start()
    except KeyboardInterrupt:  # while waiting for the thread to start: it runs all the same
        interrupted = True
    while worker.is_alive():
        try:
            worker.join()
        except KeyboardInterrupt:  # the solver cannot stop mid-call: let the call end first
            interrupted = True
    if interrupted:
        raise KeyboardInterrupt
    stop_flag.check()  # a stop signal the handler only noted (held)
    ok, value = outcome[0]
    if not ok:
        assert isinstance(value, BaseException)
        raise value
    return value  # type: ignore[return-value]


def block_sigint_for_good() -> None:
    """Block SIGINT in this (forked, single-threaded) process: its parent decides when it ends."""
    signal.pthread_sigmask(signal.SIG_BLOCK, _SIGINT)


_PR_SET_PDEATHSIG = 1


def die_with_parent(signal_number: int = signal.SIGTERM) -> None:
    """Ask Linux to send this process a signal when its parent dies (elsewhere: nothing).

    Called in forked children only (worker and solver processes), never in the process itself.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # here, not at start-up: only worker processes need it

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal_number, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the watchdog of last resort is the parent
        pass


def fork_answering(answer: Callable[[int], None], close: Iterable[int] = ()) -> tuple[int, int]:
    """Fork a child that writes its answer to a pipe; return (its pid, the pipe's read end).

    The child blocks SIGINT for good and dies with its parent (the parent kills it when it is
    done waiting), closes the read end and the descriptors in ``close``, calls ``answer`` with
    the write end and leaves without Python's clean-up: status 0 when ``answer`` returned, 1 when
    it raised (the parent then reads a missing answer).

    >>> pid, read_end = fork_answering(lambda out: write_all(out, b"hi"))
    >>> os.read(read_end, 8), os.waitpid(pid, 0)[1], os.close(read_end)
    (b'hi', 0, None)
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        code = 1
        try:
            block_sigint_for_good()  # the parent kills it on Ctrl-C
            die_with_parent(signal.SIGKILL)  # and the kernel, if the parent is killed
            os.close(read_end)
            for other in close:
                os.close(other)
            answer(write_end)
            code = 0
        except BaseException:  # noqa: BLE001 - the parent reports a missing answer
            pass
        finally:
            os._exit(code)
    os.close(write_end)
    return pid, read_end


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to a descriptor (``os.write`` may write only part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
