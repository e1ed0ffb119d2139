"""``satdoku hint``: the next deduction for a player's grid, or the player's mistake first.

JSON record (one object): ``"status"`` (``step``, ``mistake``, ``unsolvable``, ``solved``,
``stuck``), ``"level"``, ``"text"``; a step adds ``"technique"``, ``"rung"`` (the rating's) and
``"stage"`` (0 elimination, 1 lone cell, 2 lone ranger, 3-6 set logic of size 1-4), from level 2
``"axiom"`` (rules 1 and 2) or ``"bases"``, ``"covers"`` and ``"digits"`` (set logic), and at
level 3 ``"step"``, the step's record as ``satdoku step --json`` writes it, and ``"blockers"``:
per premise of the step (a claim already false), ``{"premise": [row, col, digit], "by": [row,
col, digit] | null, "house": name | null}``, the true claim that excludes it. A mistake adds
``"count"``, from level 2 ``"cells"`` (``[row, col]``, 0-based), at level 3 ``"mistakes"``
(``{"claim": [row, col, digit], "kind": "filled" | "given" | "removed", "solution": digit}``).
A grid with no solution adds ``"cells"`` from level 2 and ``"conflict"`` (claims) at level 3.
A step beyond set logic (stage 7-12, rung 5) has the fields of
:func:`satdoku.views._technique_record.technique_record` in place of the axiom, step and blockers.
On a puzzle with rules beyond houses a step has the fields of
:func:`satdoku.views._hint_rule_records.rule_hint_fields`; a mistake whose entries break a rule
adds ``"conflict"`` and ``"rules"`` (titles) at level 3, a grid with no solution ``"rules"``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..api._hint_levels import LEVELS
from ..batch._option_types import MAX_COUNT, whole_number
from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ._common import EXAMPLE, add_input_options, alphabet_of, read_entries, report_error
from ._help_format import HelpFormat

if TYPE_CHECKING:
    from ..api._hint import Hint

__all__ = ["NAME", "register", "run", "hint_record"]

NAME = "hint"

EPILOG = """examples:
  satdoku hint --example                    # the next deduction in the bundled example
  satdoku hint grid.txt --level 1           # only the technique's name
  satdoku hint grid.txt --level 2           # also the house or axiom to look at
  satdoku hint grid.txt --marks pm.txt      # with the pencil marks (HoDoKu / SudokuWiki form)
  satdoku hint grid.txt --original puzzle.txt   # tell the player's entries from the givens
  satdoku hint grid.txt --json              # the hint as one JSON record
  satdoku hint grid.txt --svg hint.svg      # also draw it: the pattern coloured, premises struck
  satdoku hint grid.txt --html hint.html    # the same drawing with its words, as a page

The ladder, weakest first: elimination (rule 1), lone cell and lone ranger (rule 2), then
set logic of size 1 (locked candidates), 2 (pairs, X-wing), 3 (triples, swordfish), 4 (quads,
jellyfish), then wings, one-digit chains and colouring, X-/XY-chains and AICs, unique rectangles
and BUG+1 (only in a puzzle known to have one solution), forcing and nested forcing chains,
each named with its SE value; a guess only when none applies. A mistake (a filled cell or a
crossed-out candidate that contradicts the solution) is reported before anything else.
Pencil marks: one token of candidates per cell in reading order (e.g. 1679), frames and box
lines ignored; '.' is a cell without marks.

