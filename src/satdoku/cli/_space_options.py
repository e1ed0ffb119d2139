"""``satdoku solve`` options on the solution space: --order, --all, --limit, --where, --unique.

When none is given, ``solve`` keeps its own fast path; when any is, :func:`run_space` answers
each puzzle with an :class:`~satdoku.api._explorer.Explorer`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from contextlib import closing
from typing import TYPE_CHECKING, Any

from ..api._order import Order
from ..api._predicates import PREDICATES, Predicate, PredicateError, predicate_named
from ..backends._limits import is_keyboard_interrupt
from ..backends._solvers import DEFAULT_SOLVER
from ..backends._strategy import Strategy
from ..batch._option_types import MAX_COUNT, whole_number
from ..core._errors import InputError
from ..core._puzzle import Grid, Puzzle
from ..core._results import Result, Status
from ..io._alphabet import Alphabet
from ..io._entries import Entry
from ..views._records import record
from ._common import (
    EXAMPLE,
    alphabet_of,
    encoding_of,
    limits_of,
    read_entries,
    report_error,
    shape_options,
    source_of,
)
from ._output import grid_text
from ._solution_stream import SolutionStream
from ._solve_output import shape_header

if TYPE_CHECKING:
    from ..api._explorer import Explorer

__all__ = ["add_space_options", "wants_space", "run_space"]


def add_space_options(parser: argparse.ArgumentParser) -> None:
    """Add the solution-space options to the ``solve`` parser."""
    group = parser.add_argument_group("solution space")
    group.add_argument(
        "--order",
        choices=[o.value for o in Order],
        default=None,
        help="which solution comes first: any (default) or reading (the "
        "lexicographically smallest in reading order, digits ascending)",
    )
    group.add_argument(
        "--all",
        action="store_true",
        help='print every solution as it is found (JSON: "solutions", "count", "complete"; '
        "a --timeout keeps those found)",
    )
    group.add_argument(
        "--limit",
        type=whole_number(MAX_COUNT),
        metavar="N",
        help='with --all: stop after N solutions ("complete": false when more)',
    )
    group.add_argument(
        "--where",
        metavar="NAME",
        choices=list(PREDICATES),
        help="only solutions passing a built-in predicate: " + ", ".join(PREDICATES),
    )
    group.add_argument(
        "--unique",
        action="store_true",
        help="also tell whether the solution is unique, among those passing "
        '--where if given (JSON: "unique": true/false)',
    )


def wants_space(args: argparse.Namespace) -> bool:
    """Tell whether any solution-space option was given."""
    return bool(args.order or args.all or args.where or args.unique or args.limit is not None)


def _check(args: argparse.Namespace) -> None:
    if getattr(args, "backend", "sat") != "sat":
        raise InputError("--order, --all, --limit, --where and --unique need --backend sat")
    if getattr(args, "jobs", 1) not in (0, 1):
        raise InputError(
            "--order, --all, --limit, --where and --unique run in one process: drop --jobs"
        )
    if getattr(args, "explain", False) and args.where:
        raise InputError(
            "--explain names givens that cannot all hold, and a --where rejection "
            "is no such clash: drop --where or --explain"
        )
    if args.limit is not None:
        if not args.all:
            raise InputError("--limit counts solutions of --all: add --all")
        if args.limit < 1:
            raise InputError(f"--limit must be 1 or more, got {args.limit}")


def answer(
    explorer: Explorer,
    entry: Entry,
    *,
    where: Predicate | None,
    order: Order,
    every: bool,
    limit: int | None,
    unique: bool,
    sink: Callable[[Grid], object] | None = None,
) -> Result:
    """Answer one read puzzle: its result, extra fields added. With ``every``, each solution
    goes to ``sink`` as it is found (none is kept) and ``"count"``/``"complete"`` say how many
    went, also when the time ran out."""
    from ..api._question import SearchTimeout  # lazy: start-up

    puzzle = entry.puzzle
    assert puzzle is not None
    work: dict[str, Any] = {}  # what the predicate did: rejected solutions, blocked claims
    extra: dict[str, Any] = {}
    try:
        if every:
            result = _every(explorer, puzzle, where, order, limit, sink or _ignore, extra)
        else:
            result = explorer.first(puzzle, where, order)
        if where is not None:  # before is_unique asks again
            work = explorer.work.fields()
        if unique and result.status is not Status.TIMEOUT:
            known = _unique_from(extra) if every else None
            extra["unique"] = explorer.is_unique(puzzle, where) if known is None else known
    except SearchTimeout:
        work = work or (explorer.work.fields() if where is not None else {})
        return Result(Status.TIMEOUT, puzzle=puzzle, extra=extra, **work)
    except PredicateError as err:
        return Result(Status.INVALID, puzzle=puzzle, error=str(err), extra=extra)
    return Result(result.status, result.solution, puzzle, result.error, extra, **work)


def _ignore(grid: Grid) -> None:
    """Keep no solution."""


def _every(
    explorer: Explorer,
    puzzle: Puzzle,
    where: Predicate | None,
    order: Order,
    limit: int | None,
    sink: Callable[[Grid], object],
    extra: dict[str, Any],
) -> Result:
    """Send every solution (at most ``limit``) to ``sink``, counting them in ``extra``; return
    the first as the result (unsolvable when there is none)."""
    first: Grid | None = None
    extra.update(count=0, complete=False)
    want = None if limit is None else limit + 1  # one more tells whether there are more
    with closing(explorer.solutions(puzzle, want, where, order)) as found:
        for grid in found:
            if limit is not None and extra["count"] >= limit:
                break
            sink(grid)
            extra["count"] += 1
            first = grid if first is None else first
        else:
            extra["complete"] = True
    if first is None:
        return Result(Status.UNSOLVABLE, puzzle=puzzle)
    return Result(Status.SOLVED, first, puzzle)


def _unique_from(extra: dict[str, Any]) -> bool | None:
    """Tell uniqueness from what the enumeration counted (None: it stopped before it knew)."""
    if extra["complete"]:
        return bool(extra["count"] == 1)
    return False if extra["count"] >= 2 else None


def run_space(args: argparse.Namespace) -> int:
    """Solve every puzzle with the solution-space options; return 2 when any was unreadable."""
    from ..api._explain import Explainer  # lazy: start-up (these load only for these options)
    from ..api._explorer import Explorer  # lazy: start-up
    from ..cnf._formula_size import FormulaTooBig  # lazy: start-up
    from ..views._explanation import annotated  # lazy: start-up

    _check(args)
    alphabet = alphabet_of(args)
    fmt = args.format or ("pretty" if args.file is None else "line")
    where = predicate_named(args.where) if args.where else None
    order = Order(args.order) if args.order else Order.ANY
    status = 0
    out = sys.stdout
    explainer = (
        Explainer(args.solver or DEFAULT_SOLVER, encoding_of(args), limits_of(args))
        if getattr(args, "explain", False)
        else None
    )
    with Explorer(
        args.solver or DEFAULT_SOLVER,
        encoding_of(args),
        Strategy(args.strategy),
        limits_of(args),
        native=getattr(args, "native", None),
    ) as explorer:
        header = fmt != "json"  # a shape line above the first answer, when the side needs one
        for entry in read_entries(args):
            if header:
                header = False
                line = shape_header(entry, shape_options(args), alphabet)
                out.write("" if line is None else line + "\n")
            stream = SolutionStream(out, fmt, entry, alphabet) if args.all else None
            if entry.puzzle is None:
                assert entry.error is not None
                report_error(entry.error)
                status = 2
                result = Result(Status.INVALID, error=entry.error.located())
            else:
                try:
                    result = _answered(args, explorer, entry, where, order, stream)
                except FormulaTooBig as err:  # refused before it was built: said below, exit 2
                    status = 2
                    result = Result(Status.INVALID, puzzle=entry.puzzle, error=str(err))
                if result.status is Status.INVALID and result.error:
                    print(
                        f"satdoku: {source_of(args)}:{entry.line}: puzzle {entry.index + 1}: "
                        f"{result.error}",
                        file=sys.stderr,
                    )
                if explainer is not None:
                    result = annotated(
                        result, explainer.explain_result(result), alphabet, steps=True
                    )
            _write(out, fmt, entry, result, stream, alphabet, args.file is None)
            if fmt != "json" and result.rejected:  # the predicate's work, beside the answer
                rejected, reasons = result.rejected, len(result.blocked)
                print(
                    f"satdoku: {source_of(args)}:{entry.line}: --where {args.where} rejected "
                    f"{rejected} solution(s), {reasons} blocked by their reason",
                    file=sys.stderr,
                )
    if explainer is not None:
        explainer.close()
    return status


def _answered(
    args: argparse.Namespace,
    explorer: Explorer,
    entry: Entry,
    where: Predicate | None,
    order: Order,
    stream: SolutionStream | None,
) -> Result:
    """Answer one read puzzle, its solutions streamed; a stop signal closes a begun stream."""
    try:
        return answer(
            explorer,
            entry,
            where=where,
            order=order,
            every=args.all,
            limit=args.limit,
            unique=args.unique,
            sink=None if stream is None else stream.add,
        )
    except BaseException as err:
        if stream is not None and (
            isinstance(err, KeyboardInterrupt) or is_keyboard_interrupt(err)
        ):
            stream.interrupt()  # the record ends whole, then the run stops as asked
        raise


def _write(
    out: Any,
    fmt: str,
    entry: Entry,
    result: Result,
    stream: SolutionStream | None,
    alphabet: Alphabet,
    example: bool,
) -> None:
    """Write one puzzle's answer: its record, or its text and the explanation's lines."""
    if stream is not None:
        stream.close(result)
    elif fmt == "json":
        out.write(json.dumps(record(entry.index, result, alphabet, entry.line)) + "\n")
    else:
        _write_text(out, fmt, entry, result, alphabet, example)
    if fmt != "json":
        for text in result.extra.get("explanation", {}).get("text", []):
            out.write(f"  {text}\n")


def _write_text(
    out: Any,
    fmt: str,
    entry: Entry,
    result: Result,
    alphabet: Alphabet,
    example: bool,
) -> None:
    """Write one puzzle's answer for people: the solution, and whether it is unique."""
    puzzle = entry.puzzle
    unique = result.extra.get("unique")
    if result.status is not Status.SOLVED or result.solution is None:
        out.write(result.status.value + "\n")
        return
    assert puzzle is not None
    if fmt == "line":
        tail = "" if unique is None else ("\tunique" if unique else "\tnot unique")
        out.write(grid_text(fmt, result.solution, puzzle.shape, alphabet) + tail + "\n")
        return
    if entry.index:
        out.write("\n")
    if fmt == "pretty" and example:
        out.write(f"Puzzle ({EXAMPLE}, {puzzle.shape.describe()}):\n")
        out.write(grid_text(fmt, puzzle.cells, puzzle.shape, alphabet) + "\n\nSolution:\n")
    out.write(grid_text(fmt, result.solution, puzzle.shape, alphabet) + "\n")
    if unique is not None:
        out.write("unique\n" if unique else "not unique\n")
