"""Ctrl-C: always exit 130, with every record printed before it whole, and never a crash.

PySAT's own SIGINT handler jumps out of the solver's C code; once that ended a run with
``free(): invalid pointer`` (SIGABRT) instead of 130. satdoku never lets it run
(:mod:`satdoku.backends._interrupts`). The stress test sends SIGINT at random moments of a batch
on every solver path: real ``python -m satdoku`` runs, and many more runs of ``main`` forked
from one interpreter that imported satdoku once (the same code from the first record on, without
paying for an interpreter's start each time). ``SATDOKU_STRESS_TRIALS`` sets the number of forked
runs (default 140), ``SATDOKU_STRESS_PROCESSES`` that of real ones (default 14). Each command
line's trials are spread evenly over the moments after its first record (:func:`moment`), and
the forking interpreter has already imported what each command line imports, so a forked run
reaches its first record at once.

Every child is started with SIGINT back at its default: a pytest started with SIGINT ignored
(``pytest &``, some CI runners) passes that on, and Python then installs no handler, so the
child could not be interrupted at all (satdoku itself keeps an ignored SIGINT ignored, as a
background job should).
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from itertools import cycle
from pathlib import Path
from typing import IO, Any

import pytest

from data_files import SEVENTEEN, puzzle_lines, repeated
from hard_instances import HARD_ORDER, HARD_SIDE, HARD_SYMBOLS, pigeonhole_latin
from satdoku.backends._interrupts import shielded
from satdoku.core._shape import Shape
from satdoku.generation._generate import generate, random_puzzle
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import format_line

FORKED_TRIALS = int(os.environ.get("SATDOKU_STRESS_TRIALS", "140"))
REAL_TRIALS = int(os.environ.get("SATDOKU_STRESS_PROCESSES", "14"))
DATA = SEVENTEEN
HARD_ALPHABET = Alphabet(HARD_SYMBOLS)

PATHS = (
    ["solve", "--no-native", "--timeout", "5"],  # the persistent CaDiCaL, its limit by slices
    ["solve", "--no-native"],  # the persistent CaDiCaL, unlimited: each call shielded
    ["solve", "--no-native", "--solver", "minisat22", "--timeout", "5"],  # the watcher
    ["solve"],  # the compiled engine first
    ["solve", "--unique", "--no-native"],  # the Explorer: a second SAT question per puzzle
    ["count"],  # the counting search
    ["solve", "--jobs", "2"],  # worker processes, which ignore Ctrl-C and die with the parent
)
"""The command lines run on the batch (``--json`` added): one per way a solver is called."""


def default_sigint() -> None:
    """In a child before exec: SIGINT back to its default, which Python turns into Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def problem_with(code: int, err: str, text: str, command: list[str]) -> str | None:
    """Say what is wrong with an interrupted run (None: exit 130, whole records in order)."""
    said = f"{command}: exit {code}, stderr {err[-300:]!r}"
    if code != 130 or err != "satdoku: interrupted\n":
        return said
    records = whole_records(text, said)
    if isinstance(records, str):
        return records
    if [r["index"] for r in records] != list(range(len(records))):
        return f"{said}: records out of order or missing"
    if command[0] == "count":
        whole = all(r["status"] == "counted" and r["count"] == 1 for r in records)
    else:
        whole = all(r["status"] == "solved" and len(r["solution"]) == 81 for r in records)
    return None if whole else f"{said}: a record that is not an answer"


