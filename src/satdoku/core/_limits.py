"""Limits on one solve: wall-clock seconds and a conflict budget, shared by every engine."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_CONFLICTS", "MAX_SECONDS", "Limits"]

MAX_SECONDS = 1e7
"""The longest time limit taken (about 116 days): timers take no more."""

MAX_CONFLICTS = 2**31 - 1
"""The largest conflict budget taken (the solvers keep it in a 32-bit integer)."""


@dataclass(frozen=True)
class Limits:
    """Per-puzzle limits: wall-clock seconds and a conflict budget (None: no limit).

    >>> Limits(timeout=2.0).limited, Limits().limited
    (True, False)
    """

    timeout: float | None = None
    conflicts: int | None = None

    @property
    def limited(self) -> bool:
        """Tell whether any limit is set."""
        return self.timeout is not None or self.conflicts is not None
