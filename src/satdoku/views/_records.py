"""JSON records of results (the exact contract of ``solve --json``), one object per puzzle."""

from __future__ import annotations

from typing import Any

from ..core._claims import Claim
from ..core._results import Result, Status
from ..io._alphabet import Alphabet
from ..io._line import format_line
from ..io.tatham import game_id_of

__all__ = ["claim_label", "record"]


def record(
    index: int, result: Result, alphabet: Alphabet = Alphabet(), line: int | None = None
) -> dict[str, Any]:
    """Return the JSON record of one puzzle's result: index, status, solution or error.

    >>> record(0, Result(Status.SOLVED, (1, 2, 2, 1)))
    {'index': 0, 'status': 'solved', 'solution': '1221'}
    >>> record(3, Result(Status.INVALID, error="x"), line=5)
    {'index': 3, 'status': 'invalid', 'error': 'x', 'line': 5}

    A puzzle with rules of one of Simon Tatham's games has its game ID:

    >>> from satdoku.io.tatham import parse_game_id
    >>> keen = parse_game_id("keen:3:a3_ac,a3m6a9")
    >>> record(0, Result(Status.UNSOLVABLE, puzzle=keen))["id"]
    'keen:3:a3_ac,a3m6a9'

    With a predicate, how many solutions it rejected and the claims its reasons blocked:

    >>> from satdoku.core._reasons import Reject
    >>> blocked = (Reject((Claim(0, 0, 1),), (Claim(1, 1, 2),)),)
    >>> record(0, Result(Status.UNSOLVABLE, rejected=3, blocked=blocked))
    {'index': 0, 'status': 'unsolvable', 'rejected': 3, 'blocked': [['r1c1=1', 'r2c2!=2']]}
    """
    rec: dict[str, Any] = {"index": index, "status": result.status.value}
    if result.status is Status.SOLVED and result.solution is not None:
        rec["solution"] = format_line(result.solution, alphabet)
    if result.error is not None:
        rec["error"] = result.error
    if line is not None:
        rec["line"] = line
    rec.update(result.extra)
    puzzle = result.puzzle
    game_id = game_id_of(puzzle) if puzzle is not None and puzzle.constraints else None
    if game_id is not None:
        rec["id"] = game_id  # the puzzle as its game writes it (Tatham's IDs)
    if result.rejected is not None:  # a predicate's work; its reasons in the puzzle's symbols
        rec["rejected"] = result.rejected
        rec["blocked"] = [
            [claim_label(c, alphabet) for c in reason.claims]
            + [claim_label(c, alphabet, "!=") for c in reason.absent]
            for reason in result.blocked
        ]
    return rec


def claim_label(claim: Claim, alphabet: Alphabet = Alphabet(), relation: str = "=") -> str:
    """Name a claim in r1c1 notation with the digit in the puzzle's symbols ('!=': its absence).

    >>> claim_label(Claim(0, 1, 10)), claim_label(Claim(2, 3, 1), Alphabet("ABCD"), "!=")
    ('r1c2=A', 'r3c4!=A')
    """
    return f"r{claim.row + 1}c{claim.col + 1}{relation}{alphabet.symbol(claim.digit)}"
