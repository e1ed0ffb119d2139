"""Hostile input from issue 20's attack run: exit 2 with a message, never 70, memory bounded."""

from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from satdoku.cli import main

PUZZLE = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
COMMANDS = ["solve", "count", "step", "show", "check", "dimacs"]


def satdoku(
    *argv: str, shell_tail: str = "", stdin: bytes = b""
) -> subprocess.CompletedProcess[str]:
    """Run satdoku in a shell (for redirections such as '>&-' and '>/dev/full')."""
    command = " ".join([f"'{sys.executable}'", "-m", "satdoku", *(f"'{a}'" for a in argv)])
    return subprocess.run(
        ["sh", "-c", f"{command} {shell_tail}"],
        input=stdin.decode("latin-1") if stdin else "",
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "text",
    [
        "1 ² " + ". " * 13 + ".\n",  # a Unicode digit among integer tokens
        "| 1 | ² | . | . |\n" * 4,  # ... in a Markdown table
        "1 " + "9" * 5000 + " " + ". " * 13 + ".\n",  # an integer past Python's 4,300 digits
        "[[" + "9" * 5000 + ", 0], [0, 0]]\n",  # ... in a JSON cell
    ],
    ids=["unicode-token", "unicode-table", "huge-token", "huge-json"],
)
def test_odd_numbers_are_input_errors(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.txt"
    path.write_text(text, encoding="utf-8")
    for command in ("solve", "count"):
        assert main([command, str(path), "--json"]) == 2
        captured = capsys.readouterr()
        assert "internal error" not in captured.err and captured.out.count("\n") >= 1


def test_an_alphabet_shorter_than_the_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "abc.txt"
    path.write_text("ABC" + "." * 78 + "\n")
    for command in COMMANDS:
        assert main([command, str(path), "--alphabet", "ABC"]) == 2, command
        assert "has 3 symbols, but this is a 9x9 puzzle" in capsys.readouterr().err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("tail", "said"),
    [(">&-", "standard output is closed"), (">/dev/full", "cannot write the output")],
    ids=["closed", "full"],
)
def test_a_closed_or_full_standard_output(
    command: str, tail: str, said: str, tmp_path: Path
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    done = satdoku(command, str(path), shell_tail=tail)
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr
    assert "Exception ignored" not in done.stderr


def into_a_pipe_nobody_reads(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run satdoku with standard output a pipe whose reader is gone (``| head -c 0``)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "satdoku", *argv],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    ("command", "grid"),
    [("check", "1" * 81), ("check", PUZZLE), ("solve", PUZZLE), ("count", PUZZLE)],
    ids=["check-invalid", "check-incomplete", "solve", "count"],
)
def test_output_nobody_reads_is_not_an_all_is_well(command: str, grid: str, tmp_path: Path) -> None:
    """The verdict did not reach anyone: exit 141 (as SIGPIPE's), never 0 nor check's 1."""
    path = tmp_path / "p.txt"
    path.write_text(grid + "\n")
    done = into_a_pipe_nobody_reads(command, str(path))
    assert (done.returncode, done.stderr) == (141, "")


