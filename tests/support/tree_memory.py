"""Peak memory of a command's whole process tree, sampled from /proc while it runs (Linux).

A solver child or a portfolio's grandchildren count with the process that made them, which
``ru_maxrss`` of one process (the largest, not the sum) does not show.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Run", "run_sampled", "HAS_PROC"]

HAS_PROC = os.path.isdir("/proc/self")

_PAGE = os.sysconf("SC_PAGE_SIZE") if HAS_PROC else 4096


@dataclass(frozen=True)
class Run:
    """A finished command: exit status, output, and (seconds, bytes) samples of its tree's RSS."""

    code: int
    out: str
    err: str
    samples: tuple[tuple[float, int], ...]

    @property
    def peak_mb(self) -> float:
        """Return the most resident memory the tree held at once, in MB."""
        return max((rss for _, rss in self.samples), default=0) / 2**20

    def peak_mb_after(self, seconds: float) -> float:
        """Return the peak of the samples taken from ``seconds`` after the start on, in MB."""
        return max((rss for t, rss in self.samples if t >= seconds), default=0) / 2**20

    def peak_mb_before(self, seconds: float) -> float:
        """Return the peak of the samples taken before ``seconds`` after the start, in MB."""
        return max((rss for t, rss in self.samples if t < seconds), default=0) / 2**20


def _parents() -> dict[int, list[int]]:
    """Return the children of every process, read from /proc."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        parent = int(stat[stat.rfind(")") + 2 :].split()[1])
        children.setdefault(parent, []).append(int(name))
    return children


def tree_rss(root: int) -> int:
    """Return the resident bytes of a process and all its descendants."""
    children, total, todo = _parents(), 0, [root]
    while todo:
        pid = todo.pop()
        with contextlib.suppress(OSError, IndexError, ValueError):  # gone meanwhile
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE
        todo.extend(children.get(pid, ()))
    return total


def run_sampled(
    argv: list[str], out: Path, *, interrupt_after: float | None = None, timeout: float = 120
) -> Run:
    """Run ``argv`` with standard output to ``out``, sampling its tree's RSS every 20 ms;
    ``interrupt_after``: send SIGINT after that many seconds."""
    began = time.monotonic()
    samples: list[tuple[float, int]] = []
    with out.open("w") as sink:
        child = subprocess.Popen(
            argv,
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # even `pytest &`
        )
        sent = False
        while child.poll() is None:
            now = time.monotonic() - began
            samples.append((now, tree_rss(child.pid)))
            if interrupt_after is not None and not sent and now >= interrupt_after:
                child.send_signal(signal.SIGINT)
                sent = True
            if now > timeout:
                child.kill()
            time.sleep(0.02)
        err = child.stderr.read() if child.stderr is not None else ""
    return Run(child.returncode, out.read_text(), err, tuple(samples))
