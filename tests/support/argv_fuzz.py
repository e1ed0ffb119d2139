"""Random command lines over every command and option, run in a worker watched for hangs.

Each case is a deterministic function of its number (``case(seed, run)``), so a worker killed
for a hang is restarted at the next case and the run stays reproducible: ``python
tests/support/argv_fuzz.py FOLDER SEED START STOP`` runs cases START..STOP-1 in one process and
prints one JSON line per event (``start`` then ``done`` with the exit status and the tail of
standard error; ``out`` while the case is writing). :func:`fuzz` is the watching parent (see
there how it tells a hang from long work that was asked for).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

PUZZLE = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
INPUTS = {
    "lines": f"{PUZZLE}\n1...............\nnot a puzzle\n",
    "grid": "1 . | . .\n. . | 1 .\n----+----\n. 1 | . .\n. . | . 1\n",
    "json": "[[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]\n",
    "empty": "",
    "binary": "\x00\x01\x02\xff",
    "unicode": "\uff11\uff12\uff13\uff14\n\u00b2...\n",
    "model": "s SATISFIABLE\nv 1 -2 0\n",
    "tokens": "1 0 0 0\n0 0 0 12345678901234567890\n0 0 1 0\n0 1 0 0\n",
    "latin": "1..\n.2.\n..3\n",
    "jigsaw": "0011\n0011\n2233\n2233\n",
}
VALUES = [
    "0", "1", "-1", "2", "3", "9223372036854775808", "1e300", "nan", "inf", "-0", "", "abc",
    "\u00b2", "3x3", "2x3", "0x0", "ABCD", "123456789", "0123456789ABCDEF", "minisat22",
    "cadical153", "first", "reading", "none", "every", ".0", "#", "|", "1,2", "all", "x-wing",
    "0.001", "4", "16", "64", "2**63",
]  # fmt: skip
SKIPPED = {"-h", "--play", "--delay", "--examples", "--help", "--version", "--debug"}
"""Options that wait for a terminal, rewrite the repository's files, or only print help."""


def _actions() -> dict[str, list[argparse.Action]]:
    """Return each command's options (from the real parser, so a new option is fuzzed too)."""
    from satdoku.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name: [a for a in cmd._actions if a.option_strings and a.option_strings[0] not in SKIPPED]
        for name, cmd in sub.choices.items()
    }


def write_inputs(folder: Path) -> None:
    """Write the fuzz's input files into ``folder``."""
    for name, text in INPUTS.items():
        (folder / name).write_text(text, encoding="utf-8")


def case(seed: int, run: int, folder: Path, actions: dict[str, list[argparse.Action]]) -> dict:
    """Return case ``run`` of a fuzz: its argv and the input piped to standard input."""
    rng = random.Random(f"{seed}:{run}")
    command = rng.choice(sorted(actions))
    argv = [command]
    if rng.random() < 0.85:
        argv.append(str(folder / rng.choice(sorted(INPUTS))))
    if command == "decode" and rng.random() < 0.8:
        argv.append(str(folder / rng.choice(["model", "lines", "empty", "binary"])))
    options = actions[command]
    for action in rng.sample(options, min(len(options), rng.randint(0, 4))):
        option = action.option_strings[-1]
        if action.nargs == 0:
            argv.append(option)
            continue
        if option == "--jobs":
            value = rng.choice(["0", "1", "2", "-1", "999", "x"])
        elif option in ("--html", "--svg", "--output", "--save-regions"):
            value = str(folder / rng.choice(["out.html", "out.svg", "out/", "lines"]))
        elif option == "--regions":
            value = str(folder / rng.choice(["jigsaw", "grid", "empty", "missing"]))
        elif action.choices and rng.random() < 0.7:
            value = str(rng.choice(list(action.choices)))
        else:
            value = rng.choice(VALUES)
        argv += [option, value]
    if rng.random() < 0.1:
        tail = argv[1:]
        rng.shuffle(tail)
        argv[1:] = tail
    return {"argv": argv, "stdin": rng.choice(sorted(INPUTS))}


class _Heartbeat(io.RawIOBase):
    """A standard output that keeps nothing and says, at most once a second, that it is written."""

    def __init__(self, report: io.TextIOBase) -> None:
        self.report, self.last, self.size = report, 0.0, 0

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        self.size += len(data)
        now = time.monotonic()
        if now - self.last > 1:
            self.last = now
            self.report.write(json.dumps({"event": "out", "bytes": self.size}) + "\n")
            self.report.flush()
        return len(data)


def _work(folder: Path, seed: int, start: int, stop: int) -> None:
    """Run cases start..stop-1 in this process, one JSON event line each on the real stdout."""
    from satdoku.cli import main

    report = sys.stdout
    actions = _actions()
    os.chdir(folder)  # files a command writes by default land in the fuzz's folder
    for run in range(start, stop):
        spec = case(seed, run, folder, actions)
        report.write(json.dumps({"event": "start", "run": run}) + "\n")
        report.flush()
        out = io.TextIOWrapper(io.BufferedWriter(_Heartbeat(report)), encoding="utf-8")
        err = io.StringIO()
        piped = io.TextIOWrapper(io.BytesIO(INPUTS[spec["stdin"]].encode()), encoding="utf-8")
        saved = sys.stdin
        sys.stdin = piped
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = main(spec["argv"])
                except SystemExit as exit:
                    status = exit.code if isinstance(exit.code, int) else 2
                with contextlib.suppress(Exception):
                    out.flush()
        finally:
            sys.stdin = saved
        said = err.getvalue()
        event = {"event": "done", "run": run, "status": status, "err": said[-400:]}
        report.write(json.dumps(event) + "\n")
        report.flush()


