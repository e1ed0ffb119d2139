"""The keys of the terminal player: space, the left and right arrows and q, read without Enter.

While the player runs, standard input is put in cbreak mode (keys arrive one by one, not
echoed; Ctrl-C still interrupts) and put back as it was afterwards, whatever happens. Where
standard input or output is not a terminal (a pipe, a file, Windows without termios) no keys are
read and the play simply runs.

>>> [Key.of(b" ").value, Key.of(b"\\x1b[C").value, Key.of(b"\\x1b[D").value, Key.of(b"q").value]
['pause', 'right', 'left', 'quit']
>>> Key.of(b"x")
<Key.OTHER: 'other'>
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Any, Protocol

try:  # POSIX terminals; elsewhere the player runs without keys
    import termios
    import tty
except ImportError:  # pragma: no cover - Windows
    termios = None  # type: ignore[assignment]
    tty = None  # type: ignore[assignment]

__all__ = ["Key", "KeyReader", "TerminalKeys", "open_keys"]


class Key(Enum):
    """What a key asks of the player.

    >>> Key.of(b"\\x1bOD")  # an arrow in the terminal's application mode
    <Key.LEFT: 'left'>
    """

    PAUSE = "pause"
    LEFT = "left"
    RIGHT = "right"
    QUIT = "quit"
    OTHER = "other"

    @classmethod
    def of(cls, data: bytes) -> Key:
        """Return the key a terminal's bytes for one key press stand for."""
        return _KEYS.get(data, cls.OTHER)


_KEYS = {
    b" ": Key.PAUSE,
    b"\x1b[C": Key.RIGHT,
    b"\x1bOC": Key.RIGHT,
    b"\x1b[D": Key.LEFT,
    b"\x1bOD": Key.LEFT,
    b"q": Key.QUIT,
    b"Q": Key.QUIT,
}


class KeyReader(Protocol):
    """A source of key presses: ``read`` waits up to ``timeout`` seconds (None: for ever)."""

    def read(self, timeout: float | None) -> Key | None:
        """Return the next key, or None when the time ran out first."""


def _split(data: bytes) -> list[bytes]:
    """Split a burst of bytes into key presses (escape sequences kept whole).

    >>> _split(b" \\x1b[Cq")
    [b' ', b'\\x1b[C', b'q']
    """
    presses = []
    i = 0
    while i < len(data):
        if data[i : i + 1] == b"\x1b" and data[i + 1 : i + 2] in (b"[", b"O"):
            end = i + 2
            while end < len(data) and not 0x40 <= data[end] <= 0x7E:
                end += 1
            presses.append(data[i : end + 1])
            i = end + 1
        else:
            presses.append(data[i : i + 1])
            i += 1
    return presses


class TerminalKeys:
    """Read key presses from a file descriptor in cbreak mode (see :func:`open_keys`).

    >>> r, w = os.pipe()
    >>> _ = os.write(w, b"\\x1b[D ")
    >>> keys = TerminalKeys(r)
    >>> keys.read(1), keys.read(1), keys.read(0)
    (<Key.LEFT: 'left'>, <Key.PAUSE: 'pause'>, None)
    >>> os.close(r), os.close(w)
    (None, None)
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending: list[bytes] = []

    def read(self, timeout: float | None) -> Key | None:
        """Return the next key, waiting up to ``timeout`` seconds (None: until a key comes)."""
        if not self.pending:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return None
            data = os.read(self.fd, 64)
            if not data:  # standard input closed: no more keys, wait out the time
                return None
            self.pending = _split(data)
        return Key.of(self.pending.pop(0))


def _is_terminal(stream: Any) -> bool:
    try:
        return stream is not None and bool(stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False


@contextmanager
def open_keys(console: Any) -> Iterator[TerminalKeys | None]:
    """Yield a key reader on standard input in cbreak mode, or None where keys cannot be read.

    Keys are read only when standard input and the console's output are both terminals.

    >>> import io
    >>> class Console:
    ...     file = io.StringIO()
    >>> with open_keys(Console()) as keys:
    ...     keys is None
    True
    """
    if termios is None or not (_is_terminal(sys.stdin) and _is_terminal(console.file)):
        yield None
        return
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    try:
        yield TerminalKeys(fd)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
