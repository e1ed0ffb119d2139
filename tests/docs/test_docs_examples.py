"""The examples of the README and the docs pages: every ``satdoku COMMAND --option`` they show
is an option of that command, every console example that shows its output prints it, and every
module, name and file of the project they name exists.

(The Python examples run as doctests: ``--doctest-glob`` in pyproject.toml.)"""

from __future__ import annotations

import importlib
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from satdoku.cli import COMMANDS, build_parser

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
SPAN = re.compile(r"`([^`\n]+)`")
SEPARATORS = re.compile(r"\s(?:\||&&|;|>|<|2>)\s?|\s#")


def _options_of(command: str | None) -> set[str]:
    parser = build_parser(command)
    if command is None:
        return {o for action in parser._actions for o in action.option_strings}
    subparsers = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    sub = subparsers.choices[command]
    return {o for action in sub._actions for o in action.option_strings}


OPTIONS = {name: _options_of(name) for name in (None, *COMMANDS)}


def satdoku_calls(text: str) -> Iterator[list[str]]:
    """Yield the words of every ``satdoku ...`` call in ``text`` (pipes, redirections and
    comments cut off; leading ``$ `` prompts and variable assignments skipped).

    >>> list(satdoku_calls("$ X=1 satdoku solve p.txt --json | satdoku check -  # c"))
    [['solve', 'p.txt', '--json'], ['check', '-']]
    """
    for line in text.splitlines():
        for piece in SEPARATORS.split(" " + line.strip()):
            words = piece.split()
            while words and (words[0] in {"$", "echo"} or "=" in words[0]):
                words = [] if words[0] == "echo" else words[1:]
            if len(words) >= 1 and words[0].split("/")[-1] == "satdoku":
                yield words[1:]


def _calls_in(path: Path) -> Iterator[tuple[int, list[str]]]:
    text = path.read_text(encoding="utf-8")
    for fence in FENCE.finditer(text):
        if fence.group(1) in {"python", "pycon"}:
            continue
        first = text.count("\n", 0, fence.start(2)) + 1
        for offset, line in enumerate(fence.group(2).splitlines()):
            for words in satdoku_calls(line):
                yield first + offset, words
    prose = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    for number, line in enumerate(prose.splitlines(), 1):
        for span in SPAN.findall(line):
            for words in satdoku_calls(span):
                yield number, words


def test_the_calls_are_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```sh\nsatdoku solve x --json   # c\n```\n\nsee `satdoku rate --jobs 2` and `--x`\n"
        "```python\n>>> satdoku = 1\n```\n"
    )
    assert list(_calls_in(page)) == [(2, ["solve", "x", "--json"]), (5, ["rate", "--jobs", "2"])]
    assert sum(1 for path in PAGES for _ in _calls_in(path)) > 100


def test_every_option_shown_is_the_command_s() -> None:
    wrong = []
    for path in PAGES:
        for number, words in _calls_in(path):
            command = words[0] if words and words[0] in COMMANDS else None
            if words and command is None and not words[0].startswith("-"):
                if words[0] not in {"COMMAND", "CMD"}:
                    wrong.append(f"{path.relative_to(REPO)}:{number}: no command {words[0]!r}")
                continue
            known = OPTIONS[command] | OPTIONS[None] if command is None else OPTIONS[command]
            for word in words[1 if command else 0 :]:
                option = word.split("=", 1)[0]
                if re.fullmatch(r"--[a-z][a-z0-9-]*", option) and option not in known:
                    shown = f"satdoku {command or ''} {option}".replace("  ", " ")
                    wrong.append(f"{path.relative_to(REPO)}:{number}: {shown} is not an option")
    assert not wrong, "\n".join(wrong)


def _console_examples() -> Iterator[tuple[str, str, str]]:
    """``(where, command, output)`` of every console example that shows its output."""
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        for fence in FENCE.finditer(text):
            if fence.group(1) != "console":
                continue
            line = text.count("\n", 0, fence.start(2)) + 1
            command, output, start = None, [], line
            for number, row in enumerate(fence.group(2).splitlines(), line):
                if row.startswith("$ "):
                    if command and output:
                        yield f"{path.relative_to(REPO)}:{start}", command, "\n".join(output)
                    command, output, start = row[2:], [], number
                elif command is not None:
                    output.append(row)
            if command and output:
                yield f"{path.relative_to(REPO)}:{start}", command, "\n".join(output)


EXAMPLES = list(_console_examples())


def test_console_examples_with_output_are_found() -> None:
    assert len(EXAMPLES) >= 5, EXAMPLES


@pytest.mark.parametrize(("where", "command", "output"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_a_console_example_prints_what_it_shows(
    where: str, command: str, output: str, tmp_path: Path
) -> None:
    shim = tmp_path / "bin" / "satdoku"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m satdoku "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{shim.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"{where}: {command}\n{done.stderr}"
    assert done.stdout.rstrip("\n") == output, f"{where}: {command}"


NAMED = re.compile(r"`((?:tests|benchmarks|src/satdoku)/[\w/.-]+\.\w+|satdoku(?:\.\w+)+)")


def _resolves(dotted: str) -> bool:
    """Whether ``satdoku.a.b`` names a module, or an attribute of one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def test_every_module_name_and_file_a_page_names_exists() -> None:
    missing = []
    for path in PAGES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name in NAMED.findall(line):
                there = (REPO / name).exists() if "/" in name else _resolves(name)
                if not there:
                    missing.append(f"{path.relative_to(REPO)}:{number}: {name}")
    assert not missing, "names the code does not have:\n" + "\n".join(missing)
    assert not _resolves("satdoku.rules.no_such_module") and _resolves(
        "satdoku.api._space.backbone"
    )
