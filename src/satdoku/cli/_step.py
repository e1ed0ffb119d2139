"""``satdoku step``: watch the two rules (and guesses) solve a puzzle, step by step."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..batch._option_types import MAX_COUNT, whole_number
from ..core._errors import InputError
from ..io._line import format_line
from ..rules._guess_order import GuessOrder
from ..rules._strategies import parse_rules, rules_label
from ._common import (
    EXAMPLE,
    add_input_options,
    alphabet_of,
    read_entries,
    report_error,
)
from ._help_format import HelpFormat
from ._step_limits import DEFAULT_SEARCH_STEPS

if TYPE_CHECKING:
    from ._constraint_step import CappedLiteralRun
    from ._step_stream import CappedRun

__all__ = ["NAME", "register", "run", "BOARDS"]

NAME = "step"

EPILOG = f"""examples:
  satdoku step                              # the bundled example, rules 1 and 2
  satdoku step puzzle.txt --search          # guess and backtrack when the rules stall
  satdoku step puzzle.txt --rules 1         # rule 1 only: the candidate board of the givens
  satdoku step puzzle.txt --search --boards guesses
  satdoku step puzzle.txt --search --json   # the trace as one JSON object
  satdoku step puzzle.txt --search --html trace.html   # a page that plays the trace
  satdoku step puzzle.txt --search --play --delay 0.2  # animate it in the terminal (rich)
  satdoku step big.txt --search --max-steps 5000 --html t.html  # its first 5000 steps

