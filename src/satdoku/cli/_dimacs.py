"""``satdoku dimacs``: write puzzles as self-describing DIMACS CNF for external SAT solvers."""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from pathlib import Path

from ..batch._option_types import seconds
from ..cnf._givens import Givens
from ..core._errors import InputError
from ..core._results import Result, Status
from ..io._entries import Entry
from ..views._records import record
from ._common import (
    EXAMPLE,
    add_encoding_options,
    add_input_options,
    alphabet_of,
    encoding_of,
    read_entries,
    report_error,
    shape_options,
)
from ._decode import Source, write_result
from ._help_format import HelpFormat
from ._solve_output import read_with, shape_header

__all__ = ["NAME", "register", "run"]

NAME = "dimacs"

EPILOG = """examples:
  satdoku dimacs puzzle.txt -o puzzle.cnf        # header, c ind lines, p cnf, clauses
  satdoku dimacs puzzle.txt --simplify --gzip -o p.cnf.gz
  satdoku dimacs puzzles.txt -o cnfs/            # one CNF per puzzle
  satdoku dimacs --example --givens omit --names # the bundled 9x9's shape, clauses named
  satdoku dimacs puzzle.txt --solve-with cadical # run a solver and decode its model
  satdoku dimacs --examples cnf/                 # regenerate the repository's cnf/ files
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``dimacs`` command."""
    parser = sub.add_parser(
        NAME,
        help="write puzzles as DIMACS CNF for external SAT solvers",
        description="Write the CNF of each puzzle of FILE in DIMACS form: header comments (tool, "
        "puzzle, shape, encoding, var = row*n*n + col*n + digit, variable ranges), 'c ind' lines "
        "(the claim variables, for model counters), 'p cnf V C', one clause per line. Decode a "
        "solver's answer with 'satdoku decode'.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    group = parser.add_argument_group("the CNF")
    add_encoding_options(group)
    group.add_argument(
        "--givens",
        default="units",
        choices=[g.value for g in Givens],
        help="givens as unit clauses (default), or omitted: the file is the shape "
        "alone and the header lists the givens as assumptions",
    )
    group.add_argument(
        "--simplify",
        action="store_true",
        help="leave out the claims the givens decide (Kwon & Jain); variable "
        "numbers stay those of the claims",
    )
    group.add_argument(
        "--names",
        action="store_true",
        help="name each variable's claim in the header and each clause's axiom",
    )
    out = parser.add_argument_group("output")
    out.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="file to write (default stdout); a directory (existing, ending in '/', "
        "or for input of several puzzles) gets one CNF per puzzle",
    )
    out.add_argument("--gzip", action="store_true", help="gzip the CNF (implied by a .gz name)")
    out.add_argument(
        "--examples",
        metavar="DIR",
        help="write the CNF files of the bundled examples into DIR (cnf/) and stop",
    )
    ext = parser.add_argument_group("running a solver")
    ext.add_argument(
        "--solve-with",
        metavar="CMD",
        help="run CMD on each CNF and decode its answer: a known solver (minisat, "
        "picosat, cadical, cryptominisat5, kissat) or a command with {cnf} (and "
        "{out} if it writes a result file)",
    )
    ext.add_argument(
        "--timeout",
        type=seconds,
        metavar="SECONDS",
        help="with --solve-with: give up on a puzzle after SECONDS (status timeout)",
    )
    ext.add_argument(
        "--json",
        action="store_true",
        help="with --solve-with: one JSON record per puzzle, as 'solve --json'",
    )
    parser.set_defaults(run=run)


def _stem(args: argparse.Namespace) -> str:
    if args.file is None:
        return Path(EXAMPLE).stem
    if args.file == "-":
        return "stdin"
    return Path(args.file).name.split(".")[0] or "puzzle"


def _targets(args: argparse.Namespace, count: int) -> tuple[Path | None, bool]:
    """Return (output path, is a directory) for the options and the number of puzzles."""
    if args.output is None:
        if count > 1 and not args.solve_with:
            raise InputError(
                f"the input holds {count} puzzles: give -o DIR to write one CNF per puzzle",
                source=args.file or EXAMPLE,
            )
        return None, False
    path = Path(args.output)
    try:
        is_dir = path.is_dir() or args.output.endswith(("/", "\\")) or count > 1
        same = args.file not in (None, "-") and path.exists() and path.samefile(args.file)
    except OSError as err:  # a directory that cannot be read, say
        raise InputError(f"cannot use the output: {err.strerror}", source=args.output) from None
    if same:
        raise InputError("the output is the input file: give -o another name", source=args.output)
    if is_dir:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise InputError(
                f"cannot make the directory: {err.strerror}", source=args.output
            ) from None
    return path, is_dir


