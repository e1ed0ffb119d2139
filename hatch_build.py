"""Build hook: compile satdoku's optional C engine (``src/satdoku/_native.c``) where a compiler is.

Without a working C compiler (or with ``SATDOKU_PURE=1`` set) satdoku installs as pure Python
and solves every puzzle with PySAT; see ``satdoku.native``.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_engine(root: Path) -> Path | None:
    """Compile the engine next to its source; return the extension's path, None if it failed."""
    source = root / "src" / "satdoku" / "_native.c"
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    linker = sysconfig.get_config_var("LDSHARED")
    if not source.exists() or not suffix or not linker:
        return None
    target = source.with_name("_native" + suffix)
    compiler = os.environ.get("CC")
    command = shlex.split(f"{compiler} -shared" if compiler else linker)
    command += ["-O2", "-fPIC", "-I", sysconfig.get_paths()["include"], str(source)]
    command += ["-o", str(target)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.SubprocessError) as error:
        reason = str(error)
    else:
        if done.returncode == 0:
            return target
        said = (done.stderr or done.stdout).splitlines()
        errors = [line.strip() for line in said if "error" in line.lower()]
        reason = (errors or [line.strip() for line in said if line.strip()] or ["failed"])[0]
    print(
        f"satdoku: the C engine was not compiled ({reason}); installing pure Python "
        "(every puzzle goes to PySAT, 9x9 batches about 3x slower)",
        file=sys.stderr,
    )
    return None


class NativeEngineHook(BuildHookInterface):
    """Compile the C engine into the wheel (in place for an editable install)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or os.environ.get("SATDOKU_PURE"):
            return
        built = compile_engine(Path(self.root))
        if built is None or version == "editable":
            return  # an editable install imports the module from src/satdoku itself
        build_data["force_include"][str(built)] = f"satdoku/{built.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
