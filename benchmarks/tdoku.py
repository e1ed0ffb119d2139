"""tdoku, the fastest known 9x9 solver, as a benchmark peer: built here, called through ctypes.

tdoku (BSD-2, t-dillon/tdoku; its solver files are in ``../shared/peers/tdoku``) is C++ with
SIMD: the physical limit satdoku's 9x9 speed is measured against. It is built outside the
package, into ``benchmarks/.build``, and never called by satdoku itself. :func:`build` says why
not (no C++ compiler, no sources) instead of failing, and the benchmark prints that reason.

    lib = Tdoku.load()           # None, reason when it cannot be built
    lib.solve(b"..3.2.6..9...")  # (1, solution) or (0, None)
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

__all__ = ["PEER", "BUILD", "Tdoku", "build"]

HERE = Path(__file__).resolve().parent
PEER = HERE.parent.parent / "shared" / "peers" / "tdoku"
BUILD = HERE / ".build"


def build() -> tuple[Path | None, Path | None, str]:
    """Build libtdoku.so and the tdoku_solve end-to-end program; return (lib, program, reason)."""
    if not (PEER / "build.sh").exists():
        return None, None, f"tdoku's sources are not at {PEER}"
    if shutil.which("g++") is None:
        return None, None, "no C++ compiler (g++) on this machine"
    BUILD.mkdir(exist_ok=True)
    lib = BUILD / "libtdoku.so"
    program = BUILD / "tdoku_solve"
    try:
        subprocess.run(["bash", str(PEER / "build.sh"), str(BUILD)], check=True)
        if not program.exists():
            subprocess.run(
                [
                    "g++",
                    "-O3",
                    "-march=native",
                    "-std=c++14",
                    "-fno-exceptions",
                    "-fno-rtti",
                    f"-I{PEER}",
                    str(HERE / "tdoku_main.cc"),
                    str(PEER / "solver_dpll_triad_simd.cc"),
                    str(PEER / "util.cc"),
                    "-o",
                    str(program),
                ],
                check=True,
            )
    except (OSError, subprocess.CalledProcessError) as err:
        return None, None, f"building tdoku failed: {err}"
    return lib, program, ""


class Tdoku:
    """tdoku's solver through ctypes: solve and count 9x9 puzzles given as 81 bytes."""

    def __init__(self, lib: Path) -> None:
        self.lib = ctypes.CDLL(str(lib))
        self.call = self.lib.TdokuSolverDpllTriadSimd
        self.call.restype = ctypes.c_size_t
        self.call.argtypes = [
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.c_uint32,
            ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_size_t),
        ]
        self.solution = ctypes.create_string_buffer(82)
        self.guesses = ctypes.c_size_t()

    @classmethod
    def load(cls) -> tuple[Tdoku | None, str]:
        """Return the peer, or None and why it is not available."""
        lib, _, reason = build()
        return (cls(lib), "") if lib is not None else (None, reason)

    def solve(self, puzzle: bytes) -> tuple[int, bytes | None]:
        """Return (1, the solution's 81 digits) or (0, None); blanks are '.' (not '0')."""
        found = self.call(puzzle, 1, 0, self.solution, ctypes.byref(self.guesses))
        return found, (self.solution.raw[:81] if found == 1 else None)

    def count(self, puzzle: bytes, limit: int = 1 << 40) -> int:
        """Return the number of solutions, at most ``limit``."""
        return int(self.call(puzzle, limit, 0, self.solution, ctypes.byref(self.guesses)))