@dataclass
class FuzzReport:
    """What a fuzz found: exit statuses per command, failures and long work."""

    runs: int = 0
    statuses: dict[str, dict[int, int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    long: list[str] = field(default_factory=list)
    stray: list[str] = field(default_factory=list)
    slowest: list[tuple[float, list[str]]] = field(default_factory=list)


def _events(proc: subprocess.Popen[bytes], silent: float) -> Iterator[dict | None]:
    """Yield the worker's events; None when it said nothing for ``silent`` seconds.

    Read from the pipe's descriptor, not a buffered file: lines already in a buffer would not
    wake ``select``.
    """
    assert proc.stdout is not None
    fd, pending = proc.stdout.fileno(), b""
    while True:
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield json.loads(line)
        ready, _, _ = select.select([fd], [], [], silent)
        if not ready:
            yield None
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            return
        pending += chunk


def _cpu_seconds(pid: int) -> float:
    """Return the CPU time a process has used (user + system, from /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_limit(argv: list[str]) -> float | None:
    """Return the ``--timeout`` a command line sets, when it is a valid one (else None).

    >>> time_limit(["solve", "--timeout", "2"]), time_limit(["count", "--timeout", "x"])
    (2.0, None)
    """
    if "--timeout" not in argv[:-1]:
        return None
    try:
        value = float(argv[argv.index("--timeout") + 1])
    except ValueError:
        return None
    return value if 0 < value < 1e7 else None


def fuzz(
    folder: Path, seed: int, runs: int, silent: float = 10.0, most: float = 30.0
) -> FuzzReport:
    """Run ``runs`` cases in a watched worker; return what broke the CLI's contract.

    A case that says nothing for ``silent`` seconds while using under a tenth of a core is hung (it
    waits on something that will not come: a failure). One that works on (CPU busy or writing)
    is long work that was asked for (``count`` of an empty grid): it is stopped after ``most``
    seconds and listed, not failed, unless it set a ``--timeout`` it did not keep (ending more
    than 2 s after it is a failure).
    """
    write_inputs(folder)
    actions = _actions()
    report = FuzzReport(runs=runs)
    here = Path(__file__).resolve()
    timings: list[tuple[float, list[str]]] = []
    start = 0
    while start < runs:
        errors = open(folder / f"worker-{start}.err", "w+b")  # noqa: SIM115 (read at the end)
        proc = subprocess.Popen(
            [sys.executable, str(here), str(folder), str(seed), str(start), str(runs)],
            stdout=subprocess.PIPE,
            stderr=errors,
            stdin=subprocess.DEVNULL,
        )
        current, began = start, time.monotonic()
        heard, cpu = began, _cpu_seconds(proc.pid)
        killed = False
        for event in _events(proc, silent=1.0):
            now = time.monotonic()
            argv = case(seed, current, folder, actions)["argv"]
            limit = time_limit(argv)
            if limit is not None and now - began > limit + 2:
                report.failures.append(f"case {current}: over its --timeout {limit}: {argv}")
                killed = True
            elif event is None and now - heard >= silent:
                used = _cpu_seconds(proc.pid) - cpu
                if used < 0.1 * (now - heard):
                    report.failures.append(f"case {current}: hung (idle {silent:.0f} s): {argv}")
                    killed = True
                elif now - began > most:
                    report.long.append(f"case {current}: working after {most:.0f} s: {argv}")
                    killed = True
                else:
                    heard, cpu = now, _cpu_seconds(proc.pid)
            elif event is not None and event["event"] == "out" and now - began > most:
                report.long.append(f"case {current}: still writing after {most:.0f} s: {argv}")
                killed = True
            if killed:
                proc.kill()
                break
            if event is None:
                continue
            heard, cpu = now, _cpu_seconds(proc.pid)
            if event["event"] == "start":
                current, began = event["run"], now
            elif event["event"] == "done":
                timings.append((now - began, argv))
                status, said = event["status"], event["err"]
                per = report.statuses.setdefault(argv[0], {})
                per[status] = per.get(status, 0) + 1
                if status not in (0, 1, 2) or "Traceback" in said or "internal error" in said:
                    report.failures.append(f"case {current}: exit {status}: {argv}\n{said}")
                current += 1
        proc.wait()
        errors.seek(0)
        stray = errors.read().decode(errors="replace")
        errors.close()
        if not killed and proc.returncode != 0:
            report.failures.append(f"case {current}: the worker died ({proc.returncode}): {stray}")
        elif stray:  # written past the redirection of sys.stderr: to file descriptor 2
            report.stray.append(stray[-2000:])
        start = current + 1 if killed or proc.returncode != 0 else runs
    report.slowest = sorted(timings, key=lambda t: -t[0])[:10]
    return report


if __name__ == "__main__":
    _work(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
