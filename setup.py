"""Build satdoku's optional C engine, ``satdoku.backends._native`` and
``satdoku.rules.techniques._native``, where a C compiler is.

setuptools compiles the units of ``src/satdoku/_engine/`` (each ``.c`` with its header) with
the compiler Python was built with (``CC``, ``CFLAGS``, ``LDFLAGS`` and ``ARCHFLAGS`` are
honoured).  When that fails, or when ``SATDOKU_PURE=1`` is set, it says why in one line and the
wheel is pure Python (``py3-none-any``): every puzzle then goes to PySAT (see
``satdoku.backends._compiled``).  The rest of the project's metadata is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError

ENGINE_DIR = "src/satdoku/_engine"
"""The engine's C source: one unit per concern, each ``.c`` with the header declaring it."""

ENGINE_UNITS = ("engine", "search", "tables", "fast9", "band9", "batch", "check", "ladder", "walk")

ENGINE = Extension(
    "satdoku.backends._native",
    [f"{ENGINE_DIR}/{unit}.c" for unit in ENGINE_UNITS],
    depends=[f"{ENGINE_DIR}/{header}.h" for header in (*ENGINE_UNITS, "bits", "board")],
    optional=True,
)
"""The compiled engine; optional: without it satdoku is pure Python."""

TECHNIQUE_UNITS = (
    "module",
    "layout",
    "patterns",
    "wings",
    "colouring",
    "uniqueness",
    "chain_graph",
    "chains",
    "python_sets",
    "chain_calls",
    "settle",
    "forcing",
    "waves",
)
"""The techniques' compiled finders, in ``src/satdoku/_engine/techniques/``."""

TECHNIQUES = Extension(
    "satdoku.rules.techniques._native",
    [f"{ENGINE_DIR}/techniques/{unit}.c" for unit in TECHNIQUE_UNITS],
    depends=[f"{ENGINE_DIR}/techniques/{unit}.h" for unit in TECHNIQUE_UNITS[1:]]
    + [f"{ENGINE_DIR}/bits.h"],
    include_dirs=[ENGINE_DIR],  # the engine's bits.h
    optional=True,
)
"""The techniques' finders compiled (the rating ladder beyond set logic); optional likewise."""

WHY_PURE = "every puzzle goes to PySAT, 9x9 batches about 3x slower"


class BuildEngine(build_ext):
    """Compile the engine and the techniques, or say in one line why not and leave satdoku pure
    Python."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.skipped: list[str] = []
        self.reasons: dict[str, None] = {}  # why each was skipped, in order, each said once

    def build_extension(self, ext: Extension) -> None:
        if os.environ.get("SATDOKU_PURE"):
            reason = "SATDOKU_PURE is set"
        else:
            try:
                super().build_extension(ext)
                return
            except (CCompilerError, BaseError) as error:  # no compiler, or it failed
                reason = " ".join(str(error).split()) or type(error).__name__
        self.skipped.append(ext.name)
        stale = self.get_ext_fullpath(ext.name)  # an earlier build must not go into the wheel
        if os.path.exists(stale):
            os.remove(stale)
        if self.editable_mode or self.inplace:  # nor stay where an editable install imports it
            source_side, _ = self._get_inplace_equivalent(
                self.get_finalized_command("build_py"), ext
            )
            if os.path.exists(source_side):
                os.remove(source_side)
        self.reasons.setdefault(reason, None)

    def run(self) -> None:
        super().run()
        if self.skipped:  # one line for both extensions (the engine and the techniques)
            print(
                f"satdoku: the C engine was not compiled ({'; '.join(self.reasons)}); "
                f"installing pure Python ({WHY_PURE})",
                file=sys.stderr,
            )


class Wheel(bdist_wheel):
    """A platform wheel when the engine was compiled, else a pure-Python one (py3-none-any)."""

    def run_command(self, command: str) -> None:
        super().run_command(command)
        if command == "build" and self.get_finalized_command("build_ext").skipped:
            self.root_is_pure = True
            self.distribution.ext_modules = []  # the install goes to purelib, tagged any


setup(ext_modules=[ENGINE, TECHNIQUES], cmdclass={"build_ext": BuildEngine, "bdist_wheel": Wheel})
