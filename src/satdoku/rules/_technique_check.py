"""An independent checker of the techniques' steps: each replayed from its premises alone.

It shares no code with the finders (:mod:`satdoku.rules.techniques`): given the candidates a step
was found in and the shape, it checks the step's premises against the candidates (each strong
link strong, each weak link weak, each pattern as its technique requires) and that the removals
and placements follow from them; forcing chains are replayed by a propagation of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core._shape import Shape
from ._candidate_view import CandidateView
from ._uniqueness_check import bug_problem, rectangle_problem
from .techniques._step import Advanced, Node, TechniqueStep

__all__ = ["check_step", "apply_step"]

_CHAINS = {
    Advanced.XY_WING,
    Advanced.W_WING,
    Advanced.SKYSCRAPER,
    Advanced.TWO_STRING_KITE,
    Advanced.TURBOT_FISH,
    Advanced.X_CHAIN,
    Advanced.XY_CHAIN,
    Advanced.AIC,
}
_RECTANGLES = {Advanced(f"unique-rectangle-{k}") for k in range(1, 5)}
_FORCING = {
    Advanced.CONTRADICTION_FORCING_CHAIN,
    Advanced.CELL_FORCING_CHAIN,
    Advanced.UNIT_FORCING_CHAIN,
    Advanced.NESTED_FORCING_CHAIN,
}


def check_step(step: TechniqueStep, shape: Shape, cand: Sequence[int]) -> str | None:
    """Return why a step does not follow from its premises in these candidates, or None.

    ``cand`` holds per cell the mask of its candidates (bit d - 1), 0 for a solved cell.

    >>> cand = [0] * 81
    >>> cand[0], cand[6], cand[36], cand[42] = 0b11, 0b101, 0b110, 0b111000100
    >>> chain = (Node((6,), 3), Node((6,), 1), Node((0,), 1), Node((0,), 2), Node((36,), 2),
    ...          Node((36,), 3))
    >>> print(check_step(TechniqueStep(Advanced.XY_WING, ((42, 3),), chain=chain),
    ...                  Shape.sudoku(9), cand))
    None
    >>> check_step(TechniqueStep(Advanced.XY_WING, ((41, 3),), chain=chain), Shape.sudoku(9), cand)
    'r5c6=3 is not a candidate'
    """
    grid = CandidateView(shape, cand)
    n = shape.n
    for cell, digit in step.eliminated:
        if not grid.has(cell, digit):
            return f"r{cell // n + 1}c{cell % n + 1}={digit} is not a candidate"
    if not (step.eliminated or step.placed):
        return "the step decides nothing"
    technique = step.technique
    if technique in _CHAINS:
        return _chain(grid, step)
    if technique is Advanced.XYZ_WING:
        return _xyz(grid, step)
    if technique is Advanced.SIMPLE_COLOURING:
        return _colouring(grid, step)
    if technique in _RECTANGLES:
        return rectangle_problem(grid, step)
    if technique is Advanced.BUG_PLUS_1:
        return bug_problem(grid, step)
    return _forcing(grid, step)


def apply_step(step: TechniqueStep, shape: Shape, cand: Sequence[int]) -> list[int]:
    """Check a step and return the candidates after it (placed cells keep only their digit).

    >>> apply_step(TechniqueStep(Advanced.AIC, ()), Shape.latin(2), [3, 3, 3, 3])
    Traceback (most recent call last):
    ...
    ValueError: aic: the step decides nothing
    """
    why = check_step(step, shape, cand)
    if why is not None:
        raise ValueError(f"{step.technique.value}: {why}")
    after = list(cand)
    for cell, digit in step.eliminated:
        after[cell] &= ~(1 << (digit - 1))
    for cell, digit in step.placed:
        after[cell] = 1 << (digit - 1)
    return after


# -- chains ---------------------------------------------------------------------------------
def _node_ok(grid: CandidateView, node: Node) -> bool:
    cells = set(node.cells)
    if not cells or not all(grid.has(c, node.digit) for c in cells):
        return False
    return len(cells) == 1 or grid.one_house(cells)


def _strong(grid: CandidateView, a: Node, b: Node) -> bool:
    """Tell whether at least one of two nodes is true: a bivalue cell, or a digit's only places."""
    if len(a.cells) == 1 and a.cells == b.cells and a.digit != b.digit:
        return grid.cand[a.cells[0]] == (1 << (a.digit - 1)) | (1 << (b.digit - 1))
    if a.digit != b.digit or set(a.cells) & set(b.cells):
        return False
    both = set(a.cells) | set(b.cells)
    return any(both <= set(h) and grid.places(h, a.digit) == both for h in grid.houses)


