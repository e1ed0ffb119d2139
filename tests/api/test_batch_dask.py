"""The batch engine on Dask: a local cluster asked for when the work left is worth its start,
and the notebook's entry point (satdoku.distributed) reading solve's options itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from satdoku.batch import Batch, LineReading
from satdoku.batch import _dask_chunks as dask_chunks
from satdoku.batch._cluster_start import ClusterStart
from satdoku.cli import main
from satdoku.cli._common import example_text
from satdoku.io._alphabet import Alphabet
from satdoku.io._line_chunks import LineChunk

SUDOKU9 = example_text("sudoku9.txt").splitlines()[-1]


class _Start:
    """A cluster's start that only says whether it was asked for."""

    def __init__(self) -> None:
        self.begun = False

    def begin(self) -> None:
        self.begun = True


def _ticks(monkeypatch: pytest.MonkeyPatch, total: int, seconds: list[float]) -> _Start:
    """Solve one chunk of 1,000 puzzles (100,000 bytes) of an input of ``total`` bytes here, a
    tick of 100 puzzles at each of the given times; return the start, asked for or not."""
    clock = iter(seconds)
    monkeypatch.setattr(dask_chunks.time, "perf_counter", lambda: next(clock))
    start = _Start()
    estimate = dask_chunks._Estimate(start, total)  # type: ignore[arg-type]
    tick = estimate.tick_of(LineChunk(b"." * 100_000, 1, 0, 1000))
    for _ in seconds:
        tick(100)
    return start


def test_a_cluster_is_asked_for_when_the_work_left_is_worth_its_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 10,000 bytes each 0.05 s: 200,000 bytes a second (timed from the first tick on)
    times = [5.0, 5.05, 5.10, 5.15]
    assert _ticks(monkeypatch, 200_000 * 4, times).begun  # about 3.8 s left
    assert not _ticks(monkeypatch, 200_000 * 2, times).begun  # about 1.8 s left
    assert not _ticks(monkeypatch, 200_000 * 4, times[:2]).begun  # too soon to tell


def test_an_input_of_unknown_length_asks_for_the_cluster_at_once() -> None:
    start = _Start()
    dask_chunks._Estimate(start, None)  # type: ignore[arg-type]
    assert start.begun


def test_a_cluster_start_says_its_error_to_the_thread_that_asks() -> None:
    def refused() -> Iterator[object]:
        raise OSError("no scheduler there")

    from contextlib import contextmanager

    with (
        ClusterStart(contextmanager(refused), load=lambda: None) as start,
        pytest.raises(OSError, match="no scheduler there"),
    ):
        start.wait()


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    """A cluster of threads in this process: the library's calls, not the processes, tested."""
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1) as client:
        yield client


def test_solve_file_reads_solve_options_and_takes_a_batch(
    tmp_path: Path, client: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from satdoku.distributed import solve_file

    symbols = "ABCDEFGHI"
    lines = [SUDOKU9.translate(str.maketrans("123456789", symbols))] * 300 + ["AB", ""]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    main(["solve", str(path), "--json", "--alphabet", symbols])
    expected = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    options = ["--alphabet", symbols]
    assert list(solve_file(path, client, options, chunk_bytes=3000)) == expected
    batch = Batch(LineReading(Alphabet(symbols)))
    assert list(solve_file(path, client, batch, chunk_bytes=3000)) == expected
    with pytest.raises(ValueError, match="--pretty is not an option"):
        next(iter(solve_file(path, client, ["--pretty"])))
