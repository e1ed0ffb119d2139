"""The enjoysudoku forum's 81-character killer text: each cell a cage total or an arrow.

The form is the one of the forum thread "Understandable snarfable killer cages"
(http://forum.enjoysudoku.com/understandable-snarfable-killer-cages-t6119.html), as read by the
Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, ``parseShortKillerFormat``,
which cites that thread). Cells run r1c1..r9c9. A cell holds either

- its cage's total, one character: ``0``-``9`` are 0..9, ``A``-``Z`` 10..35, ``a``-``j`` 36..45;
  ``0`` is a cell outside every cage (no arrow may lead to it), or
- an arrow to a neighbouring cell of its cage: ``<`` left, ``>`` right, ``^`` up, ``v`` down,
  and on the diagonals a backquote up-left, ``'`` up-right, ``,`` down-left, ``.`` down-right.

Following the arrows from any cell reaches its cage's total; the cells that reach one total
are its cage. An arrow off the grid, arrows that go round in a loop, and a total no cage of its
size can have are refused by column.
"""

from __future__ import annotations

import string
from collections import deque
from collections.abc import Iterable, Iterator

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import Shape
from ...core.constraints import KillerCage, cell_list, cell_name
from ._cages import SIDE, fail, total_problem, written_cages

__all__ = ["ARROWS", "TOTALS", "read_arrows", "write_arrows"]

TOTALS = string.digits + string.ascii_uppercase + string.ascii_lowercase[:10]
"""The total characters: the total is the character's place (``0`` is 0, ``j`` is 45)."""

ARROWS = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0)}
"""The arrows to a cell's neighbour in the same row or column: (rows, columns) moved."""

_DIAGONAL_ARROWS = {"`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": (1, 1)}
_MOVES = ARROWS | _DIAGONAL_ARROWS
_ARROW_OF = {move: arrow for arrow, move in _MOVES.items()}
_FORM = "arrows"
_EXPECTED = "a total (0-9, A-Z, a-j) or an arrow (< > ^ v ` ' , .)"


def read_arrows(text: str) -> Puzzle:
    """Read the 81-character arrows text (surrounding blanks aside) as a 9x9 killer.

    >>> puzzle = read_arrows("3<" + "9" * 79)
    >>> [cage.title(9) for cage in puzzle.constraints[:2]]
    ['cage 3 over r1c1,r1c2', 'cage 9 over r1c3']
    >>> read_arrows("<" + "9" * 80)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: killer text (arrows), column 1: the arrow '<' at r1c1 \
points off the grid
    """
    start = len(text) - len(text.lstrip())
    body = text.strip()
    if len(body) != SIDE * SIDE:
        fail(_FORM, start + 1, f"expected 81 characters, one for each cell, got {len(body)}")
    target = [_target(body, cell, start) for cell in range(SIDE * SIDE)]
    root: list[int | None] = [None] * (SIDE * SIDE)
    for cell in range(SIDE * SIDE):
        _find_root(body, target, root, cell, start)
    members: dict[int, list[int]] = {}
    for cell, total_cell in enumerate(root):
        assert total_cell is not None
        members.setdefault(total_cell, []).append(cell)
    cages = []
    for total_cell, cells in sorted(members.items(), key=lambda item: item[1][0]):
        total = TOTALS.index(body[total_cell])
        if total == 0:
            continue  # a cell outside every cage: no arrow leads to it
        problem = total_problem(len(cells), total)
        if problem is not None:
            fail(_FORM, start + total_cell + 1, f"{problem}: the cage {cell_list(cells, SIDE)}")
        cages.append(KillerCage(tuple(cells), total))
    return Puzzle(Shape.sudoku(SIDE), (0,) * (SIDE * SIDE), constraints=tuple(cages))


