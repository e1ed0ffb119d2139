"""The engine's C source is separate units: every header stands on its own, and setup.py
compiles every ``.c`` of ``src/satdoku/_engine/`` (the engine) and of its ``techniques/`` (the
techniques' finders)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from engine_source import ENGINE_SOURCE, engine_units

ROOT = Path(__file__).resolve().parents[2]
TECHNIQUES_SOURCE = ENGINE_SOURCE / "techniques"
HEADERS = sorted(ENGINE_SOURCE.glob("*.h")) + sorted(TECHNIQUES_SOURCE.glob("*.h"))


def _setup_units(name: str) -> set[str]:
    """The units setup.py names in a tuple (read from its source, not run)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == name:
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"setup.py has no {name}")


def test_setup_compiles_every_unit_and_each_has_its_header() -> None:
    units = {path.stem for path in engine_units()}
    assert units == _setup_units("ENGINE_UNITS")
    assert units <= {path.stem for path in HEADERS if path.parent == ENGINE_SOURCE}


def test_setup_compiles_every_technique_unit_and_each_but_the_module_has_its_header() -> None:
    units = {path.stem for path in TECHNIQUES_SOURCE.glob("*.c")}
    assert units == _setup_units("TECHNIQUE_UNITS")
    assert units - {"module"} <= {path.stem for path in TECHNIQUES_SOURCE.glob("*.h")}


@pytest.mark.parametrize("header", HEADERS, ids=lambda path: path.name)
def test_each_header_compiles_on_its_own(header: Path, tmp_path: Path) -> None:
    # a header that only works when included at one spot (after another) fails here
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        pytest.skip("no C compiler")
    alone = tmp_path / "alone.c"
    alone.write_text(f'#include "{header.name}"\n#include "{header.name}"\n')
    include = sysconfig.get_paths()["include"]
    done = subprocess.run(
        [compiler, "-fsyntax-only", "-Wall", "-Werror", "-Wno-unused-function",
         "-I", include, "-I", str(header.parent), "-I", str(ENGINE_SOURCE), str(alone)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(shutil.which("nm") is None, reason="needs nm (binutils)")
@pytest.mark.parametrize("package", ["satdoku.backends", "satdoku.rules.techniques"])
def test_the_built_engine_exports_only_its_module_init(package: str) -> None:
    # what one unit lends another is INTERNAL (hidden): no other library's symbol can replace it
    _native = pytest.importorskip(f"{package}._native")

    done = subprocess.run(
        ["nm", "-D", "--defined-only", _native.__file__],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"nm cannot read the engine: {done.stderr.strip()}")
    exported = {line.split()[-1] for line in done.stdout.splitlines() if line.split()[1:2] != ["U"]}
    assert exported == {"PyInit__native"}
