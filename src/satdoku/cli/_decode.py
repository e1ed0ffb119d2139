"""``satdoku decode``: turn an external SAT solver's answer into a grid checked against every axiom.

JSON records are exactly those of ``solve --json`` (index, status, solution or error, line), with
``"status": "solved"`` and the ``"solution"`` only when the model decodes to a valid solution.
UNSAT answers give ``"unsolvable"``, UNKNOWN/INDET ``"timeout"``; a wrong, partial or missing
model gives ``"invalid"`` with an ``"error"`` and a ``"broken"`` list naming each axiom or given
it breaks. Several answers in one output (``picosat --all``) give one record each, numbered by
an added ``"model"`` field.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import IO

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._results import Result, Status
from ..io._alphabet import Alphabet
from ..io._header import shape_line
from ..views._records import record
from ._common import add_input_options, alphabet_of, read_entries
from ._help_format import HelpFormat
from ._output import add_format_options, grid_text
from ._solve_output import puzzle_alphabet

__all__ = ["NAME", "register", "run", "write_result", "Source"]

NAME = "decode"

EPILOG = """examples:
  satdoku dimacs puzzle.txt -o p.cnf && minisat p.cnf p.out
  satdoku decode p.cnf p.out              # the CNF's header names the puzzle
  satdoku decode puzzle.txt p.out --json  # the record of 'solve --json'
  cadical p.cnf | satdoku decode p.cnf -  # the answer on standard input
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``decode`` command."""
    parser = sub.add_parser(
        NAME,
        help="decode an external SAT solver's model into a checked grid",
        description="Read a SAT solver's answer to a puzzle's CNF (SAT-competition 's'/'v' lines, "
        "minisat's result file, UNSAT, partial models, several models) and print the grid, "
        "checked against every axiom; a wrong or incomplete model is reported with the axioms "
        "it breaks. FILE is the puzzle, or the CNF 'satdoku dimacs' wrote (its header names the "
        "puzzle).",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    parser.add_argument(
        "model", metavar="MODEL", help="the solver's output (a file, or '-' for standard input)"
    )
    parser.add_argument(
        "--simplified",
        action="store_true",
        help="the CNF was made with --simplify (a CNF FILE's header says so)",
    )
    out = parser.add_argument_group("output")
    add_format_options(
        out,
        "pretty boards (default), line, grid or json records",
        "one JSON record per model, as 'solve --json' prints",
    )
    parser.set_defaults(run=run)


@dataclass(frozen=True)
class Source:
    """The puzzle a model answers, and what its record needs: index, line, alphabet."""

    puzzle: Puzzle
    index: int
    line: int | None
    alphabet: Alphabet
    simplified: bool


HEADER_BYTES = 64 * 2**20
"""The most of a CNF decode reads: its header is at the top (with --names, under 8 MB for 64x64),
and a gzip bomb costs no more than this."""


def _is_cnf(head: bytes) -> bool:
    return head[:2] == b"\x1f\x8b" or head.lstrip().startswith((b"c ", b"p cnf", b"c\n"))


def _source(args: argparse.Namespace) -> Source:
    from ..cnf._dimacs_read import cnf_text, read_header  # lazy: start-up (the CNF writer)

    if args.file in (None, "-"):
        return _puzzle_source(args, None)
    try:
        stream = open(args.file, "rb")  # noqa: SIM115 (closed below) once: a pipe cannot be read twice
    except OSError as err:
        raise InputError(f"cannot open: {err.strerror}", source=args.file) from None
    with stream:
        try:
            head = stream.peek(64)  # looked at, not taken: the reader of either kind gets it
        except OSError as err:  # EISDIR from a directory, ...
            raise InputError(f"cannot read: {err.strerror}", source=args.file) from None
        if not _is_cnf(head):
            return _puzzle_source(args, stream)
        header = read_header(cnf_text(stream, args.file, HEADER_BYTES), source=args.file)
    if header is None:
        raise InputError(
            "a CNF without a satdoku header: give the puzzle file instead "
            "(and --simplified if the CNF was simplified)",
            source=args.file,
        )
    return Source(
        header.puzzle,
        header.index,
        header.line,
        header.alphabet,
        header.simplify or args.simplified,
    )


def _puzzle_source(args: argparse.Namespace, stream: IO[bytes] | None) -> Source:
    """Return the one puzzle of FILE (``stream`` when opened already), the example or stdin."""
    entries = list(read_entries(args, stream))
    if len(entries) != 1:
        raise InputError(
            f"decode takes one puzzle, the input holds {len(entries)}",
            source=args.file or "the bundled example",
        )
    entry = entries[0]
    if entry.error is not None:
        raise entry.error
    assert entry.puzzle is not None
    return Source(entry.puzzle, entry.index, entry.line, alphabet_of(args), args.simplified)


MODELS_KEPT = 64
"""How many full models a solver's output may hold (picosat --all, cryptominisat --maxsol)."""


