"""What a constraint's field holds when its type does not say: cells (indices ``row*n + col``).

A field declared ``field(metadata=CELLS)`` holds cells: every whole number in it, however deep
in tuples, is a cell index. Files name such cells ``r1c1`` (:mod:`satdoku.io.variant_file`);
unmarked whole numbers (totals, digits, line numbers) are written as numbers.
"""

from __future__ import annotations

from dataclasses import Field

__all__ = ["CELLS", "ROLE", "holds_cells"]

ROLE = "satdoku role"
"""The metadata key of a field's role."""

CELLS = {ROLE: "cells"}
"""The metadata of a field holding a cell, or tuples of cells."""


def holds_cells(field: Field[object]) -> bool:
    """Tell whether a dataclass field is declared to hold cells.

    >>> from dataclasses import fields
    >>> from satdoku.core.constraints import Comparison, KillerCage
    >>> [holds_cells(f) for f in fields(KillerCage)], holds_cells(fields(Comparison)[0])
    ([True, False], True)
    """
    return field.metadata.get(ROLE) == "cells"
