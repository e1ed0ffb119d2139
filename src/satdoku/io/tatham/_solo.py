"""Solo (Sudoku): ``CxR[x][k]:GIVENS[,BLOCKS][,CAGES,SUMS]`` and jigsaw ``Nj[x][k]:...``.

Params: ``CxR`` (C columns of blocks and R rows of them, so each block is C rows tall and R
columns wide; ``C`` alone is CxC) or ``Nj`` (jigsaw: N irregular blocks), then ``x`` (both
diagonals are houses), ``k`` (killer cages), and optionally a symmetry (``r2``, ``r4``, ``m2``,
``md2``, ``m4``, ``md4``, ``m8``, ``a``) and ``d`` with a difficulty letter (t, b, i, a, e, u).
The description: the givens run-length coded, a jigsaw's block structure, and a killer's cage
structure with the cages' sums (each in one cell of its cage, run-length coded).
"""

from __future__ import annotations

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import Shape
from ...core.constraints import KillerCage
from ._codes import (
    block_members,
    covering_blocks,
    read_blocks,
    read_cells,
    write_blocks,
    write_cells,
)
from ._reader import IdReader

__all__ = ["read_solo", "write_solo"]

_SPECIAL = 26
"""The letter count of Solo's block structures that has no dividing line after it (``z``)."""

_OPTIONS = "j, x, k, a symmetry r2/r4/m2/md2/m4/md4/m8/a or d and a difficulty letter t/b/i/a/e/u"


def _params(reader: IdReader) -> tuple[int, int, bool, bool]:
    """Read the params: return C, R (1 for a jigsaw), diagonals and killer."""
    start = reader.pos
    c = r = reader.number("the number of columns of blocks")
    seen_r = reader.take("x")
    if seen_r:
        r = reader.number("the number of rows of blocks after 'x'")
    diagonals = killer = False
    while not reader.at_end() and reader.peek() != ":":
        letter = reader.letter("jxkrmad", f"':' or an option: {_OPTIONS}")
        if letter == "j":
            c, r = (c * r if seen_r else c), 1
        elif letter == "x":
            diagonals = True
        elif letter == "k":
            killer = True
        elif letter == "r":
            reader.letter("24", "2 or 4 after 'r' (rotational symmetry)")
        elif letter == "m":
            if reader.take("d"):
                reader.letter("24", "2 or 4 after 'md' (mirror symmetry)")
            else:
                reader.letter("248", "2, 4 or 8 (or d) after 'm' (mirror symmetry)")
        elif letter == "d":
            reader.letter("tbiaeu", "a difficulty letter t/b/i/a/e/u after 'd'")
    reader.expect(":", f"':' after the params, or an option: {_OPTIONS}")
    if c < 2 or r < 1:
        reader.problem(f"blocks of {c}x{r}: both sides are 2 or more (1 rows: jigsaw)", start)
    if c * r > (9 if killer else 31):
        kind = "a killer grid" if killer else "a grid"
        reader.problem(f"{kind} of side {c * r} is too big for solo", start)
    return c, r, diagonals, killer


def read_solo(reader: IdReader) -> Puzzle:
    """Read a Solo ID's params and description from the reader's position.

    >>> puzzle = read_solo(IdReader("2x3:a3b4_5c6f2_4_4_2f2c1_4b6a", "solo"))
    >>> puzzle.shape.describe(), puzzle.cells[:6]
    ('6x6 sudoku, 2x3 boxes', (0, 3, 0, 0, 4, 5))
    """
    c, r, diagonals, killer = _params(reader)
    n = c * r
    cells = read_cells(reader, n * n, n, "a digit")
    if r == 1:
        reader.expect(",", "',' and the jigsaw's block structure")
        start = reader.pos
        blocks = read_blocks(reader, n, _SPECIAL, repeats=False)
        firsts = sorted(set(blocks))
        sizes = [len(members) for members in block_members(blocks)]
        if sizes != [n] * n:
            reader.problem(f"the jigsaw's blocks hold {sizes} cells, expected {n} of {n}", start)
        shape = Shape.jigsaw([firsts.index(block) for block in blocks], diagonals=diagonals)
    else:
        shape = Shape.sudoku(n, (c, r), diagonals=diagonals)
    cages: tuple[KillerCage, ...] = ()
    if killer:
        cages = _cages(reader, n)
    reader.finish("the end of the solo ID")
    return Puzzle(shape, tuple(cells), constraints=cages)


def _cages(reader: IdReader, n: int) -> tuple[KillerCage, ...]:
    """Read a killer's cage structure and sums (one in each cage)."""
    reader.expect(",", "',' and the killer's cage structure")
    start = reader.pos
    blocks = read_blocks(reader, n, _SPECIAL, repeats=False)
    reader.expect(",", "',' and the killer cages' sums")
    sums_at = reader.pos
    sums = read_cells(reader, n * n, n * n * n, "a sum")
    cages = []
    for members in block_members(blocks):
        if len(members) > n:
            reader.problem(f"a cage of {len(members)} cells, more than {n} digits", start)
        totals = [sums[cell] for cell in members if sums[cell]]
        if len(totals) != 1:
            cage = KillerCage(members)
            reader.problem(f"{cage.title(n)} has {len(totals)} sums, expected one", sums_at)
        cages.append(KillerCage(members, totals[0]))
    return tuple(cages)


def write_solo(puzzle: Puzzle) -> str:
    """Write a Solo puzzle's params and description.

    >>> write_solo(read_solo(IdReader("2x3:a3b4_5c6f2_4_4_2f2c1_4b6a", "solo")))
    '2x3:a3b4_5c6f2_4_4_2f2c1_4b6a'
    """
    shape, n = puzzle.shape, puzzle.n
    if shape.regions is not None and shape.box is None:
        params, parts = f"{n}j", [write_blocks(shape.regions, n, _SPECIAL, repeats=False)]
    elif shape.box is not None and shape.regions is None:
        params, parts = f"{shape.box[0]}x{shape.box[1]}", []
        if min(shape.box) < 2:
            raise InputError(f"solo's blocks are 2 or more on each side, not {params}")
    else:
        raise InputError(
            f"a solo grid has boxes or jigsaw regions, one of them: {shape.describe()}"
        )
    params += "x" if shape.diagonals else ""
    if puzzle.constraints:
        params += "k"
        parts += _killer_parts(puzzle)
    largest = 9 if puzzle.constraints else 31
    if n > largest:
        raise InputError(f"a solo grid of side {n} is too big: {largest} at most ({params})")
    return f"{params}:{','.join([write_cells(puzzle.cells), *parts])}"


def _killer_parts(puzzle: Puzzle) -> list[str]:
    """Return the cage structure and the sums of a killer (every cell in one cage with a sum)."""
    n = puzzle.n
    sums = [0] * (n * n)
    for cage in puzzle.constraints:
        if not isinstance(cage, KillerCage):
            raise InputError(f"a solo ID states killer cages only, not a {cage.kind}")
        if cage.total is None:
            raise InputError(f"{cage.title(n)} has no sum: a solo killer cage has one")
        sums[min(cage.members)] = cage.total
    blocks = covering_blocks([cage.cells(n) for cage in puzzle.constraints], n, "killer cages")
    return [write_blocks(blocks, n, _SPECIAL, repeats=False), write_cells(sums)]
