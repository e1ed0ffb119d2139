"""``satdoku check``: tell whether filled grids satisfy every axiom, naming each one broken.

JSON records (exact contract): ``{"index": i, "valid": bool, "broken": [...]}`` per grid, plus
``"status"`` (``checked``; ``invalid`` with ``"error"`` for a grid that could not be read) and
``"line"`` (the grid's first line in the file), as the records of solve and count have them.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ._common import add_input_options, read_entries, report_error
from ._help_format import HelpFormat
from ._puzzle_option import add_puzzle_option, puzzle_of_option

__all__ = ["NAME", "register", "run"]

NAME = "check"

EPILOG = """examples:
  satdoku check solution.txt          # 'valid', or 'invalid' and the axioms broken
  satdoku check grids.txt --json      # one JSON record per grid
  satdoku check answer.txt --puzzle 'keen:3:a3_ac,a3m6a9'
                                      # a solution of that puzzle? (cages, givens, houses)

exit status: 0 when every grid is valid, 1 when any is invalid (like cmp and diff),
2 when any could not be read.
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``check`` command."""
    parser = sub.add_parser(
        NAME,
        help="check filled grids against every axiom",
        description="Check that each grid of FILE is complete and satisfies every axiom; "
        "name each axiom a grid breaks.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser, file_required=True)
    add_puzzle_option(
        parser.add_argument_group("the puzzle solved"),
        "check each grid as a solution of this puzzle: its houses, givens and rules (cages, "
        "signs, outside clues)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON record per grid")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check every grid; exit 0 when all are valid, 1 when any is invalid, 2 when unreadable."""
    unreadable = invalid = False
    puzzle = puzzle_of_option(args)
    for entry in read_entries(args):
        if entry.puzzle is None:
            assert entry.error is not None
            report_error(entry.error)
            unreadable = True
            rec = {
                "index": entry.index,
                "status": "invalid",
                "valid": False,
                "error": entry.error.located(),
            }
            if entry.line is not None:
                rec["line"] = entry.line
            print(json.dumps(rec) if args.json else "unreadable")
            continue
        broken = _broken(entry.puzzle, puzzle)
        invalid = invalid or bool(broken)
        if args.json:
            rec = {"index": entry.index, "valid": not broken, "broken": broken, "status": "checked"}
            if entry.line is not None:
                rec["line"] = entry.line
            print(json.dumps(rec))
        elif not broken:
            print("valid")
        else:
            print(f"invalid: breaks {len(broken)} axiom{'s' if len(broken) > 1 else ''}")
            for sentence in broken:
                print(f"  {sentence}")
    sys.stdout.flush()
    return 2 if unreadable else 1 if invalid else 0


def _broken(grid: Puzzle, puzzle: Puzzle | None) -> list[str]:
    """Return what the grid breaks: its own shape's axioms and rules, or those of ``puzzle``."""
    from ..core._rule_check import broken_rules  # lazy: start-up (every rule's axioms)

    if puzzle is None:
        return broken_rules(grid.cells, grid)  # a game ID's cages, signs, clues: checked too
    if grid.n != puzzle.n:
        raise InputError(
            f"a {grid.n}x{grid.n} grid cannot solve the {puzzle.n}x{puzzle.n} --puzzle"
        )
    return broken_rules(grid.cells, puzzle)