def whole_records(text: str, said: str) -> list[dict[str, Any]] | str:
    """Return the JSON records of an output, or what is wrong: a line cut short or not JSON."""
    if text and not text.endswith("\n"):
        return f"{said}: a record cut short: {text[-200:]!r}"
    try:
        return [json.loads(line) for line in text.splitlines()]
    except ValueError as bad:
        return f"{said}: a line that is not JSON ({bad})"


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A batch of 17-clue puzzles far longer than any trial (unique solutions: count says 1)."""
    lines = repeated(puzzle_lines(DATA), 40000)  # ten times over below: 400,000 lines
    path = tmp_path_factory.mktemp("stress") / "batch.txt"
    # 400,000 lines: the C batch path solves a 17-clue line in about 6 us, so a run lasts seconds
    path.write_text("\n".join((lines * 10)[:400000]) + "\n")
    return path


def moment(seed: int, trials: int, kinds: int, window: float) -> float:
    """The delay after the first record at which trial ``seed`` sends its signal: the trials of
    one kind (``seed % kinds``) split the window into equal stretches, each at a random moment
    of its own stretch, so that few trials still reach the whole window."""
    stretches = -(-trials // kinds)
    return window / stretches * (seed // kinds + random.Random(seed).random())


def unique_puzzles(count: int) -> list[str]:
    """Puzzle lines of satdoku's own generator (each with one solution), the same every run."""
    made = (generate(Shape.sudoku(9), seed=seed, rated=False) for seed in range(count))
    return [format_line(puzzle.puzzle.cells) for puzzle in made]


# --- real processes -------------------------------------------------------------------------


def real_trial(seed: int, batch: Path, out_dir: Path) -> str | None:
    """Interrupt one ``python -m satdoku`` at a random moment after its first record."""
    command = [*PATHS[seed % len(PATHS)], str(batch), "--json"]
    out_path = out_dir / f"real{seed}.jsonl"
    with out_path.open("wb") as out:
        child = subprocess.Popen(
            [sys.executable, "-m", "satdoku", *command],
            stdout=out,
            stderr=subprocess.PIPE,
            preexec_fn=default_sigint,
            start_new_session=True,  # a process group of its own, as a shell's job
        )
        deadline = time.monotonic() + 60
        while out_path.stat().st_size == 0 and child.poll() is None:
            if time.monotonic() > deadline:
                os.killpg(child.pid, signal.SIGKILL)
                return f"{command}: no record within 60 s"
            time.sleep(0.01)
        time.sleep(moment(seed, REAL_TRIALS, len(PATHS), 0.4))
        if child.poll() is not None:  # not a lost signal: the batch was too short to be cut
            return f"{command}: ended (exit {child.returncode}) before the signal was sent"
        os.killpg(child.pid, signal.SIGINT)  # as Ctrl-C in a terminal: workers get it too
        try:
            _, err = child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            return f"{command}: still running 30 s after SIGINT"
    return problem_with(child.returncode, err.decode(), out_path.read_text(), command)


# --- runs of main forked from one interpreter -----------------------------------------------

SERVER = r"""
import importlib, json, os, signal, sys
from satdoku.cli import main

def modules_imported_by(argv, listing):
    pid = os.fork()
    if pid == 0:
        code = 71
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            code = main(argv)
            with open(listing, "w") as names:
                names.write("\n".join(sys.modules))
        finally:
            os._exit(code)
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    if status != 0:
        raise SystemExit(f"the run of {argv} to warm the server up exited {status}")
    with open(listing) as names:
        return names.read().split()

warm_ups, listing = json.loads(sys.argv[1]), sys.argv[2]
for argv in warm_ups:
    for name in modules_imported_by(argv, listing):
        if name not in sys.modules and name != "__main__":
            try:
                importlib.import_module(name)
            except ImportError:  # an alias, not a module of its own
                pass

for request in sys.stdin:
    out, err, argv = json.loads(request)
    pid = os.fork()
    if pid == 0:
        code = 71
        try:
            os.setpgid(0, 0)  # a process group of its own, as a shell's job
            signal.signal(signal.SIGINT, signal.default_int_handler)
            for fd, name in ((1, out), (2, err)):
                target = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
                os.dup2(target, fd)
                os.close(target)
            code = main(argv)
            sys.stdout.flush()
        finally:
            os._exit(code)
    print(pid, flush=True)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""
"""A process that imports satdoku once, then forks a run of ``main(argv)`` per request line
(``[out, err, argv]`` in JSON), saying the run's process id and then its exit status.

