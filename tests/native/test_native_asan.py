"""The compiled engine under AddressSanitizer: the hostile-object cases and a random fuzz of
them run with no memory error (the engine is rebuilt with ``-fsanitize=address`` for the test).

A canary (a C function with a one-byte heap overflow, run the same way) shows that the sanitizer
is really watching; without gcc and libasan the test is skipped. ``SATDOKU_ASAN_RUNS`` sets the
number of random cases (10,000 by default).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine_source import TECHNIQUES_SOURCE, compile_engine

CASES = Path(__file__).resolve().parents[1] / "support" / "native_asan_cases.py"
TECHNIQUE_CASES = CASES.with_name("techniques_asan_cases.py")
RUNS = int(os.environ.get("SATDOKU_ASAN_RUNS", "10000"))


def _libasan() -> str | None:
    if shutil.which("gcc") is None:
        return None
    found = subprocess.run(
        ["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return found if found and Path(found).is_file() else None


LIBASAN = _libasan()
pytestmark = pytest.mark.skipif(LIBASAN is None, reason="needs gcc with AddressSanitizer")


SANITIZE = ["-O1", "-g", "-fsanitize=address", "-fno-omit-frame-pointer"]


def _run(script: list[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LD_PRELOAD=str(LIBASAN), ASAN_OPTIONS="detect_leaks=0")
    return subprocess.run(
        [sys.executable, *script], capture_output=True, text=True, env=env, timeout=900, check=False
    )


def test_the_sanitizer_catches_an_overflow(tmp_path: Path) -> None:
    canary = tmp_path / "canary.c"
    canary.write_text(
        "#include <stdlib.h>\n"
        "int overflow(int i) {\n"
        "  char *p = malloc(8); p[8 + i] = 1; int r = p[0]; free(p); return r;\n"
        "}\n"
    )
    canary_so = tmp_path / "canary.so"
    subprocess.run(
        ["gcc", "-shared", "-fPIC", *SANITIZE, str(canary), "-o", str(canary_so)], check=True
    )
    done = _run(["-c", f"import ctypes; ctypes.CDLL({str(canary_so)!r}).overflow(0)"])
    assert done.returncode != 0 and "heap-buffer-overflow" in done.stderr


def test_hostile_objects_cause_no_memory_error(tmp_path: Path) -> None:
    engine = tmp_path / "_native.so"
    compile_engine("gcc", SANITIZE, engine)
    done = _run([str(CASES), str(engine), str(RUNS), "20"])
    assert "AddressSanitizer" not in done.stderr, done.stderr[-3000:]
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == f"done {RUNS}"


def test_the_compiled_finders_cause_no_memory_error_and_answer_as_python(tmp_path: Path) -> None:
    module = tmp_path / "_native.so"
    compile_engine("gcc", SANITIZE, module, TECHNIQUES_SOURCE)
    done = _run([str(TECHNIQUE_CASES), str(module), "300", "20"])
    assert "AddressSanitizer" not in done.stderr, done.stderr[-3000:]
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip().startswith("done ")
