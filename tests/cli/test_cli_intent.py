"""The command line answers the question asked: the input meant, one record per puzzle, honest
exit statuses and solver verdicts (issue 17).

- Without FILE, standard input is read when it is not a terminal; a terminal keeps the bundled
  example; ``--example`` asks for it whatever standard input is; empty standard input says how to
  be explicit (the pipe itself: tests/cli/test_cli_input.py).
- Every command with ``--json`` prints one record per input puzzle, an unreadable one included,
  and ``dimacs --solve-with`` one per puzzle also when the solver fails on one of them.
- ``check`` exits 1 when any grid is invalid, 0 when all are valid, 2 when any is unreadable.
- ``decode`` reads every way a solver says it gave up (CaDiCaL's ``c UNKNOWN``, MiniSat's
  ``INDETERMINATE`` among its statistics, ``s UNKNOWN``, ``s INDETERMINATE``, ``INDET``) as the
  status ``timeout``, exit 0, as ``solve`` reports a puzzle its limit stopped.
"""

from __future__ import annotations

import io
import json
import os
import pty
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from hard_instances import HARD_ORDER, HARD_SYMBOLS, pigeonhole_latin
from satdoku import solve
from satdoku.cli import main
from satdoku.cli._common import example_text
from satdoku.core._claims import Claim, variable
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import format_line
from satdoku.io._reading import read_puzzles

EXAMPLE_ENTRY = next(iter(read_puzzles(example_text().splitlines())))
EXAMPLE = EXAMPLE_ENTRY.puzzle
assert EXAMPLE is not None
EXAMPLE_LINE = format_line(EXAMPLE.cells)
FIRST_ROW = "2 5 . | . . . | 4 . 7"
EMPTY_4X4 = "." * 16


