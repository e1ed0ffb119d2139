"""``satdoku rate``: rate each puzzle by the rules it needs, one record per puzzle, in order.

JSON records (exact contract): ``{"index": i, "line": l, "status": s, "level": name,
"rung": r, "counts": {technique: steps}, "guesses": g, "unique": u}`` per puzzle, where
``status`` is ``solved``, ``unsolvable`` (no solution: null level and rung, ``unique`` false) or
``invalid`` (an unreadable puzzle: ``"error"``, null level and rung, no ``unique``), ``level``
one of easy, medium, hard, expert, extreme, guessing and ``rung`` 0 to 5
(:mod:`satdoku.rules._rating`); ``unique`` is false for a puzzle of several solutions (rung 5:
the rules cannot solve it, and guessing finds one of them).

Added fields: ``"tier"`` (0 to 11) and ``"tier_name"``: the weakest tier of the ladder that solves
the puzzle, tiers 0 to 4 being rungs 0 to 4 (named by their level), then ``wings``,
``single-digit``, ``chains``, ``uniqueness``, ``forcing``, ``nested`` and ``guessing`` (11); a
puzzle of rung 5 keeps level ``guessing`` and rung 5 (set logic does not solve it) while its
tier says what does. ``"se"``: its rating on Sudoku Explainer's scale (null when guessing is
needed), ``"hardest"``: the technique of the step that sets it. Null for a puzzle with no
rating.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..core._puzzle import Puzzle
from ..core._results import Result, Status
from ._batch_options import add_jobs_option, add_progress_option, jobs_of
from ._common import add_input_options, read_entries, report_error
from ._dask_hook import dask_aware
from ._dask_options import add_dask_options
from ._help_format import HelpFormat
from ._progress import Progress, count_puzzle_lines, wants_progress

if TYPE_CHECKING:
    from ..api._explorer import Explorer

__all__ = ["NAME", "register", "run", "Rater"]

NAME = "rate"

EPILOG = """examples:
  satdoku rate --example                  # the bundled example: its level and rung
  satdoku rate puzzles.txt                # one line per puzzle: level, rung, techniques used
  satdoku rate puzzles.txt --json         # {"index": 0, "level": "hard", "rung": 2, ...}
  satdoku rate big.txt --jobs 2 > out.txt # two worker processes, a progress bar on stderr
  echo PUZZLE | satdoku rate - --regions map.txt   # a jigsaw: set logic reads any houses

levels (rungs): easy (0: rules 1 and 2, singles), medium (1: + locked candidates),
hard (2: + pairs, X-wing), expert (3: + triples, swordfish), extreme (4: + quads,
jellyfish), guessing (5: set logic up to size 4 does not solve it; "guesses" counts the
stepper's guesses with rules 1 and 2).

tiers beyond set logic (a puzzle of rung 5 is rated by the first that solves it):
wings (5: XY-, XYZ-, W-wing), single-digit (6: skyscraper, 2-string kite, turbot fish,
simple colouring), chains (7: X-, XY-chains, AICs with groups), uniqueness (8: unique
rectangles, BUG+1; puzzles with one solution), forcing (9: contradiction, cell and unit
forcing chains), nested (10: nested forcing chains), guessing (11). "SE" is the rating on
Sudoku Explainer's scale: the largest value of a step taken.

puzzles with rules beyond houses (cages, lines, dots, outside clues) are rated over the
literal axioms of the houses and the rules: easy (0) when rules 1 and 2 over them solve it,
medium and hard (1, 2) with set logic of size 1 or 2 over them, else guessing (5); the tiers
beyond set logic read houses only.
"""


class Rater:
    """The rating as a batch backend: its result's ``extra["rating"]`` holds the rating.

    A puzzle with no solution has no level; one the rules solve is unique (each step is sound),
    one they cannot solve is counted to two solutions.

    >>> from satdoku.io._line import parse_line
    >>> with Rater() as rater:
    ...     [rater.solve(parse_line(line)).extra["rating"] for line in ("11" + "." * 14, "." * 4)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'level': None, 'rung': None, 'counts': {}, 'guesses': 0, 'unique': False, 'tier': None,
      'tier_name': None, 'se': None, 'hardest': None},
     {'level': 'guessing', 'rung': 5, 'counts': {}, 'guesses': 1, 'unique': False, 'tier': 11,
      'tier_name': 'guessing', 'se': None, 'hardest': None}]
    """

    def __init__(self) -> None:
        self._explorer: Explorer | None = None
        self._asked: tuple[Puzzle, bool] | None = None

    def solve(self, puzzle: Puzzle) -> Result:
        """Rate one puzzle."""
        from ..rules._rating import Level, rate  # lazy: start-up (the techniques)

        if puzzle.constraints:  # rules beyond houses: the ladder over literal axioms
            return self._constrained(puzzle)
        r = rate(puzzle, self._unique)
        solved = r.status == "solved"
        rating = {
            "level": r.level.value if solved else None,
            "rung": r.rung if solved else None,
            "counts": r.counts,
            "guesses": r.guesses,
            "unique": solved and (r.rung < Level.GUESSING.rung or self._unique(puzzle)),
            "tier": r.ladder_tier if solved else None,
            "tier_name": r.tier_name if solved else None,
            "se": r.se if solved else None,
            "hardest": r.hardest if solved else None,
        }
        status = Status.SOLVED if solved else Status.UNSOLVABLE
        return Result(status, None, puzzle, None, {"rating": rating})

    def _constrained(self, puzzle: Puzzle) -> Result:
        """Rate a puzzle with rules beyond houses by the weakest rung over its literal axioms."""
        from ..api._constraint_steps import rate_constrained  # lazy: start-up
        from ..rules._rating import TIERS, Level  # lazy: start-up

        r = rate_constrained(puzzle)
        solved = r.status == "solved"
        rating: dict[str, Any] = {
            "level": r.level.value if solved else None,
            "rung": r.level.rung if solved else None,
            "counts": {},
            "guesses": r.guesses,
            "unique": solved and r.unique,
            "tier": r.level.rung if r.level.rung < Level.GUESSING.rung else len(TIERS) - 1,
            "tier_name": None,
            "se": None,
            "hardest": None,
        }
        if solved:
            rating["tier_name"] = TIERS[rating["tier"]]
        else:
            rating["tier"] = None
        status = Status.SOLVED if solved else Status.UNSOLVABLE
        return Result(status, None, puzzle, None, {"rating": rating})

    def _unique(self, puzzle: Puzzle) -> bool:
        """Tell whether a puzzle the rules cannot solve has one solution only (asked once)."""
        if self._asked is not None and self._asked[0] == puzzle:
            return self._asked[1]
        if self._explorer is None:
            from ..api._explorer import Explorer  # lazy: start-up

            self._explorer = Explorer()
        answer = self._explorer.is_unique(puzzle)
        self._asked = (puzzle, answer)
        return answer

    def close(self) -> None:
        """Free the solver of uniqueness questions, if one was started."""
        if self._explorer is not None:
            self._explorer.close()
            self._explorer = None

    def __enter__(self) -> Rater:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``rate`` command."""
    parser = sub.add_parser(
        NAME,
        help="rate puzzles by the rules they need",
        description="Rate each puzzle of FILE by the weakest rung of the ladder that solves it "
        "without guessing: rules 1 and 2 (singles), then set logic of size 1 to 4, then "
        "wings, uniqueness, chains and forcing chains, else guessing; print one record per "
        "puzzle, in input order, with the techniques used.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON record per puzzle: index, line, status, level, rung, counts, guesses, "
        "unique, tier, tier_name, se, hardest",
    )
    batch = parser.add_argument_group("batches")
    add_jobs_option(
        batch, "rate in N worker processes, output still in input order (0: one per CPU; default 1)"
    )
    add_progress_option(batch)
    add_dask_options(batch, "rate")
    parser.set_defaults(run=dask_aware(run))