def test_a_reader_that_stops_early_gets_141(tmp_path: Path) -> None:
    """``satdoku solve big.txt | head -n 1``: the rest is lost, and the status says so."""
    path = tmp_path / "big.txt"
    path.write_text((PUZZLE + "\n") * 20000)  # answers far beyond a pipe's buffer
    child = subprocess.Popen(
        [sys.executable, "-m", "satdoku", "solve", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    assert len(child.stdout.readline()) == 82
    child.stdout.close()
    err = child.stderr.read()
    assert (child.wait(timeout=120), err) == (141, b"")


def test_decode_of_bytes_that_are_not_text(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    done = satdoku("decode", str(path), "-", stdin=b"\xff\xfe\x00junk\n")
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_dimacs_never_writes_over_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.txt"
    path.write_text(PUZZLE + "\n")
    assert main(["dimacs", str(path), "-o", str(path)]) == 2
    assert "the output is the input file" in capsys.readouterr().err
    assert path.read_text() == PUZZLE + "\n"


def test_a_file_name_with_a_placeholder_stays_in_the_title(tmp_path: Path) -> None:
    path = tmp_path / "%%JS%%.txt"
    path.write_text(PUZZLE + "\n")
    page = tmp_path / "page.html"
    assert main(["step", str(path), "--html", str(page)]) == 0
    text = page.read_text()
    assert "<title>satdoku step: %%JS%%.txt</title>" in text
    assert text.count("function") > 10  # the script is where it belongs, once


@pytest.mark.parametrize(
    "argv",
    [["solve", "{p}", "--regions", "/dev/zero"], ["decode", "{p}", "/dev/zero"]],
    ids=["regions", "decode"],
)
def test_endless_files_are_refused_in_bounded_memory(argv: list[str], tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    args = [a.replace("{p}", str(path)) for a in argv]
    measure = (  # a fresh parent: the peak is this one child's
        "import resource, subprocess, sys\n"
        f"argv = [sys.executable, '-m', 'satdoku', *{args!r}]\n"
        "done = subprocess.run(argv, capture_output=True)\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", measure], capture_output=True, text=True, timeout=120
    )
    code, peak_kb = map(int, done.stdout.split())
    assert code == 2 and peak_kb < 150_000, (code, peak_kb)


def test_a_timeout_reaches_the_enumeration_past_the_first_models(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'solve --all --timeout' on an empty 9x9: the cover search after 8 SAT models stops too."""
    path = tmp_path / "empty.txt"
    path.write_text("." * 81 + "\n")
    start = time.monotonic()
    assert main(["solve", str(path), "--all", "--timeout", "1", "--json"]) == 0
    assert time.monotonic() - start < 5  # 1 s asked; about 1.3 s measured
    assert json.loads(capsys.readouterr().out)["status"] == "timeout"


def test_an_overlong_line_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    """A 30 MB line among puzzles: refused for its length, its neighbours solved, memory small."""
    path = tmp_path / "long.txt"
    with path.open("w") as out:
        out.write(PUZZLE + "\n" + "1" * 30_000_000 + "\n" + PUZZLE + "\n")
    measure = (
        "import resource, subprocess, sys\n"
        f"argv = [sys.executable, '-m', 'satdoku', 'solve', {str(path)!r}, '--json']\n"
        "done = subprocess.run(argv, capture_output=True, text=True)\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "print(done.stdout, end='')"
    )
    done = subprocess.run(
        [sys.executable, "-c", measure], capture_output=True, text=True, timeout=120
    )
    head, *records = done.stdout.splitlines()
    code, peak_kb = map(int, head.split())
    statuses = [json.loads(r)["status"] for r in records]
    assert code == 2 and statuses == ["solved", "invalid", "solved"]
    assert peak_kb < 250_000, peak_kb  # about 160 MB for any length (a 100 MB line: over 5 GB)


def test_a_gzip_bomb_is_not_inflated_whole(tmp_path: Path) -> None:
    """decode reads a CNF's header: a .cnf.gz inflating to 768 MB is read up to 64 MB."""
    bomb = tmp_path / "bomb.cnf.gz"
    with gzip.open(bomb, "wb", compresslevel=9) as out:
        out.write(b"c satdoku\n")
        chunk = b"1 2 3 0\n" * (1 << 20)
        for _ in range(96):
            out.write(chunk)
    model = tmp_path / "m.out"
    model.write_text("SAT\n1 0\n")
    measure = (
        "import resource, subprocess, sys\n"
        f"argv = [sys.executable, '-m', 'satdoku', 'decode', {str(bomb)!r}, {str(model)!r}]\n"
        "done = subprocess.run(argv, capture_output=True)\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", measure], capture_output=True, text=True, timeout=120
    )
    code, peak_kb = map(int, done.stdout.split())
    assert code == 2 and peak_kb < 300_000, (code, peak_kb)


def test_dimacs_to_a_text_only_output_stream(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A notebook's output stream has no .buffer: the CNF is written as text, not a crash."""
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["dimacs", str(path)]) == 0
    assert "p cnf 729 " in out.getvalue()


def test_a_failing_read_is_an_input_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading standard input that fails (EIO from a terminal gone): exit 2, not 70."""

    class Failing(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: object) -> int:
            raise OSError(5, "Input/output error")

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Failing())))
    assert main(["solve", "-"]) == 2
