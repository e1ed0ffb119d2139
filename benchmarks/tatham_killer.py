"""Killer Sudoku from Simon Tatham's Solo: generate with ``sgt-solo`` and read its game ids.

A killer id is ``CxRk:GIVENS,CAGES,TOTALS``: the givens and the totals are run-length grids
(letters a-z are runs of 1-26 blanks, numbers are cells, ``_`` separates two numbers; a cage's
total stands on its first cell in reading order), the cages are the grid's dividing lines, first
the vertical ones in reading order then the horizontal ones column by column, as runs of
non-lines (``_`` none, a-y 1-25 then a line, ``z`` 25 and no line).
"""

from __future__ import annotations

import re
import shutil
import subprocess

from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import KillerCage

__all__ = ["SGT_SOLO", "generate", "killer_puzzle"]

SGT_SOLO = shutil.which("sgt-solo") or shutil.which("/usr/games/sgt-solo")


def _run_length_grid(text: str, area: int) -> list[int]:
    cells: list[int] = []
    for token in re.findall(r"[a-z]|\d+|_", text):
        if token.isdigit():
            cells.append(int(token))
        elif token != "_":
            cells += [0] * (ord(token) - ord("a") + 1)
    if len(cells) != area:
        raise ValueError(f"a grid of {len(cells)} cells, expected {area}: {text}")
    return cells


def _lines(text: str, count: int) -> list[bool]:
    lines: list[bool] = []
    for char in text:
        run = 25 if char == "z" else 0 if char == "_" else ord(char) - ord("a") + 1
        lines += [False] * run
        if char != "z":
            lines.append(True)
    return lines[:count]  # the last line is the virtual one after the grid's lines


def _cages(text: str, n: int) -> list[list[int]]:
    inner = n * (n - 1)
    lines = _lines(text, 2 * inner)
    parent = list(range(n * n))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for i, line in enumerate(lines):
        if line:
            continue
        if i < inner:  # between (y, x) and (y, x + 1)
            y, x = divmod(i, n - 1)
            a, b = y * n + x, y * n + x + 1
        else:  # between (y, x) and (y + 1, x)
            x, y = divmod(i - inner, n - 1)
            a, b = y * n + x, (y + 1) * n + x
        parent[root(a)] = root(b)
    groups: dict[int, list[int]] = {}
    for cell in range(n * n):
        groups.setdefault(root(cell), []).append(cell)
    return sorted(groups.values())


def killer_puzzle(game_id: str) -> Puzzle:
    """Read a Solo killer game id (``3x3k:...``) as a puzzle with its cages."""
    params, desc = game_id.strip().split(":", 1)
    size = re.match(r"(\d+)x(\d+)", params)
    if size is None or "k" not in params:
        raise ValueError(f"not a killer Sudoku of boxes CxR: {params}")
    c, r = int(size[1]), int(size[2])
    n = c * r
    givens_text, cages_text, totals_text = desc.split(",")
    givens = _run_length_grid(givens_text, n * n)
    totals = _run_length_grid(totals_text, n * n)
    cages = tuple(KillerCage(tuple(cells), totals[cells[0]]) for cells in _cages(cages_text, n))
    return Puzzle(Shape.sudoku(n, (c, r)), tuple(givens), constraints=cages)


def generate(count: int, params: str, seed: int) -> list[str]:
    """Return ``count`` game ids Solo generates for ``params`` (``3x3kdu``) from a seed."""
    if SGT_SOLO is None:
        raise SystemExit("sgt-solo is not installed (Debian package sgt-puzzles)")
    out = subprocess.run(
        [SGT_SOLO, "--generate", str(count), f"{params}#{seed}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in out.stdout.splitlines() if ":" in line]
