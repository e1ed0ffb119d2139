"""The compiled engine's C source in the tree, and a way to compile it outside setup.py.

Tests that rebuild the engine with other flags (AddressSanitizer, the plain-C bit functions)
compile every unit of ``src/satdoku/_engine/`` into one extension module, as setup.py does;
likewise the techniques' finders, ``src/satdoku/_engine/techniques/``.
"""

from __future__ import annotations

import subprocess
import sysconfig
from pathlib import Path

ENGINE_SOURCE = Path(__file__).resolve().parents[2] / "src" / "satdoku" / "_engine"
"""The folder of the engine's units: each ``.c`` with the header that declares it."""


def engine_units() -> list[Path]:
    """Every ``.c`` unit of the engine, sorted."""
    return sorted(ENGINE_SOURCE.glob("*.c"))


TECHNIQUES_SOURCE = ENGINE_SOURCE / "techniques"
"""The folder of the techniques' compiled finders (their own extension module)."""


def compile_engine(
    compiler: str, flags: list[str], target: Path, source: Path = ENGINE_SOURCE
) -> None:
    """Compile and link every unit of `source` into the extension module `target` with `flags`
    added."""
    include = sysconfig.get_paths()["include"]
    command = [compiler, "-shared", "-fPIC", *flags, "-I", include, "-I", str(source)]
    command += ["-I", str(ENGINE_SOURCE)]  # the techniques' units read the engine's bits.h
    subprocess.run(
        [*command, *map(str, sorted(source.glob("*.c"))), "-o", str(target)],
        check=True,
        capture_output=True,
        timeout=300,
    )
