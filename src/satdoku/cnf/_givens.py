"""How a puzzle's givens reach a CNF file (kept apart from the writer, heavy to load)."""

from __future__ import annotations

from enum import Enum

__all__ = ["Givens"]


class Givens(Enum):
    """How a puzzle's givens reach the CNF: unit clauses, or left out (pass them as assumptions).

    >>> Givens("omit").describe(3)
    'omit (not in the file: pass them to the solver as assumptions)'
    """

    UNITS = "units"
    OMIT = "omit"

    def describe(self, count: int) -> str:
        """Say in words where the givens are."""
        if self is Givens.UNITS:
            return f"units (the last {count} clauses)" if count else "units (there are none)"
        return "omit (not in the file: pass them to the solver as assumptions)"
