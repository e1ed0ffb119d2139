"""Solver answers: read what an external SAT solver answered and decode it into a checked grid.

Accepted forms: the SAT-competition output (``s SATISFIABLE``, ``v ... 0`` lines, ``c`` comments),
minisat's result file (``SAT`` then ``1 -2 ... 0``; ``UNSAT``; ``INDET``) and its standard output
(its verdict among statistics: ``INDETERMINATE`` at a ``-cpu-lim``), the bare words
``SATISFIABLE``/``UNSATISFIABLE``, models without a status line, several answers in a row
(``picosat --all``, ``cryptominisat5 --maxsol``) and partial models (unlisted variables are
unassigned). Decoding reads only the claim variables 1..n**3; every axiom of the puzzle and every
given is checked against the model, and each one broken is named.

>>> from satdoku.io._line import parse_line
>>> puzzle = parse_line("12..............")
>>> answer = parse_answers(["s SATISFIABLE", "v 1 6 -3 0"])[0]
>>> decode(puzzle, answer.literals).problems[0]
'cell r1c3 holds exactly one digit (the model makes none of its claims true; 4 unassigned)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..core._axioms import axioms
from ..core._checker import is_solution
from ..core._claims import FALSE, TRUE, claim_count, claim_of, decode_model, variable
from ..core._errors import InputError, InternalError
from ..core._puzzle import Grid, Puzzle
from ..core._results import Result, Status
from ..core.constraints import broken_constraints
from ..rules._singles import eliminate
from ._literals import literals_of

__all__ = [
    "Satisfiability",
    "SolverAnswer",
    "Decoded",
    "parse_answers",
    "is_solver_log",
    "models_of",
    "decode",
    "result_of",
]


class Satisfiability(Enum):
    """What a solver's status line says of the CNF: a model exists, none exists, or it gave up.

    It is the solver's word, not the puzzle's :class:`~satdoku.core._results.Status`: a
    SATISFIABLE answer may carry a wrong model (status ``invalid``), see :func:`result_of`.

    >>> _STATUS_WORDS["INDET"]
    <Satisfiability.UNKNOWN: 'UNKNOWN'>
    """

    SATISFIABLE = "SATISFIABLE"
    UNSATISFIABLE = "UNSATISFIABLE"
    UNKNOWN = "UNKNOWN"


_STATUS_WORDS = {
    "SATISFIABLE": Satisfiability.SATISFIABLE,
    "SAT": Satisfiability.SATISFIABLE,
    "UNSATISFIABLE": Satisfiability.UNSATISFIABLE,
    "UNSAT": Satisfiability.UNSATISFIABLE,
    "UNKNOWN": Satisfiability.UNKNOWN,
    "INDET": Satisfiability.UNKNOWN,
    "INDETERMINATE": Satisfiability.UNKNOWN,
    "TIMEOUT": Satisfiability.UNKNOWN,
}

_EXPECTED = (
    "expected 's SATISFIABLE', 's UNSATISFIABLE', 'v <literals> 0', 'SAT', 'UNSAT' or literals"
)


@dataclass(frozen=True)
class SolverAnswer:
    """One answer of a solver: its satisfiability and, when SATISFIABLE, its model's literals.

    ``complete`` tells whether the model ended with its terminating 0; ``line`` is where the
    answer began in the solver's output.
    """

    satisfiability: Satisfiability
    literals: tuple[int, ...] = ()
    complete: bool = False
    line: int = 1


class _Builder:
    def __init__(self) -> None:
        self.answers: list[SolverAnswer] = []
        self.satisfiability: Satisfiability | None = None
        self.literals: list[int] = []
        self.complete = False
        self.line = 1

    def start(self, satisfiability: Satisfiability, line: int) -> None:
        self.flush()
        self.satisfiability, self.literals, self.complete = satisfiability, [], False
        self.line = line

    def flush(self) -> None:
        if self.satisfiability is not None:
            answer = SolverAnswer(
                self.satisfiability, tuple(self.literals), self.complete, self.line
            )
            self.answers.append(answer)
        self.satisfiability = None

    def add(self, text: str, raw: str, number: int, source: str | None) -> None:
        if self.satisfiability is None or self.complete:
            self.start(Satisfiability.SATISFIABLE, number)
        if self.satisfiability is not Satisfiability.SATISFIABLE:
            said = self.satisfiability.value if self.satisfiability else "unknown"
            raise InputError(f"literals after an {said} answer", source=source, line=number)
        for lit, _ in literals_of(text, raw, number, source):
            if self.complete:
                self.start(Satisfiability.SATISFIABLE, number)
            if lit == 0:
                self.complete = True
            else:
                self.literals.append(lit)


def parse_answers(lines: Iterable[str], source: str | None = None) -> list[SolverAnswer]:
    """Read a solver's output: one answer per status line (or per model); raise InputError if none.

    >>> [(a.satisfiability.value, a.literals) for a in parse_answers(["SAT", "1 -2 0"])]
    [('SATISFIABLE', (1, -2))]
    >>> parse_answers(["c done", "s UNSATISFIABLE"])[0].satisfiability
    <Satisfiability.UNSATISFIABLE: 'UNSATISFIABLE'>
    >>> parse_answers(["c setting time limit", "c UNKNOWN", "c exit 0"])[0].satisfiability
    <Satisfiability.UNKNOWN: 'UNKNOWN'>
    >>> parse_answers(["s SATISFIABLE", "v 1 x 0"], "out.txt")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: out.txt:2:5: expected an integer literal, got 'x'
    """
    build = _Builder()
    gave_up: int | None = None  # CaDiCaL's time limit (-t) says only 'c UNKNOWN'
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("c ") or text == "c":
            if text[1:].strip().upper() in ("UNKNOWN", "INDETERMINATE") and gave_up is None:
                gave_up = number
            continue
        word = text.split()
        if word[0] == "s" and len(word) >= 2:
            if word[1] == "SOLUTIONS":  # picosat --all: the count closes the list
                continue
            satisfiability = _STATUS_WORDS.get(word[1].upper())
            if satisfiability is None:
                raise InputError(
                    f"unknown solver status {' '.join(word[1:])!r}",
                    source=source,
                    line=number,
                    column=raw.index(word[1]) + 1,
                )
            build.start(satisfiability, number)
        elif len(word) == 1 and word[0].upper() in _STATUS_WORDS:
            build.start(_STATUS_WORDS[word[0].upper()], number)
        elif word[0] == "v":
            build.add(
                text[1:], raw[: raw.index("v")] + " " + raw[raw.index("v") + 1 :], number, source
            )
        elif word[0].lstrip("-").isascii() and word[0].lstrip("-").isdigit():
            build.add(text, raw, number, source)
        elif not is_solver_log(text):
            raise InputError(f"{_EXPECTED}, got {text[:40]!r}", source=source, line=number)
    build.flush()
    if not build.answers and gave_up is not None:
        build.answers.append(SolverAnswer(Satisfiability.UNKNOWN, line=gave_up))
    if not build.answers:
        raise InputError(f"no solver answer found: {_EXPECTED}", source=source)
    return build.answers


_LOG_LINE = re.compile(r"(WARNING:|\*\*\*|[=|])|[A-Za-z][A-Za-z ]*[A-Za-z] *: |Solved by ")
"""The lines MiniSat prints on standard output around its answer (a warning, its statistics
table, ``name : value`` figures, ``*** INTERRUPTED ***``)."""


def is_solver_log(text: str) -> bool:
    """Tell whether a line is MiniSat's talk on standard output rather than an answer.

    ``minisat p.cnf`` prints its verdict (``INDETERMINATE`` at ``-cpu-lim``) after a warning and
    statistics; those lines are passed over like ``c`` comments (a line that is neither is still
    refused, and the answer itself is checked against every axiom).

    >>> is_solver_log("WARNING: for repeatability, setting FPU to use double precision")
    True
    >>> is_solver_log("conflicts             : 3216           (3385 /sec)")
    True
    >>> is_solver_log("hello"), is_solver_log("1 -2 x 0")
    (False, False)
    """
    return _LOG_LINE.match(text) is not None


def models_of(answers: Sequence[SolverAnswer]) -> list[SolverAnswer]:
    """Drop the UNSATISFIABLE that closes an enumeration (``cryptominisat5 --maxsol`` ends with it).

    >>> answers = parse_answers(["1 0", "2 0", "s UNSATISFIABLE"])
    >>> [a.satisfiability.value for a in models_of(answers)]
    ['SATISFIABLE', 'SATISFIABLE']
    >>> [a.satisfiability.value for a in models_of(parse_answers(["s UNSATISFIABLE"]))]
    ['UNSATISFIABLE']
    """
    out = list(answers)
    while (
        len(out) > 1
        and out[-1].satisfiability is Satisfiability.UNSATISFIABLE
        and any(a.satisfiability is Satisfiability.SATISFIABLE for a in out)
    ):
        out.pop()
    return out


@dataclass(frozen=True)
class Decoded:
    """A model read as a grid: the digit of each cell (0 where the model gives none or several)
    and a sentence for every axiom or given the model breaks.

    >>> from satdoku.io._line import parse_line
    >>> decode(parse_line("1..."), [1, 4, 6, 7]).valid
    True
    """

    grid: Grid
    problems: tuple[str, ...]

    @property
    def valid(self) -> bool:
        """Tell whether the model breaks nothing (the grid is then a solution)."""
        return not self.problems


def _values(literals: Sequence[int], n: int, problems: list[str]) -> dict[int, bool]:
    """Return the value the model gives each claim variable it lists (a clash counts as false)."""
    n3 = claim_count(n)
    values: dict[int, bool] = {}
    clashes: set[int] = set()
    for lit in literals:
        var = abs(lit)
        if var > n3:
            continue
        value = lit > 0
        if values.get(var, value) != value:
            clashes.add(var)
        values[var] = value
    for var in sorted(clashes):
        problems.append(
            f"variable {var} ({claim_of(var, n).label()}) is both true and false in the model"
        )
        values[var] = False
    return values


def decode(puzzle: Puzzle, literals: Sequence[int], *, simplified: bool = False) -> Decoded:
    """Decode a model into a grid and name every axiom and given it breaks.

    The grid is :func:`satdoku.core._claims.decode_model` of the model's true claims, with 0 in
    each cell whose claims the model makes none or several true. With ``simplified`` the model
    comes from a CNF made with ``--simplify``: the claims the givens decide occur in no clause,
    so their values in the model mean nothing and the givens decide them instead.

    >>> from satdoku.io._line import parse_line
    >>> d = decode(parse_line("...."), [1, -2, -3, 4, 5, -6, -7, 8])  # rows 12, 12
    >>> d.grid
    (1, 2, 1, 2)
    >>> for sentence in d.problems:
    ...     print(sentence)
    column 1 has exactly one 1 (the model makes 2 true: r1c1=1, r2c1=1)
    column 1 has exactly one 2 (the model makes none of its claims true)
    column 2 has exactly one 1 (the model makes none of its claims true)
    column 2 has exactly one 2 (the model makes 2 true: r1c2=2, r2c2=2)
    """
    n = puzzle.n
    problems: list[str] = []
    values = _values(literals, n, problems)
    if simplified:
        known = eliminate(puzzle)
        if known is None:
            problems.append(
                "the givens clash, so the simplified CNF is the empty clause: no model can be right"
            )
        else:
            for var in range(1, claim_count(n) + 1):
                if known[var] == TRUE:
                    values[var] = True
                elif known[var] == FALSE:
                    values[var] = False
    for claim in puzzle.givens():
        var = variable(claim, n)
        if not values.get(var, False):
            how = "leaves it unassigned" if var not in values else "makes it false"
            problems.append(f"given {claim.label()} (the model {how})")
    cells = list(decode_model(sorted(v for v, value in values.items() if value), n))
    for axiom in axioms(puzzle.shape):
        true = [v for v in axiom.variables if values.get(v, False)]
        if len(true) == 1:
            continue
        if axiom.is_cell:  # no digit, or several: the cell shows none
            row, col, _ = axiom.claims[0]
            cells[row * n + col] = 0
        if true:
            labels = ", ".join(claim_of(v, n).label() for v in true)
            problems.append(f"{axiom.name} (the model makes {len(true)} true: {labels})")
        else:
            unset = sum(1 for v in axiom.variables if v not in values)
            problems.append(
                f"{axiom.name} (the model makes none of its claims true"
                + (f"; {unset} unassigned)" if unset else ")")
            )
    grid = tuple(cells)
    if not problems:  # a full grid: the rules beyond houses, by their own checkers
        problems = broken_constraints(grid, n, puzzle.constraints)
    if not problems and not is_solution(grid, puzzle):
        raise InternalError(f"a model breaking no axiom decoded to a non-solution: {grid}")
    return Decoded(grid, tuple(problems))


def result_of(puzzle: Puzzle, answer: SolverAnswer, *, simplified: bool = False) -> Result:
    """Return the result a solver's answer gives the puzzle, as ``solve`` would report it.

    SATISFIABLE with a valid model: SOLVED with the grid. UNSATISFIABLE: UNSOLVABLE (the solver's
    word). UNKNOWN: TIMEOUT. A wrong, partial or missing model: INVALID, with an ``error`` and, in
    ``extra["broken"]``, a sentence for each axiom or given it breaks.

    >>> from satdoku.io._line import parse_line
    >>> p = parse_line("1...")
    >>> result_of(p, SolverAnswer(Satisfiability.SATISFIABLE, (1, 4, 6, 7), True)).solution
    (1, 2, 2, 1)
    >>> r = result_of(p, SolverAnswer(Satisfiability.SATISFIABLE, (2, 3, 5, 8), True))
    >>> r.status.value, r.error
    ('invalid', 'the model is not a solution: it breaks 1 axiom or given')
    """
    if answer.satisfiability is Satisfiability.UNSATISFIABLE:
        return Result(Status.UNSOLVABLE, puzzle=puzzle)
    if answer.satisfiability is Satisfiability.UNKNOWN:
        return Result(
            Status.TIMEOUT, puzzle=puzzle, error="the solver gave up without an answer (UNKNOWN)"
        )
    if not answer.literals:
        return Result(
            Status.INVALID,
            puzzle=puzzle,
            error="the solver said SATISFIABLE but printed no model (was it told not to print "
            "one? minisat writes its model only to a result file: minisat p.cnf p.out)",
            extra={"broken": []},
        )
    decoded = decode(puzzle, answer.literals, simplified=simplified)
    if decoded.valid:
        return Result(Status.SOLVED, decoded.grid, puzzle)
    count = len(decoded.problems)
    what = "axiom or given" if count == 1 else "axioms or givens"
    partial = "" if answer.complete else " (the model is partial: it has no terminating 0)"
    return Result(
        Status.INVALID,
        puzzle=puzzle,
        error=f"the model is not a solution: it breaks {count} {what}{partial}",
        extra={"broken": list(decoded.problems)},
    )
