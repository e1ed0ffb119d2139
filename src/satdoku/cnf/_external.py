"""External SAT solvers: run a solver program on a CNF file and read its answers.

A solver is a command template: ``{cnf}`` stands for the CNF file and ``{out}`` for a result file
the solver writes (minisat's way); without ``{out}`` the answer is read from standard output.
Known solvers can be named alone (``minisat``, ``picosat``, ``cadical``, ``cryptominisat5``,
``kissat``); any other command line is taken as a template (``{cnf}`` appended when absent).

>>> solver_command("minisat").command("p.cnf", "p.out")
['minisat', '-verb=0', 'p.cnf', 'p.out']
>>> solver_command("glucose -model").command("p.cnf", "p.out")
['glucose', '-model', 'p.cnf']
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..core._errors import InputError
from ._solver_answers import Satisfiability, SolverAnswer, parse_answers

__all__ = ["ExternalSolver", "KNOWN_SOLVERS", "SolverRun", "solver_command", "run_external"]


@dataclass(frozen=True)
class ExternalSolver:
    """A solver program as a command template (``{cnf}``: the CNF file, ``{out}``: a result file).

    >>> ExternalSolver("cadical", ("cadical", "-q", "{cnf}")).binary
    'cadical'
    """

    name: str
    template: tuple[str, ...]

    @property
    def binary(self) -> str:
        """Return the program the template runs."""
        return self.template[0]

    @property
    def writes_file(self) -> bool:
        """Tell whether the solver writes its answer to a result file rather than stdout."""
        return any("{out}" in part for part in self.template)

    def command(self, cnf: str, out: str) -> list[str]:
        """Return the command line for one CNF file."""
        return [part.replace("{cnf}", cnf).replace("{out}", out) for part in self.template]

    def available(self) -> bool:
        """Tell whether the program is installed (found on PATH)."""
        return shutil.which(self.binary) is not None

    def require(self) -> None:
        """Raise InputError when the program is not installed (before a batch, not in it)."""
        if not self.available():
            raise InputError(
                f"cannot run the solver: {self.binary!r} is not installed (not on PATH)"
            )


KNOWN_SOLVERS: dict[str, ExternalSolver] = {
    s.name: s
    for s in (
        ExternalSolver("minisat", ("minisat", "-verb=0", "{cnf}", "{out}")),
        ExternalSolver("picosat", ("picosat", "{cnf}")),
        ExternalSolver("cadical", ("cadical", "-q", "{cnf}")),
        ExternalSolver("cryptominisat5", ("cryptominisat5", "--verb", "0", "{cnf}")),
        ExternalSolver("kissat", ("kissat", "-q", "{cnf}")),
    )
}
"""Registry of solvers satdoku knows how to call (Debian's binary names)."""


def solver_command(spec: str) -> ExternalSolver:
    """Return the solver a ``--solve-with`` value names: a known name or a command template.

    >>> solver_command("cryptominisat5").template[-1], solver_command("x --y {cnf}").template
    ('{cnf}', ('x', '--y', '{cnf}'))
    """
    if spec in KNOWN_SOLVERS:
        return KNOWN_SOLVERS[spec]
    try:
        parts = tuple(shlex.split(spec))
    except ValueError as err:
        raise InputError(f"cannot read the solver command {spec!r}: {err}") from None
    if not parts:
        raise InputError("the solver command is empty")
    if not any("{cnf}" in part for part in parts):
        parts += ("{cnf}",)
    return ExternalSolver(Path(parts[0]).name, parts)


@dataclass(frozen=True)
class SolverRun:
    """What one run of an external solver gave: its answers and the wall-clock seconds.

    ``failure`` says why a run gave no answer satdoku can read (a crash, an unknown output);
    ``answers`` is then empty. The run is one puzzle's: the batch goes on.
    """

    answers: list[SolverAnswer]
    seconds: float
    failure: str | None = None


def run_external(
    solver: ExternalSolver, cnf: str | Path, timeout: float | None = None
) -> SolverRun:
    """Run the solver on a CNF file; a run over the time limit answers UNKNOWN.

    Raise InputError when the program is missing or cannot be started; an output with no
    answer satdoku can read is the run's ``failure`` (with the exit status and the last words).
    """
    solver.require()
    with tempfile.TemporaryDirectory(prefix="satdoku-") as tmp:
        out = Path(tmp) / "answer.txt"
        command = solver.command(str(cnf), str(out))
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                command, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            return SolverRun([SolverAnswer(Satisfiability.UNKNOWN)], time.perf_counter() - start)
        except OSError as err:
            raise InputError(f"cannot run {shlex.join(command)}: {err.strerror}") from None
        seconds = time.perf_counter() - start
        if solver.writes_file:
            text = out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""
        else:
            text = proc.stdout
    try:
        return SolverRun(
            parse_answers(text.splitlines(), source=f"output of {solver.name}"), seconds
        )
    except InputError as err:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        failure = (
            f"{err.located()} (exit status {proc.returncode}"
            + (f"; it said: {' | '.join(tail)}" if tail else "")
            + ")"
        )
        return SolverRun([], seconds, failure)