def _plain(rec: dict[str, Any]) -> str:
    """Return the one-line form of a record: level, rung, guesses, techniques beyond singles.

    A puzzle with no rating says why, as ``solve`` says it: ``invalid`` or ``unsolvable``.

    >>> _plain({"status": "unsolvable", "level": None, "rung": None})
    'unsolvable'
    >>> _plain({"status": "solved", "level": "guessing", "rung": 5, "counts": {}, "guesses": 2,
    ...         "unique": False})
    'guessing  rung 5  not unique  2 guesses'
    >>> _plain({"status": "solved", "level": "guessing", "rung": 5, "counts": {"aic": 2},
    ...         "guesses": 2, "unique": True, "tier": 8, "tier_name": "chains", "se": 7.1})
    'chains    tier 8  aic 2  SE 7.1'
    """
    if rec["status"] != "solved":
        return str(rec["status"])
    beyond = rec["rung"] == 5 and rec.get("tier_name") not in (None, "guessing")
    if beyond:  # set logic does not solve it, a tier beyond does: no guessing
        text = f"{rec['tier_name']:<8}  tier {rec['tier']}"
    else:
        text = f"{rec['level']:<8}  rung {rec['rung']}"
    if not rec["unique"]:
        text += "  not unique"
    if rec["rung"] == 5 and not beyond:
        text += f"  {rec['guesses']} {'guess' if rec['guesses'] == 1 else 'guesses'}"
    counts = rec["counts"]
    used = [f"{name} {k}" for name, k in counts.items() if name not in _SINGLES]
    used += [f"{name} {counts[name]}" for name in _SINGLES if name in counts]
    if used:
        text += "  " + ", ".join(used)
    return text + (f"  SE {rec['se']}" if rec.get("se") is not None else "")


_SINGLES = ("elimination", "lone-cell", "lone-ranger")


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle of the input; return 2 when any could not be read, else 0."""
    from ..api._batch import solve_entries  # lazy: start-up

    jobs = jobs_of(args)
    bar = None
    if args.file is not None and wants_progress(sys.stderr, args.json, args.progress):
        bar = Progress(sys.stderr, count_puzzle_lines(args.file))
    status = 0
    out = sys.stdout
    rater = Rater()
    try:
        for outcome in solve_entries(read_entries(args), rater, jobs=jobs, factory=Rater):
            entry, result = outcome.entry, outcome.result
            if bar is not None:
                bar.tick()
            rec: dict[str, Any] = {"index": entry.index, "line": entry.line}
            rating = result.extra.get("rating")
            if rating is None:
                if entry.error is not None:
                    report_error(entry.error)
                    status = 2
                else:  # a worker died on its chunk
                    print(f"satdoku: puzzle {entry.index}: {result.error}", file=sys.stderr)
                rec.update(status="invalid", level=None, rung=None, counts={}, guesses=0)
                rec.update(tier=None, tier_name=None, se=None, hardest=None)
                rec["error"] = result.error
            else:
                rec["status"] = result.status.value
                rec.update(rating)
            out.write((json.dumps(rec) if args.json else _plain(rec)) + "\n")
    finally:
        if bar is not None:
            bar.close()
    return status
