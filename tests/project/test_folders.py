"""The folders hold what their READMEs say: tests by subject, benchmarks' raw rows in results/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
BENCHMARKS = ROOT / "benchmarks"
RAW = {".jsonl", ".json", ".png"}


def test_every_test_file_is_in_a_folder_tests_readme_lists() -> None:
    listed = set(re.findall(r"^\| `([a-z]+)/` \|", (TESTS / "README.md").read_text(), re.M))
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - {"artifacts"} == listed
    assert {p.name for p in TESTS.glob("*.py")} == {"conftest.py"}  # nothing at the top
    assert not list((TESTS / "support").glob("test_*.py"))  # helpers only


def test_benchmarks_keep_scripts_and_one_report_at_the_top() -> None:
    top = {p.name for p in BENCHMARKS.iterdir() if p.is_file()}
    assert {name for name in top if name.endswith(".md")} == {"RESULTS.md"}
    assert not {name for name in top if Path(name).suffix in RAW}
    assert {p.suffix for p in (BENCHMARKS / "results").iterdir()} <= RAW


def test_every_benchmark_file_the_report_names_is_there() -> None:
    report = (BENCHMARKS / "RESULTS.md").read_text()
    named = set(re.findall(r"benchmarks/([\w./+-]+\.\w+)", report))
    named |= {f"results/{m}" for m in re.findall(r"\]\(results/([\w.-]+)\)", report)}
    assert named, "RESULTS.md names no file of benchmarks/"
    missing = sorted(name for name in named if not (BENCHMARKS / name).is_file())
    assert not missing, f"RESULTS.md names files that are not in benchmarks/: {missing}"
    raw = {  # rows a benchmark wrote; data/ holds the puzzles benchmarks read
        name for name in named if Path(name).suffix in RAW and not name.startswith("data/")
    }
    assert raw and all(name.startswith("results/") for name in raw), raw
