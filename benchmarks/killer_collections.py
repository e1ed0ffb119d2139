"""The public killer collections, read from their own text, solved, and compared with their
published solutions.

The Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT licence) keeps the
killer collections of the Sudoku forums in ``data/collections.js``, each puzzle in the text it was
published in:

- ``HS_KILLERS``: the enjoysudoku forum's "Human-solvable zero" killers (SudoCue's ``3x3::k:``
  and ``3x3:d:k:``, each with its solution);
- ``TAREK_ALL``: Tarek's killers from R. C. Broughton's killer forum (the forum's arrows text);
  the solutions of 20 of them were published in the same repository's ``data/killers.js``
  before it became ``collections.js`` (its last version is ``7bf8350^``), read from the copy's
  history;
- ``MATHEMAGIC_KILLERS``: Mathemagic's hardest killers from the enjoysudoku forum (arrows text,
  no solutions published);
- ``EXTREME_KILLERS``: named puzzles of the forum's "Killing with flowers" thread (Wecoc's,
  tarek's "unsolvable #41"), SudoCue texts with their solutions.

The copy is given by path (a checkout, or a bare git directory) and never stored here. Each
puzzle is read with satdoku's killer text reader, solved, compared with its published solution
(and checked house by house and cage by cage, the only check when none was published), and
counted up to 2 (``count --limit 2``).
The table: read, refused (grouped by the refusal), solved and equal, solved (no published
solution), wrong (must be 0), not unique, and the median CPU seconds per puzzle.

Usage::

    .venv/bin/python benchmarks/killer_collections.py PATH [--show-refused]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from satdoku import count, solve
from satdoku.core._checker import broken_axioms
from satdoku.core._errors import InputError
from satdoku.core.constraints import broken_constraints
from satdoku.io.killer_text import parse_killer

COLLECTIONS_FILE = "data/collections.js"
EARLIER_FILE = "data/killers.js"
"""Where the repository published the solutions of Tarek's first 20 killers, before the file
became ``collections.js``: read from its last version in the copy's history."""
COLLECTIONS = ("HS_KILLERS", "TAREK_ALL", "MATHEMAGIC_KILLERS", "EXTREME_KILLERS")
_STRING = re.compile(r"'((?:[^'\\\n]|\\.)*)'")
_SOLUTION = re.compile(r"[1-9]{81}")
_PAIR = re.compile(r"\[\s*'((?:[^'\\\n]|\\.)*)',\s*'([1-9]{81})'\s*\]")
_END = re.compile(r"\]\s*\)|\n\);")
"""The end of a collection: of its list of puzzles, or of the call that makes it."""
_NAMED = re.compile(r"\{\s*name:\s*'((?:[^'\\\n]|\\.)*)',(.*?)\n\s*\}", re.DOTALL)


@dataclass(frozen=True)
class Published:
    """One published killer: its collection, its name (or place), its text and solution."""

    collection: str
    name: str
    text: str
    solution: str | None


@dataclass
class Tally:
    """What became of one collection's puzzles."""

    puzzles: int = 0
    equal: int = 0
    solved: int = 0
    refused: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    wrong: list[str] = field(default_factory=list)
    not_unique: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    @property
    def read(self) -> int:
        """The puzzles satdoku read."""
        return self.puzzles - sum(map(len, self.refused.values()))


def _unescaped(text: str) -> str:
    """Return a JavaScript string literal's text."""
    return re.sub(r"\\(.)", r"\1", text)


def _git(path: Path, *argv: str) -> str | None:
    """Return what a git command printed in a git copy (a bare directory or a checkout), or None."""
    where = ["--git-dir", str(path)] if (path / "HEAD").is_file() else ["-C", str(path)]
    done = subprocess.run(["git", *where, *argv], capture_output=True, text=True, check=False)
    return done.stdout if done.returncode == 0 else None


def _git_show(path: Path, revision: str, name: str) -> str | None:
    """Return a file of a revision of a git copy, or None."""
    return _git(path, "show", f"{revision}:{name}")


def collections_file(path: Path) -> str | None:
    """Return the text of ``data/collections.js`` in a checkout or a bare git directory."""
    if (path / COLLECTIONS_FILE).is_file():
        return (path / COLLECTIONS_FILE).read_text(encoding="utf-8")
    return _git_show(path, "HEAD", COLLECTIONS_FILE) if path.is_dir() else None


def earlier_solutions(path: Path) -> dict[str, str]:
    """Return the solutions the copy's history published beside their puzzles' texts."""
    last = _git(path, "rev-list", "-1", "HEAD", "--", EARLIER_FILE) if path.is_dir() else None
    text = None
    if last:
        text = _git_show(path, last.strip(), EARLIER_FILE)
        text = text or _git_show(path, f"{last.strip()}^", EARLIER_FILE)
    return {_unescaped(puzzle): grid for puzzle, grid in _PAIR.findall(text or "")}


