"""Start-up of the command line: ``satdoku --help`` builds every command's options, and loads
none of the modules that only a command's run needs (the stepper, the techniques, generation,
the solvers, drawings, the CNF writer): each costs milliseconds on every call."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from satdoku.cli._common import example_text

HEAVY = (
    "satdoku.api._explorer",
    "satdoku.api._hint",
    "satdoku.backends._sat",
    "satdoku.cli._constraint_step",
    "satdoku.cli._step_stream",
    "satdoku.cnf._dimacs_read",
    "satdoku.cnf._dimacs_write",
    "satdoku.cnf._examples",
    "satdoku.cnf._external",
    "satdoku.core.constraint_axioms",
    "satdoku.core._rule_check",
    "satdoku.generation._generate",
    "satdoku.generation._generate_batch",
    "satdoku.generation._generate_killer",
    "satdoku.generation._random_grid",
    "satdoku.generation._vicinity",
    "satdoku.rules._rating",
    "satdoku.rules._search",
    "satdoku.rules.techniques",
    "satdoku.views._hint_drawing",
    "satdoku.views._plain_board",
    "satdoku.views._svg",
)
"""Modules a command loads when it runs, never to print the help."""


def _loaded_by(argv: list[str]) -> set[str]:
    """Return the modules a fresh interpreter holds after ``satdoku ARGV`` printed its help."""
    code = (
        "import io, sys\n"
        "from satdoku.cli import main\n"
        "sys.stdout = io.StringIO()\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stdout = sys.__stdout__\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_help_of_every_command_loads_no_command_s_work() -> None:
    loaded = _loaded_by(["--help"])
    assert "satdoku.cli._generate" in loaded and "satdoku.cli._hint" in loaded  # all were built
    assert sorted(name for name in HEAVY if name in loaded) == []


def test_solving_a_file_loads_no_path_objects(tmp_path: Path) -> None:
    # pathlib loads urllib, ipaddress and fnmatch: reading a named file needs os.path only
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(example_text("sudoku9.txt"))  # 9x9: the compiled engine's
    loaded = _loaded_by(["solve", str(puzzles)])
    assert "satdoku.cli._solve" in loaded
    assert sorted(name for name in ("pathlib", "urllib.parse") if name in loaded) == []


def test_solving_a_file_of_grids_loads_no_reader_of_links(tmp_path: Path) -> None:
    # a line of symbols is told from a link at its first character: no link's reader is needed
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(example_text("sudoku9.txt"))
    loaded = _loaded_by(["solve", str(puzzles)])
    readers = [
        name
        for name in loaded
        if name.startswith(("satdoku.io.sudokupad._", "satdoku.io.fpuzzles._"))
    ]
    assert sorted(readers) == [
        "satdoku.io.fpuzzles._links",
        "satdoku.io.fpuzzles._lz_base64",
        "satdoku.io.sudokupad._links",
    ]
