"""The 45 rule: cells of a house outside the cages wholly inside it sum to what those cages leave.

A house holds 1..n once, so its digits sum to n(n+1)/2 (45 for 9×9); the cells of a house not
covered by the killer cages lying wholly inside it (its "innies") sum to that minus the cages'
totals, a derived cage of distinct digits. Two or three neighbouring rows, columns or boxes
together sum to two or three times as much; their innies may repeat a digit, so their sum is
encoded by partial sums (or by digit sets when the cells all see each other). Derived cages
only restate the rules: they never remove a solution, and they let rules 1 and 2 see more.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .._literal_axioms import HelperClaims, LiteralAxiom
from .._puzzle import Puzzle
from .._shape import House, Shape
from ..constraints import KillerCage, cell_list
from ._sum_axioms import sum_axioms
from ._sum_region import SumRegion

__all__ = ["UNION_CELLS", "derived_cages", "innie_axioms"]

UNION_CELLS = 4
"""The most innie cells of a union of houses encoded (their partial sums grow with the count)."""


@dataclass(frozen=True)
class _Area:
    """One house, or neighbouring houses of one kind taken together."""

    title: str
    houses: tuple[House, ...]

    @property
    def cells(self) -> frozenset[int]:
        return frozenset(cell for house in self.houses for cell in house.cells)


def _span(kind: str, numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"{kind} {numbers[0] + 1}"
    if numbers[-1] - numbers[0] == len(numbers) - 1:
        return f"{kind}s {numbers[0] + 1}-{numbers[-1] + 1}"
    return f"{kind}s " + ", ".join(str(number + 1) for number in numbers)


def _unions(shape: Shape) -> Iterator[_Area]:
    """Yield 2 and 3 neighbouring rows, columns, boxes (side by side or one above another)."""
    n = shape.n
    by_kind: dict[str, list[House]] = {}
    for house in shape.houses:
        by_kind.setdefault(house.kind, []).append(house)
    runs: list[tuple[str, list[int]]] = []
    for kind in ("row", "column"):
        runs += [
            (kind, list(range(start, start + size)))
            for size in (2, 3)
            for start in range(n - size + 1)
        ]
    if shape.box is not None:
        across = n // shape.box[1]  # boxes in a band
        down = n // shape.box[0]  # boxes in a stack
        for box in range(n):
            row, col = divmod(box, across)
            for size in (2, 3):
                if col + size <= across:
                    runs.append(("box", [box + i for i in range(size)]))
                if row + size <= down:
                    runs.append(("box", [box + i * across for i in range(size)]))
    for kind, numbers in runs:
        houses = by_kind.get(kind, [])
        if houses:
            yield _Area(_span(kind, numbers), tuple(houses[number] for number in numbers))


def _inside(
    area: frozenset[int], cages: Sequence[tuple[int, KillerCage]]
) -> list[tuple[int, KillerCage]]:
    return [(index, cage) for index, cage in cages if area.issuperset(cage.members)]


def _rest(area: frozenset[int], inside: Sequence[tuple[int, KillerCage]]) -> frozenset[int] | None:
    """Return the area's cells outside the cages inside it; None when two of those overlap."""
    covered: set[int] = set()
    for _, cage in inside:
        if covered.intersection(cage.members):
            return None
        covered.update(cage.members)
    return area - covered


def _derived(
    area: _Area, cages: Sequence[tuple[int, KillerCage]], shape: Shape
) -> SumRegion | None:
    cells = area.cells
    inside = _inside(cells, cages)
    rest = _rest(cells, inside)
    if not inside or not rest or any(cage.total is None for _, cage in inside):
        return None
    n = shape.n
    total = len(area.houses) * n * (n + 1) // 2 - sum(cage.total or 0 for _, cage in inside)
    members = tuple(sorted(rest))
    peers = shape.peers
    distinct = all(b in peers[a] for i, a in enumerate(members) for b in members[i + 1 :])
    numbers = ", ".join(str(index + 1) for index, _ in inside)
    name = f"45 rule: {area.title} minus cages {numbers}: {cell_list(members, n)} sum to {total}"
    return SumRegion(members, total, name, "45 rule", None, distinct, "with")


def derived_cages(puzzle: Puzzle, unions: bool = True) -> list[SumRegion]:
    """Return the derived cages of the 45 rule: per house, then per union of houses that adds one.

    A union is kept when its innies are at most :data:`UNION_CELLS` cells and are not just its
    houses' own innies put together (which would restate their sums).

    >>> from satdoku.core._shape import Shape
    >>> cages = (KillerCage((0, 1, 2), 6),)
    >>> puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=cages)
    >>> [region.name for region in derived_cages(puzzle)]
    ['45 rule: row 1 minus cages 1: r1c4 sum to 4']
    """
    shape = puzzle.shape
    cages = [(i, rule) for i, rule in enumerate(puzzle.constraints) if isinstance(rule, KillerCage)]
    found: list[SumRegion] = []
    seen: set[tuple[int, ...]] = set()
    own_rest: dict[House, frozenset[int]] = {}
    for house in shape.houses:
        cells = frozenset(house.cells)
        own_rest[house] = _rest(cells, _inside(cells, cages)) or cells
        region = _derived(_Area(house.title(), (house,)), cages, shape)
        if region is not None and region.cells not in seen:
            seen.add(region.cells)
            found.append(region)
    for area in _unions(shape) if unions else ():
        region = _derived(area, cages, shape)
        if region is None or len(region.cells) > UNION_CELLS or region.cells in seen:
            continue
        if frozenset(region.cells) == frozenset().union(*(own_rest[h] for h in area.houses)):
            continue
        seen.add(region.cells)
        found.append(region)
    return found


def innie_axioms(puzzle: Puzzle, helpers: HelperClaims) -> list[LiteralAxiom]:
    """Return the axioms of the 45 rule's derived cages (kind "45 rule", no source).

    >>> from satdoku.core._shape import Shape
    >>> cages = (KillerCage((0, 1, 2), 6),)
    >>> puzzle = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=cages)
    >>> helpers = HelperClaims(4)
    >>> axioms = innie_axioms(puzzle, helpers)
    >>> axioms[0].name, axioms[0].kind, axioms[0].source
    ('45 rule: row 1 minus cages 1: r1c4 sum to 4: one set of digits', '45 rule', None)
    >>> helpers.names[0]
    '45 rule: row 1 minus cages 1: r1c4 sum to 4 with {4}'
    """
    axioms: list[LiteralAxiom] = []
    for region in derived_cages(puzzle):
        axioms += sum_axioms(region, puzzle.n, helpers)
    return axioms
