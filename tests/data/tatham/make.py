"""Regenerate the game IDs of this folder with Debian's sgt-puzzles and Tatham's own solvers.

Usage: python make.py SOLVER_DIR [GAME ...]

SOLVER_DIR holds ``keensolver``, ``towerssolver``, ``unequalsolver`` and ``solosolver``, built
from the Portable Puzzle Collection's sources with ``-DSTANDALONE_SOLVER``. Each line written is
``ID<TAB>solution<TAB>params``: the game ID as ``/usr/games/sgt-GAME --generate`` prints it, the
solution Tatham's solver prints for it as row-major symbols (1-9, then A, B, C for 10, 11, 12),
and the parameters the ID was generated with.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVW"

KEEN = [f"{w}d{d}{m}" for w in range(3, 10) for d in "enhxu" for m in ("", "m")]
TOWERS = [f"{w}d{d}" for w in range(3, 10) for d in "ehxu"]
UNEQUAL = [
    f"{w}{a}d{d}"
    for w in range(3, 10)
    for a in ("", "a")
    for d in "tekxr"
    if not (a and w < 5 and d in "kxr")  # the game refuses these
]
SOLO = (
    [f"{box}d{d}" for box in ("2x2", "2x3", "3x2", "3x3", "3x4", "4x3") for d in "tbiaeu"]
    + [f"{box}xd{d}" for box in ("2x2", "2x3", "3x2", "3x3") for d in "tbiaeu"]
    + [f"{w}jd{d}" for w in range(4, 10) for d in "tbiaeu" if w > 4 or d in "tb"]  # 4j: no more
    + [f"{box}kd{d}" for box in ("2x2", "2x3", "3x2", "3x3") for d in "tbiaeu"]
    + [f"{p}d{d}" for p in ("9jx", "6jx", "3x3xk", "9jk", "9jxk", "6jk") for d in "tiu"]
)
PLANS = {"keen": (KEEN, 2), "towers": (TOWERS, 5), "unequal": (UNEQUAL, 2), "solo": (SOLO, 1)}


def generate(game: str, params: str, count: int) -> list[str]:
    """Return ``count`` IDs of the game's generator (none when it refuses or takes too long)."""
    command = [f"/usr/games/sgt-{game}", "--generate", str(count), params]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return []
    return done.stdout.split() if done.returncode == 0 else []


def solution_rows(game: str, text: str, n: int) -> list[list[str]]:
    """Return the rows of symbols of a solver's printed solution grid."""
    if game == "towers":  # clue line, blank line, the rows (a clue either side), blank, clues
        return [list(line[3 : 3 + 2 * n - 1 : 2]) for line in text.splitlines()[2 : 2 + n]]
    lines = [line for line in text.splitlines() if line.strip()]
    if game == "unequal":  # signs between the cells: a symbol every second column
        cells = [line[0 : 2 * n - 1 : 2] for line in lines]
        return [list(row) for row in cells if len(row) == n and row.isdigit()][-n:]
    rows = [[t for t in line.replace("|", " ").split() if t.isalnum()] for line in lines]
    return [row for row in rows if len(row) == n][-n:]


def solve(solvers: Path, game: str, game_id: str) -> str | None:
    """Return the solution of a game ID as row-major symbols, by Tatham's solver."""
    done = subprocess.run([str(solvers / f"{game}solver"), game_id], capture_output=True, text=True)
    if done.returncode:  # the solver's copy is older than the generator: a few IDs crash it
        return None
    params = game_id.split(":")[0]
    if game == "solo":
        head = params.rstrip("jxk").split("x")
        n = int(head[0]) * (int(head[1]) if len(head) > 1 else 1)
    else:
        n = int(params.rstrip("a"))
    rows = solution_rows(game, done.stdout, n)
    if len(rows) != n or any(len(row) != n for row in rows):
        raise SystemExit(f"cannot read {game}solver's answer to {game_id}:\n{done.stdout}")
    return "".join(SYMBOLS[int(s, 36) - 1] for row in rows for s in row)


def main() -> None:
    """Write GAME.tsv for each game asked (all four by default)."""
    solvers = Path(sys.argv[1])
    here = Path(__file__).parent
    for game in sys.argv[2:] or list(PLANS):
        plan, count = PLANS[game]
        lines = []
        for params in plan:
            for game_id in generate(game, params, count):
                if (solution := solve(solvers, game, game_id)) is not None:
                    lines.append(f"{game_id}\t{solution}\t{params}\n")
            print(game, params, len(lines), file=sys.stderr)
        (here / f"{game}.tsv").write_text("".join(lines))


if __name__ == "__main__":
    main()
