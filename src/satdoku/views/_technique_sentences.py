"""Sentences for the techniques beyond set logic, in r1c1 notation and the puzzle's symbols.

The community name comes first, then the premises (pivot and pincers, the chain in Eureka
notation, the rectangle's corners, the forcing chain's cases) and what follows: "r5c7 cannot be
3", "r6c6 is 4".

>>> from satdoku.rules.techniques import Advanced, Node, TechniqueStep
>>> chain = (Node((15,), 3), Node((15,), 1), Node((10,), 1), Node((10,), 2), Node((37,), 2),
...          Node((37,), 3))
>>> technique_sentence(TechniqueStep(Advanced.XY_WING, ((42, 3),), chain=chain), 9)
'XY-wing: pivot r2c2 {1,2}, pincers r2c7 {1,3}, r5c2 {2,3}: r5c7 cannot be 3'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.constraints import cell_list, cell_name
from ..io._alphabet import Alphabet
from ..rules.techniques._step import Advanced, Candidate, Node, TechniqueStep
from ._sentences import join, symbol

__all__ = ["technique_sentence", "conclusion"]


def _set(digits: Sequence[int], n: int, alphabet: Alphabet) -> str:
    return "{" + ",".join(symbol(d, n, alphabet) for d in digits) + "}"


def _node(node: Node, n: int, alphabet: Alphabet) -> str:
    return f"({symbol(node.digit, n, alphabet)}){cell_list(node.cells, n)}"


def chain_text(chain: Sequence[Node], n: int, alphabet: Alphabet = Alphabet()) -> str:
    """Write a chain in Eureka notation: ``=`` strong links, ``-`` weak ones.

    >>> chain_text((Node((0,), 7), Node((4,), 7), Node((22,), 7), Node((26,), 7)), 9)
    '(7)r1c1=(7)r1c5-(7)r3c5=(7)r3c9'
    """
    text = _node(chain[0], n, alphabet)
    for i, node in enumerate(chain[1:]):
        text += ("=" if i % 2 == 0 else "-") + _node(node, n, alphabet)
    return text


def conclusion(
    eliminated: Sequence[Candidate], placed: Sequence[Candidate], n: int, alphabet: Alphabet
) -> str:
    """Say what a step decides: placements, then eliminations grouped by digit.

    >>> conclusion([(3, 1), (12, 1), (5, 2)], [(7, 4)], 4, Alphabet())
    'r2c4 is 4; r1c4, r4c1 cannot be 1; r2c2 cannot be 2'
    """
    parts = [f"{cell_name(c, n)} is {symbol(d, n, alphabet)}" for c, d in placed]
    shown = {c for c, _ in placed}
    by_digit: dict[int, list[int]] = {}
    for c, d in eliminated:
        if c not in shown:
            by_digit.setdefault(d, []).append(c)
    for d, cells in by_digit.items():
        parts.append(
            f"{', '.join(cell_name(c, n) for c in cells)} cannot be {symbol(d, n, alphabet)}"
        )
    return "; ".join(parts)


def technique_sentence(step: TechniqueStep, n: int, alphabet: Alphabet = Alphabet()) -> str:
    """Say what a technique's step rests on and what it decides, community name first."""
    return (
        f"{_premises(step, n, alphabet)}: {conclusion(step.eliminated, step.placed, n, alphabet)}"
    )


def _premises(step: TechniqueStep, n: int, alphabet: Alphabet) -> str:
    t = step.technique
    name = t.title
    one = symbol(step.digits[0], n, alphabet) if step.digits else ""
    if t is Advanced.XY_WING:
        a, pivot, b = step.chain[0].cell, step.chain[2].cell, step.chain[4].cell
        x, y, z = step.chain[1].digit, step.chain[3].digit, step.chain[0].digit
        return (
            f"{name}: pivot {cell_name(pivot, n)} {_set(sorted((x, y)), n, alphabet)}, pincers "
            f"{cell_name(a, n)} {_set(sorted((x, z)), n, alphabet)}, "
            f"{cell_name(b, n)} {_set(sorted((y, z)), n, alphabet)}"
        )
    if t is Advanced.XYZ_WING:
        pivot, a, b = step.cells
        return (
            f"{name}: pivot {cell_name(pivot, n)} {_set(step.digits, n, alphabet)}, pincers "
            f"{cell_name(a, n)}, {cell_name(b, n)}"
        )
    if t is Advanced.W_WING:
        a, b = step.chain[0].cell, step.chain[-1].cell
        near_a, near_b = step.chain[2].cell, step.chain[3].cell
        return (
            f"{name}: {cell_name(a, n)} and {cell_name(b, n)} "
            f"{_set(sorted(step.digits), n, alphabet)}, linked by "
            f"{symbol(step.chain[1].digit, n, alphabet)} in "
            f"{cell_name(near_a, n)}={cell_name(near_b, n)}"
        )
    if step.chain:
        on = f" on {one}" if len(step.digits) == 1 else ""
        return f"{name}{on}: {chain_text(step.chain, n, alphabet)}"
    if t is Advanced.SIMPLE_COLOURING:
        pairs = join([f"{cell_name(a, n)}={cell_name(b, n)}" for a, b in step.links])
        return f"{name} on {one}: conjugate pairs {pairs}"
    if step.unique and t is not Advanced.BUG_PLUS_1:
        corners = ", ".join(cell_name(c, n) for c in step.cells[:4])
        pair = _set(step.digits[:2], n, alphabet)
        subset = ""
        if step.cells[4:]:  # type 3: the roof's extra digits with other cells, a naked subset
            others = ", ".join(cell_name(c, n) for c in step.cells[4:])
            subset = (
                f", its extra {_set(step.digits[2:], n, alphabet)} a naked subset with {others}"
            )
        return f"{name}: {corners} on {pair}{subset} (the puzzle has one solution)"
    if t is Advanced.BUG_PLUS_1:
        return (
            f"{name}: every open cell has two candidates but {cell_name(step.cells[0], n)} "
            "(the puzzle has one solution)"
        )
    cases = join([f"{cell_name(c, n)}={symbol(d, n, alphabet)}" for c, d in step.branches])
    if len(step.branches) == 1:
        return f"{name}: {cases} leads to a contradiction"
    return f"{name}: each of {cases} leads to it"
