"""Regenerate ``converted.tsv``: published puzzles of this repository's test data as f-puzzles
compressed texts, written by satdoku's own encoder.

Usage: python make.py   (from this folder, with satdoku installed)

Each line is ``TEXT<TAB>solution<TAB>origin``: the f-puzzles text (``N4Ig...``), the published
solution of the puzzle (row-major digits), and where the puzzle comes from
(``tatham/solo.tsv``: Solo boxes, X, jigsaw and killer; ``tatham/unequal.tsv``: Adjacent mode,
whose marks and their absence are f-puzzles' white dots and ``negative: ["difference"]``;
``killer_texts/arrows.tsv``: published 9x9 killers). The first few IDs of each kind are taken.
"""

from __future__ import annotations

from pathlib import Path

from satdoku.io.fpuzzles import format_fpuzzles
from satdoku.io.killer_text import parse_killer
from satdoku.io.tatham import parse_game_id

HERE = Path(__file__).resolve().parent
DATA = HERE.parent
SOLO_KINDS = ("3x3", "2x3", "3x2", "3x3x", "3x3k", "6j", "9j", "9jx", "9jk", "2x2x")


def rows(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text().splitlines()]


def main() -> None:
    lines = []
    seen: set[str] = set()
    for game_id, solution, _params in rows(DATA / "tatham" / "solo.tsv"):
        kind = game_id.split(":")[0]
        if kind in SOLO_KINDS and kind not in seen:
            seen.add(kind)
            text = format_fpuzzles(parse_game_id(game_id, "solo"))
            lines.append(f"{text}\t{solution}\ttatham/solo.tsv {game_id.split(':')[0]}")
    for game_id, solution, params in rows(DATA / "tatham" / "unequal.tsv"):
        size = params.split("d")[0]
        if size in ("4a", "6a", "9a") and size not in seen:
            seen.add(size)
            text = format_fpuzzles(parse_game_id(game_id, "unequal"))
            lines.append(f"{text}\t{solution}\ttatham/unequal.tsv {params}")
    for killer, solution in rows(DATA / "killer_texts" / "arrows.tsv")[:2]:
        text = format_fpuzzles(parse_killer(killer))
        lines.append(f"{text}\t{solution}\tkiller_texts/arrows.tsv")
    (HERE / "converted.tsv").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
