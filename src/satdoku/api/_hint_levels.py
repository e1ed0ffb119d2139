"""How much a hint says: its levels (kept apart from the hint's search, which is heavy to load)."""

from __future__ import annotations

__all__ = ["LEVELS"]

LEVELS = (1, 2, 3)
"""How much a hint says: 1 the technique, 2 also the house or axiom, 3 the claims and why."""
