"""Towers (skyscrapers): ``W:T/T/T/T[,GIVENS]`` — 4W clues, then run-length coded givens.

Params: the size 3..9, then optionally ``d`` and a difficulty letter (e, h, x, u). The clues
run along the top (left to right), the bottom (left to right), the left (top to bottom) and the
right (top to bottom); an empty clue (or 0) is none.
"""

from __future__ import annotations

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import Shape
from ...core.constraints import Side, Skyscraper
from ._codes import checked_side, read_cells, write_cells
from ._reader import IdReader

__all__ = ["read_towers", "write_towers"]

_SIDES = (Side.TOP, Side.BOTTOM, Side.LEFT, Side.RIGHT)


def read_towers(reader: IdReader) -> Puzzle:
    """Read a Towers ID's params and description from the reader's position.

    >>> puzzle = read_towers(IdReader("4:3////2//2//////1///,i2f", "towers"))
    >>> [rule.title(4) for rule in puzzle.constraints][:2], puzzle.cells[9]
    (['3 seen from the top of column 1', '2 seen from the bottom of column 1'], 2)
    """
    w = reader.number_in(3, 9, "a grid size")
    if reader.take("d"):
        reader.letter("ehxu", "a difficulty letter e/h/x/u after 'd'")
    reader.expect(":", "':' after the params (size, then d and a difficulty letter)")
    clues = []
    for index in range(4 * w):
        if index:
            reader.expect("/", f"'/' and clue {index + 1} of {4 * w}")
        if reader.peek().isdigit():
            visible = reader.number_in(0, w, "a clue")
            if visible:
                clues.append(Skyscraper(_SIDES[index // w], index % w, visible))
    if reader.peek() == "/":
        reader.fail(f"',' or the end after {4 * w} clues")
    cells = [0] * (w * w)
    if reader.take(","):
        cells = read_cells(reader, w * w, w, "a digit")
    reader.finish("',' and the givens, or the end")
    return Puzzle(Shape.latin(w), tuple(cells), constraints=tuple(clues))


def write_towers(puzzle: Puzzle) -> str:
    """Write a Towers puzzle's params and description.

    >>> write_towers(read_towers(IdReader("4:3////2//2//////1//0/0,i2f", "towers")))
    '4:3////2//2//////1///,i2f'
    """
    n = checked_side(puzzle.n, 9, "towers")
    clues = [""] * (4 * n)
    for clue in puzzle.constraints:
        if not isinstance(clue, Skyscraper):
            raise InputError(f"a towers ID states skyscraper clues only, not a {clue.kind}")
        if clue.line >= n or clue.visible > n:
            raise InputError(f"{clue.title(n)}: off a {n}x{n} grid's clues")
        index = _SIDES.index(clue.side) * n + clue.line
        if clues[index] and clues[index] != str(clue.visible):
            raise InputError(f"two clues stand at one place: {clue.title(n)} and {clues[index]}")
        clues[index] = str(clue.visible)
    givens = f",{write_cells(puzzle.cells)}" if puzzle.blanks() < n * n else ""
    return f"{n}:{'/'.join(clues)}{givens}"