def model_bytes_cap(n: int) -> int:
    """Return the most bytes a solver's output for an n x n puzzle is read (then refused).

    Enough for :data:`MODELS_KEPT` full models and their comments; /dev/zero stops there.

    >>> model_bytes_cap(9) == 16 * 2**20 + 64 * 729 * 6
    True
    """
    claims = n**3
    return 16 * 2**20 + MODELS_KEPT * claims * (len(str(claims)) + 3)


def _model_lines(path: str, n: int) -> list[str]:
    cap = model_bytes_cap(n)
    try:
        if path == "-":
            if sys.stdin is None:
                raise InputError("standard input is closed: no model to read", source="<stdin>")
            buffer = getattr(sys.stdin, "buffer", None)  # a StringIO in tests has none
            data = buffer.read(cap + 1) if buffer else sys.stdin.read(cap + 1).encode()
        else:
            with open(path, "rb") as stream:
                data = stream.read(cap + 1)
    except OSError as err:
        raise InputError(f"cannot read the model: {err.strerror}", source=path) from None
    if len(data) > cap:
        raise InputError(
            f"the solver's output is over {cap:,} bytes, more than any answer for a {n}x{n} "
            "puzzle: not a model",
            source="<stdin>" if path == "-" else path,
        )
    return data.decode("utf-8", errors="replace").splitlines()


def write_result(
    out: IO[str],
    source: Source,
    result: Result,
    fmt: str,
    first: bool,
    extra: dict[str, object] | None = None,
) -> None:
    """Print one result as ``solve`` does (json record, line, grid or pretty board)."""
    alphabet = puzzle_alphabet(source.puzzle, source.alphabet)
    if fmt == "json":
        rec = record(source.index, result, alphabet, source.line)
        rec.update(extra or {})
        out.write(json.dumps(rec) + "\n")
        return
    if result.status is Status.SOLVED and result.solution is not None:
        text = grid_text(fmt, result.solution, source.puzzle.shape, alphabet)
        if fmt == "line":
            out.write(text + "\n")
        else:
            out.write(("" if first else "\n") + text + "\n")
        return
    out.write(result.status.value + (f": {result.error}" if result.error else "") + "\n")
    for sentence in result.extra.get("broken", []):
        out.write(f"  {sentence}\n")


def run(args: argparse.Namespace) -> int:
    """Decode every answer in MODEL; exit 0 when puzzle and model could be read, else 2."""
    from ..cnf._solver_answers import models_of, parse_answers, result_of  # lazy: start-up

    if args.file == "-" and args.model == "-":
        raise InputError("FILE and MODEL cannot both be standard input")
    source = _source(args)
    answers = models_of(
        parse_answers(
            _model_lines(args.model, source.puzzle.n),
            source="<stdin>" if args.model == "-" else args.model,
        )
    )
    fmt = args.format or "pretty"
    if fmt != "json":  # the grids read back as answers to the same puzzle, whatever its shape
        line = shape_line(
            source.puzzle.shape, puzzle_alphabet(source.puzzle, source.alphabet).symbols
        )
        sys.stdout.write("" if line is None else line + "\n")
    for k, answer in enumerate(answers):
        result = result_of(source.puzzle, answer, simplified=source.simplified)
        extra: dict[str, object] | None = {"model": k + 1} if len(answers) > 1 else None
        write_result(sys.stdout, source, result, fmt, k == 0, extra)
    sys.stdout.flush()
    return 0
