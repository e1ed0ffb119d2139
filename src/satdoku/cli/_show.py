"""``satdoku show``: draw puzzles as boards, in the terminal or as SVG for slides and handouts."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..io._alphabet import Alphabet
from ..io._grid import format_pretty
from ..io.fpuzzles import format_fpuzzles
from ..io.killer_text import FORMS as KILLER_FORMS
from ..io.killer_text import format_killer
from ..io.sudokupad import format_sudokupad
from ..io.tatham import GAMES, format_game_id, game_id_of
from ..rules._state import State
from ._common import add_input_options, alphabet_of, read_entries, report_error, shape_options
from ._help_format import HelpFormat
from ._solve_output import read_with, shape_header

__all__ = ["NAME", "register", "run"]

NAME = "show"

EPILOG = """examples:
  satdoku show puzzle.txt                       # a board with box borders
  satdoku show puzzle.txt --svg board.svg       # an SVG picture with pencil marks
  satdoku show puzzle.txt --solve --svg s.svg   # the solution, givens in bold
  satdoku show keen.txt                         # a Keen ID: the ID, then its board as comments
  satdoku show puzzle.txt --format solo         # the puzzles as Simon Tatham's game IDs
  satdoku show killer.txt --format arrows       # a killer as the forum's 81-character text
  satdoku show puzzle.txt --format fpuzzles-link  # a link f-puzzles and SudokuPad open
  satdoku show killer.txt --format sudokupad    # a SudokuPad link (scl) of a killer
  satdoku show puzzle.txt --format variant      # satdoku's variant file (JSON), one a line
"""


def _variant_text(puzzle: Puzzle) -> str:
    """Write a puzzle as satdoku's variant file (loaded on use: it knows every rule kind)."""
    from ..io.variant_file import format_variant  # lazy: start-up

    return format_variant(puzzle)


_WRITERS = {
    "fpuzzles": format_fpuzzles,
    "fpuzzles-link": lambda puzzle: format_fpuzzles(puzzle, link=True),
    "sudokupad": format_sudokupad,
    "variant": _variant_text,
}
"""Writers of the formats that state any puzzle's shape and rules (beside games and killers)."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``show`` command."""
    parser = sub.add_parser(
        NAME,
        help="draw puzzles as boards (terminal or SVG)",
        description="Draw each puzzle of FILE as a board: on the terminal, or as an SVG file "
        "with box borders and pencil marks (the candidates left by rule 1 from the givens).",
        epilog=EPILOG,
        formatter_class=HelpFormat,
    )
    add_input_options(parser)
    parser.add_argument(
        "--svg", metavar="OUT", help="write an SVG file (OUT-2.svg, OUT-3.svg ... for more puzzles)"
    )
    parser.add_argument("--solve", action="store_true", help="draw the solution instead")
    parser.add_argument(
        "--format",
        choices=["pretty", *GAMES, *KILLER_FORMS, *_WRITERS],
        default="pretty",
        help="a board (default), each puzzle as a game ID of Simon Tatham's collection "
        "(keen, towers, unequal, solo), a killer as the forum's 81-character arrow text "
        "(arrows) or SudoCue's (sudocue), f-puzzles' compressed text (fpuzzles) or link "
        "(fpuzzles-link), a SudokuPad link (sudokupad: givens, regions, killer cages), or "
        "satdoku's variant file (variant); every command reads them back",
    )
    parser.add_argument(
        "--no-candidates", action="store_true", help="leave pencil marks out of the SVG"
    )
    parser.set_defaults(run=run)


def _target(base: str, index: int) -> Path:
    path = Path(base)
    if index == 0:
        return path
    return path.with_name(f"{path.stem}-{index + 1}{path.suffix or '.svg'}")


def run(args: argparse.Namespace) -> int:
    """Draw every puzzle; exit 2 when any could not be read."""
    from ..backends._sat import SatBackend  # lazy: start-up
    from ..views._svg import board_svg, pencil_marks  # lazy: start-up

    alphabet = alphabet_of(args)
    status, header_due = 0, True
    with SatBackend() as backend:
        for entry in read_entries(args):
            if entry.puzzle is None:
                assert entry.error is not None
                report_error(entry.error)
                status = 2
                continue
            puzzle = entry.puzzle
            cells = puzzle.cells
            written = read_with(entry, alphabet)  # a shape line may name the puzzle's symbols
            if args.solve:
                solution = backend.solve(puzzle).solution
                if solution is None:
                    print(f"puzzle {entry.index + 1} (line {entry.line}) has no solution")
                    continue
                cells = solution
            if args.svg:
                candidates = None if args.no_candidates or args.solve else pencil_marks(puzzle)
                svg = board_svg(
                    cells,
                    puzzle.shape,
                    givens=puzzle.cells,
                    candidates=candidates,
                    alphabet=written,
                    title=f"satdoku: {puzzle.shape.describe()}",
                    constraints=puzzle.constraints,
                )
                target = _target(args.svg, entry.index)
                try:
                    target.write_text(svg, encoding="utf-8")
                except OSError as err:
                    raise InputError(f"cannot write: {err.strerror}", source=str(target)) from None
                print(f"wrote {target}")
            elif args.format != "pretty":
                print(_written(puzzle.with_cells(cells), args.format))
            elif puzzle.constraints:  # its ID reads back as the puzzle; the board, as comments
                if entry.index:
                    print()
                print(_rules_board(puzzle, cells, written))
            else:
                if entry.index:
                    print()
                if header_due:  # boards read back as the same puzzles, whatever their shape
                    header_due = False
                    header = shape_header(entry, shape_options(args), alphabet)
                    if header is not None:
                        print(header)
                print(format_pretty(cells, puzzle.shape, written))
    return status


def _rules_board(puzzle: Puzzle, cells: Sequence[int], alphabet: Alphabet) -> str:
    """Return a puzzle with rules beyond houses as its game ID, then its board as comments."""
    from ..views._plain_board import format_board  # lazy: start-up

    state = State(puzzle.n, tuple(_claim_values(cells, puzzle.n)))
    board = format_board(
        state, puzzle.shape, alphabet, puzzle.cells, labels=True, constraints=puzzle.constraints
    )
    game_id = game_id_of(puzzle)
    lines = [_variant_text(puzzle) if game_id is None else game_id]
    return "\n".join(lines + ["# " + line for line in board.splitlines()])


def _claim_values(cells: Sequence[int], n: int) -> list[int]:
    """Return every claim's value for a grid: its digits true, the others of a set cell false."""
    values = [0] * (n**3 + 1)
    for cell, digit in enumerate(cells):
        if digit:
            for d in range(1, n + 1):
                values[cell * n + d] = 1 if d == digit else -1
    return values


def _written(puzzle: Puzzle, form: str) -> str:
    """Return a puzzle as a game ID, a killer text, f-puzzles' text or a variant file."""
    if form in _WRITERS:
        return _WRITERS[form](puzzle)
    if form in KILLER_FORMS:
        return format_killer(puzzle, form)
    return format_game_id(puzzle, form)
