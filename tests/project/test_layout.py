"""The layout holds: layers go one way, no import cycles, small modules, a small public API."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import satdoku

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "satdoku"
MOST_LINES = 400
MOST_PUBLIC_NAMES = 30
"""The solver's verbs and values, the puzzle makers' generate and rate, the player's hint, and
Solution (what solve returns and predicates are handed)."""
LAYERS = ["core", "io", "rules", "cnf", "backends", "api", "views", "cli"]


def lint_imports(source: Path, config: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on the satdoku package found under ``source``, with ``config``."""
    script = Path(sysconfig.get_path("scripts")) / "lint-imports"
    env = {**os.environ, "PYTHONPATH": str(source)}
    return subprocess.run(
        [str(script), "--config", str(config), "--no-cache"],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_import_contracts_hold() -> None:
    run = lint_imports(ROOT / "src", ROOT / "pyproject.toml")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "broken" not in run.stdout.lower().replace("0 broken", "")


def _copy_with(tmp_path: Path, module: str, line: str) -> Path:
    """Copy the package under tmp_path/src and append an import line to one module."""
    source = tmp_path / "src"
    shutil.copytree(
        PACKAGE, source / "satdoku", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    )
    target = source / "satdoku" / module
    target.write_text(target.read_text() + f"\n{line}\n")
    return source


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        # claims is imported by puzzle: importing puzzle back makes a cycle inside core
        ("core/_claims.py", "from . import _puzzle as _cycle", "No import cycles"),
        # a model type importing a view
        ("core/_shape.py", "from ..views import _svg as _view", "Layers go one way"),
        # the rules reaching up to a backend
        ("rules/_search.py", "from ..backends import _sat as _up", "Layers go one way"),
    ],
    ids=["cycle", "model-imports-view", "rules-import-backend"],
)
def test_a_broken_layout_is_caught(tmp_path: Path, module: str, line: str, contract: str) -> None:
    source = _copy_with(tmp_path, module, line)
    run = lint_imports(source, ROOT / "pyproject.toml")
    assert run.returncode != 0, run.stdout
    broken = run.stdout.split("Broken contracts")[-1]
    assert contract in broken


def _source_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_module_is_over_400_lines() -> None:
    # Python modules and the compiled engine's C source; package data (the player's page,
    # style and script, example puzzles) is not code
    sources = [*_source_modules(), *PACKAGE.rglob("*.c"), *PACKAGE.rglob("*.h")]
    long = {
        str(p.relative_to(PACKAGE)): n
        for p in sources
        if (n := len(p.read_text().splitlines())) > MOST_LINES
    }
    assert not long, f"modules over {MOST_LINES} lines: {long}"


def test_the_public_api_is_small_and_sorted() -> None:
    names = satdoku.__all__
    assert len(names) <= MOST_PUBLIC_NAMES
    assert list(names) == sorted(names)
    assert not [n for n in names if n.startswith("_")]


def test_no_import_hides_inside_a_function() -> None:
    # an import inside a function is how a cycle hides; the allowed kinds are an optional
    # dependency (rich for the terminal view), the compiled engine that may be absent, and an
    # import marked "# lazy: start-up" (kept out of the command line's start-up; import-linter
    # still checks its direction, and the test below checks that start-up stays light)
    allowed = {"rich", "_native"}
    hidden = []
    for path in _source_modules():
        source = path.read_text()
        lines = source.splitlines()
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.level > 0:
                    if "# lazy: start-up" in lines[inner.lineno - 1]:
                        continue
                    names = {a.name for a in inner.names} | {inner.module or ""}
                    if not names & allowed and not any(n.endswith("player") for n in names):
                        hidden.append(f"{path.relative_to(PACKAGE)}:{inner.lineno}")
    assert not hidden, f"package imports inside functions: {hidden}"


@pytest.mark.parametrize(
    "module", ["core", "io", "rules", "cnf", "backends", "api", "views", "cli"]
)
def test_every_layer_says_what_it_holds(module: str) -> None:
    init = PACKAGE / module / "__init__.py"
    assert ast.get_docstring(ast.parse(init.read_text())), f"{module}/__init__.py has no docstring"