def published(text: str, solutions: dict[str, str]) -> list[Published]:
    """Return the puzzles of :data:`COLLECTIONS` in ``collections.js`` with their solutions."""
    named = {_unescaped(name): body for name, body in _NAMED.findall(text)}
    found: list[Published] = []
    for collection in COLLECTIONS:
        start = text.find(f"export const {collection} =")
        if start < 0:
            continue
        end = _END.search(text, start)
        body = text[start : end.start() if end else len(text)]
        body = body[body.index("(") + 1 :].lstrip()
        if body.startswith("{"):
            body = body[body.index("}") + 1 :]  # the collection's options: its source
        entries: list[tuple[str, str | None]] = []  # each text, and its solution if given
        for literal in _STRING.findall(body):
            value = _unescaped(literal)
            if _SOLUTION.fullmatch(value) and entries:
                entries[-1] = (entries[-1][0], value)
            else:
                entries.append((value, None))
        for place, (value, grid) in enumerate(entries, 1):
            name, puzzle = f"#{place}", value
            if value in named:
                name, puzzle = value, _field(named[value], "input") or value
                grid = grid or _field(named[value], "solution")
            found.append(Published(collection, name, puzzle, grid or solutions.get(puzzle)))
    return found


def _field(body: str, key: str) -> str | None:
    """Return a string field of a named puzzle's object, or None."""
    match = re.search(rf"\b{key}:\s*'((?:[^'\\\n]|\\.)*)'", body)
    return _unescaped(match.group(1)) if match else None


def _written(grid: tuple[int, ...]) -> str:
    return "".join(map(str, grid))


def tally(puzzles: list[Published], verbose: bool = False) -> dict[str, Tally]:
    """Read, solve, compare and count each puzzle; return each collection's tally."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    for item in puzzles:
        row = tallies[item.collection]
        row.puzzles += 1
        started = time.process_time()
        try:
            puzzle = parse_killer(item.text)
        except InputError as err:
            row.refused[err.message].append(item.name)
            continue
        found = solve(puzzle)
        second = count(puzzle, limit=2).count > 1
        row.seconds.append(time.process_time() - started)
        if verbose:
            print(f"{item.collection} {item.name}: {row.seconds[-1]:.2f} s", file=sys.stderr)
        if found is None:
            row.wrong.append(f"{item.name}: no solution")
            continue
        grid = _written(tuple(found))
        broken = broken_axioms(found, puzzle.shape)
        broken += broken_constraints(found, puzzle.n, puzzle.constraints)
        if broken:
            row.wrong.append(f"{item.name}: {grid} breaks {'; '.join(broken)}")
        elif item.solution is not None and grid != item.solution:
            row.wrong.append(f"{item.name}: {grid}, not the published {item.solution}")
        elif second:
            row.not_unique.append(item.name)
        elif item.solution is None:
            row.solved += 1
        else:
            row.equal += 1
    return tallies


def report(tallies: dict[str, Tally], show_refused: bool) -> int:
    """Print the table; return 1 when a solution is wrong."""
    print(
        f"{'collection':<20}{'puzzles':>8}{'read':>6}{'refused':>8}{'equal':>7}"
        f"{'solved*':>8}{'wrong':>6}{'not unique':>11}{'median CPU s':>13}"
    )
    for name, row in tallies.items():
        median = f"{statistics.median(row.seconds):.3f}" if row.seconds else "-"
        print(
            f"{name:<20}{row.puzzles:>8}{row.read:>6}{row.puzzles - row.read:>8}{row.equal:>7}"
            f"{row.solved:>8}{len(row.wrong):>6}{len(row.not_unique):>11}{median:>13}"
        )
    print("equal: the published solution, one solution; solved*: none published, the solution")
    print("found meets every rule and is the only one")
    for name, row in tallies.items():
        for reason, names in sorted(row.refused.items(), key=lambda kv: -len(kv[1])):
            print(f"{name} refused {len(names)}: {reason}")
            if show_refused:
                print(f"    {', '.join(names)}")
        for line in row.wrong:
            print(f"{name} WRONG {line}")
        for puzzle in row.not_unique:
            print(f"{name} NOT UNIQUE {puzzle}")
    return 1 if any(row.wrong for row in tallies.values()) else 0


def main(argv: list[str] | None = None) -> int:
    """Read the collections from the copy given, or say why they are skipped."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("path", type=Path, help="a copy of Interactive-Sudoku-Solver")
    parser.add_argument("--show-refused", action="store_true", help="name each refused puzzle")
    parser.add_argument("--verbose", action="store_true", help="each puzzle's CPU on stderr")
    args = parser.parse_args(argv)
    text = collections_file(args.path)
    if text is None:
        print(
            f"skipped: no {COLLECTIONS_FILE} in {args.path} "
            "(fetch Interactive-Sudoku-Solver and give its path)"
        )
        return 0
    return report(
        tally(published(text, earlier_solutions(args.path)), args.verbose), args.show_refused
    )


if __name__ == "__main__":
    sys.exit(main())