Before the first request it imports every module a forked run of each warm-up command line
(``argv[1]``, in JSON) imports, listed by that run in the file ``argv[2]``: what a run would
import before its first record is then done once, not in every run."""


def _line_within(stream: IO[str], seconds: float) -> str | None:
    ready, _, _ = select.select([stream], [], [], seconds)
    return stream.readline() if ready else None


def forked_stop(
    server: subprocess.Popen[str], command: list[str], out_path: Path, delay: float, number: int
) -> tuple[int, str, str] | str:
    """Stop one forked run of ``main`` with a signal ``delay`` s after its first record; return
    its exit status, stderr and output, or what went wrong before the signal."""
    assert server.stdin is not None and server.stdout is not None
    err_path = out_path.with_suffix(".err")
    server.stdin.write(json.dumps([str(out_path), str(err_path), command]) + "\n")
    server.stdin.flush()
    pid = int(server.stdout.readline())
    deadline = time.monotonic() + 60
    while not (out_path.exists() and out_path.stat().st_size):
        if select.select([server.stdout], [], [], 0.01)[0]:
            return f"{command}: ended before its first record, exit {server.stdout.readline()}"
        if time.monotonic() > deadline:
            os.killpg(pid, signal.SIGKILL)
            server.stdout.readline()
            return f"{command}: no record within 60 s"
    time.sleep(delay)
    if select.select([server.stdout], [], [], 0)[0]:  # not a lost signal: a batch too short
        return f"{command}: ended (exit {server.stdout.readline().strip()}) before the signal"
    os.killpg(pid, number)  # as Ctrl-C in a terminal: workers get it too
    status = _line_within(server.stdout, 30)
    if status is None:
        os.killpg(pid, signal.SIGKILL)
        server.stdout.readline()
        return f"{command}: still running 30 s after signal {number}"
    return int(status), err_path.read_text(), out_path.read_text()


def forked_trial(
    server: subprocess.Popen[str], seed: int, batch: Path, out_dir: Path
) -> str | None:
    """Interrupt one forked run of ``main`` at a random moment after its first record."""
    command = [*PATHS[seed % len(PATHS)], str(batch), "--json"]
    delay = moment(seed, FORKED_TRIALS, len(PATHS), 0.3)
    stopped = forked_stop(server, command, out_dir / f"fork{seed}.jsonl", delay, signal.SIGINT)
    return stopped if isinstance(stopped, str) else problem_with(*stopped, command)


def fork_server(warm_ups: list[list[str]], listing: Path) -> subprocess.Popen[str]:
    """Start a server of forked runs (SIGINT at its default, as a shell would leave it), warmed
    up with the modules the runs of ``warm_ups`` import."""
    return subprocess.Popen(
        [sys.executable, "-c", SERVER, json.dumps(warm_ups), str(listing)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )


def in_two_threads(trials: int, run: Callable[[int, int], str | None]) -> list[str]:
    """Run trials 0..trials-1 in two threads (the seeds split between them); return failures."""
    failures: list[str] = []

    def share(first: int) -> None:
        for seed in range(first, trials, 2):
            failure = run(first, seed)
            if failure:
                failures.append(failure)

    threads = [threading.Thread(target=share, args=(first,)) for first in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[subprocess.Popen[str]]]:
    """Two servers of forked runs, warmed up with every command line of this module."""
    folder = tmp_path_factory.mktemp("servers")
    one = folder / "one.txt"
    one.write_text(puzzle_lines(DATA)[0] + "\n")
    warm_ups = [[*path, str(one), "--json"] for path in (*PATHS, *MIXED_PATHS)]
    started = [fork_server(warm_ups, folder / f"modules{first}.txt") for first in (0, 1)]
    yield started
    for server in started:
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=30)


def test_ctrl_c_at_random_moments_of_forked_runs(
    batch: Path, tmp_path: Path, servers: list[subprocess.Popen[str]]
) -> None:
    failures = in_two_threads(
        FORKED_TRIALS, lambda first, seed: forked_trial(servers[first], seed, batch, tmp_path)
    )
    assert not failures, f"{len(failures)} of {FORKED_TRIALS} failed:\n" + "\n".join(failures[:10])


def test_ctrl_c_at_random_moments_of_real_processes(batch: Path, tmp_path: Path) -> None:
    failures = in_two_threads(REAL_TRIALS, lambda first, seed: real_trial(seed, batch, tmp_path))
    assert not failures, f"{len(failures)} of {REAL_TRIALS} failed:\n" + "\n".join(failures[:10])


# --- SIGTERM and SIGINT in a batch of solutions, contradictions and unreadable lines ---------

CONTRADICTION = "11" + "." * 79
UNREADABLE = "not a puzzle"
STOP_NAMES = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}


@pytest.fixture(scope="module")
def mixed_batch(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """300,000 lines: unique puzzles, a contradiction every 97 lines, an unreadable line every
    211 (the C path hands those back to the reader: its output is queued around them)."""
    puzzles = unique_puzzles(200)
    lines = [
        UNREADABLE if number % 211 == 0 else CONTRADICTION if number % 97 == 0 else puzzle
        for number, puzzle in zip(range(1, 300001), cycle(puzzles))
    ]
    path = tmp_path_factory.mktemp("mixed") / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, lines


def mixed_problem(
    stopped: tuple[int, str, str], lines: list[str], number: int, command: list[str]
) -> str | None:
    """Say what is wrong with a stopped run of the mixed batch (None: exit 128 + the signal,
    each record once, whole, in order, the verdict its line deserves, each unreadable line said
    once on stderr)."""
    code, err, text = stopped
    said = f"{command} signal {number}: exit {code}, stderr {err[-300:]!r}"
    messages = err.splitlines()
    if code != 128 + number or messages[-1:] != [f"satdoku: {STOP_NAMES[number]}"]:
        return said
    records = whole_records(text, said)
    if isinstance(records, str):
        return records
    if [(r["index"], r["line"]) for r in records] != [(i, i + 1) for i in range(len(records))]:
        return f"{said}: records repeated, out of order or missing"
    expected = {CONTRADICTION: "unsolvable", UNREADABLE: "invalid"}
    for r in records:
        status = expected.get(lines[r["index"]], "solved")
        if r["status"] != status or (status == "solved" and len(r["solution"]) != 81):
            return f"{said}: record {r} is not the answer to line {r['line']}"
    unreadable = sum(r["status"] == "invalid" for r in records)
    if len(messages) - 1 != unreadable or not all(": expected" in m for m in messages[:-1]):
        return f"{said}: {unreadable} unreadable lines, {len(messages) - 1} messages"
    return None


MIXED_PATHS = (["solve"], ["solve", "--no-native"])
"""The C path (its output queued around the lines it hands back) and the plain one."""


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_stop_signals_cut_a_mixed_batch_between_whole_records(
    number: int,
    mixed_batch: tuple[Path, list[str]],
    tmp_path: Path,
    servers: list[subprocess.Popen[str]],
) -> None:
    path, lines = mixed_batch
    trials = max(20, FORKED_TRIALS // 4)

    def trial(first: int, seed: int) -> str | None:
        command = [*MIXED_PATHS[seed % 2], str(path), "--json"]
        out_path = tmp_path / f"mixed{seed}.jsonl"
        delay = moment(seed, trials, len(MIXED_PATHS), 0.5)
        stopped = forked_stop(servers[first], command, out_path, delay, number)
        return (
            stopped if isinstance(stopped, str) else mixed_problem(stopped, lines, number, command)
        )

    failures = in_two_threads(trials, trial)
    assert not failures, f"{len(failures)} of {trials} failed:\n" + "\n".join(failures[:10])


# --- one Ctrl-C at a chosen moment ----------------------------------------------------------


def interrupt_when_started(argv: list[str], out_path: Path, after: float) -> tuple[int, str]:
    """Run satdoku (unbuffered) until its first output line, wait ``after`` s, send SIGINT."""
    with out_path.open("w") as out:
        child = subprocess.Popen(
            [sys.executable, "-u", "-m", "satdoku", *argv],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=default_sigint,  # pytest may run with SIGINT ignored (pytest &)
        )
        deadline = time.monotonic() + 60
        while not out_path.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(after)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    assert time.monotonic() - sent < 5.0, "the interrupt took effect promptly"
    return child.returncode, err


def test_ctrl_c_flushes_what_is_done_and_exits_130(tmp_path: Path) -> None:
    puzzles = tmp_path / "long.txt"
    rng = random.Random(3)
    lines = [format_line(random_puzzle(Shape.sudoku(9), 0.3, rng)[0].cells) for _ in range(200)]
    puzzles.write_text("\n".join(lines * 3000) + "\n")  # 600,000 puzzles: seconds even in C
    out_path = tmp_path / "out.jsonl"
    code, err = interrupt_when_started(
        ["solve", str(puzzles), "--json", "--timeout", "5"], out_path, after=1.0
    )
    assert (code, err) == (130, "satdoku: interrupted\n")
    records = [json.loads(line) for line in out_path.read_text().splitlines()]
    assert 0 < len(records) < 600000
    assert [r["index"] for r in records] == list(range(len(records)))
    assert all(r["status"] == "solved" for r in records)


def hard_pair(tmp_path: Path) -> Path:
    """An easy Latin square of order 26, then one CDCL solvers take minutes to refute."""
    path = tmp_path / "hard.txt"
    easy = "1" + "." * (HARD_SIDE**2 - 1)
    hard = format_line(pigeonhole_latin(HARD_ORDER).cells, HARD_ALPHABET)
    path.write_text(easy + "\n" + hard + "\n")
    return path


LONG_SOLVES = [
    ["--solver", "minisat22"],
    ["--timeout", "60", "--solver", "minisat22"],
    ["--timeout", "60", "--strategy", "persistent"],
    ["--timeout", "60"],
    ["--portfolio", "1"],
]


@pytest.mark.parametrize(
    "extra",
    LONG_SOLVES,
    ids=["minisat", "minisat-watcher", "cadical-slices", "cadical-child", "cadical-turns"],
)
def test_ctrl_c_inside_a_long_solve(extra: list[str], tmp_path: Path) -> None:
    argv = ["solve", str(hard_pair(tmp_path)), "--latin", "--alphabet", HARD_SYMBOLS, *extra]
    code, err = interrupt_when_started(argv, tmp_path / "out.txt", after=1.0)
    assert (code, err) == (130, "satdoku: interrupted\n")
    shape_line, easy = (tmp_path / "out.txt").read_text().splitlines()  # the easy one, flushed
    assert shape_line.startswith("# shape: latin alphabet ") and len(easy) == HARD_SIDE**2


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals")
def test_children_can_be_interrupted_when_pytest_ignores_sigint(tmp_path: Path) -> None:
    """As under ``pytest &``: SIGINT ignored here, and the child still stops with 130."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        argv = ["solve", str(hard_pair(tmp_path)), "--latin", "--alphabet", HARD_SYMBOLS]
        code, err = interrupt_when_started(argv, tmp_path / "out.txt", after=0.2)
    finally:
        signal.signal(signal.SIGINT, before)
    assert (code, err) == (130, "satdoku: interrupted\n")


