"""``satdoku generate``: make puzzles with one solution, for any shape, rated and reproducible.

Line format by default (one puzzle line each, under a ``# shape`` line when the side alone does not
tell the shape, so ``satdoku solve`` reads them back as made). JSON records (exact contract):
``{"index", "puzzle", "solution", "givens", "level", "rung", "minimal", "symmetry", "seed",
"shape", "attempts", "matched", "wanted"}`` plus ``"regions"`` (the region map as a line) for
jigsaw shapes; ``matched`` is false when a wish (``--level``, ``--minimal``, ``--givens``,
``--symmetry`` with them) was not met within ``--attempts`` tries (grids, and the moves of the walk
to a minimal extreme puzzle), and then ``level`` is the true rating of the puzzle given (a warning
says so on stderr too). Without ``--json`` such a puzzle is held back: every line printed meets the
wish. The exit status is 1 (:data:`MISSED`) when fewer puzzles than ``--count`` met it, with a line
on stderr saying how many.

``--killer`` makes killer puzzles (:mod:`satdoku.generation._generate_killer`), printed as Solo
IDs or,
with ``--format``, killer texts (:mod:`._killer_options`); their records add ``"format"`` and
``"cages"``, ``puzzle`` holding the ID or text.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
from typing import TYPE_CHECKING, Any

from ..batch._option_types import whole_number
from ..core._errors import InputError
from ..core._shape import MAX_SIZE, Shape
from ..core._symmetry import Symmetry
from ..generation._attempts import ATTEMPTS
from ..io._header import shape_line
from ..io._line import format_line
from ..rules._levels import Level
from ._batch_options import MAX_JOBS, add_jobs_option, add_progress_option, jobs_of
from ._common import add_shape_options, alphabet_of, shape_options
from ._dask_options import add_dask_options, check_without_dask
from ._help_format import HelpFormat
from ._killer_options import add_killer_options, checked_killer, killer_text
from ._progress import Progress, wants_progress

if TYPE_CHECKING:
    from ..generation._generated import Generated

__all__ = [
    "NAME",
    "register",
    "run",
    "puzzle_text",
    "shortfall",
    "MAX_PUZZLES",
    "MAX_RANDOM_REGIONS",
    "MISSED",
]

NAME = "generate"

MAX_PUZZLES = 10**9
"""The most puzzles one run may ask for."""

MAX_RANDOM_REGIONS = 16
"""The largest side of random jigsaw maps: about 1 random 16x16 map in 30 admits a solution
the engine finds quickly (7 in 30 at 12x12, 22 in 30 at 9x9)."""

MISSED = 1
"""The exit status of a run in which fewer puzzles than ``--count`` met the wish."""

EPILOG = """examples:
  satdoku generate                         # one 9x9 puzzle with one solution (minimal)
  satdoku generate --count 10 --seed 1     # ten puzzles, the same ten every time
  satdoku generate --level hard --symmetry rot180 --json   # a record with its rating
  satdoku generate --minimal --symmetry diagonal --count 5
  satdoku generate --givens 30             # stop removing givens at 30
  satdoku generate --level extreme --minimal --attempts 50000 --json   # ~1-2 s of CPU
  satdoku generate --size 16 --level easy  # 16x16 (4x4 boxes), solved by singles alone
  satdoku generate --size 6 --box 2x3 | satdoku solve   # read back by solve
  satdoku generate --latin --size 5        # a Latin square puzzle
  satdoku generate --diagonals             # X-Sudoku: the two diagonals hold every digit
  satdoku generate --regions map.txt       # jigsaw regions from a map file (as solve reads)
  satdoku generate --regions random --size 7 --save-regions map7.txt
  satdoku generate --count 1000 --jobs 2 --seed 3 > p.txt   # same output as --jobs 1
  satdoku generate --killer                # a killer: cages with totals, no givens (Solo ID)
  satdoku generate --killer --cage-sizes 2-4 --format sudocue --count 10
  satdoku generate --killer --size 6 | satdoku solve   # read back by solve

