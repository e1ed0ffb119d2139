"""Sum regions: cells whose digits add up to a total, the form every killer rule takes."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SumRegion"]


@dataclass(frozen=True)
class SumRegion:
    """Cells whose digits sum to ``total`` (None: any sum), with or without repeated digits.

    ``name`` names the region for people and prefixes its axioms' and helper claims' names;
    ``kind`` and ``source`` are those of the axioms (the rule's kind, the constraint's index).

    >>> region = SumRegion((0, 1), 17, "cage 17 over r1c1,r1c2", "killer cage", 0)
    >>> region.helper_name("{8,9}")
    'cage 17 over r1c1,r1c2 holds {8,9}'
    """

    cells: tuple[int, ...]
    total: int | None
    name: str
    kind: str
    source: int | None
    distinct: bool = True
    verb: str = "holds"
    """The word between the region's name and what its helper claims say it holds."""

    def helper_name(self, content: str) -> str:
        """Name a helper claim saying what the region holds."""
        return f"{self.name} {self.verb} {content}"