rules: 1 (elimination), 2 (lone cell + lone ranger), lone-cell, lone-ranger, twins, all;
set logic when they stall, smallest size first: set1..set4 (every kind up to size k), or
locked-candidates, naked-pair/-triple/-quad, hidden-pair/-triple/-quad, x-wing, swordfish,
jellyfish. e.g. satdoku step puzzle.txt --rules 1,2,set4
--json, --html and --play are alternatives. Steps are written as they are found (the text,
the JSON record and the page alike; --play computes the trace first). --max-steps K keeps the
first K steps (status stalled, "truncated": true in the JSON); --search on 16x16 and bigger
grids stops after {DEFAULT_SEARCH_STEPS:,} steps unless --max-steps says otherwise. Ctrl-C
ends the record or page as a cut trace ("interrupted": true). On a terminal, a counter of
steps is drawn on stderr while the steps go elsewhere.
"""

BOARDS = ("every", "guesses", "end", "none")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``step`` command."""
    parser = sub.add_parser(
        NAME,
        help="show the two rules solving a puzzle, step by step",
        description="Propagate a puzzle's givens by rule 1 (a true claim makes the other claims "
        "of its axioms false) and rule 2 (an axiom with one claim not false makes it true), "
        "printing each step as a sentence; with --search, guess and backtrack when the rules "
        "stall. FILE may hold several puzzles: --index picks one.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    group = parser.add_argument_group("stepping")
    group.add_argument(
        "--rules",
        default="1,2",
        metavar="RULES",
        help="comma-separated rule set (default 1,2): 1, 2, elimination, "
        "lone-cell, lone-ranger, twins, all, set1..set4 (set logic up to size k), "
        "locked-candidates, naked-pair, naked-triple, naked-quad, hidden-pair, "
        "hidden-triple, hidden-quad, x-wing, swordfish, jellyfish",
    )
    group.add_argument(
        "--search",
        action="store_true",
        help="guess when the rules stall, backtrack on a contradiction",
    )
    group.add_argument(
        "--order",
        default="first",
        choices=[o.value for o in GuessOrder],
        help="where to guess: first open cell (default), the cell with fewest "
        "candidates, or the axiom (cell or house) with fewest claims left",
    )
    group.add_argument(
        "--index",
        type=whole_number(MAX_COUNT),
        default=1,
        metavar="K",
        help="step the K-th puzzle of FILE (1-based, default 1)",
    )
    out = parser.add_argument_group("output")
    out.add_argument(
        "--boards",
        default="end",
        choices=BOARDS,
        help="when to draw the board with candidates: after every step, at guesses "
        "and backtracks, at the end (default), or never",
    )
    out.add_argument(
        "--json",
        action="store_true",
        help="print the trace as one JSON object (steps, status, solution), written as the "
        "steps are found",
    )
    out.add_argument(
        "--rate",
        action="store_true",
        help="also rate the puzzle: weakest rule set solving it, else guesses",
    )
    out.add_argument(
        "--html",
        metavar="OUT",
        help="write a self-contained web page that plays the trace step by step "
        "(no network needed: it opens from a USB stick)",
    )
    out.add_argument(
        "--play",
        action="store_true",
        help="animate the trace in place in the terminal (needs rich: pip install "
        "'satdoku[rich]'); Ctrl-C stops it",
    )
    out.add_argument(
        "--delay",
        type=float,
        default=0.4,
        metavar="SECONDS",
        help="with --play: pause per step (default 0.4)",
    )
    group.add_argument(
        "--max-steps",
        type=whole_number(MAX_COUNT),
        metavar="K",
        help="stop the stepper after K steps (the trace is cut: status stalled); with "
        f"--search on 16x16 and up the default is {DEFAULT_SEARCH_STEPS:,}",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Step through one puzzle of the input; return 2 when it cannot be read, else 0."""
    from ._constraint_step import (  # lazy: start-up (the stepper)
        CappedLiteralRun,
        print_constrained,
        rating_label,
    )
    from ._step_stream import CappedRun, progress_for, step_cap, write_json  # lazy: start-up

    rules = parse_rules(args.rules)
    if args.index < 1:
        raise InputError(f"--index must be 1 or more, got {args.index}")
    alphabet = alphabet_of(args)
    entry = None
    for count, candidate in enumerate(read_entries(args), 1):
        if count == args.index:
            entry = candidate
            break
    source = args.file or EXAMPLE
    if entry is None:
        raise InputError(f"there is no puzzle number {args.index} (--index)", source=source)
    if entry.puzzle is None:
        assert entry.error is not None
        report_error(entry.error)
        return 2
    puzzle = entry.puzzle
    views = [name for name in ("json", "html", "play") if getattr(args, name)]
    if len(views) > 1:
        raise InputError(f"--{views[0]} and --{views[1]} are alternatives: pick one")
    if args.max_steps is not None and args.max_steps < 1:
        raise InputError(f"--max-steps must be 1 or more, got {args.max_steps}")
    if not (math.isfinite(args.delay) and 0 <= args.delay <= 3600):
        raise InputError(f"--delay must be a number of seconds in 0..3600, got {args.delay}")
    play = _player() if args.play else None
    out = sys.stdout
    cap = step_cap(args.max_steps, args.search, puzzle.n, sys.stderr)
    progress = progress_for(out, steps_to_out=not (args.html or play), cap=cap)
    run: CappedRun | CappedLiteralRun
    if puzzle.constraints:  # cages, signs, outside clues: the stepper over literal axioms
        if play is not None:
            raise InputError("--play shows puzzles of houses only: give --html for this one")
        run = CappedLiteralRun(puzzle, rules, search=args.search, cap=cap, progress=progress)
    else:
        run = CappedRun(
            puzzle,
            rules,
            search=args.search,
            order=GuessOrder(args.order),
            cap=cap,
            progress=progress,
        )
    if args.json:  # streamed: each step written as it is found
        more = (lambda: {"rating": rating_label(puzzle)}) if args.rate else None
        write_json(run, alphabet, out.write, more)
        return 0
    if not (args.html or play):
        if isinstance(run, CappedLiteralRun):
            print_constrained(run, args.boards, alphabet, out, rating_label if args.rate else None)
        else:
            _print_text(run, args, out, cap)
        return 0
    if args.html:
        return _write_html(run, args, source)
    assert play is not None and isinstance(run, CappedRun)
    result = run.trace(tuple(run))  # the player needs the whole (capped) trace
    run.reraise()
    played = play(result, delay=args.delay, alphabet=alphabet)
    if played.interrupted:
        print(f"satdoku: interrupted at step {played.position} of {played.total}", file=sys.stderr)
        return 130
    return 0


def _player() -> Any:
    """Return :func:`satdoku.views._terminal_player.play`, or say clearly that rich is missing."""
    try:  # imported here, not at the top: rich is an optional dependency (satdoku[rich])
        from ..views._terminal_player import play
    except ModuleNotFoundError as err:
        if err.name is None or err.name.split(".")[0] != "rich":
            raise
        raise InputError(
            "--play needs the rich package: pip install 'satdoku[rich]' (or pip install rich)"
        ) from None
    return play


def _write_html(run: CappedRun | CappedLiteralRun, args: argparse.Namespace, source: str) -> int:
    """Write the player page of the trace as its steps are found; say what was written."""
    from ._step_stream import write_html  # lazy: start-up

    name = Path(source).name + (f" #{args.index}" if args.index > 1 else "")
    target = Path(args.html)
    size = 0
    try:
        page = target.open("w", encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror}", source=str(target)) from None
    with page:

        def write(text: str) -> None:
            nonlocal size
            size += len(text.encode())
            page.write(text)

        try:  # a Ctrl-C meanwhile is acted on once the page is whole
            write_html(run, alphabet_of(args), write, title=f"satdoku step: {name}")
        except KeyboardInterrupt:
            print(f"satdoku: {target} holds the first {run.count} steps", file=sys.stderr)
            raise
    result = run.trace()
    status = result.status.value + (" (cut by --max-steps)" if result.truncated else "")
    print(f"wrote {target}: {run.count} steps, {status}, {size // 1024} KB")
    return 0


def _print_text(run: CappedRun, args: argparse.Namespace, out: TextIO, cap: int | None) -> None:
    """Print each step as it is found (and boards as asked), then how the run ended."""
    from ..rules._steps import Rule  # lazy: start-up
    from ..views._plain_board import format_board  # lazy: start-up
    from ..views._sentences import sentence  # lazy: start-up
    from ._constraint_step import rating_label  # lazy: start-up
    from ._step_stream import write_ending  # lazy: start-up

    alphabet = alphabet_of(args)
    puzzle = run.run.puzzle
    shape = puzzle.shape
    write = out.write
    write(f"Puzzle ({shape.describe()}): {format_line(puzzle.cells, alphabet)}\n")
    write(f"Rules: {rules_label(run.run.rules)}" + (", guessing" if args.search else "") + "\n")
    width = len(str(cap if cap is not None else shape.n**3))
    for k, step in enumerate(run, 1):
        indent = "  " * step.depth
        write(f"{str(k).rjust(width)}. {indent}{sentence(step, shape, alphabet, terms=True)}\n")
        show = args.boards == "every" or (
            args.boards == "guesses" and step.rule in (Rule.GUESS, Rule.BACKTRACK)
        )
        if show:
            board = format_board(
                run.state(),
                shape,
                alphabet,
                puzzle.cells,
                labels=True,
                constraints=puzzle.constraints,
            )
            write(board + "\n")
    if run.interrupted:  # say where the run was cut, then stop
        write(f"status: stalled (interrupted after {run.count} steps)\n")
        run.reraise()
    result = run.trace()
    if args.boards != "none":
        board = format_board(
            run.state(), shape, alphabet, puzzle.cells, labels=True, constraints=puzzle.constraints
        )
        write(board + "\n")
    write_ending(write, result, run.count, alphabet, rating_label(puzzle) if args.rate else None)
    run.reraise()