def test_a_plain_solve_loads_no_solver_no_stepper_and_no_pool() -> None:
    # start-up (issue 16): one puzzle through the compiled engine needs none of these; a run
    # that loads them again pays tens of milliseconds before its first answer
    example = PACKAGE / "examples" / "sudoku9.txt"  # a file: --example reads it by importlib
    code = (
        "import io, sys\n"
        "from satdoku.cli import main\n"
        "sys.stdout = io.StringIO()\n"
        f"main(['solve', {str(example)!r}])\n"
        "sys.stdout = sys.__stdout__\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    heavy = [
        "pysat.solvers",
        "multiprocessing",
        "concurrent.futures",
        "satdoku.rules._search",
        "satdoku.rules._set_logic",
        "satdoku.api._explain",
        "satdoku.api._explorer",
        "satdoku.cli._count",
        "satdoku.views._notebook",
        "traceback",  # --debug's errors only
        "ctypes",  # worker processes only
        "shutil",  # argparse's help formatter would import it (cli.help_format does not)
    ]
    if "satdoku.backends._native" not in loaded:
        pytest.skip("no compiled engine: every puzzle goes to PySAT")
    assert [name for name in heavy if name in loaded] == []


# Paths out of the repository: the tests and the package read nothing beside it (a clone
# anywhere runs the same tests). This module alone spells such paths, as examples.
OUTSIDE = re.compile(
    r"shared[/](data|seeds|peers)"  # the collections beside the repository on one machine
    r"|[\"']shared[\"']\s*/"  # the same as a Path join: ... / "shared" / "data"
    r"|[/]work[/]"  # an absolute path of one machine
    r"|\.\.[/]"  # a relative path up and out
    r"|\b(ROOT|REPO)\.parent\b"  # the folder holding the repository
)
UP_FROM_FILE = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?((?:\.parent\b|\.parents\[\d+\])+)")


def outside_paths(text: str, depth: int) -> list[str]:
    """Return the lines naming a path outside the root, in a file ``depth`` path parts below it."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        ups = [
            m.group(1).count(".parent") + sum(map(int, re.findall(r"\[(\d+)\]", m.group(1))))
            for m in UP_FROM_FILE.finditer(line)
        ]
        if OUTSIDE.search(line) or any(up > depth for up in ups):
            found.append(f"{number}: {line.strip()}")
    return found


@pytest.mark.parametrize(
    ("line", "outside"),
    [
        ('DATA = Path("/work/data/puzzles")', True),
        ('DATA = ROOT.parent / "shared" / "data"', True),
        ('DATA = Path(__file__).resolve().parent.parent.parent / "data"', True),
        ('DATA = Path(__file__).resolve().parents[2] / "data"', True),
        ('DATA = Path(__file__).resolve().parents[1].parent / "data"', True),
        ('"""Read from ../data/puzzles."""', True),
        ("ROOT = Path(__file__).resolve().parents[1]", False),
        ('DATA = Path(__file__).resolve().parent / "data" / "17_clue.txt"', False),
        ("from satdoku.api._solve import shared_backend", False),
        ('os.path.join(ROOT, "work", "x")', False),
    ],
)
def test_paths_out_of_the_repository_are_seen(line: str, outside: bool) -> None:
    assert bool(outside_paths(line, depth=2)) is outside  # as a file of tests/


def test_tests_and_package_read_nothing_beside_the_repository() -> None:
    # the data the tests need is under tests/data (tests/data/README.md says where it is from)
    found = []
    for folder in (ROOT / "tests", ROOT / "src"):
        for path in sorted(folder.rglob("*")):
            parts = path.relative_to(ROOT).parts
            skipped = "__pycache__" in parts or ".egg-info" in str(path) or path == Path(__file__)
            if not path.is_file() or skipped:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # a compiled file (the engine's .so)
            found += [f"{'/'.join(parts)}:{hit}" for hit in outside_paths(text, len(parts))]
    assert not found, "paths out of the repository:\n" + "\n".join(found)
