"""The rating ladder in the compiled engine: how far rules 1 and 2 and set logic take a puzzle.

:func:`compiled_climb` runs the ladder of :func:`satdoku.rules._rating.climb` (rules 1 and 2
to a fixpoint, then the first set-logic move of :func:`satdoku.rules._set_logic.find_move`,
smallest k first, in the same order) in C, over the same families, without recording steps:
about 50x faster, for the generator's and the walk's many ratings. The step-by-step ladder,
its records and its counts stay in Python; tests hold the two to the same answers.

>>> from satdoku.io._line import parse_line
>>> climbed = compiled_climb(Shape.sudoku(4), parse_line("1.3..4..2...4..1").cells)
>>> climbed is None or (climbed.rung, climbed.solved, climbed.left) == (0, True, 0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core._axioms import axioms
from ..core._shape import Shape
from ..rules._rating import Climb
from ..rules._set_logic import MAX_SIZE, families
from ..rules._strategies import set_rules
from ._compiled import engine_for

__all__ = ["compiled_climb", "families_table", "family_tables"]


def family_tables(shape: Shape) -> tuple[list[int], ...]:
    """Return the shape's set-logic families as the flat tables ``Families`` reads (claims
    0-based): sizes, base0, cover0, base_axiom, clash, bc_start, bc_claim, bc_bits, cc_start,
    cc_claim, cc_bits.

    >>> tables = family_tables(Shape.sudoku(4))
    >>> len(tables), len(tables[0]) + 1 == len(tables[1])  # a start per family, and the end
    (11, True)
    """
    wanted = set_rules(MAX_SIZE)
    sizes: list[int] = []
    base0, cover0, base_axiom, clash = [0], [0], list[int](), list[int]()
    bc_start, bc_claim, bc_bits = [0], list[int](), list[int]()
    cc_start, cc_claim, cc_bits = [0], list[int](), list[int]()
    for family in families(shape):
        sizes.append(
            sum(1 << k for k, t in enumerate(family.techniques) if t is not None and t in wanted)
        )
        base_axiom.extend(family.bases)
        clash.extend(family.clashes)
        for claims in family.base_claims:
            for v, bits in claims:
                bc_claim.append(v - 1)
                bc_bits.append(bits)
            bc_start.append(len(bc_claim))
        for claims in family.cover_claims:
            for v, bits in claims:
                cc_claim.append(v - 1)
                cc_bits.append(bits)
            cc_start.append(len(cc_claim))
        base0.append(len(base_axiom))
        cover0.append(len(cc_start) - 1)
    return (
        sizes, base0, cover0, base_axiom, clash,
        bc_start, bc_claim, bc_bits, cc_start, cc_claim, cc_bits,
    )  # fmt: skip


@lru_cache(maxsize=32)
def families_table(shape: Shape) -> object | None:
    """Return the shape's set-logic families as the engine reads them, None without an engine.

    >>> families_table(Shape.sudoku(81)) is None  # past the engine's sides
    True
    """
    if engine_for(shape) is None:
        return None
    from . import _native  # type: ignore[attr-defined]

    table: object = _native.Families(shape.n**3, len(axioms(shape)), *family_tables(shape))
    return table


def compiled_climb(shape: Shape, cells: Sequence[int], limit: int = MAX_SIZE) -> Climb | None:
    """Climb the ladder on the puzzle ``cells``: stop solved, stalled, or past size ``limit``.

    None when the compiled engine is not there (or the shape is past its sides).

    >>> from satdoku.io._line import parse_line
    >>> climbed = compiled_climb(Shape.sudoku(4), parse_line("1...............").cells)
    >>> climbed is None or (climbed.rung, climbed.stalled) == (0, True)
    True
    """
    engine = engine_for(shape)
    table = families_table(shape)
    if engine is None or table is None:
        return None
    rung, status, left = engine.climb(cells, table, limit)
    return Climb(rung, status == 1, status == -1, left)