def _weak(grid: CandidateView, a: Node, b: Node) -> bool:
    """Tell whether at most one of two nodes is true: one cell's digits, or peers' same digit."""
    if len(a.cells) == 1 and a.cells == b.cells:
        return a.digit != b.digit
    if a.digit != b.digit or set(a.cells) & set(b.cells):
        return False
    return all(y in grid.peers[x] for x in a.cells for y in b.cells)


def _chain(grid: CandidateView, step: TechniqueStep) -> str | None:
    chain = step.chain
    if len(chain) < 2 or len(chain) % 2:
        return "a chain needs an even number of nodes"
    for node in chain:
        if not _node_ok(grid, node):
            return f"node {node} is not a digit's candidates in one house"
    for i in range(len(chain) - 1):
        linked = _strong if i % 2 == 0 else _weak
        if not linked(grid, chain[i], chain[i + 1]):
            kind = "strong" if i % 2 == 0 else "weak"
            return f"link {i + 1} ({chain[i]} to {chain[i + 1]}) is not {kind}"
    first, last = chain[0], chain[-1]
    for cell, digit in step.eliminated:
        target = Node((cell,), digit)
        if target in (first, last) or not (
            _weak(grid, target, first) and _weak(grid, target, last)
        ):
            return f"r{cell // grid.n + 1}c{cell % grid.n + 1}={digit} does not see both ends"
    return _chain_shape(grid, step)


def _chain_shape(grid: CandidateView, step: TechniqueStep) -> str | None:
    """Check that a chain has its technique's form (length, one digit, bivalue cells)."""
    chain, technique = step.chain, step.technique
    digits = {node.digit for node in chain}
    single = all(len(node.cells) == 1 for node in chain)
    if technique in (Advanced.SKYSCRAPER, Advanced.TWO_STRING_KITE, Advanced.TURBOT_FISH):
        ok = len(chain) == 4 and len(digits) == 1 and single
    elif technique is Advanced.X_CHAIN:
        ok = len(digits) == 1 and single
    elif technique is Advanced.XY_CHAIN:
        ok = single and all(chain[i].cells == chain[i + 1].cells for i in range(0, len(chain), 2))
    elif technique in (Advanced.XY_WING, Advanced.W_WING):
        ok = len(chain) == 6 and single
    else:
        ok = True
    return None if ok else f"the chain is not of the form of a {technique.title}"


# -- patterns -------------------------------------------------------------------------------
def _xyz(grid: CandidateView, step: TechniqueStep) -> str | None:
    if len(step.cells) != 3:
        return "an XYZ-wing has a pivot and two pincers"
    pivot, a, b = step.cells
    cand, peers = grid.cand, grid.peers
    z = cand[a] & cand[b]
    if (
        cand[pivot].bit_count() != 3
        or cand[a].bit_count() != 2
        or cand[b].bit_count() != 2
        or cand[a] | cand[b] != cand[pivot]
        or z.bit_count() != 1
        or a not in peers[pivot]
        or b not in peers[pivot]
    ):
        return "the pivot and pincers are not {x,y,z}, {x,z}, {y,z} seeing the pivot"
    digit = z.bit_length()
    for cell, d in step.eliminated:
        if d != digit or not all(cell in peers[x] for x in (pivot, a, b)):
            return f"r{cell // grid.n + 1}c{cell % grid.n + 1}={d} does not see the three cells"
    return None


def _conjugate(grid: CandidateView, a: int, b: int, digit: int) -> bool:
    return a != b and any(
        a in h and b in h and grid.places(h, digit) == {a, b} for h in grid.houses
    )


def _colouring(grid: CandidateView, step: TechniqueStep) -> str | None:
    if len(step.digits) != 1 or not step.links:
        return "simple colouring needs a digit and its conjugate pairs"
    digit = step.digits[0]
    colour: dict[int, int] = {}
    todo = list(step.links)
    colour[todo[0][0]] = 0
    while todo:
        rest = []
        for a, b in todo:
            if not _conjugate(grid, a, b, digit):
                return f"{a} and {b} are not a conjugate pair of {digit}"
            if a in colour and b in colour:
                if colour[a] == colour[b]:
                    return "the pairs do not alternate colours"
            elif a in colour:
                colour[b] = 1 - colour[a]
            elif b in colour:
                colour[a] = 1 - colour[b]
            else:
                rest.append((a, b))
        if len(rest) == len(todo):
            return "the pairs are not joined"
        todo = rest
    sides = [{c for c, k in colour.items() if k == side} for side in (0, 1)]
    gone = {c for c, d in step.eliminated if d == digit}
    if len(gone) != len(step.eliminated):
        return "colouring removes its own digit only"
    for side in sides:
        if gone == side and any(b in grid.peers[a] for a in side for b in side if a != b):
            return None  # a colour wrap: that colour cannot be the true one
    for cell in gone:
        if cell in colour or not all(any(x in grid.peers[cell] for x in s) for s in sides):
            return f"cell {cell} does not see both colours"
    return None


