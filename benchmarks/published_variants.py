"""Rangsk's SudokuSolver's published test puzzles, solved by satdoku and compared with their
published solutions.

SudokuSolver (github.com/dclamage/SudokuSolver, GPL) lists f-puzzles puzzles with their unique
solutions in ``SudokuTests/Puzzles.cs`` (``uniqueClassicFPuzzles``, ``uniqueVariantFPuzzles``).
Its data is read from a copy given by path (a checkout, or a bare git directory whose ``HEAD``
holds the file) and never stored here. Each puzzle is read with satdoku's f-puzzles reader,
solved, compared with the published solution, and counted up to 2 (``count --limit 2``).

The table: solved and equal, refused (grouped by the refusal's reason), wrong (a solution other
than the published one, or none: must be 0), not unique (a second solution found).

Usage::

    .venv/bin/python benchmarks/published_variants.py PATH [--show-refused]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from satdoku import count, solve
from satdoku.core._errors import InputError
from satdoku.core.constraints import broken_constraints
from satdoku.io.fpuzzles import parse_fpuzzles

PUZZLES = "SudokuTests/Puzzles.cs"
LISTS = ("uniqueClassicFPuzzles", "uniqueVariantFPuzzles")
_ENTRY = re.compile(r'\(\s*@?"(N4Ig[^"]*)"\s*,\s*@?"([^"]*)"\s*\)')
_COMMENT = re.compile(r"^\s*//\s*(.*)$")


@dataclass(frozen=True)
class Published:
    """One published puzzle: its list, its comment (name and rules), text and solution."""

    source: str
    name: str
    text: str
    solution: str


def puzzles_file(path: Path) -> str | None:
    """Return the text of ``Puzzles.cs`` in a checkout or a bare git directory, or None."""
    if (path / PUZZLES).is_file():
        return (path / PUZZLES).read_text(encoding="utf-8-sig")
    if (path / "HEAD").is_file():
        shown = subprocess.run(
            ["git", "--git-dir", str(path), "show", f"HEAD:{PUZZLES}"],
            capture_output=True,
            text=True,
            check=False,
        )
        if shown.returncode == 0:
            return shown.stdout.lstrip("\ufeff")
    return None


def published(text: str) -> list[Published]:
    """Return the puzzles of the lists of unique f-puzzles puzzles, with their comments."""
    found: list[Published] = []
    for source in LISTS:
        start = text.index(source)
        body = text[start : text.index("};", start)]
        comment = ""
        for line in body.splitlines():
            note = _COMMENT.match(line)
            if note:
                comment = note.group(1)
            for puzzle, solution in _ENTRY.findall(line):
                found.append(Published(source, comment, puzzle, solution))
                comment = ""
    return found


def _written(grid: tuple[int, ...]) -> str:
    """Return a grid as SudokuSolver writes a solution: the digits' numbers, one after another."""
    return "".join(map(str, grid))


def run(puzzles: list[Published], show_refused: bool) -> int:
    """Solve each puzzle, print the table, and return 1 when a solution is wrong."""
    equal: list[Published] = []
    refused: dict[str, list[Published]] = defaultdict(list)
    wrong: list[tuple[Published, str]] = []
    not_unique: list[Published] = []
    started = time.perf_counter()
    for item in puzzles:
        try:
            puzzle = parse_fpuzzles(item.text)
        except InputError as err:
            refused[err.message].append(item)
            continue
        found = solve(puzzle)
        if found is None or _written(tuple(found)) != item.solution:
            why = "no solution" if found is None else f"another solution {_written(tuple(found))}"
            if found is not None:
                why += f", which breaks {broken_constraints(found, puzzle.n, puzzle.constraints)}"
            wrong.append((item, why))
            continue
        if count(puzzle, limit=2).count > 1:
            not_unique.append(item)
        else:
            equal.append(item)
    seconds = time.perf_counter() - started
    print(f"{len(puzzles)} published puzzles ({', '.join(LISTS)}), {seconds:.1f} s")
    print(f"  solved and equal, unique: {len(equal)}")
    print(f"  refused:                  {sum(map(len, refused.values()))}")
    print(f"  wrong:                    {len(wrong)}")
    print(f"  not unique:               {len(not_unique)}")
    for reason, items in sorted(refused.items(), key=lambda kv: -len(kv[1])):
        print(f"refused {len(items)}: {reason}")
        if show_refused:
            for item in items:
                print(f"    {item.name or item.source}")
    for item, why in wrong:
        print(f"WRONG {item.name or item.source}: {why}")
    for item in not_unique:
        print(f"NOT UNIQUE {item.name or item.source}")
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    """Read the published puzzles from the copy given, or say why they are skipped."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="a copy of SudokuSolver: checkout or git dir")
    parser.add_argument("--show-refused", action="store_true", help="name each refused puzzle")
    args = parser.parse_args(argv)
    text = puzzles_file(args.path)
    if text is None:
        print(f"skipped: no {PUZZLES} in {args.path} (fetch SudokuSolver and give its path)")
        return 0
    return run(published(text), args.show_refused)


if __name__ == "__main__":
    sys.exit(main())
