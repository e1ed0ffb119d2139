"""``--dask``: solve, rate and generate on a Dask cluster give the output of the run without it.

A cluster of two worker processes (a ``LocalCluster``) serves the module; each run is compared
byte for byte, output and messages, with the same command run without ``--dask`` in this
process. Small ``--chunk-size`` values cut the small files into several chunks.
"""

from __future__ import annotations

import importlib.util
import io
import json
import logging
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.cli import _dask_run as dask_run
from satdoku.cli import main
from satdoku.cli._common import example_text
from satdoku.io._line_chunks import content_lines, line_chunks
from satdoku.io._reading import FileLayout, read_puzzles

distributed = pytest.importorskip("distributed")

SUDOKU9 = example_text("sudoku9.txt").splitlines()[-1]
SUDOKU16 = example_text("sudoku16.txt").splitlines()[-1]
SYMBOLS16 = "123456789ABCDEFG"


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, object]]:
    """A local cluster of two worker processes: its scheduler's address and a client of it."""
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as local,
        distributed.Client(local) as client,
    ):
        yield local.scheduler_address, client


@pytest.fixture(params=["sent", "shared"])
def files(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """How chunks and outputs travel: through Dask (a scheduler's workers may be anywhere), or
    as files the workers read and write themselves (a local cluster's; the fixture's cluster
    runs on this machine, so both ways work with it)."""
    if request.param == "shared":
        monkeypatch.setattr(dask_run, "shares_files", lambda address: True)
    return str(request.param)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _same(argv: list[str], address: str, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    """Run argv without and with --dask; assert the same status, output and messages."""
    alone = _run(argv, capsys)
    on_cluster = _run([*argv, "--dask", address, *more], capsys)
    assert on_cluster == alone
    return alone[1]


def _shuffled(line: str, box: int, rng: random.Random, symbols: str) -> str:
    """A puzzle with the same number of solutions: digits relabelled, rows, columns, bands and
    stacks permuted within the grid's symmetries, maybe transposed."""
    n = box * box
    rows = [line[r * n : (r + 1) * n] for r in range(n)]

    def order() -> list[int]:
        bands = rng.sample(range(box), box)
        return [b * box + i for b in bands for i in rng.sample(range(box), box)]

    rows = [rows[r] for r in order()]
    cols = order()
    rows = ["".join(row[c] for c in cols) for row in rows]
    if rng.random() < 0.5:
        rows = ["".join(row[c] for row in rows) for c in range(n)]
    relabel = dict(zip(symbols, rng.sample(symbols, n), strict=True))
    return "".join(relabel.get(s, ".") for s in "".join(rows))


def _mixed(line: str, box: int, count: int, seed: int, symbols: str) -> list[str]:
    """Puzzle lines with comments, blank lines, unreadable and unsolvable puzzles among them."""
    rng = random.Random(seed)
    lines = []
    for index in range(count):
        puzzle = _shuffled(line, box, rng, symbols)
        kind = rng.random()
        if kind < 0.05:
            lines.append(f"# comment {index}")
        elif kind < 0.08:
            lines.append("   ")
        elif kind < 0.11:
            lines.append(puzzle[:-3])  # too short
        elif kind < 0.13:
            lines.append(puzzle[:5] + "!" + puzzle[6:])  # an unknown symbol
        elif kind < 0.17:
            given = next(i for i, s in enumerate(puzzle) if s != ".")
            other = given - given % (box * box) + (given + 1) % (box * box)
            cells = list(puzzle)
            cells[other] = cells[given]  # a digit twice in a row: unsolvable
            lines.append("".join(cells))
        elif kind < 0.18 and box > 2:
            lines.append(symbols[:box] + "." * (box * box - box))  # a smaller grid's line
        lines.append(puzzle)
    return lines


def _write(tmp_path: Path, lines: list[str], name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize(
    "options",
    [[], ["--json"], ["--format", "grid"], ["--explain"]],
    ids=["lines", "json", "grid", "explain"],
)
def test_solve_on_a_cluster_prints_what_solve_prints(
    tmp_path: Path,
    cluster: tuple[str, object],
    files: str,
    capsys: pytest.CaptureFixture[str],
    options,
) -> None:
    path = _write(tmp_path, _mixed(SUDOKU9, 3, 500, 1, "123456789"))
    out = _same(["solve", path, *options], cluster[0], capsys, "--chunk-size", "6000")
    assert "unsolvable" in out and "invalid" in out
    status, _, err = _run(["solve", path, *options], capsys)
    assert status == 2 and f"{path}:" in err  # the file holds unreadable lines


@pytest.mark.parametrize(
    ("line", "box", "symbols", "options"),
    [
        ("1.3..4..2...4..1", 2, "1234", []),
        (SUDOKU16, 4, SYMBOLS16, []),
        (
            SUDOKU16.translate(str.maketrans(SYMBOLS16, "ABCDEFGHIJKLMNOP")),
            4,
            "ABCDEFGHIJKLMNOP",
            ["--alphabet", "ABCDEFGHIJKLMNOP"],
        ),
    ],
    ids=["4x4", "16x16", "16x16-alphabet"],
)
@pytest.mark.parametrize("json_output", [False, True], ids=["lines", "json"])
def test_shapes_on_a_cluster(
    tmp_path: Path,
    cluster: tuple[str, object],
    capsys: pytest.CaptureFixture[str],
    line: str,
    box: int,
    symbols: str,
    options: list[str],
    json_output: bool,
) -> None:
    lines = _mixed(line, box, 700, 2, symbols)
    path = _write(tmp_path, lines)
    argv = ["solve", path, *options, *(["--json"] if json_output else [])]
    out = _same(argv, cluster[0], capsys, "--chunk-size", "1000")
    shape_line = 0 if json_output or not options else 1  # '# shape: sudoku alphabet ...'
    assert len(out.splitlines()) == shape_line + sum(1 for t in lines if t.strip() and t[0] != "#")


def test_every_chunk_is_read_under_the_files_shape_line(
    tmp_path: Path, cluster: tuple[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "--size", "6", "--box", "3x2", "--count", "300", "--seed", "6"]
    assert main(argv) == 0
    path = _write(tmp_path, capsys.readouterr().out.splitlines())
    out = _same(["solve", path], cluster[0], capsys, "--chunk-size", "2000")
    assert out.startswith("# shape: sudoku 6 box 3x2\n")
    check = tmp_path / "s.txt"
    check.write_text(out)
    assert main(["check", str(check)]) == 0  # every chunk's answers hold under 3x2 boxes
    assert capsys.readouterr().out.split() == ["valid"] * 300


def test_rate_on_a_cluster_prints_what_rate_prints(
    tmp_path: Path, cluster: tuple[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, _mixed(SUDOKU9, 3, 150, 3, "123456789"))
    _same(["rate", path, "--json"], cluster[0], capsys, "--chunk-size", "3000")
    _same(["rate", path], cluster[0], capsys, "--chunk-size", "3000")


def test_generate_on_a_cluster_is_reproducible(
    cluster: tuple[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "--count", "10", "--seed", "7", "--size", "4", "--json"]
    out = _same(argv, cluster[0], capsys, "--chunk-size", "3")
    again = _run([*argv, "--dask", cluster[0], "--chunk-size", "4"], capsys)
    assert again == (0, out, "")
    assert [json.loads(r)["index"] for r in out.splitlines()] == list(range(10))


def test_generate_on_a_cluster_holds_back_missed_wishes(
    cluster: tuple[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["generate", "--count", "6", "--seed", "4", "--level", "hard", "--attempts", "2"]
    out = _same(argv, cluster[0], capsys, "--chunk-size", "2")
    status, _, err = _run([*argv, "--dask", cluster[0], "--chunk-size", "4"], capsys)
    met = len(out.splitlines())
    assert status == 1 and 0 < met < 6
    assert err.splitlines()[-1].startswith(f"satdoku: {met} of 6 puzzles met the wish")


def test_output_dir_parts_concatenate_to_the_output(
    tmp_path: Path, cluster: tuple[str, object], files: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, _mixed(SUDOKU9, 3, 400, 4, "123456789"))
    _, whole, _ = _run(["solve", path, "--json"], capsys)
    parts = tmp_path / "parts"
    argv = ["solve", path, "--json", "--dask", cluster[0], "--chunk-size", "5000"]
    assert _run([*argv, "--output-dir", str(parts)], capsys)[1] == ""
    names = sorted(os.listdir(parts))
    assert len(names) > 2 and names[0] == "part-00000000.jsonl"
    assert "".join((parts / name).read_text() for name in names) == whole
    status, _, err = _run([*argv, "--output-dir", str(parts)], capsys)  # parts there already
    assert status == 2 and "part files already" in err


def test_a_worker_killed_mid_run_leaves_the_output_whole(
    tmp_path: Path, cluster: tuple[str, object], files: str, capsys: pytest.CaptureFixture[str]
) -> None:
    address, client = cluster
    path = _write(tmp_path, _mixed(SUDOKU9, 3, 3000, 5, "123456789"))
    argv = ["solve", path, "--json", "--no-native"]
    alone = _run(argv, capsys)
    client.wait_for_workers(2)  # type: ignore[attr-defined]
    pids = client.run(os.getpid)  # type: ignore[attr-defined]
    killed: list[int] = []
    finished = threading.Event()

    def kill_one_at_work() -> None:
        while not finished.is_set() and not killed:
            busy = [w for w, tasks in client.processing().items() if tasks]  # type: ignore
            if busy and busy[0] in pids:
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(pids[busy[0]])
            time.sleep(0.01)

    killer = threading.Thread(target=kill_one_at_work)
    killer.start()
    try:
        # --debug: an error's traceback is kept, so a failure here says where it came from
        on_cluster = _run(["--debug", *argv, "--dask", address, "--chunk-size", "20000"], capsys)
    finally:
        finished.set()
        killer.join()
    assert killed, "no worker was at work to be killed"
    assert on_cluster == alone, on_cluster[2][-4000:]
    client.wait_for_workers(2, timeout=60)  # type: ignore[attr-defined]
    assert killed[0] not in client.run(os.getpid).values()  # type: ignore[attr-defined]


def test_local_cluster_and_the_library(
    tmp_path: Path, cluster: tuple[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    from satdoku.distributed import solve_file

    lines = _mixed(SUDOKU9, 3, 300, 6, "123456789")
    path = _write(tmp_path, lines)
    _same(["solve", path, "--json"], "local:2", capsys, "--chunk-size", "4000")
    _, out, _ = _run(["solve", path, "--json"], capsys)
    got = list(solve_file(path, cluster[1], chunk_bytes=4000))
    assert got == [json.loads(line) for line in out.splitlines()]


def test_ctrl_c_cancels_the_chunks_and_keeps_what_is_done(
    tmp_path: Path,
    cluster: tuple[str, object],
    files: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C once the first chunk is written (an event, not a time: a busy machine may take
    seconds to start), with some 200 chunks still to come."""
    address, client = cluster
    path = _write(tmp_path, [SUDOKU9] * 20000)
    argv = ["solve", path, "--backend", "stepper", "--dask", address, "--chunk-size", "8000"]
    write = dask_run._Writer.write

    def write_then_interrupt(writer: dask_run._Writer, number: int, output: object) -> None:
        write(writer, number, output)  # type: ignore[arg-type]
        if number == 0:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(dask_run._Writer, "write", write_then_interrupt)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # even under `pytest &`
    try:
        status, out, err = _run(argv, capsys)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert (status, err) == (130, "satdoku: interrupted\n")
    lines = out.splitlines()
    assert 0 < len(lines) < 20000 and len(set(lines)) == 1  # whole lines, in order, then the stop
    deadline = time.monotonic() + 20
    while any(client.processing().values()) and time.monotonic() < deadline:  # type: ignore
        time.sleep(0.1)
    assert not any(client.processing().values())  # type: ignore[attr-defined]


def _threads(pid: int) -> int:
    """The number of threads of a process (Linux: /proc)."""
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="threads counted in /proc")
def test_ctrl_c_to_the_job_while_a_local_cluster_starts_and_works(tmp_path: Path) -> None:
    """Ctrl-C as a terminal sends it, to the whole process group (the cluster's workers too),
    at moments from the cluster's start (its first threads: satdoku has been running for a
    while) to its work: exit 130 and one line said, never a traceback."""
    path = _write(tmp_path, [SUDOKU9] * 20000)
    argv = ["solve", path, "--backend", "stepper", "--dask", "local:2"]
    rng = random.Random(5)
    for _ in range(3):
        child = subprocess.Popen(
            [sys.executable, "-m", "satdoku", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while _threads(child.pid) < 2 and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 2.5))
        assert child.poll() is None, "the run ended before Ctrl-C"  # 20,000 puzzles: it cannot
        os.killpg(child.pid, signal.SIGINT)
        try:
            _, err = child.communicate(timeout=60)
        finally:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
        assert (child.returncode, err.decode()) == (130, "satdoku: interrupted\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "GRID", "--dask", "local:1"], "this is one grid: solve it without --dask"),
        (["solve", "OBJECT", "--dask", "local:1"], "this is JSON: solve it without --dask"),
        (["solve", "LINES", "--dask", "local:1", "--input-format", "fpuzzles"], "--input-format"),
        (["solve", "LINES", "--dask", "local:1", "--jobs", "2"], "drop --jobs"),
        (["solve", "LINES", "--dask", "local:0"], "local:N needs N of 1 or more"),
        (["solve", "LINES", "--dask", "nowhere"], "a scheduler's address such as tcp://"),
        (["solve", "LINES", "--output-dir", "x"], "--output-dir goes with --dask"),
        (["solve", "LINES", "--dask", "local", "--all"], "run in one process: drop --dask"),
        (["generate", "--chunk-size", "4"], "--chunk-size goes with --dask"),
    ],
)
def test_what_does_not_go_with_dask_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    files = {
        "GRID": _write(tmp_path, ["# one 4x4 grid", "1...", "..2.", ".3..", "...4"], "g.txt"),
        "LINES": _write(tmp_path, [SUDOKU9]),
        "OBJECT": _write(tmp_path, ['{"size": 4, "grid": []}'], "p.json"),
    }
    status, out, err = _run([files.get(word, word) for word in argv], capsys)
    assert (status, out) == (2, "") and message in err


def test_without_dask_installed_the_option_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *rest: None if name == "distributed" else find_spec(name, *rest),
    )
    status, out, err = _run(["solve", _write(tmp_path, [SUDOKU9]), "--dask", "local"], capsys)
    assert (status, out) == (2, "") and "pip install 'satdoku[dask]'" in err


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["# c", "", "  ", "1...", "12", "1.3..4..2...4..1", "\u00e9", "x" * 90]),
        max_size=300,
    ),
    st.integers(1, 400),
    st.booleans(),
)
def test_chunks_hold_every_line_once_and_know_where_they_start(
    lines: list[str], size: int, newline_at_end: bool
) -> None:
    data = ("\n".join(lines) + ("\n" if newline_at_end and lines else "")).encode()
    chunks = list(line_chunks(io.BytesIO(data), size))
    assert b"".join(c.data for c in chunks) == data
    entries = list(read_puzzles(data.decode().splitlines(), layout=FileLayout.LINES))
    starts = [(e.line, e.index) for e in entries]
    for chunk in chunks:
        if chunk.puzzles:  # the first puzzle of the chunk: its line and index in the file
            first = next(s for s in starts if s[0] >= chunk.first_line)
            assert first[1] == chunk.first_index
    assert sum(c.puzzles for c in chunks) == len(entries)
    for chunk in chunks:  # every chunk is the file's own bytes: a worker may read them there
        assert chunk.offset is not None
        assert data[chunk.offset : chunk.offset + chunk.length] == chunk.data


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["1...", "x" * 30, "y" * 5, "\x00z", "# c"]), max_size=120),
    st.integers(1, 100),
)
def test_chunks_with_a_line_cut_short_are_not_offered_as_the_files_bytes(
    lines: list[str], size: int
) -> None:
    data = ("\n".join(lines) + "\n").encode()
    for chunk in line_chunks(io.BytesIO(data), size, max_line=20):
        if chunk.offset is not None:  # an offset is given only where the bytes are the file's
            assert data[chunk.offset : chunk.offset + chunk.length] == chunk.data


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6).flatmap(lambda w: st.lists(st.text("1.# \t", min_size=w, max_size=w))))
def test_lines_of_one_width_are_counted_as_the_reader_counts_them(lines: list[str]) -> None:
    data = "".join(line + "\n" for line in lines).encode()
    kept = [line.strip() for line in lines]
    assert content_lines(data) == sum(1 for line in kept if line and not line.startswith("#"))
