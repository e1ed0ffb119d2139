"""The batch engine in the library (satdoku.batch): what ``satdoku solve`` prints, from a stream,
from any chunk of a file read behind the file's first lines, and the options as one value."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from satdoku.backends._registry import BackendKind
from satdoku.backends._strategy import Strategy
from satdoku.batch import Batch, LineReading, SolveOptions, Start, solve_stream
from satdoku.batch._chunk_cut import chunks_behind, cut_input
from satdoku.batch._chunk_solve import ChunkJob, solve_chunk
from satdoku.batch._solve_argv import batch_of_options
from satdoku.cli import build_parser, main
from satdoku.cli._batch_options import batch_of, solve_options_of
from satdoku.cli._common import example_text
from satdoku.core._errors import InputError
from satdoku.core._limits import Limits

SUDOKU9 = example_text("sudoku9.txt").splitlines()[-1]
SOLVED9 = "".join(str((r * 3 + r // 3 + c) % 9 + 1) for r in range(9) for c in range(9))

LINES = [
    "# a comment",
    SUDOKU9,
    "",
    SUDOKU9[:-3],  # too short
    SUDOKU9[:5] + "!" + SUDOKU9[6:],  # an unknown symbol
    "1" * 2 + SUDOKU9[2:],  # a digit twice in a row: unsolvable
    "1.3..4..2...4..1",  # a smaller grid's line among 9x9 ones
    "12.......",  # a 3x3 line: among 9x9 puzzles, a misreading (a row of a grid?)
    SOLVED9,
    "   ",
    SUDOKU9.replace("2", ".", 1),
]


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("fmt", ["line", "json", "grid", "pretty"])
@pytest.mark.parametrize("c_path", [True, False], ids=["c", "python"])
def test_solve_stream_writes_what_satdoku_solve_prints(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
    c_path: bool,
) -> None:
    monkeypatch.setenv("SATDOKU_LINE_BATCH", "1" if c_path else "0")
    path = tmp_path / "p.txt"
    path.write_text("\n".join(LINES * 30) + "\n")
    status, out, err = _cli(["solve", str(path), "--format", fmt], capsys)
    written, said = io.StringIO(), io.StringIO()
    batch = Batch(LineReading(source=str(path)), fmt=fmt)
    with path.open("rb") as stream:
        assert solve_stream(batch, stream, written, said) == status == 2
    assert (written.getvalue(), said.getvalue()) == (out, err)


@settings(max_examples=60, deadline=None)
@given(
    lines=st.lists(st.sampled_from(LINES), min_size=150, max_size=500),
    size=st.integers(1, 12000),
    fmt=st.sampled_from(["line", "json"]),
    shape_line=st.sampled_from([None, "# shape: latin", "# shape: sudoku 9 box 3x3"]),
)
@example(  # the side is fixed by a 4x4 line in a chunk of its own, read behind by the 9x9 ones
    lines=[LINES[0], LINES[6], *[LINES[1]] * 148, LINES[7]], size=1, fmt="json", shape_line=None
)
def test_chunks_read_behind_the_first_lines_print_what_the_whole_file_prints(
    lines: list[str], size: int, fmt: str, shape_line: str | None
) -> None:
    """Any cut of a file into chunks of whole lines: each chunk solved on its own, numbered from
    its first line and puzzle and read behind the file's shape line and first puzzle, prints
    its part of the whole file's output and messages. (A chunk after the first holds more
    puzzle lines than the longest line before it has bytes: 82 and more here.)"""
    head = [shape_line] if shape_line else []
    data = ("\n".join(head + lines) + "\n").encode()
    batch = Batch(LineReading(source="p.txt"), fmt=fmt)
    whole_out, whole_err = io.StringIO(), io.StringIO()
    try:
        status = solve_stream(batch, io.BytesIO(data), whole_out, whole_err)
    except Exception as err:  # an input without puzzles: said by the first chunk alike
        assert "empty input" in str(err)
        return
    try:
        outs, errs, statuses = _chunk_outputs(batch, data, size)
    except InputError as err:  # nine 9-symbol lines read as one grid: not cut (said so)
        assert "this is one grid" in err.message
        return
    assert "".join(outs) == whole_out.getvalue()
    assert "".join(errs) == whole_err.getvalue()
    assert max(statuses) == status
    puzzles = sum(1 for line in lines if line.strip() and not line.startswith("#"))
    assert len(outs) > 1 or size >= len(data) // 3 or puzzles < 250  # cut when it can be


def _chunk_outputs(batch: Batch, data: bytes, size: int) -> tuple[list[str], list[str], list[int]]:
    """Cut the data into chunks of about ``size`` bytes and solve each alone, as a worker does."""
    outs, errs, statuses = [], [], []
    cut = cut_input(batch.reading, io.BytesIO(data), size)
    for chunk, behind in chunks_behind(cut, batch.reading):
        if chunk.puzzles:
            output = solve_chunk(ChunkJob(batch, chunk, behind))
            outs.append(output.out)
            errs.append(output.err)
            statuses.append(output.status)
    return outs, errs, statuses


KEEN = "keen:3:a3_ac,a3m6a9"


@pytest.mark.parametrize(
    "head",
    [["keen:3:zz"], [KEEN], ["12", KEEN]],
    ids=["a-broken-game-id-first", "a-game-id-first", "a-game-id-before-the-first-puzzle"],
)
def test_chunks_fix_the_side_where_the_whole_file_does(head: list[str]) -> None:
    """A game ID first makes every line a puzzle of its own side (the 3x3 line too); a game ID
    later fixes no side (the first 4x4 line does): alike in every chunk and in the whole file."""
    lines = [*head, LINES[6], *[SUDOKU9] * 148, LINES[7]]
    data = ("\n".join(lines) + "\n").encode()
    batch = Batch(LineReading(source="p.txt"))
    whole_out, whole_err = io.StringIO(), io.StringIO()
    status = solve_stream(batch, io.BytesIO(data), whole_out, whole_err)
    outs, errs, statuses = _chunk_outputs(batch, data, 1)
    assert len(outs) > 2
    assert ("".join(outs), "".join(errs)) == (whole_out.getvalue(), whole_err.getvalue())
    assert max(statuses) == status


def test_a_run_numbered_from_a_later_line_and_puzzle() -> None:
    out, err = io.StringIO(), io.StringIO()
    data = f"{SUDOKU9}\n12\n".encode()
    start = Start(first_line=101, first_index=40, behind=SUDOKU9 + "\n")
    assert solve_stream(Batch(fmt="json"), io.BytesIO(data), out, err, start=start) == 2
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["index"], r["line"], r["status"]) for r in records] == [
        (40, 101, "solved"),
        (41, 102, "invalid"),
    ]
    assert err.getvalue().startswith("satdoku: <stdin>:102: ")


def test_solve_options_are_made_once_from_the_command_line() -> None:
    args = build_parser().parse_args(
        ["solve", "p.txt", "--backend", "sat", "--strategy", "fresh", "--timeout", "3",
         "--conflicts", "50", "--no-native", "--portfolio", "2", "--encoding", "minimal"]
    )  # fmt: skip
    options = solve_options_of(args)
    assert options == SolveOptions(
        BackendKind.SAT,
        args.solver,
        options.encoding,
        Strategy.FRESH,
        Limits(3.0, 50),
        native=False,
        portfolio=2,
    )
    assert options.encoding.scheme.value == "minimal"
    assert not options.compiled_first
    assert SolveOptions().compiled_first and not SolveOptions(BackendKind.STEPPER).compiled_first


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--alphabet", "ABCDEFGHI"],
        ["--alphabet", "123456789", "--blank", "_"],
        ["--box", "2x3", "--lines"],
        ["--latin", "--diagonals"],
        ["--backend", "stepper", "--timeout", "1.5"],
        ["--no-native", "--strategy", "persistent", "--amo", "sequential", "--portfolio", "1"],
        ["--game", "keen", "--conflicts", "9", "--explain"],
    ],
)
def test_the_library_reads_solve_options_as_the_command_line_does(options: list[str]) -> None:
    from_cli = batch_of(build_parser().parse_args(["solve", "p.txt", *options, "--json"]))
    assert batch_of_options(options, "p.txt") == replace(from_cli, example=False)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--pretty"], "--pretty is not an option of a batch of puzzle lines$"),
        (["--unique"], "--unique is not an option .*: the solution space is explored in one"),
        (["--timeout", "soon"], "argument --timeout: expected a number of seconds, got 'soon'"),
    ],
)
def test_the_library_refuses_options_that_are_not_a_batchs(option: list[str], message: str) -> None:
    with pytest.raises(ValueError, match="satdoku solve options: " + message):
        batch_of_options(option, "p.txt")


def test_the_notebook_entry_point_loads_no_command_line() -> None:
    code = (
        "import sys, satdoku.distributed, satdoku.batch._dask_chunks;"
        "print(sorted(m for m in sys.modules if m.startswith('satdoku.cli')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr


def test_a_local_cluster_is_not_started_for_less_work_than_its_start(tmp_path: Path) -> None:
    """A small file with --dask local:2: solved here, the same output, Dask never loaded."""
    pytest.importorskip("distributed")
    path = tmp_path / "p.txt"
    path.write_text("\n".join(LINES * 20) + "\n")
    code = (
        "import sys; from satdoku.cli import main; status = main(sys.argv[1:]);"
        "sys.stderr.write('distributed' in sys.modules and 'LOADED' or ''); sys.exit(status)"
    )
    argv = ["solve", str(path), "--json"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    alone = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, env=env)
    local = subprocess.run(
        [sys.executable, "-c", code, *argv, "--dask", "local:2"], capture_output=True, env=env
    )
    assert (local.returncode, local.stdout, local.stderr) == (
        alone.returncode,
        alone.stdout,
        alone.stderr,
    )
    assert alone.returncode == 2 and b"LOADED" not in local.stderr
