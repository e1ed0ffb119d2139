"""The share of Simon Tatham's generated puzzles each rung of the stepper over literals solves.

For each game and level, ``/usr/games/sgt-<game> --generate N <params>`` makes N game IDs; each is
read by :func:`satdoku.io.tatham.parse_game_id` and rated by
:func:`satdoku.api._constraint_steps.rate_constrained`: rules 1 and 2 alone, set logic (k <= 2),
or guessing. The table gives each rung's share, how many are unique, and milliseconds per rating.

Usage: ``python benchmarks/tatham_rungs.py [--count N] [--size K]``; without /usr/games (or the
Tatham reader) it says so and exits.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from collections import Counter

GAMES = (
    ("keen", "Easy", "de"),
    ("keen", "Normal", "dn"),
    ("keen", "Hard", "dh"),
    ("unequal", "Trivial", "dt"),
    ("unequal", "Easy", "de"),
    ("unequal", "Tricky", "dk"),
    ("unequal adjacent", "Trivial", "adt"),
    ("unequal adjacent", "Easy", "ade"),
    ("unequal adjacent", "Tricky", "adk"),
    ("towers", "Easy", "de"),
    ("towers", "Hard", "dh"),
)
RUNGS = ("rules 1-2", "set logic", "guessing")


def game_ids(game: str, params: str, count: int) -> list[str]:
    """Return ``count`` game IDs that Tatham's generator makes for some parameters."""
    program = f"/usr/games/sgt-{game.split()[0]}"
    made = subprocess.run(
        [program, "--generate", str(count), params],
        capture_output=True,
        text=True,
        check=True,
    )
    return [line.strip() for line in made.stdout.splitlines() if ":" in line]


def main() -> int:
    """Print the table of rungs per game and level."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="game IDs per game and level")
    parser.add_argument("--size", type=int, default=6, help="side of the grids")
    args = parser.parse_args()
    if shutil.which("/usr/games/sgt-keen") is None:
        print("skipped: /usr/games/sgt-keen is absent (apt-get install sgt-puzzles)")
        return 0
    try:
        from satdoku.io.tatham import parse_game_id
    except ImportError:
        print("skipped: satdoku.io.tatham (the Tatham game ID reader) is not installed")
        return 0
    from satdoku.api._constraint_steps import rate_constrained

    print(f"| game | level | n | IDs | {' | '.join(RUNGS)} | unique | ms/rating |")
    print("|---|---|---|---|" + "---|" * len(RUNGS) + "---|---|")
    for game, level, difficulty in GAMES:
        ids = game_ids(game, f"{args.size}{difficulty}", args.count)
        rungs: Counter[str] = Counter()
        unique = 0
        start = time.process_time()
        for game_id in ids:
            rating = rate_constrained(parse_game_id(game_id, game.split()[0]))
            rungs[rating.rung.value] += 1
            unique += rating.unique
        ms = 1000 * (time.process_time() - start) / max(1, len(ids))
        shares = " | ".join(f"{100 * rungs[r] / max(1, len(ids)):.0f} %" for r in RUNGS)
        print(f"| {game} | {level} | {args.size} | {len(ids)} | {shares} | {unique} | {ms:.1f} |")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