On a puzzle with rules beyond houses (cages, lines, dots, outside clues) the hint is the next
step of rules 1 and 2 over the houses and the rules (then set logic of size 1 and 2), citing
the rule by its title: without marks the next placement, with the eliminations that lead to
it; when nothing makes progress the hint says the next step is a guess.
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``hint`` command."""
    parser = sub.add_parser(
        NAME,
        help="give a player the next deduction (or their mistake), at level 1, 2 or 3",
        description="Read a partly filled grid (and optionally the player's pencil marks) and "
        "say the next deduction with the weakest technique that makes progress: level 1 names "
        "the technique, 2 also the house or axiom, 3 the claims and why. A mistake comes first.",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    group = parser.add_argument_group("hinting")
    group.add_argument(
        "--level",
        type=int,
        choices=LEVELS,
        default=3,
        help="how much to say: 1 the technique, 2 also where, 3 the claims and why, or a "
        "chain's premises (default)",
    )
    group.add_argument(
        "--marks",
        metavar="MARKS",
        help="the player's pencil marks: one token of candidates per cell (HoDoKu's PM grid, "
        "SudokuWiki's candidates)",
    )
    group.add_argument(
        "--original",
        metavar="PUZZLE",
        help="the puzzle as first set (read like FILE): its solution judges the entries",
    )
    group.add_argument(
        "--index",
        type=whole_number(MAX_COUNT),
        default=1,
        metavar="K",
        help="hint for the K-th puzzle of FILE (1-based, default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print the hint as one JSON record")
    drawing = parser.add_argument_group("drawing (the hint is printed as well)")
    drawing.add_argument(
        "--svg",
        metavar="FILE",
        help="draw the hint as SVG: the grid with its house, target, blockers and struck premises",
    )
    drawing.add_argument(
        "--html", metavar="FILE", help="write a page with the hint's words over its drawing"
    )
    parser.set_defaults(run=run)


def _nth(args: argparse.Namespace, index: int) -> Puzzle | None:
    """Return the index-th puzzle of the input the arguments name (None: reported as unreadable)."""
    if index < 1:
        raise InputError(f"--index must be 1 or more, got {index}")
    for count, entry in enumerate(read_entries(args), 1):
        if count == index:
            if entry.puzzle is None:
                assert entry.error is not None
                report_error(entry.error)
                return None
            return entry.puzzle
    raise InputError(f"there is no puzzle number {index} (--index)", source=args.file or EXAMPLE)


def run(args: argparse.Namespace) -> int:
    """Say the hint for one grid of the input; return 2 when an input cannot be read, else 0."""
    from ..api._hint import hint  # lazy: start-up (the techniques)
    from ..api._marks import parse_marks  # lazy: start-up
    from ..views._hint_drawing import hint_page, hint_svg  # lazy: start-up
    from ..views._hint_sentences import hint_text  # lazy: start-up

    alphabet = alphabet_of(args)
    grid = _nth(args, args.index)
    if grid is None:
        return 2
    original = None
    if args.original is not None:
        original = _nth(argparse.Namespace(**{**vars(args), "file": args.original}), 1)
        if original is None:
            return 2
    marks = None
    if args.marks is not None:
        try:
            text = Path(args.marks).read_text(encoding="utf-8-sig")
        except OSError as err:
            raise InputError(f"cannot open: {err.strerror}", source=args.marks) from None
        except UnicodeDecodeError:
            raise InputError("not UTF-8 text", source=args.marks) from None
        try:
            marks = parse_marks(text, grid.shape, alphabet)
        except InputError as err:
            raise InputError(str(err), source=args.marks) from None
    found = hint(grid, marks, level=args.level, original=original, alphabet=alphabet)
    for target, draw in ((args.svg, hint_svg), (args.html, hint_page)):
        if target is not None:
            try:
                Path(target).write_text(draw(found), encoding="utf-8")
            except OSError as err:
                raise InputError(f"cannot write: {err.strerror}", source=target) from None
    if args.json:
        sys.stdout.write(json.dumps(hint_record(found)) + "\n")
    else:
        sys.stdout.write(hint_text(found) + "\n")
    return 0


def hint_record(found: Hint) -> dict[str, Any]:
    """Return the JSON record of a hint at its level (see the module's docstring).

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
    >>> rec = hint_record(hint(parse_line("1.3..4..2...4..1"), level=2))
    >>> rec["status"], rec["technique"], rec["rung"], rec["axiom"], "step" in rec
    ('step', 'lone-cell', 0, 'cell r1c2 holds exactly one digit', False)
    """
    from ..api._hint import HintStatus  # lazy: start-up (the techniques)
    from ..views._hint_rule_records import blocker_records, rule_hint_fields  # lazy: start-up
    from ..views._hint_rule_sentences import contradiction_claims, rule_titles  # lazy: start-up
    from ..views._hint_sentences import hint_text  # lazy: start-up
    from ..views._sentences import axiom_name  # lazy: start-up
    from ..views._technique_record import technique_record  # lazy: start-up
    from ..views._trace_json import step_record  # lazy: start-up

    level, alphabet = found.level, found.alphabet
    shape = found.puzzle.shape
    rec: dict[str, Any] = {"status": found.status.value, "level": level, "text": hint_text(found)}
    step = found.step
    if found.status is HintStatus.STEP and found.deduction is not None:
        rec.update(rule_hint_fields(found))
    elif found.status is HintStatus.STEP and found.advanced is not None:
        rec.update(technique_record(found.advanced, shape.n, level, alphabet))
        rec.update(rung=found.rung, stage=found.stage)
    elif found.status is HintStatus.STEP:
        assert step is not None and found.technique is not None
        rec.update(technique=found.technique.value, rung=found.rung, stage=found.stage)
        if level >= 2:
            if step.sets is None:
                assert step.axiom is not None
                rec["axiom"] = axiom_name(step.axiom, alphabet)
            else:
                rec["bases"] = list(step.sets.base_labels)
                rec["covers"] = list(step.sets.cover_labels)
                rec["digits"] = list(step.sets.digits)
        if level == 3:
            rec["step"] = step_record(step, shape, alphabet)
            rec["blockers"] = blocker_records(found.blockers)
    elif found.status is HintStatus.MISTAKE:
        rec["count"] = len(found.mistakes)
        if level >= 2:
            rec["cells"] = [[m.claim.row, m.claim.col] for m in found.mistakes]
        if level == 3:
            rec["mistakes"] = [
                {"claim": list(m.claim), "kind": m.kind, "solution": m.solution}
                for m in found.mistakes
            ]
            if found.rules:
                rec.update(conflict=[list(c) for c in found.conflict], rules=rule_titles(found))
    elif found.status is HintStatus.UNSOLVABLE:
        claims = list(found.conflict) or (list(step.reasons) if step is not None else [])
        claims = claims or contradiction_claims(found)
        if level >= 2:
            rec["cells"] = [list(c) for c in dict.fromkeys((c.row, c.col) for c in claims)]
            if found.rules:
                rec["rules"] = rule_titles(found)
        if level == 3:
            rec["conflict"] = [list(c) for c in claims]
    return rec
