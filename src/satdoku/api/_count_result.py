"""A number of solutions, and whether counting saw them all."""

from __future__ import annotations

from dataclasses import dataclass

from ..core._display import draw

__all__ = ["Count"]


@dataclass(frozen=True)
class Count:
    """A number of solutions; ``complete`` is False when a limit (or a timeout) stopped counting.

    >>> Count(2, True).count
    2
    """

    count: int
    complete: bool
    timed_out: bool = False

    def _repr_html_(self) -> str | None:
        """Show the count in Jupyter as a small card (:mod:`satdoku.views._notebook`)."""
        return draw(self, "html")
