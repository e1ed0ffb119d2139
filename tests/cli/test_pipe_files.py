"""A FILE that is a pipe (``<(...)``, /dev/fd/N, a FIFO) is read once, by every command; an error
message shows a word too long to read (a 5,000-digit number) by its start and its length."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from satdoku.cli import main
from satdoku.cnf._dimacs_read import read_dimacs
from satdoku.core._errors import InputError

PUZZLE = "1.3..4..2...4..1"
SOLUTION = "1234341221434321"


def model_text(solution: str = SOLUTION) -> str:
    """A SAT solver's answer to the CNF of a 4x4 puzzle: variable row*16 + col*4 + digit."""
    n = 4
    literals = [
        var if int(solution[(var - 1) // n]) == (var - 1) % n + 1 else -var
        for var in range(1, n**3 + 1)
    ]
    return "s SATISFIABLE\nv " + " ".join(map(str, literals)) + " 0\n"


@contextmanager
def piped(data: bytes) -> Iterator[str]:
    """A /dev/fd path of an os.pipe whose writer sends ``data`` (as ``<(printf ...)`` does)."""
    read_end, write_end = os.pipe()

    def send() -> None:
        with suppress(BrokenPipeError), os.fdopen(write_end, "wb") as stream:
            stream.write(data)  # (a reader that stops early breaks the pipe: nothing to send)

    writer = threading.Thread(target=send)
    writer.start()
    try:
        yield f"/dev/fd/{read_end}"
    finally:
        os.close(read_end)
        writer.join()


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_decode_reads_a_piped_puzzle_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = tmp_path / "model.txt"
    model.write_text(model_text())
    with piped(f"{PUZZLE}\n".encode()) as path:
        assert run(["decode", path, str(model), "--format", "line"], capsys) == (
            0,
            SOLUTION + "\n",
            "",
        )
    with piped(f"{PUZZLE}\n".encode()) as puzzle, piped(model_text().encode()) as answer:
        assert run(["decode", puzzle, answer, "--json"], capsys)[0] == 0


@pytest.mark.parametrize("compress", [False, True], ids=["plain", "gzip"])
def test_decode_reads_a_piped_cnf_once(
    compress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PUZZLE + "\n")
    status, cnf, _ = run(["dimacs", str(puzzle)], capsys)
    assert status == 0 and cnf.startswith("c satdoku")
    model = tmp_path / "model.txt"
    model.write_text(model_text())
    data = gzip.compress(cnf.encode()) if compress else cnf.encode()
    with piped(data) as path:
        assert run(["decode", path, str(model), "--format", "line"], capsys)[:2] == (
            0,
            SOLUTION + "\n",
        )


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (["solve"], SOLUTION),
        (["solve", "--progress"], SOLUTION),
        (["count"], "1"),
        (["check"], "invalid"),
        (["rate", "--progress"], "easy      rung 0"),
        (["dimacs"], "c satdoku"),
        (["show"], "1 . | 3 ."),
    ],
)
def test_every_command_reads_a_piped_file_once(
    command: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with piped(f"{PUZZLE}\n".encode()) as path:
        status, out, err = run([command[0], path, *command[1:]], capsys)
    assert status == (1 if command == ["check"] else 0), err
    assert out.startswith(expected) and "empty input" not in err


def test_a_fifo_is_read_once(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzle.fifo"
    os.mkfifo(fifo)
    model = tmp_path / "model.txt"
    model.write_text(model_text())
    writer = threading.Thread(target=fifo.write_text, args=(PUZZLE + "\n",), daemon=True)
    writer.start()
    argv = ["decode", str(fifo), str(model), "--format", "line"]
    done = subprocess.run(  # a process of its own: a second open of the FIFO would wait forever
        [sys.executable, "-m", "satdoku", *argv], capture_output=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout.decode()) == (0, SOLUTION + "\n"), done.stderr


BIG = "9" * 5000


@pytest.mark.parametrize(
    "model",
    [f"s SATISFIABLE\nv 1 {BIG} 0\n", f"s SATISFIABLE\nv 1 -{BIG} 0\n", f"s {BIG}\n"],
    ids=["literal", "negative", "status"],
)
def test_a_huge_number_in_a_model_is_cut_in_the_message(
    model: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PUZZLE + "\n")
    answer = tmp_path / "model.txt"
    answer.write_text(model)
    status, out, err = run(["decode", str(puzzle), str(answer), "--json"], capsys)
    said = err + out
    assert status in (0, 2) and "9" * 21 not in said
    assert len(err) < 300 and all(len(line) < 300 for line in said.splitlines())


@pytest.mark.parametrize(
    "text",
    [f"p cnf 3 1\n1 {BIG} 0\n", f"p cnf {BIG} 1\n1 0\n", f"p cnf 3 {BIG}\n1 0\n"],
    ids=["literal", "variables", "clauses"],
)
def test_a_huge_number_in_a_dimacs_file_is_cut_in_the_message(text: str) -> None:
    with pytest.raises(InputError) as caught:
        read_dimacs(text, "big.cnf")
    message = str(caught.value)
    assert "9" * 21 not in message and len(message) < 200
    assert "(5,000 characters)" in message  # the length is said


def test_a_huge_option_value_is_cut_in_the_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["generate", "--seed", BIG])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "9" * 21 not in err and "(5,000 characters)" in err
