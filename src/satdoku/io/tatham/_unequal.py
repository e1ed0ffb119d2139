"""Unequal (Futoshiki) and its Adjacent mode: ``W[a]:CELL,CELL,...`` — each cell's digit and flags.

Params: the size 3..32, ``a`` for Adjacent mode, then optionally ``d`` and a difficulty letter
(t, e, k, x, r). A cell is a digit (0 blank) and flags ``U``, ``R``, ``D``, ``L`` toward its
neighbours (a letter a..z before a cell skips that many blank cells without flags). In Unequal a
flag says the cell is greater than that neighbour; in Adjacent mode the two cells differ by one
(both carry the flag), and two neighbours without one do not differ by one.
"""

from __future__ import annotations

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import Shape
from ...core.constraints import Comparison, Consecutive
from ._codes import checked_side
from ._reader import IdReader

__all__ = ["read_unequal", "write_unequal"]

_FLAGS = "URDL"
_OPPOSITE = {"U": "D", "R": "L", "D": "U", "L": "R"}
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _neighbour(cell: int, flag: str, n: int) -> int | None:
    """Return the cell a flag points to, or None off the grid."""
    row, col = divmod(cell, n)
    row += {"U": -1, "D": 1}.get(flag, 0)
    col += {"L": -1, "R": 1}.get(flag, 0)
    return row * n + col if 0 <= row < n and 0 <= col < n else None


def read_unequal(reader: IdReader) -> Puzzle:
    """Read an Unequal ID's params and description from the reader's position.

    >>> puzzle = read_unequal(IdReader("3:0R,0,0,0,2,0,0,0,0,", "unequal"))
    >>> puzzle.cells[4], [rule.title(3) for rule in puzzle.constraints]
    (2, ['r1c2 < r1c1'])
    """
    n = reader.number_in(3, 32, "a grid size")
    adjacent = reader.take("a")
    if reader.take("d"):
        reader.letter("tekxr", "a difficulty letter t/e/k/x/r after 'd'")
    reader.expect(":", "':' after the params (size, then a, then d and a difficulty letter)")
    cells = [0] * (n * n)
    flags: dict[tuple[int, str], int] = {}  # (cell, flag): the flag's position
    cell = 0
    while not reader.at_end():
        while reader.peek() in _LETTERS and reader.peek():
            start = reader.pos
            cell += ord(reader.letter(_LETTERS, "a letter")) - ord("a") + 1
            if cell > n * n:
                reader.problem(f"more than the grid's {n * n} cells", start)
        if cell >= n * n:
            reader.problem(f"more than the grid's {n * n} cells")
        cells[cell] = reader.number_in(0, n, "a digit")
        while reader.peek() and reader.peek() in _FLAGS:
            flags[cell, reader.peek()] = reader.pos
            reader.pos += 1
        cell += 1
        if cell < n * n:
            reader.expect(",", f"',' (or a flag {'/'.join(_FLAGS)}) after cell {cell}")
        else:
            reader.take(",")
    if cell < n * n:
        reader.fail(f"cell {cell + 1} of {n * n}")
    rules = _rules(reader, n, flags, adjacent)
    return Puzzle(Shape.latin(n), tuple(cells), constraints=rules)


def _rules(
    reader: IdReader, n: int, flags: dict[tuple[int, str], int], adjacent: bool
) -> tuple[Comparison, ...] | tuple[Consecutive, ...]:
    """Return the signs (Unequal) or the marks and their absences (Adjacent) the flags make."""
    for (cell, flag), at in flags.items():
        other = _neighbour(cell, flag, n)
        if other is None:
            reader.problem(f"flag {flag} points off the grid", at)
        answered = (other, _OPPOSITE[flag]) in flags
        if adjacent and not answered:
            reader.problem(f"flag {flag} is not answered by {_OPPOSITE[flag]} on its neighbour", at)
        if not adjacent and answered:
            reader.problem(f"flag {flag} contradicts its neighbour's {_OPPOSITE[flag]}", at)
    if not adjacent:
        return tuple(
            Comparison(other, cell)
            for cell in range(n * n)
            for flag in _FLAGS
            if (cell, flag) in flags and (other := _neighbour(cell, flag, n)) is not None
        )
    return tuple(
        Consecutive(cell, other, (cell, flag) in flags)
        for cell in range(n * n)
        for flag in "RD"
        if (other := _neighbour(cell, flag, n)) is not None
    )


def write_unequal(puzzle: Puzzle) -> str:
    """Write an Unequal (or Adjacent) puzzle's params and description.

    >>> write_unequal(read_unequal(IdReader("3:0R,0,0,0,2,0,0,0,0", "unequal")))
    '3:0R,0,0,0,2,0,0,0,0,'
    """
    n = checked_side(puzzle.n, 32, "unequal")
    kinds = {rule.kind for rule in puzzle.constraints}
    if not kinds <= {"comparison"} and kinds != {"consecutive"}:
        raise InputError(
            "an unequal ID states either < signs or differ-by-one marks, not "
            + " and ".join(sorted(kinds))
        )
    adjacent = kinds == {"consecutive"}
    flags = _flags(puzzle, n, adjacent)
    cells = [f"{digit}{''.join(flags[cell])}," for cell, digit in enumerate(puzzle.cells)]
    return f"{n}{'a' if adjacent else ''}:{''.join(cells)}"


def _flags(puzzle: Puzzle, n: int, adjacent: bool) -> list[str]:
    """Return each cell's flags in URDL order; refuse rules the flags cannot state."""
    flags: list[set[str]] = [set() for _ in range(n * n)]
    stated: dict[frozenset[int], tuple[int, bool]] = {}  # a pair: the smaller cell, or a mark
    for rule in puzzle.constraints:
        first, second = rule.cells(n)
        flag = next((f for f in _FLAGS if _neighbour(first, f, n) == second), None)
        if flag is None:
            raise InputError(f"{rule.title(n)}: a flag stands between neighbouring cells only")
        said = (0, rule.consecutive) if isinstance(rule, Consecutive) else (first, True)
        if stated.setdefault(frozenset((first, second)), said) != said:
            raise InputError(f"{rule.title(n)} contradicts another rule on the same cells")
        if said[1]:
            flags[second].add(_OPPOSITE[flag])
            if adjacent:
                flags[first].add(flag)
    pairs = 2 * n * (n - 1)
    if adjacent and len(stated) != pairs:
        raise InputError(
            "an adjacent ID says of every two neighbours whether they differ by one: "
            f"{pairs - len(stated)} pairs are left unsaid"
        )
    return ["".join(f for f in _FLAGS if f in cell) for cell in flags]
