"""Shape options: the shape (boxes, Latin, diagonals, jigsaw regions) of a puzzle read from text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core._errors import InputError
from ..core._shape import Shape

__all__ = ["ShapeOptions", "check_own_shape"]


@dataclass(frozen=True)
class ShapeOptions:
    """Which shape to give a puzzle of side n read from text (box, Latin, diagonals, regions).

    >>> ShapeOptions().shape_for(6).box, ShapeOptions(latin=True).shape_for(9).box
    ((2, 3), None)
    """

    box: tuple[int, int] | None = None
    latin: bool = False
    diagonals: bool = False
    regions: tuple[int, ...] | None = None

    def shape_for(self, n: int) -> Shape:
        """Return the shape of a puzzle of side n under these options (one object per shape).

        >>> ShapeOptions().shape_for(4) is ShapeOptions().shape_for(4)
        True
        """
        return _shape_for(self, n)

    def _make_shape(self, n: int) -> Shape:
        if self.regions is not None:
            shape = Shape.jigsaw(self.regions, diagonals=self.diagonals)
            if shape.n != n:
                raise InputError(
                    f"the region map is for {shape.n}x{shape.n}, the puzzle is {n}x{n}"
                )
            return shape
        if self.latin:
            return Shape.latin(n, diagonals=self.diagonals)
        if self.box is not None and self.box[0] * self.box[1] != n:
            raise InputError(
                f"box {self.box[0]}x{self.box[1]} does not tile a {n}x{n} grid (needs r*c = {n})"
            )
        if self.box is None:
            return Shape.of_side(n, diagonals=self.diagonals)
        return Shape.sudoku(n, self.box, diagonals=self.diagonals)


def check_own_shape(shape: Shape, what: str, options: ShapeOptions) -> None:
    """Refuse shape options other than the shape a text gives itself (a game ID, a killer text).

    >>> check_own_shape(Shape.sudoku(9), "killer text", ShapeOptions(latin=True))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: this killer text is a 9x9 sudoku, 3x3 boxes, but the shape \
asked for is a 9x9 latin square: a killer text gives its own shape, ask for none
    """
    if options != ShapeOptions() and options.shape_for(shape.n) != shape:
        raise InputError(
            f"this {what} is a {shape.describe()}, but the shape asked for is a "
            f"{options.shape_for(shape.n).describe()}: a {what} gives its own shape, ask for none"
        )


@lru_cache(maxsize=64)
def _shape_for(options: ShapeOptions, n: int) -> Shape:
    # one Shape object per shape, so its houses and peers are computed once per batch
    return options._make_shape(n)
