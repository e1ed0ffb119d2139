"""The JSON fields of a hint's step beyond set logic, by level.

Level 1: ``"technique"`` (``xy-wing``), ``"family"``, ``"se"``, ``"unique"`` (the step needs
the puzzle to have one solution); level 2 adds ``"cells"`` (where: ``[row, col]``, 0-based);
level 3 adds ``"chain"`` (Eureka notation, or null), ``"premises"`` (every cell the premises
name), ``"links"`` (``{"from": [row, col, digit], "to": [...], "strong": bool}``, a grouped
node by its first cell), ``"eliminated"`` and ``"placed"`` (``[row, col, digit]``).
"""

from __future__ import annotations

from typing import Any

from ..io._alphabet import Alphabet
from ..rules.techniques._step import Node, TechniqueStep
from ._technique_parts import chain_links, pattern_cells, premise_cells
from ._technique_sentences import chain_text

__all__ = ["technique_record"]


def technique_record(
    step: TechniqueStep, n: int, level: int, alphabet: Alphabet = Alphabet()
) -> dict[str, Any]:
    """Return the JSON fields of a technique's step at a hint level (1, 2 or 3).

    >>> from satdoku.rules.techniques import Advanced
    >>> step = TechniqueStep(Advanced.X_CHAIN, ((2, 7),), chain=(Node((0,), 7), Node((4,), 7)))
    >>> rec = technique_record(step, 9, 3)
    >>> rec["technique"], rec["se"], rec["cells"], rec["chain"], rec["eliminated"]
    ('x-chain', 6.6, [[0, 0]], '(7)r1c1=(7)r1c5', [[0, 2, 7]])
    """
    rec: dict[str, Any] = {
        "technique": step.technique.value,
        "family": step.family,
        "se": step.se,
        "unique": step.unique,
    }
    if level >= 2:
        rec["cells"] = [list(divmod(c, n)) for c in pattern_cells(step)]
    if level == 3:
        rec["chain"] = chain_text(step.chain, n, alphabet) if step.chain else None
        rec["premises"] = [list(divmod(c, n)) for c in premise_cells(step)]
        rec["links"] = [
            {"from": _claim(a, n), "to": _claim(b, n), "strong": strong}
            for a, b, strong in chain_links(step)
        ]
        rec["eliminated"] = [[*divmod(c, n), d] for c, d in step.eliminated]
        rec["placed"] = [[*divmod(c, n), d] for c, d in step.placed]
    return rec


def _claim(node: Node, n: int) -> list[int]:
    return [*divmod(node.cells[0], n), node.digit]