def model_text(grid: Sequence[int], n: int = 9) -> str:
    """A SAT-competition answer whose model is ``grid``: every claim variable, true or false."""
    true = {variable(Claim(i // n, i % n, d), n) for i, d in enumerate(grid)}
    literals = [v if v in true else -v for v in range(1, n**3 + 1)]
    return "s SATISFIABLE\nv " + " ".join(map(str, literals)) + " 0\n"


@pytest.fixture(scope="module")
def example_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A solver's answer to the bundled example."""
    path = tmp_path_factory.mktemp("models") / "example.out"
    path.write_text(model_text(solve(EXAMPLE)))
    return path


def shows_the_example(command: str, out: str) -> bool:
    """Tell whether a command's output is about the bundled example (not a 4x4 from stdin)."""
    if command in ("solve", "show"):
        return FIRST_ROW in out
    if command == "count":
        return out == "1\n"
    if command == "step":
        return EXAMPLE_LINE in out
    if command == "dimacs":
        return f"c puzzle: {EXAMPLE_LINE}\n" in out
    assert command == "decode"
    return json.loads(out)["status"] == "solved"


COMMANDS = ["solve", "count", "step", "show", "dimacs", "decode"]
"""Every command whose FILE is optional."""


def argv_of(command: str, model: Path) -> list[str]:
    return [command, str(model), "--json"] if command == "decode" else [command]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_terminal_keeps_the_bundled_example(command: str, example_model: Path) -> None:
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "satdoku", *argv_of(command, example_model)],
            stdin=follower,
            capture_output=True,
            timeout=120,
        )
    finally:
        os.close(leader)
        os.close(follower)
    assert done.returncode == 0, done.stderr
    assert shows_the_example(command, done.stdout.decode())


def with_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input holding ``data``, not a terminal (as a pipe or a file is)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.parametrize("command", COMMANDS)
def test_example_is_read_whatever_standard_input_holds(
    command: str,
    example_model: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with_stdin(monkeypatch, (EMPTY_4X4 + "\n").encode())
    assert main([*argv_of(command, example_model), "--example"]) == 0
    assert shows_the_example(command, capsys.readouterr().out)


@pytest.mark.parametrize("command", COMMANDS)
def test_without_file_a_pipe_is_read_not_the_example(
    command: str,
    example_model: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with_stdin(monkeypatch, (EMPTY_4X4 + "\n").encode())
    assert main(argv_of(command, example_model)) == 0
    out = capsys.readouterr().out
    assert not shows_the_example(command, out)
    if command == "count":
        assert out == "288\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_empty_standard_input_says_how_to_be_explicit(
    command: str,
    example_model: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with_stdin(monkeypatch, b"")
    assert main(argv_of(command, example_model)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "satdoku: <stdin>: empty input: no puzzle found "
        "(give a FILE, pipe puzzles in, or --example for the bundled example)\n"
    )


def test_decode_reads_its_puzzle_from_a_real_pipe(example_model: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "satdoku", "decode", str(example_model), "--json"],
        input=example_text().encode(),
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["status"] == "solved" and record["solution"] == format_line(solve(EXAMPLE))


# --- one record per input puzzle ------------------------------------------------------------

GOOD = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
SOLVED = "143657982952438761867192435795863124314279658286514397438921576671385249529746813"
MIXED = [GOOD, "12x4", SOLVED, "1.3", GOOD]
"""Two puzzles, an unreadable line, a filled grid, a line of the wrong length, a puzzle."""

JSON_COMMANDS = {
    "solve": ["solve", "--json"],
    "solve-all": ["solve", "--json", "--all", "--limit", "2"],
    "solve-unique": ["solve", "--json", "--unique"],
    "solve-stepper": ["solve", "--json", "--backend", "stepper"],
    "solve-jobs": ["solve", "--json", "--jobs", "2"],
    "count": ["count", "--json"],
    "check": ["check", "--json"],
    "dimacs-solve-with": ["dimacs", "--json", "--solve-with", "cadical"],
}


@pytest.mark.parametrize("argv", JSON_COMMANDS.values(), ids=JSON_COMMANDS.keys())
def test_one_json_record_per_input_puzzle(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if "--solve-with" in argv and shutil.which("cadical") is None:
        pytest.skip("cadical is not installed (apt-get install cadical; .ci/run does it)")
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(MIXED) + "\n")
    assert main([argv[0], str(path), *argv[1:]]) == 2
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["index"] for r in records] == [0, 1, 2, 3, 4]
    assert [r.get("status") == "invalid" and "error" in r for r in records] == [0, 1, 0, 1, 0]
    assert err.count("satdoku: ") == 2  # one line for each unreadable puzzle


def crashing_on_the_second_cnf(tmp_path: Path) -> str:
    """A solver command that answers its first CNF (with CaDiCaL) and crashes on the next."""
    script = tmp_path / "flaky.py"
    script.write_text(
        "import os, subprocess, sys\n"
        f"seen = {str(tmp_path / 'seen')!r}\n"
        "if os.path.exists(seen):\n"
        "    sys.exit('segmentation fault')\n"
        "open(seen, 'w').close()\n"
        "sys.exit(subprocess.run(['cadical', '-q', sys.argv[1]]).returncode)\n"
    )
    return f"{sys.executable} {script} {{cnf}}"


@pytest.mark.parametrize("json_records", [True, False], ids=["json", "lines"])
def test_a_solver_failing_on_one_puzzle_loses_no_other(
    json_records: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if shutil.which("cadical") is None:
        pytest.skip("cadical is not installed (apt-get install cadical; .ci/run does it)")
    path = tmp_path / "three.txt"
    path.write_text(f"{GOOD}\n{GOOD}\n{GOOD}\n")
    argv = ["dimacs", str(path), "--solve-with", crashing_on_the_second_cnf(tmp_path)]
    assert main(argv + (["--json"] if json_records else [])) == 2
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 3
    assert err.count("satdoku: ") == 2 and "it said: segmentation fault" in err
    if json_records:
        records = [json.loads(line) for line in lines]
        assert [r["status"] for r in records] == ["solved", "invalid", "invalid"]
        assert "no solver answer found" in records[1]["error"] and records[1]["line"] == 2
    else:
        assert lines[0] == SOLVED and lines[1].startswith("invalid: ")


def test_a_missing_solver_stops_before_the_first_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.txt"
    path.write_text("12x4\n" + GOOD + "\n")
    assert main(["dimacs", str(path), "--solve-with", "no-such-solver-xyz", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "'no-such-solver-xyz' is not installed" in err


# --- check: 0 valid, 1 invalid, 2 unreadable ------------------------------------------------

BROKEN = SOLVED[:-2] + SOLVED[-1] + SOLVED[-2]  # the last two cells swapped: two columns break


@pytest.mark.parametrize(
    "lines, status, said",
    [
        ([SOLVED, SOLVED], 0, ["valid", "valid"]),
        ([SOLVED, BROKEN], 1, ["valid", "invalid"]),
        ([GOOD], 1, ["invalid"]),  # blanks: not a filled grid
        ([BROKEN, "12x4"], 2, ["invalid", "unreadable"]),
    ],
    ids=["all-valid", "one-invalid", "not-filled", "unreadable"],
)
def test_check_exit_status_is_that_of_cmp(
    lines: list[str],
    status: int,
    said: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "grids.txt"
    path.write_text("\n".join(lines) + "\n")
    assert main(["check", str(path)]) == status
    out = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("  ")]
    assert [line.split(":")[0] for line in out] == said
    assert main(["check", str(path), "--json"]) == status
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["valid"] for r in records] == [s == "valid" for s in said]


# --- decode: a solver that gave up ----------------------------------------------------------

GAVE_UP = {
    "cadical -t": "c ---- [ result ] ----\nc\nc UNKNOWN\nc\nc exit 0\n",
    "minisat result file": "INDET\n",
    "minisat stdout": "WARNING: for repeatability, setting FPU to use double precision\n"
    "INDETERMINATE\n",
    "minisat stdout, verbose": "WARNING: for repeatability, setting FPU to use double precision\n"
    "============================[ Problem Statistics ]=============================\n"
    "|  Number of variables:         68276                                         |\n"
    "===============================================================================\n"
    "*** INTERRUPTED ***\n"
    "restarts              : 12\n"
    "conflicts             : 3216           (3385 /sec)\n"
    "Memory used           : 133.00 MB\n"
    "CPU time              : 0.948992 s\n"
    "\n"
    "INDETERMINATE\n",
    "kissat, lingeling, picosat": "c ---- [ result ] ----\ns UNKNOWN\nc exit 0\n",
    "cryptominisat5": "c Sampling var set contains over 100 variables\ns INDETERMINATE\n",
}


@pytest.mark.parametrize("answer", GAVE_UP.values(), ids=GAVE_UP.keys())
def test_decode_reads_a_solver_giving_up_as_timeout(
    answer: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = tmp_path / "answer.out"
    model.write_text(answer)
    assert main(["decode", "--example", str(model), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record == {
        "index": 0,
        "status": "timeout",
        "error": "the solver gave up without an answer (UNKNOWN)",
        "line": EXAMPLE_ENTRY.line,
    }
    assert main(["decode", "--example", str(model)]) == 0
    assert capsys.readouterr().out.startswith("timeout: ")


def test_minisat_stdout_without_its_model_says_where_the_model_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = tmp_path / "stdout.txt"
    model.write_text(
        "WARNING: for repeatability, setting FPU to use double precision\nSATISFIABLE\n"
    )
    assert main(["decode", "--example", str(model), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "invalid" and "minisat p.cnf p.out" in record["error"]


def test_words_around_an_answer_are_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = tmp_path / "noise.txt"
    model.write_text("hello\nINDETERMINATE\n")
    assert main(["decode", "--example", str(model)]) == 2
    assert "got 'hello'" in capsys.readouterr().err


LIMITED_RUNS: dict[str, Callable[[Path], list[str]]] = {
    "cadical": lambda cnf: ["cadical", "-t", "1", str(cnf)],
    "minisat": lambda cnf: ["minisat", "-cpu-lim=1", str(cnf)],
    "picosat": lambda cnf: ["picosat", "-L", "1", str(cnf)],
    "cryptominisat5": lambda cnf: ["cryptominisat5", "--maxtime", "1", str(cnf)],
    "kissat": lambda cnf: ["kissat", "--time=1", str(cnf)],
}


@pytest.fixture(scope="module")
def hard_cnf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The CNF of a Latin square no solver refutes in a second (a pigeonhole inside)."""
    folder = tmp_path_factory.mktemp("hard")
    puzzle = folder / "hard.txt"
    puzzle.write_text(format_line(pigeonhole_latin(HARD_ORDER).cells, Alphabet(HARD_SYMBOLS)))
    cnf = folder / "hard.cnf"
    argv = ["dimacs", str(puzzle), "--latin", "--alphabet", HARD_SYMBOLS, "-o", str(cnf)]
    assert main(argv) == 0
    return cnf


@pytest.mark.parametrize("name", LIMITED_RUNS)
def test_decode_of_a_real_solver_stopped_by_its_limit(
    name: str, hard_cnf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if shutil.which(name) is None:
        pytest.skip(f"{name} is not installed")
    out = tmp_path / "stdout.txt"
    with out.open("w") as answer:
        subprocess.run(LIMITED_RUNS[name](hard_cnf), stdout=answer, timeout=60, check=False)
    assert main(["decode", str(hard_cnf), str(out), "--json"]) == 0, out.read_text()[-500:]
    assert json.loads(capsys.readouterr().out)["status"] == "timeout"
