"""SudoCue's killer text (``3x3::k:...``), read by SumoCue and other killer programs.

The form, as its author Ruud described it on the SudoCue forum
(http://www.sudocue.net/forum/viewtopic.php?f=1&t=519, and the reply of rcbroughton in
http://sudocue.net/forum/viewtopic.php?t=551): fields each followed by a colon, no blanks.
First ``3x3`` (the only box shape), then ``d`` for a killer whose two diagonals are houses or
nothing, then ``k``; then 81 numbers, r1c1..r9c9, each ``total × 256 + cage number``: the
cells with one cage number are its cage, and each repeats the cage's total. A total of 0 is a
cell outside every cage (published puzzles give such cells numbers of their own, or write them
``0`` even where cage 0 has a total: the number of a cell of total 0 names no cage). The final
colon may be left out.
"""

from __future__ import annotations

from ...core._puzzle import Puzzle
from ...core._shape import Shape
from ...core.constraints import KillerCage, cell_list, cell_name
from ._cages import SIDE, fail, total_problem, written_cages

__all__ = ["read_sudocue", "write_sudocue"]

_FORM = "sudocue"
_CELLS = SIDE * SIDE


def read_sudocue(text: str) -> Puzzle:
    """Read a SudoCue killer text ``3x3:[d]:k:`` and 81 numbers ``total × 256 + cage``.

    >>> ones = [str(9 * 256 + number) for number in range(2, 81)]  # one-cell cages of 9
    >>> puzzle = read_sudocue("3x3::k:" + ":".join(["768", "768", *ones]))
    >>> puzzle.shape.describe(), puzzle.constraints[0].title(9)
    ('9x9 sudoku, 3x3 boxes', 'cage 3 over r1c1,r1c2')
    """
    start = len(text) - len(text.lstrip())
    body = text.strip()
    fields: list[tuple[int, str]] = []  # (1-based column, text)
    column = start + 1
    for part in body.split(":"):
        fields.append((column, part))
        column += len(part) + 1
    if len(fields) > 3 and fields[-1][1] == "":
        fields.pop()  # the colon after the last number
    _header(fields)
    numbers = fields[3:]
    if len(numbers) != _CELLS:
        at = fields[3 + _CELLS][0] if len(numbers) > _CELLS else start + len(body) + 1
        fail(_FORM, at, f"expected 81 numbers after 'k:', one for each cell, got {len(numbers)}")
    cages: dict[int, tuple[int, list[int]]] = {}  # cage number: (total, cells)
    first_column: dict[int, int] = {}
    outside: dict[int, int] = {}  # cage number of a cell of total 0: the cell
    for cell, (column, field) in enumerate(numbers):
        if not (field.isascii() and field.isdigit()):
            fail(_FORM, column, f"expected a number (total × 256 + cage number), got {field!r}")
        total, number = divmod(int(field), 256)
        if total == 0:
            if number in outside:
                fail(
                    _FORM,
                    column,
                    f"{cell_name(cell, SIDE)} and {cell_name(outside[number], SIDE)} share cage "
                    f"{number} with total 0: a cell without a total stands outside every cage, "
                    "alone",
                )
            outside[number] = cell  # outside every cage, even one its number names
            continue
        if number not in cages:
            cages[number] = (total, [cell])
            first_column[number] = column
            continue
        known, cells = cages[number]
        if total != known:
            fail(
                _FORM,
                column,
                f"{cell_name(cell, SIDE)} is in cage {number} with total {total}, but "
                f"{cell_name(cells[0], SIDE)} (column {first_column[number]}) gives it {known}",
            )
        cells.append(cell)
    constraints = []
    for number, (total, cells) in sorted(cages.items(), key=lambda item: item[1][1][0]):
        problem = total_problem(len(cells), total)
        if problem is not None:
            where = cell_list(cells, SIDE)
            fail(_FORM, first_column[number], f"{problem}: cage {number} over {where}")
        constraints.append(KillerCage(tuple(cells), total))
    shape = Shape.sudoku(SIDE, diagonals=fields[1][1] == "d")
    return Puzzle(shape, (0,) * _CELLS, constraints=tuple(constraints))


def _header(fields: list[tuple[int, str]]) -> None:
    """Check the three fields before the numbers: ``3x3``, ``d`` or nothing, ``k``."""
    expected = (
        ("3x3", "'3x3' (the format's one box shape)"),
        ("d", "'d' (diagonals) or nothing before the second ':'"),
        ("k", "'k' (killer)"),
    )
    for index, (word, what) in enumerate(expected):
        if index >= len(fields):
            column = fields[-1][0] + len(fields[-1][1])
            fail(_FORM, column, f"expected ':' and {what}, got the end")
        column, field = fields[index]
        if field != word and not (index == 1 and field == ""):
            fail(_FORM, column, f"expected {what}, got {field!r}")


def write_sudocue(puzzle: Puzzle) -> str:
    """Write a 9x9 killer (cages with totals, no givens, diagonals or not) as SudoCue's text.

    Cages and the cells outside them are numbered 0, 1, ... in the order of their first cells.

    >>> ones = [str(9 * 256 + number) for number in range(2, 81)]  # one-cell cages of 9
    >>> write_sudocue(read_sudocue("3x3:d:k:" + ":".join(["768", "768", *ones])))[:25]
    '3x3:d:k:768:768:2305:2306'
    """
    values = [0] * _CELLS
    groups = written_cages(puzzle, _FORM, diagonals=True)
    for number, (cells, total) in enumerate(groups):
        for cell in cells:
            values[cell] = (total or 0) * 256 + number
    flag = "d" if puzzle.shape.diagonals else ""
    return f"3x3:{flag}:k:" + "".join(f"{value}:" for value in values)
