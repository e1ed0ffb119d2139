"""The techniques' compiled finders under AddressSanitizer, checked against their Python.

``python tests/support/techniques_asan_cases.py MODULE.so BOARDS SEED`` loads the techniques'
extension built with ``-fsanitize=address`` (the process needs ``LD_PRELOAD`` of libasan) in
place of the installed one, then runs every finder of the ladder, compiled and Python (and makes
each kind of chain graph both ways), on every stall of the rating's climb of three hard puzzles
and on BOARDS random boards of several shapes, and exits 1 at the first answer that differs (or
when a function of the module was never called: the comparison did not reach it). A memory
error makes AddressSanitizer abort the process. Prints ``done N`` (the boards compared) at the
end.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from compiled_finders import compiled_and_python
from data_files import DATA, puzzle_lines
from native_asan_cases import load
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules.techniques import FINDERS, Board
from satdoku.rules.techniques import _compiled as compiled
from satdoku.rules.techniques._chain_graph import ChainGraph, chain_tables
from technique_positions import climb

SHAPES = [Shape.sudoku(4), Shape.sudoku(6), Shape.sudoku(9), Shape.latin(5), Shape.latin(6)]
SHAPES += [Shape.sudoku(9, diagonals=True), Shape.sudoku(16)]


class Counted:
    """The module, counting the calls of each of its functions."""

    def __init__(self, module: Any) -> None:
        self.module = module
        self.calls: dict[str, int] = {}
        self.VERSION = module.VERSION
        self.Layout = module.Layout

    def __getattr__(self, name: str) -> Any:
        function = getattr(self.module, name)

        def counted(*args: Any) -> Any:
            self.calls[name] = self.calls.get(name, 0) + 1
            return function(*args)

        return counted

    def functions(self) -> set[str]:
        """Return the names of the module's functions."""
        return {name for name in dir(self.module) if callable(getattr(self.module, name))} - {
            "Layout"
        }


def use(module: Any) -> None:
    """Make the compiled finders use this module (and the layouts it makes)."""
    compiled._loaded.cache_clear()
    compiled._layout.cache_clear()
    compiled._loaded = lambda: module  # type: ignore[assignment]


def compare(board: Board) -> None:
    """Run every finder both ways on the board, and make each kind of chain graph both ways;
    exit 1 when two answers differ."""
    for digit, bivalue, groups in ((1, False, False), (0, True, False), (0, False, True)):
        graph = ChainGraph(board, digit=digit, bivalue=bivalue, groups=groups)
        layout, tables = compiled.layout_of(board.shape), chain_tables(board.shape)
        dump = compiled.native().chain_graph_dump(  # type: ignore[union-attr]
            layout, board.cand, digit, bivalue, groups, tables
        )
        python = (
            tuple((node.cells, node.digit) for node in graph.nodes),
            tuple(tuple(links) for links in graph.strong),
            tuple(tuple(graph.weak(i)) for i in range(len(graph.nodes))),
        )
        if dump != python:
            print(f"the chain graph {digit, bivalue, groups} differs on {board.cand}")
            sys.exit(1)
    for _, finder in FINDERS:
        fast, slow = compiled_and_python(finder, board.shape, board.cand)
        if fast != slow:
            print(f"{finder.__name__} differs on {board.shape} {board.cand}:\n{fast}\n{slow}")
            sys.exit(1)


def random_board(rng: random.Random, shape: Shape) -> Board:
    """A board of random candidates: some cells solved, the others two or more digits."""
    n = shape.n
    cand = []
    for _ in range(n * n):
        if rng.random() < 0.3:
            cand.append(0)
        else:
            digits = rng.sample(range(n), rng.randint(2, min(n, 4)))
            cand.append(sum(1 << d for d in digits))
    return Board(shape, cand)


def main() -> None:
    module_path, boards, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    module = Counted(load(module_path))
    use(module)
    done = 0
    for line in puzzle_lines(DATA / "magictour_top1465.txt", 3):
        for _, board, _ in climb(parse_line(line)):
            compare(board)
            done += 1
    rng = random.Random(seed)
    for _ in range(boards):
        compare(random_board(rng, rng.choice(SHAPES)))
        done += 1
    unused = module.functions() - set(module.calls)
    if unused:
        print(f"never called: {sorted(unused)}")
        sys.exit(1)
    print(f"done {done}")


if __name__ == "__main__":
    main()
