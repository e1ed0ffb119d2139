"""The parts of a technique's step a hint shows: where it is, its premises' cells, its links.

>>> from satdoku.rules.techniques import Advanced
>>> step = TechniqueStep(Advanced.X_CHAIN, ((2, 7),), chain=(Node((0,), 7), Node((4,), 7)))
>>> pattern_cells(step), premise_cells(step)
((0,), (0, 4))
"""

from __future__ import annotations

from ..rules.techniques._step import Node, TechniqueStep

__all__ = ["pattern_cells", "premise_cells", "chain_links"]


def pattern_cells(step: TechniqueStep) -> tuple[int, ...]:
    """Return where a step is: a wing's cells, a chain's first node, else its pattern's cells.

    >>> from satdoku.rules.techniques import Advanced
    >>> chain = (Node((15,), 3), Node((15,), 1), Node((10,), 1), Node((10,), 2))
    >>> pattern_cells(TechniqueStep(Advanced.XY_CHAIN, ((42, 3),), chain=chain))
    (15,)
    """
    if step.family == "wings":
        return premise_cells(step)
    if step.chain:
        return step.chain[0].cells
    if step.cells:
        return step.cells
    if step.links:
        return tuple(dict.fromkeys(c for link in step.links for c in link))
    return tuple(dict.fromkeys(c for c, _ in step.branches))


def premise_cells(step: TechniqueStep) -> tuple[int, ...]:
    """Return every cell a step's premises name: chain nodes, pattern, links and branches.

    >>> from satdoku.rules.techniques import Advanced
    >>> chain = (Node((15,), 3), Node((15,), 1), Node((10,), 1), Node((10,), 2))
    >>> premise_cells(TechniqueStep(Advanced.XY_CHAIN, ((42, 3),), chain=chain))
    (15, 10)
    """
    cells = [c for node in step.chain for c in node.cells]
    cells += [*step.cells, *(c for link in step.links for c in link)]
    cells += [c for c, _ in step.branches]
    return tuple(dict.fromkeys(cells))


def chain_links(step: TechniqueStep) -> tuple[tuple[Node, Node, bool], ...]:
    """Return a step's links between nodes as (first, second, strong): chains then colouring.

    A chain starts with a strong link and alternates; simple colouring's conjugate pairs are
    strong links on its digit.

    >>> from satdoku.rules.techniques import Advanced
    >>> chain = (Node((15,), 3), Node((15,), 1), Node((10,), 1))
    >>> [strong for _, _, strong in chain_links(TechniqueStep(Advanced.AIC, (), chain=chain))]
    [True, False]
    """
    pairs = zip(step.chain, step.chain[1:], strict=False)
    links = [(a, b, i % 2 == 0) for i, (a, b) in enumerate(pairs)]
    digit = step.digits[0] if step.digits else 0
    links += [(Node((a,), digit), Node((b,), digit), True) for a, b in step.links if digit]
    return tuple(links)
