"""Axioms: named groups of claims of which exactly one is true."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ._claims import Claim, claim_of
from ._shape import House, Shape

__all__ = ["Axiom", "axioms", "cell_axioms", "house_axioms"]


@dataclass(frozen=True)
class Axiom:
    """A named group of claims, given by their DIMACS variables, of which exactly one is true.

    ``kind`` is ``"cell"`` for "a cell holds one digit", else the house kind ("row", "box", ...).

    >>> a = axioms(Shape.sudoku(4))[0]
    >>> a.name, a.variables
    ('cell r1c1 holds exactly one digit', (1, 2, 3, 4))
    >>> a.claims[1].label()
    'r1c1=2'
    """

    name: str
    kind: str
    variables: tuple[int, ...]
    n: int

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Return the claims of this axiom."""
        return tuple(claim_of(v, self.n) for v in self.variables)

    @property
    def is_cell(self) -> bool:
        """Tell whether this is a cell axiom (one digit per cell), not a house axiom."""
        return self.kind == "cell"


def cell_axioms(shape: Shape) -> list[Axiom]:
    """Return one axiom per cell: it holds exactly one digit.

    >>> len(cell_axioms(Shape.sudoku(9)))
    81
    """
    n = shape.n
    return [
        Axiom(
            f"cell r{cell // n + 1}c{cell % n + 1} holds exactly one digit",
            "cell",
            tuple(range(cell * n + 1, cell * n + n + 1)),  # claims.variable, cell = row*n + col
            n,
        )
        for cell in range(n * n)
    ]


def _house_axiom(house: House, digit: int, n: int) -> Axiom:
    return Axiom(
        f"{house.title()} has exactly one {digit}",
        house.kind,
        tuple(cell * n + digit for cell in house.cells),  # claims.variable, cell = row*n + col
        n,
    )


def house_axioms(shape: Shape) -> list[Axiom]:
    """Return one axiom per house and digit: the house holds that digit exactly once.

    >>> len(house_axioms(Shape.sudoku(9)))
    243
    >>> house_axioms(Shape.sudoku(9))[9 * 2 + 6].name
    'row 3 has exactly one 7'
    """
    n = shape.n
    return [_house_axiom(h, d, n) for h in shape.houses for d in range(1, n + 1)]


@lru_cache(maxsize=32)
def axioms(shape: Shape) -> tuple[Axiom, ...]:
    """Return every axiom of a shape: cell axioms first, then house axioms.

    >>> len(axioms(Shape.sudoku(9))), len(axioms(Shape.latin(5)))
    (324, 75)
    """
    return tuple(cell_axioms(shape) + house_axioms(shape))
