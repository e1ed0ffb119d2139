"""``satdoku solve`` options on the solution space: --order, --all, --limit, --where, --unique.

When none is given, ``solve`` keeps its own fast path; when any is, :func:`run_space` answers
each puzzle with an :class:`~satdoku.api.explorer.Explorer`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..api.order import Order
from ..api.predicates import PREDICATES, Predicate, PredicateError, predicate_named
from ..backends.strategy import Strategy
from ..core.errors import InputError
from ..core.results import Result, Status
from ..io.alphabet import Alphabet
from ..io.entries import Entry
from ..io.line import format_line
from ..views.records import record
from .common import (
    EXAMPLE,
    alphabet_of,
    encoding_of,
    limits_of,
    read_entries,
    report_error,
    source_of,
)
from .option_types import MAX_COUNT, whole_number
from .output import grid_text

if TYPE_CHECKING:
    from ..api.explorer import Explorer

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
        help='print every solution (JSON: "solutions", "count", "complete")',
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
) -> tuple[Result, list[tuple[int, ...]]]:
    """Answer one read puzzle: its result (extra fields added) and, with ``every``, solutions."""
    from ..api.question import SearchTimeout  # lazy: start-up

    puzzle = entry.puzzle
    assert puzzle is not None
    found: list[tuple[int, ...]] = []
    work: dict[str, Any] = {}  # what the predicate did: rejected solutions, blocked claims
    try:
        extra: dict[str, Any] = {}
        if every:
            want = None if limit is None else limit + 1
            found = list(explorer.solutions(puzzle, want, where, order))
            complete = limit is None or len(found) <= limit
            found = found[:limit] if limit is not None else found
            extra.update(count=len(found), complete=complete)
            result = (
                Result(Status.SOLVED, found[0], puzzle)
                if found
                else Result(Status.UNSOLVABLE, puzzle=puzzle)
            )
        else:
            result = explorer.first(puzzle, where, order)
        if where is not None:  # before is_unique asks again
            work = explorer.work.fields()
        if unique and result.status is not Status.TIMEOUT:
            extra["unique"] = explorer.is_unique(puzzle, where)
    except SearchTimeout:
        work = work or (explorer.work.fields() if where is not None else {})
        return Result(Status.TIMEOUT, puzzle=puzzle, **work), []
    except PredicateError as err:
        return Result(Status.INVALID, puzzle=puzzle, error=str(err)), []
    return Result(result.status, result.solution, puzzle, result.error, extra, **work), found


def run_space(args: argparse.Namespace) -> int:
    """Solve every puzzle with the solution-space options; return 2 when any was unreadable."""
    from ..api.explain import Explainer  # lazy: start-up (these load only for these options)
    from ..api.explorer import Explorer  # lazy: start-up
    from ..cnf.formula_size import FormulaTooBig  # lazy: start-up
    from ..views.explanation import annotated  # lazy: start-up

    _check(args)
    alphabet = alphabet_of(args)
    fmt = args.format or ("pretty" if args.file is None else "line")
    where = predicate_named(args.where) if args.where else None
    order = Order(args.order) if args.order else Order.ANY
    status = 0
    out = sys.stdout
    explainer = (
        Explainer(args.solver, encoding_of(args), limits_of(args))
        if getattr(args, "explain", False)
        else None
    )
    with Explorer(
        args.solver,
        encoding_of(args),
        Strategy(args.strategy),
        limits_of(args),
        native=getattr(args, "native", None),
    ) as explorer:
        for entry in read_entries(args):
            if entry.puzzle is None:
                assert entry.error is not None
                report_error(entry.error)
                status = 2
                result = Result(Status.INVALID, error=entry.error.located())
                found: list[tuple[int, ...]] = []
            else:
                try:
                    result, found = answer(
                        explorer,
                        entry,
                        where=where,
                        order=order,
                        every=args.all,
                        limit=args.limit,
                        unique=args.unique,
                    )
                except FormulaTooBig as err:  # refused before it was built: said below, exit 2
                    status = 2
                    result, found = Result(Status.INVALID, puzzle=entry.puzzle, error=str(err)), []
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
            if fmt == "json":
                rec = record(entry.index, result, alphabet, entry.line)
                if args.all:
                    rec["solutions"] = [format_line(g, alphabet) for g in found]
                out.write(json.dumps(rec) + "\n")
            else:
                _write_text(
                    out,
                    fmt,
                    entry,
                    result,
                    found if args.all else None,
                    alphabet,
                    args.file is None,
                )
                for text in result.extra.get("explanation", {}).get("text", []):
                    out.write(f"  {text}\n")
                if result.rejected:  # the predicate's work, beside the answer
                    rejected, reasons = result.rejected, len(result.blocked)
                    print(
                        f"satdoku: {source_of(args)}:{entry.line}: --where {args.where} rejected "
                        f"{rejected} solution(s), {reasons} blocked by their reason",
                        file=sys.stderr,
                    )
    if explainer is not None:
        explainer.close()
    return status


def _write_text(
    out: Any,
    fmt: str,
    entry: Entry,
    result: Result,
    found: list[tuple[int, ...]] | None,
    alphabet: Alphabet,
    example: bool,
) -> None:
    """Write one puzzle's answer for people: with --all, a ``#`` header then every solution."""
    puzzle = entry.puzzle
    unique = result.extra.get("unique")
    if found is not None:
        gap = "\n" if entry.index else ""
        head = f"# puzzle {entry.index + 1}: "
        if result.status in (Status.SOLVED, Status.UNSOLVABLE):
            plural = "" if len(found) == 1 else "s"
            head += f"{len(found)} solution{plural}"
            if not result.extra.get("complete", True):
                head += " (stopped at --limit; there are more)"
        else:
            head += result.status.value + (f": {result.error}" if result.error else "")
        if unique is not None:
            head += ", unique" if unique else ", not unique"
        out.write(gap + head + "\n")
        grids = found
    elif result.status is not Status.SOLVED or result.solution is None:
        out.write(result.status.value + "\n")
        return
    else:
        grids = [result.solution]
        if fmt != "line" and entry.index:
            out.write("\n")
    assert puzzle is not None or not grids
    for i, grid in enumerate(grids):
        assert puzzle is not None
        if fmt == "line":
            tail = (
                ""
                if unique is None or found is not None
                else ("\tunique" if unique else "\tnot unique")
            )
            out.write(grid_text(fmt, grid, puzzle.shape, alphabet) + tail + "\n")
            continue
        if i:
            out.write("\n")
        if fmt == "pretty" and example and i == 0 and found is None:
            out.write(f"Puzzle ({EXAMPLE}, {puzzle.shape.describe()}):\n")
            out.write(grid_text(fmt, puzzle.cells, puzzle.shape, alphabet) + "\n\nSolution:\n")
        out.write(grid_text(fmt, grid, puzzle.shape, alphabet) + "\n")
    if fmt != "line" and found is None and unique is not None:
        out.write("unique\n" if unique else "not unique\n")