def _file_name(stem: str, entry: Entry, count: int, gz: bool) -> str:
    name = stem if count == 1 else f"{stem}-{entry.index + 1:0{len(str(count))}d}"
    return name + ".cnf" + (".gz" if gz else "")


def _write(path: Path | None, data: bytes) -> None:
    if path is None:
        sys.stdout.flush()
        buffer = getattr(sys.stdout, "buffer", None)  # none in a notebook's output stream
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        elif data[:2] == b"\x1f\x8b":
            raise InputError("gzip output needs a file: give -o FILE.cnf.gz")
        else:
            sys.stdout.write(data.decode("utf-8"))
        return
    try:
        path.write_bytes(data)
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror}", source=str(path)) from None


def run(args: argparse.Namespace) -> int:
    """Write one CNF per puzzle (and solve it with --solve-with); exit 2 if any was unreadable."""
    from ..cnf._dimacs_write import CnfOptions, dimacs_bytes, write_dimacs  # lazy: start-up
    from ..cnf._examples import CNF_EXAMPLES, regenerate  # lazy: start-up
    from ..cnf._external import run_external, solver_command  # lazy: start-up
    from ..cnf._solver_answers import result_of  # lazy: start-up

    if args.examples:
        if args.file is not None:
            raise InputError("--examples writes the bundled examples: give no FILE")
        for made in regenerate(args.examples):
            print(f"wrote {made}", file=sys.stderr)
        print(f"satdoku: {len(CNF_EXAMPLES)} example CNF files in {args.examples}", file=sys.stderr)
        return 0
    options = CnfOptions(encoding_of(args), Givens(args.givens), args.simplify, args.names)
    solver = solver_command(args.solve_with) if args.solve_with else None
    if solver is not None:
        solver.require()  # a missing program stops the batch before its first record
    if solver is not None and options.givens is Givens.OMIT:
        raise InputError("--solve-with needs the givens in the file: drop --givens omit")
    if args.timeout is not None and not 0 < args.timeout < math.inf:  # nan, inf too
        raise InputError(f"--timeout must be positive, got {args.timeout}")
    if (args.timeout is not None or args.json) and solver is None:
        raise InputError("--timeout and --json go with --solve-with")
    alphabet = alphabet_of(args)
    entries = list(read_entries(args))
    target, is_dir = _targets(args, len(entries))
    gz = args.gzip or (target is not None and not is_dir and target.name.endswith(".gz"))
    stem, status, written = _stem(args), 0, 0
    source_name = args.file or EXAMPLE
    if solver is not None and not args.json and entries:  # its lines read back as the puzzles
        line = shape_header(entries[0], shape_options(args), alphabet)
        sys.stdout.write("" if line is None else line + "\n")
    with tempfile.TemporaryDirectory(prefix="satdoku-cnf-") as tmp:
        for entry in entries:
            if entry.puzzle is None:
                assert entry.error is not None
                report_error(entry.error)
                status = 2
                if args.json:  # one record per input puzzle, as 'solve --json'
                    failed = Result(Status.INVALID, error=entry.error.located())
                    rec = record(entry.index, failed, line=entry.line)
                    sys.stdout.write(json.dumps(rec) + "\n")
                elif solver is not None:
                    sys.stdout.write(f"{Status.INVALID.value}: {entry.error.located()}\n")
                continue
            text = write_dimacs(
                entry.puzzle,
                options.encoding,
                givens=options.givens,
                simplify=options.simplify,
                names=options.names,
                alphabet=read_with(entry, alphabet),  # a shape line's alphabet: the header's
                source=source_name,
                index=entry.index,
                line=entry.line,
            )
            path: Path | None = target
            if is_dir and target is not None:
                path = target / _file_name(stem, entry, len(entries), gz)
            if path is None and solver is not None:
                path = Path(tmp) / _file_name(stem, entry, len(entries), gz)
            _write(path, dimacs_bytes(text, gz))
            written += 1
            if solver is not None:
                assert path is not None
                done = run_external(solver, path, args.timeout)
                if done.failure is None:
                    result = result_of(entry.puzzle, done.answers[0], simplified=options.simplify)
                else:  # no answer to read for this puzzle: its record says so, the batch goes on
                    report_error(InputError(done.failure))
                    status = 2
                    result = Result(Status.INVALID, puzzle=entry.puzzle, error=done.failure)
                read = read_with(entry, alphabet)
                source = Source(entry.puzzle, entry.index, entry.line, read, options.simplify)
                extra = {"solver": solver.name, "seconds": round(done.seconds, 4)}
                write_result(
                    sys.stdout,
                    source,
                    result,
                    "json" if args.json else "line",
                    entry.index == 0,
                    extra,
                )
    if is_dir and target is not None:
        print(f"satdoku: wrote {written} CNF files to {target}", file=sys.stderr)
    return status