# -- forcing chains -------------------------------------------------------------------------
def _settle(grid: CandidateView, cand: list[int], queue: list[tuple[int, int]]) -> list[int] | None:
    """Place the queued candidates and what rules 1 and 2 force next; None on a contradiction."""
    solved = [0] * len(cand)
    for c, m in enumerate(cand):
        if m.bit_count() == 1:
            solved[c] = 0  # open until placed: a single left is queued below
            queue.append((c, m.bit_length()))
    while True:
        while queue:
            cell, digit = queue.pop()
            bit = 1 << (digit - 1)
            if solved[cell]:
                if solved[cell] != digit:
                    return None
                continue
            if not cand[cell] & bit:
                return None
            solved[cell] = digit
            cand[cell] = bit
            for p in grid.peers[cell]:
                if cand[p] & bit:
                    if solved[p]:
                        return None
                    cand[p] &= ~bit
                    if not cand[p]:
                        return None
                    if cand[p].bit_count() == 1:
                        queue.append((p, cand[p].bit_length()))
        for house in grid.houses:
            for d in range(1, grid.n + 1):
                bit = 1 << (d - 1)
                spots = [c for c in house if cand[c] & bit]
                if not spots and any(grid.cand[c] & bit for c in house):
                    return None
                if len(spots) == 1 and not solved[spots[0]]:
                    queue.append((spots[0], d))
        if not queue:
            return cand


def _assume(grid: CandidateView, cand: list[int], cell: int, digit: int) -> list[int] | None:
    return _settle(grid, cand[:], [(cell, digit)])


def _nested(grid: CandidateView, cell: int, digit: int) -> list[int] | None:
    """Assume a candidate; also strike candidates whose own assumption contradicts, repeatedly."""
    cand = _assume(grid, grid.cand, cell, digit)
    while cand is not None:
        struck = _refuted(grid, cand)
        if struck is None:
            return cand
        c, d = struck
        cand[c] &= ~(1 << (d - 1))
        cand = _settle(grid, cand, [])
    return None


def _refuted(grid: CandidateView, cand: list[int]) -> tuple[int, int] | None:
    """Return the first open candidate whose assumption ends in a contradiction."""
    for c, m in enumerate(cand):
        if m.bit_count() < 2:
            continue
        for d in range(1, grid.n + 1):
            if m >> (d - 1) & 1 and _assume(grid, cand, c, d) is None:
                return c, d
    return None


def _forcing(grid: CandidateView, step: TechniqueStep) -> str | None:
    branches = step.branches
    if not branches:
        return "a forcing chain needs its branches"
    technique = step.technique
    nested = technique is Advanced.NESTED_FORCING_CHAIN
    outcomes = [
        _nested(grid, c, d) if nested else _assume(grid, grid.cand, c, d) for c, d in branches
    ]
    if len(branches) == 1:
        ok = outcomes[0] is None and set(step.eliminated) == set(branches) and not step.placed
        return None if ok else "the assumption does not lead to a contradiction"
    first_cell = branches[0][0]
    if all(c == first_cell for c, _ in branches):
        every = {(first_cell, d) for d in range(1, grid.n + 1) if grid.has(first_cell, d)}
    elif step.house is not None and all(d == branches[0][1] for _, d in branches):
        every = {(c, branches[0][1]) for c in grid.places(grid.houses[step.house], branches[0][1])}
    else:
        return "the branches are neither a cell's candidates nor a digit's places in a house"
    if set(branches) != every:
        return "the branches do not cover every case"
    alive = [o for o in outcomes if o is not None]
    if not alive:
        return "every branch contradicts: the position has no solution"
    for cell, digit in step.eliminated:
        if any(o[cell] >> (digit - 1) & 1 for o in alive):
            return f"a branch keeps r{cell // grid.n + 1}c{cell % grid.n + 1}={digit}"
    for cell, digit in step.placed:
        if any(o[cell] != 1 << (digit - 1) for o in alive):
            return f"a branch does not place r{cell // grid.n + 1}c{cell % grid.n + 1}={digit}"
    return None
