"""Examples of the variant rule kinds on a 4x4 grid with 2x2 boxes, one or more of each: shared
by the variant file's and f-puzzles' tests."""

from __future__ import annotations

from typing import Any

from satdoku.core.constraints import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    Clone,
    Distinct,
    EntropicLine,
    Kropki,
    KropkiNegative,
    LittleKiller,
    ModularLine,
    NonConsecutive,
    Palindrome,
    Parity,
    Quadruple,
    RegionSumLine,
    Renban,
    Sandwich,
    Side,
    Thermometer,
    Whisper,
    XSum,
    XVNegative,
    ZipperLine,
    extrema,
)

__all__ = ["VARIANT_PUZZLES"]

_DOTS = (Kropki(0, 1, True), Kropki(4, 8, True, 3), Kropki(2, 3, False, 2))
_MARKS = (XV(0, 4, 10), XV(1, 5, 5))

VARIANT_PUZZLES: list[tuple[Any, ...]] = [
    (Distinct((0, 5, 10)), Distinct((3, 6, 9, 12), "rising diagonal")),
    (Distinct((0, 5, 10, 15), "falling diagonal"),),
    (AntiKnight(),),
    (AntiKing(),),
    (NonConsecutive(),),
    (Parity(0, True), Parity(1, False)),
    (*extrema((5, 6), True, 4), *extrema((15,), False, 4)),
    _DOTS,
    (Kropki(0, 1, True), Kropki(2, 3, False, 2), KropkiNegative(True, ((0, 1), (2, 3)))),
    (Kropki(0, 1, True), KropkiNegative(False, ((0, 1),))),
    _MARKS,
    (*_MARKS, XVNegative((5, 10), ((0, 4), (1, 5)))),
    (Thermometer((0, 1, 2)), Thermometer((4, 5, 6), True)),
    (Arrow((0,), ((1, 2),)), Arrow((4, 5), ((9, 13), (6, 7)))),
    (Whisper((0, 1), 2), Whisper((4, 5, 6), 3)),
    (Renban((0, 1, 2)), Palindrome((4, 5, 6))),
    (BetweenLine((0, 1, 2)),),
    (EntropicLine((4, 5, 6)),),  # f-puzzles states it on sides 3, 6, 9... only
    (ModularLine((0, 1, 2)), ZipperLine((4, 5, 6))),
    (RegionSumLine((1, 2)),),
    (LittleKiller(-1, 0, (1, 1), 10), LittleKiller(4, 2, (-1, 1), 3)),
    (Sandwich(Side.LEFT, 0, 5), Sandwich(Side.BOTTOM, 3, 0), XSum(Side.TOP, 1, 6)),
    (Quadruple(0, (1, 2)), Clone((0, 1), (10, 11))),
]
"""Puzzles' rules (4x4, 2x2 boxes) f-puzzles states: every variant kind, each one or more times."""
