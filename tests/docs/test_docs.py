"""The docs: the README is a short signpost, the docs site builds strictly (fast), its commands
reference is the parsers' own ``--help``, and no word of the project's history reaches a reader
(README, docs pages, ``--help`` texts, benchmark reports, the built site)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
README_LIMIT = 12 * 1024
BUILD_SECONDS = 30

HISTORY = re.compile(
    r"\bseed[ -]?0\d\d\b"  # the project's own starting programs ("seed 000", "Seed 001")
    r"|\bthe seed's\b|\bthe seeds'|\bseed port\b"
    r"|\bthe course\b"
    r"|\b(?:this|last|latest|previous) stop\b|\bthe stops? before\b|\bover two stops\b"
    r"|\bthe issue\b|\bbefore this change\b|\bthis session\b",
    re.IGNORECASE,
)
"""Words that tell the project's history instead of what satdoku is and does."""


def history_words(text: str, where: str) -> list[str]:
    """Return ``where:line: words`` for every line of ``text`` holding a history word."""
    return [
        f"{where}:{number}: {match.group(0)!r} in {line.strip()[:120]!r}"
        for number, line in enumerate(text.splitlines(), 1)
        for match in HISTORY.finditer(line)
    ]


def _command_help() -> ModuleType:
    """The docs' hook that renders every command's ``--help`` (it needs satdoku only)."""
    path = REPO / "docs" / "hooks" / "command_help.py"
    spec = importlib.util.spec_from_file_location("satdoku_docs_command_help", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _reader_files() -> Iterator[Path]:
    yield REPO / "README.md"
    yield from sorted((REPO / "docs").rglob("*.md"))
    yield from sorted((REPO / "benchmarks").glob("*.md"))
    yield from sorted((REPO / "src" / "satdoku" / "views" / "player").glob("*.*"))  # the step page


def test_history_words_are_found_and_placed() -> None:
    found = history_words("fine\nas seed 000 did\nthe course's words, this stop\n", "x.md")
    assert [hit.split(": ")[0] for hit in found] == ["x.md:2", "x.md:3", "x.md:3"]
    assert history_words("--seed 1 gives the same puzzle; a stop signal", "x.md") == []


def test_the_readme_is_a_short_signpost() -> None:
    size = (REPO / "README.md").stat().st_size
    assert size <= README_LIMIT, f"README.md is {size:,} bytes: move its content to docs/"


def test_ci_runs_the_readme_test_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    assert len(commands) >= 2, "the README starts with its install and its test command"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()
    assert "mkdocs build --strict" in ci


def test_no_history_words_where_users_read() -> None:
    found = []
    for path in _reader_files():
        found += history_words(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    for command, text in _command_help().help_texts().items():
        found += history_words(text, f"{command} --help")
    assert not found, "history words where users read:\n" + "\n".join(found)


def test_the_commands_reference_is_every_parser_help() -> None:
    hook = _command_help()
    page = hook.on_page_markdown((REPO / "docs" / "reference" / "commands.md").read_text())
    assert hook.MARKER not in page
    from satdoku.cli import COMMANDS

    for name in COMMANDS:
        assert f"## `satdoku {name}`" in page
        assert f"usage: satdoku {name} [-h]" in page
    assert "examples:\n  satdoku solve" in page  # the epilog is kept as written


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site, built once by ``mkdocs build --strict`` (skipped without the docs extra)."""
    if not all(importlib.util.find_spec(name) for name in ("mkdocs", "mkdocstrings")):
        pytest.skip("mkdocs is not installed (pip install -e '.[docs]'; .ci/run does it)")
    site = tmp_path_factory.mktemp("site")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=5 * BUILD_SECONDS,
    )
    seconds = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert seconds < BUILD_SECONDS, f"mkdocs build took {seconds:.1f} s"
    return site


def test_the_site_builds_strictly_with_every_page(built_site: Path) -> None:
    for page in sorted((REPO / "docs").rglob("*.md")):
        relative = page.relative_to(REPO / "docs").with_suffix("")
        html = built_site / ("index.html" if relative.name == "index" else relative / "index.html")
        assert html.is_file(), f"{page} was not built"
    commands = (built_site / "reference" / "commands" / "index.html").read_text()
    assert "usage: satdoku generate" in commands
    library = (built_site / "reference" / "library" / "index.html").read_text()
    assert "parse_puzzle" in library and "satdoku.core.constraints" in library
    assert 'class="language-pycon' in library or "highlight" in library
    assert not (built_site / "hooks").exists()


def test_no_history_words_in_the_built_site(built_site: Path) -> None:
    found = []
    for page in sorted(built_site.rglob("*.html")):
        found += history_words(page.read_text(encoding="utf-8"), str(page.relative_to(built_site)))
    assert not found, "history words in the built site:\n" + "\n".join(found)
