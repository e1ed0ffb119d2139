"""Keen (KenKen): ``W:BLOCKS,CLUES`` — cages by their dividing lines, then one clue per cage.

Params: the size 3..9, then optionally ``d`` and a difficulty letter (e, n, h, x, u) and ``m``
(multiplication only). The clues come in the order of the cages' first cells: a letter for the
operation (``a`` +, ``s`` −, ``m`` ×, ``d`` ÷) and the target.
"""

from __future__ import annotations

from ...core._errors import InputError
from ...core._puzzle import Puzzle
from ...core._shape import Shape
from ...core.constraints import ArithmeticCage, Operation
from ._codes import block_members, checked_side, covering_blocks, read_blocks, write_blocks
from ._reader import IdReader

__all__ = ["read_keen", "write_keen"]

_OPERATIONS = {"a": Operation.ADD, "s": Operation.SUBTRACT, "m": Operation.MULTIPLY}
_OPERATIONS["d"] = Operation.DIVIDE
_LETTERS = {operation: letter for letter, operation in _OPERATIONS.items()}
_SPECIAL = 25
"""The letter count of Keen's block structure that has no dividing line after it (``y``)."""


def read_keen(reader: IdReader) -> Puzzle:
    """Read a Keen ID's params and description from the reader's position.

    >>> puzzle = read_keen(IdReader("3:_aba_3a,s1m3a5m3", "keen"))
    >>> [rule.title(3) for rule in puzzle.constraints][:2]
    ['cage 1− over r1c1,r2c1', 'cage 3× over r1c2,r1c3']
    """
    w = reader.number_in(3, 9, "a grid size")
    if reader.take("d"):
        reader.letter("enhxu", "a difficulty letter e/n/h/x/u after 'd'")
    reader.take("m")
    reader.expect(":", "':' after the params (size, then d and a difficulty letter, then m)")
    blocks = read_blocks(reader, w, _SPECIAL, repeats=True)
    reader.expect(",", "',' after the block structure")
    cages: list[ArithmeticCage] = []
    for members in block_members(blocks):
        start = reader.pos
        letter = reader.letter("amsd", f"a clue letter a/m/s/d (clue {len(cages) + 1})")
        target = reader.number(f"the target after '{letter}'")
        try:
            cages.append(ArithmeticCage(members, _OPERATIONS[letter], target))
        except InputError as err:
            reader.problem(err.message, start)
    reader.finish(f"the end: {len(cages)} cages, {len(cages)} clues")
    return Puzzle(Shape.latin(w), (0,) * (w * w), constraints=tuple(cages))


def write_keen(puzzle: Puzzle) -> str:
    """Write a Keen puzzle's params and description.

    >>> write_keen(read_keen(IdReader("3:_aba_3a,s1m3a5m3", "keen")))
    '3:_aba_3a,s1m3a5m3'
    """
    n = checked_side(puzzle.n, 9, "keen")
    if puzzle.blanks() != n * n:
        raise InputError("a keen ID has no givens")
    for cage in puzzle.constraints:
        if not isinstance(cage, ArithmeticCage):
            raise InputError(f"a keen ID states keen cages only, not a {cage.kind}")
    cages = [cage for cage in puzzle.constraints if isinstance(cage, ArithmeticCage)]
    blocks = covering_blocks([cage.members for cage in cages], n, "keen cages")
    clues = {min(cage.members): f"{_LETTERS[cage.operation]}{cage.target}" for cage in cages}
    structure = write_blocks(blocks, n, _SPECIAL, repeats=True)
    return f"{n}:{structure},{''.join(clues[first] for first in sorted(clues))}"