def test_satdoku_keeps_an_ignored_sigint_ignored(tmp_path: Path) -> None:
    """A background job (SIGINT ignored by its shell) is not stopped by the terminal's Ctrl-C."""
    child = subprocess.Popen(
        [sys.executable, "-u", "-m", "satdoku", "solve", str(hard_pair(tmp_path)), "--latin"]
        + ["--alphabet", HARD_SYMBOLS, "--timeout", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    assert child.stdout is not None
    assert child.stdout.readline().startswith(b"# shape: latin")  # the symbols read back
    child.stdout.readline()  # the easy one: the hard one is under way
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0 and out == b"timeout\n", err


@pytest.mark.parametrize("threads", [1, 2], ids=["alone", "with another thread"])
def test_a_shielded_call_defers_ctrl_c_until_it_returns(threads: int) -> None:
    """SIGINT sent during a shielded call is raised after the call, which finishes."""
    finished = []

    def slow() -> int:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
        finished.append(True)
        return 1

    stop = threading.Event()
    other = threading.Thread(target=stop.wait) if threads == 2 else None
    if other is not None:
        other.start()
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # even under `pytest &`
    try:
        with pytest.raises(KeyboardInterrupt):
            shielded(slow)
    finally:
        signal.signal(signal.SIGINT, before)
        stop.set()
    assert finished == [True]