def _target(body: str, cell: int, start: int) -> int | None:
    """Return the cell an arrow points to (None: the cell holds a total)."""
    char = body[cell]
    if char in TOTALS:
        return None
    if char not in _MOVES:
        fail(_FORM, start + cell + 1, f"expected {_EXPECTED}, got {char!r}")
    rows, cols = _MOVES[char]
    row, col = cell // SIDE + rows, cell % SIDE + cols
    if not (0 <= row < SIDE and 0 <= col < SIDE):
        where = cell_name(cell, SIDE)
        fail(_FORM, start + cell + 1, f"the arrow {char!r} at {where} points off the grid")
    return row * SIDE + col


def _find_root(
    body: str, target: list[int | None], root: list[int | None], cell: int, start: int
) -> None:
    """Follow the arrows from ``cell`` to its cage's total; note the total's cell on the way."""
    path: list[int] = []
    on_path: set[int] = set()
    current = cell
    while root[current] is None:
        step = target[current]
        if step is None:
            root[current] = current
            break
        if current in on_path:
            loop = path[path.index(current) :]
            fail(
                _FORM,
                start + min(loop) + 1,
                f"the arrows of {cell_list(sorted(loop), SIDE)} go round in a loop and never "
                "reach a total",
            )
        path.append(current)
        on_path.add(current)
        if target[step] is None and body[step] == "0":
            fail(
                _FORM,
                start + current + 1,
                f"the arrow {body[current]!r} at {cell_name(current, SIDE)} leads to "
                f"{cell_name(step, SIDE)}, a '0' (a cell outside every cage), not to a total",
            )
        current = step
    for visited in path:
        root[visited] = root[current]


def write_arrows(puzzle: Puzzle) -> str:
    """Write a 9x9 killer (every cage with a total, no givens) as the 81-character arrows text.

    Each cage's total sits in its first cell; the arrows of the others lead there through the
    cage's cells, along rows and columns where they can.

    >>> write_arrows(read_arrows("3<" + "9" * 79))[:4]
    '3<99'
    """
    chars = ["0"] * (SIDE * SIDE)
    for cells, total in written_cages(puzzle, _FORM, diagonals=False):
        if total is None:
            continue  # a cell outside every cage: '0'
        chars[cells[0]] = TOTALS[total]
        for cell, parent in _paths(cells).items():
            move = (parent // SIDE - cell // SIDE, parent % SIDE - cell % SIDE)
            chars[cell] = _ARROW_OF[move]
    return "".join(chars)


def _paths(cells: tuple[int, ...]) -> dict[int, int]:
    """Return the neighbour each cell of a cage points to, on a way to its first cell.

    Ways go along rows and columns; a diagonal step only joins cells they cannot reach.
    """
    members, first = set(cells), cells[0]
    parent: dict[int, int] = {}
    reached, queue = {first}, deque([first])
    while True:
        while queue:
            cell = queue.popleft()
            for near in _neighbours(cell, ARROWS.values()):
                if near in members and near not in reached:
                    parent[near] = cell
                    reached.add(near)
                    queue.append(near)
        link = next(
            (
                (near, cell)
                for cell in sorted(reached)
                for near in _neighbours(cell, _DIAGONAL_ARROWS.values())
                if near in members and near not in reached
            ),
            None,
        )
        if link is None:
            break
        parent[link[0]] = link[1]
        reached.add(link[0])
        queue.append(link[0])
    if reached != members:
        apart = cell_list(sorted(members - reached), SIDE)
        raise InputError(
            f"cage over {cell_list(cells, SIDE)}: {apart} touch none of the cells joined to "
            f"{cell_name(first, SIDE)}, so no arrows lead them to its total"
        )
    return parent


def _neighbours(cell: int, moves: Iterable[tuple[int, int]]) -> Iterator[int]:
    """Yield the cells one move away from ``cell`` on the grid."""
    for rows, cols in moves:
        row, col = cell // SIDE + rows, cell % SIDE + cols
        if 0 <= row < SIDE and 0 <= col < SIDE:
            yield row * SIDE + col
