"""The attack cases of the hostile-input issue, each run as a user would, with ``/usr/bin/time -v``.

Each case is one command line (on inputs this script writes); the table gives its exit status,
wall seconds and peak resident memory (GNU time's "Maximum resident set size", which covers the
solver children a command waits for), checked against the bounds the README states: every case
within :data:`RSS_BOUND_MB` and, when it has a ``--timeout``, ending within 1 s past it
(``--timeout 1`` within 2 s wall, Python's start included). The
machine is shared: the load average is printed with the table.

Usage::

    .venv/bin/python benchmarks/attack_cases.py            # every case, a markdown table
    .venv/bin/python benchmarks/attack_cases.py --quick    # the cases under 10 s only
"""

# ruff: noqa: E501 (the table of cases reads best one per line)
from __future__ import annotations

import argparse
import gzip
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from satdoku.core._pattern_grid import pattern_grid
from satdoku.core._shape import Shape

RSS_BOUND_MB = 600
"""The stated bound: the most memory any of these cases may take (MB)."""

SATDOKU = [sys.executable, "-m", "satdoku"]


def _tokens(shape: Shape, share: float, seed: int) -> str:
    cells = pattern_grid(shape)
    assert cells is not None
    rng = random.Random(seed)
    return " ".join(str(d) if rng.random() < share else "0" for d in cells) + "\n"


def write_inputs(folder: Path) -> dict[str, Path]:
    """Write the cases' inputs; return them by name."""
    files = {
        "empty9": "." * 81 + "\n",
        "s64_5": _tokens(Shape.sudoku(64), 0.05, 1),
        "s64_0": _tokens(Shape.sudoku(64), 0.0, 1),
        "l100_0": _tokens(Shape.latin(100), 0.0, 1),
        "l100_30": _tokens(Shape.latin(100), 0.3, 1),
        "l256_42": _tokens(Shape.latin(256), 0.42, 1),
        "line10mb": "1" * (10 * 1024 * 1024) + "\n",
        "line100mb": "1" * (100 * 1024 * 1024) + "\n",
        "unicode": "\u00b2" + "." * 80 + "\n",
        "bigint": " ".join(["1" * 5000] + ["0"] * 15) + "\n",
    }
    paths = {}
    for name, text in files.items():
        paths[name] = folder / f"{name}.txt"
        paths[name].write_text(text, encoding="utf-8")
    bomb = folder / "bomb.cnf.gz"
    with gzip.open(bomb, "wb", compresslevel=9) as out:
        out.write(b"p cnf 729 1\n")
        block = b"c " + b"x" * (1 << 20) + b"\n"
        for _ in range(2048):  # 2 GB inflated, about 2 MB on disk
            out.write(block)
    paths["bomb"] = bomb
    return paths


def cases(p: dict[str, Path]) -> list[tuple[str, list[str], float | None]]:
    """Return (name, argv, timeout) of every case."""
    return [
        ("solve --all --timeout 2, empty 9x9", ["solve", str(p["empty9"]), "--all", "--timeout", "2"], 2),
        ("count --timeout 1, empty 9x9", ["count", str(p["empty9"]), "--timeout", "1"], 1),
        ("solve --timeout 1, 64x64 at 5 %", ["solve", str(p["s64_5"]), "--timeout", "1"], 1),
        ("solve --timeout 1, empty 64x64", ["solve", str(p["s64_0"]), "--timeout", "1"], 1),
        ("solve --timeout 1, empty Latin 100", ["solve", str(p["l100_0"]), "--latin", "--timeout", "1"], 1),
        ("solve --timeout 1, Latin 100 at 30 %", ["solve", str(p["l100_30"]), "--latin", "--timeout", "1"], 1),
        ("solve, Latin 256 at 42 % (refused)", ["solve", str(p["l256_42"]), "--latin"], None),
        ("solve --timeout 1, Latin 256 at 42 %", ["solve", str(p["l256_42"]), "--latin", "--timeout", "1"], 1),
        ("solve --regions /dev/zero", ["solve", str(p["empty9"]), "--regions", "/dev/zero"], None),
        ("decode FILE /dev/zero", ["decode", str(p["empty9"]), "/dev/zero"], None),
        ("decode FILE /dev/urandom", ["decode", str(p["empty9"]), "/dev/urandom"], None),
        ("decode a gzip bomb (2 MB -> 2 GB)", ["decode", str(p["empty9"]), str(p["bomb"])], None),
        ("solve a 10 MB line", ["solve", str(p["line10mb"])], None),
        ("solve a 100 MB line", ["solve", str(p["line100mb"])], None),
        ("solve a Unicode digit", ["solve", str(p["unicode"])], None),
        ("solve a 5,000-digit integer", ["solve", str(p["bigint"])], None),
        ("solve --conflicts 2**63 --all", ["solve", str(p["empty9"]), "--conflicts", "9223372036854775808", "--all"], None),
        ("count --limit 2**63", ["count", str(p["empty9"]), "--limit", str(2**63)], None),
        ("step --max-steps 2**63-1", ["step", str(p["empty9"]), "--max-steps", str(2**63 - 1)], None),
        ("solve --timeout 1e300", ["solve", str(p["empty9"]), "--timeout", "1e300"], None),
    ]  # fmt: skip


def run(argv: list[str], cap: float) -> tuple[int, float, float]:
    """Run one case under GNU time; return (exit status, wall seconds, peak RSS in MB)."""
    with tempfile.TemporaryFile() as err:
        proc = subprocess.run(
            ["/usr/bin/time", "-v", *SATDOKU, *argv],
            stdout=subprocess.DEVNULL,
            stderr=err,
            stdin=subprocess.DEVNULL,
            timeout=cap,
        )
        err.seek(0)
        said = err.read().decode(errors="replace")
    rss = float(re.search(r"Maximum resident set size \(kbytes\): (\d+)", said)[1]) / 1024
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", said)[1]
    seconds = sum(float(x) * 60**i for i, x in enumerate(reversed(clock.split(":"))))
    status = int(re.search(r"Exit status: (\d+)", said)[1])
    return proc.returncode if status == 0 else status, seconds, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 100 MB line")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} (2 cores)\n")
    print("| case | exit | wall s | peak RSS MB | within bounds |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        paths = write_inputs(Path(folder))
        for name, argv, timeout in cases(paths):
            if args.quick and "100 MB" in name:
                continue
            try:
                status, seconds, rss = run(argv, cap=120)
            except subprocess.TimeoutExpired:
                print(f"| {name} | - | > 120 | - | no (hung) |")
                continue
            ok = status in (0, 1, 2) and rss <= RSS_BOUND_MB
            if timeout is not None:
                ok = ok and seconds <= timeout + 1
            print(f"| {name} | {status} | {seconds:.2f} | {rss:.0f} | {'yes' if ok else 'NO'} |")


if __name__ == "__main__":
    main()