A puzzle that does not meet the wish (--level, --minimal, --givens) within --attempts tries is
held back (with --json its record says "matched": false). Exit status: 0 when --count puzzles
met the wish, 1 when fewer did (stderr says how many), 2 for a bad option.
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``generate`` command."""
    parser = sub.add_parser(
        NAME,
        help="make puzzles with one solution",
        description="Make puzzles with exactly one solution: a random complete grid drawn from "
        "all the shape's solutions, then givens removed in a random (or symmetric) order while "
        "the puzzle stays unique. Each puzzle is rated by the weakest rules that solve it.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    shape = parser.add_argument_group("shape")
    shape.add_argument(
        "--size",
        type=whole_number(MAX_SIZE),
        metavar="N",
        help="side of the grid (default 9, or the side of --box or of the region map)",
    )
    add_shape_options(
        shape,
        "FILE|random",
        "jigsaw regions: a region map file (as solve reads it), or 'random' for random "
        "connected regions that admit a solution (one map for the run, drawn from --seed)",
    )
    shape.add_argument(
        "--save-regions",
        metavar="FILE",
        help="write the run's region map to FILE (for --regions random: solve reads it back)",
    )
    shape.add_argument(
        "--alphabet", metavar="SYMBOLS", help="symbols of digits 1..n (default 1-9 then A-Z)"
    )
    wish = parser.add_argument_group("puzzles")
    wish.add_argument("--count", type=whole_number(MAX_PUZZLES), default=1, metavar="N")
    wish.add_argument(
        "--level",
        choices=[level.value for level in Level],
        help="keep puzzles of this rating only (tries up to --attempts puzzles each: grids, "
        "and for --minimal extreme the moves of a walk)",
    )
    wish.add_argument(
        "--symmetry",
        default="none",
        choices=[s.value for s in Symmetry],
        help="givens symmetric by this map of the grid (default none)",
    )
    wish.add_argument(
        "--minimal", action="store_true", help="no given can be removed (checked, given by given)"
    )
    wish.add_argument(
        "--givens", type=whole_number(MAX_SIZE**2), metavar="N", help="stop at N givens or fewer"
    )
    wish.add_argument(
        "--attempts",
        type=whole_number(10**6),
        default=ATTEMPTS,
        metavar="N",
        help=f"puzzles tried per puzzle before a wish is given up: grids, and walk moves for "
        f"--minimal --level extreme (default {ATTEMPTS}; minimal extreme 9x9 needs up to 50000)",
    )
    wish.add_argument(
        "--seed",
        type=whole_number(2**63 - 1),
        metavar="S",
        help="make the run reproducible (default: a random seed, shown in --json records)",
    )
    out = parser.add_argument_group("output")
    out.add_argument(
        "--json", action="store_true", help="one JSON record per puzzle (see the module's help)"
    )
    add_jobs_option(
        out, "N worker processes, same output as one (0: one per CPU; default 1)", MAX_JOBS
    )
    add_progress_option(
        out, "progress bar on stderr (default: on a terminal the puzzles do not go to, not --json)"
    )
    add_dask_options(out, "generate")
    add_killer_options(parser)
    parser.set_defaults(run=run)


def _shape(args: argparse.Namespace, run_seed: int) -> Shape:
    """Return the shape the options name (a random jigsaw map drawn from the run's seed)."""
    if args.regions == "random":
        from ..generation._random_grid import random_jigsaw  # lazy: start-up

        if args.box or args.latin:
            raise InputError("--regions replaces boxes: do not combine it with --box or --latin")
        n = 9 if args.size is None else args.size
        if not 1 <= n <= MAX_RANDOM_REGIONS:
            raise InputError(
                f"--regions random: --size must be 1 to {MAX_RANDOM_REGIONS}, got {n} (past it "
                "few random maps admit a solution; give a map FILE)"
            )
        try:
            shape, _ = random_jigsaw(n, random.Random(run_seed), diagonals=args.diagonals)
        except ValueError as err:
            raise InputError(str(err)) from None
        return shape
    options = shape_options(args)
    if options.regions is not None:
        shape = Shape.jigsaw(options.regions, diagonals=args.diagonals)
        if args.size is not None and args.size != shape.n:
            raise InputError(f"--size {args.size}: the region map is {shape.n}x{shape.n}")
        return shape
    n = args.size
    if n is None:  # the boxes' size, else 9
        n = 9 if options.box is None else options.box[0] * options.box[1]
    if not 1 <= n <= MAX_SIZE:
        raise InputError(f"--size must be 1 to {MAX_SIZE}, got {n}")
    return options.shape_for(n)


def _save_regions(path: str, shape: Shape) -> None:
    assert shape.regions is not None
    symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    n = shape.n
    rows = shape.regions
    with open(path, "w", encoding="utf-8") as stream:
        for r in range(n):
            row = rows[r * n : (r + 1) * n]
            stream.write(
                ("".join(symbols[x] for x in row) if n <= len(symbols) else " ".join(map(str, row)))
                + "\n"
            )


def _record(index: int, made: Generated, args: argparse.Namespace, line: str) -> dict[str, Any]:
    alphabet = alphabet_of(args)
    shape = made.puzzle.shape
    rec: dict[str, Any] = {
        "index": index,
        "puzzle": line,
        "solution": format_line(made.solution, alphabet),
        "givens": made.givens,
        "level": None if made.level is None else made.level.value,
        "rung": made.rung,
        "minimal": made.minimal,
        "symmetry": made.symmetry.value,
        "seed": made.seed,
        "shape": shape.describe(),
        "attempts": made.attempts,
        "matched": made.matched,
        "wanted": None if made.wanted is None else made.wanted.value,
    }
    if shape.regions is not None:
        rec["regions"] = " ".join(map(str, shape.regions))
    return rec


def _missed(index: int, made: Generated, json: bool) -> str:
    wishes = []
    if made.wanted is not None and made.level is not made.wanted:
        got = "unrated" if made.level is None else made.level.value
        wishes.append(f"level {made.wanted.value} (got {got})")
    if made.wanted_minimal and not made.minimal:
        wishes.append("minimal (got a non-minimal one)")
    if made.wanted_givens is not None and made.givens > made.wanted_givens:
        wishes.append(f"at most {made.wanted_givens} givens (got {made.givens})")
    what = ", ".join(wishes) or "the wish"
    fate = "its record says matched: false" if json else "held back"
    return f"satdoku: puzzle {index}: {what} not met in {made.attempts} tries (--attempts): {fate}"


def puzzle_text(
    index: int, made: Generated, args: argparse.Namespace
) -> tuple[str | None, str | None]:
    """Return what the command prints of one puzzle: its line or record, and any warning.

    A puzzle that missed the wish has no line (None): it is held back; its record says so.

    >>> from satdoku.generation._generate import generate
    >>> from satdoku.core._shape import Shape
    >>> made = generate(Shape.latin(2), seed=1)
    >>> puzzle_text(0, made, argparse.Namespace(json=False, alphabet=None))
    ('2...', None)
    """
    alphabet = alphabet_of(args)
    missed = None if made.matched else _missed(index, made, args.json)
    if made.puzzle.constraints:
        return _killer_text(index, made, args, missed)
    line = format_line(made.puzzle.cells, alphabet)
    if args.json:
        return json.dumps(_record(index, made, args, line)), missed
    # the first line says the shape when the side alone does not, even above a held-back puzzle
    header = None if index else shape_line(made.puzzle.shape, alphabet.symbols)
    shown = [text for text in (header, None if missed else line) if text is not None]
    return ("\n".join(shown) or None), missed


def _killer_text(
    index: int, made: Generated, args: argparse.Namespace, missed: str | None
) -> tuple[str | None, str | None]:
    """Return a killer's text (its JSON record with ``--json``) and any warning."""
    form = getattr(args, "format", None) or "solo"
    try:
        text: str | None = killer_text(made.puzzle, form)
    except InputError:  # a killer that kept givens, missing the wish: the form has none
        text = None
    if not args.json:
        return (None if missed else text), missed
    record = _record(index, made, args, "")
    record.update(puzzle=text, format=form, cages=len(made.puzzle.constraints))
    return json.dumps(record), missed


def shortfall(args: argparse.Namespace, met: int) -> str | None:
    """Return the line that says fewer puzzles than ``--count`` met the wish (None: all did).

    >>> args = argparse.Namespace(count=3, attempts=5, level="extreme", minimal=False, json=False)
    >>> print(shortfall(args, 1))  # doctest: +NORMALIZE_WHITESPACE
    satdoku: 1 of 3 puzzles met the wish in 5 tries each (2 held back); try more --attempts, or
    --minimal: minimal extreme puzzles are walked to (--minimal --level extreme --attempts 50000)
    """
    from ..generation._vicinity import WALK_LEVELS  # lazy: start-up

    if met >= args.count:
        return None
    missed = args.count - met
    fate = f"{missed} marked matched: false" if args.json else f"{missed} held back"
    hint = "try more --attempts"
    if args.level in {level.value for level in WALK_LEVELS} and not args.minimal:
        hint += (
            f", or --minimal: minimal {args.level} puzzles are walked to "
            f"(--minimal --level {args.level} --attempts 50000)"
        )
    return (
        f"satdoku: {met} of {args.count} puzzles met the wish in {args.attempts} tries each "
        f"({fate}); {hint}"
    )


def run(args: argparse.Namespace) -> int:
    """Generate the puzzles; return 0, or MISSED when fewer met the wish (2: a bad option)."""
    from ..generation._generate_batch import Request, generate_many  # lazy: start-up
    from ..generation._random_grid import complete  # lazy: start-up

    check_without_dask(args)
    jobs = jobs_of(args)
    if args.count < 1:
        raise InputError(f"--count must be 1 or more, got {args.count}")
    if args.attempts < 1:
        raise InputError(f"--attempts must be 1 or more, got {args.attempts}")
    run_seed = args.seed if args.seed is not None else secrets.randbits(63)
    if run_seed < 0:
        raise InputError(f"--seed must be 0 or more, got {run_seed}")
    shape = _shape(args, run_seed)
    if complete(shape, (0,) * shape.n**2, random.Random(run_seed)) is None:
        raise InputError(f"the shape {shape.describe()} has no complete grid: no puzzle of it")
    if args.givens is not None and not 0 <= args.givens <= shape.n**2:
        raise InputError(f"--givens must be 0 to {shape.n**2} for {shape.describe()}")
    if args.save_regions:
        if shape.regions is None:
            raise InputError("--save-regions needs --regions (a map file or random)")
        try:
            _save_regions(args.save_regions, shape)
        except OSError as err:
            raise InputError(f"cannot write: {err.strerror}", source=args.save_regions) from None
    alphabet_of(args)  # a bad --alphabet is refused before any puzzle is made
    cage_sizes = checked_killer(args, shape)
    request = Request(
        shape,
        None if args.level is None else Level(args.level),
        Symmetry(args.symmetry),
        args.minimal,
        args.givens,
        args.attempts,
        killer=args.killer,
        cage_sizes=cage_sizes,
    )
    if args.dask is not None:
        from ._dask_run import generate_on_dask  # lazy: start-up

        return verdict(args, generate_on_dask(args, request, run_seed, puzzle_text))
    bar = None
    if wants_progress(sys.stderr, args.json, args.progress):
        bar = Progress(sys.stderr, args.count)
    out = sys.stdout
    met = 0
    try:
        for index, made in enumerate(generate_many(request, args.count, run_seed, jobs)):
            text, missed = puzzle_text(index, made, args)
            met += missed is None
            if missed is not None:
                print(missed, file=sys.stderr)
            if text is not None:
                out.write(text + "\n")
            if bar is not None:
                bar.tick()
    finally:
        if bar is not None:
            bar.close()
    return verdict(args, met)


def verdict(args: argparse.Namespace, met: int) -> int:
    """Say on stderr how many puzzles met the wish if not all did; return the exit status."""
    line = shortfall(args, met)
    if line is None:
        return 0
    print(line, file=sys.stderr)
    return MISSED
