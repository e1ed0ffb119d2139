"""Constraints: rules beyond houses (cages, signs between cells, lines, clues outside the grid).

Each kind is a frozen value with its own independent checker (:meth:`broken`), which reads the
grid directly and shares no code with the axioms that encode the rule.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_names
from ._cage import ArithmeticCage, KillerCage, Operation
from ._cell_names import cell_digit, cell_list, cell_name
from ._kinds import Constraint, broken_constraints
from ._pairs import Comparison, Consecutive
from ._roles import CELLS, holds_cells
from ._skyscraper import Side, Skyscraper

if TYPE_CHECKING:  # the variant kinds, loaded on first use (see _LAZY)
    from ._cell_rules import Extremum, Parity, extrema
    from ._dots import XV, Kropki, KropkiNegative, XVNegative
    from ._groups import Arrow, Clone, Quadruple, circle_value
    from ._lines import (
        BetweenLine,
        EntropicLine,
        ModularLine,
        Palindrome,
        RegionSumLine,
        Renban,
        Thermometer,
        Whisper,
        ZipperLine,
        line_name,
    )
    from ._neighbours import AntiKing, AntiKnight, NonConsecutive
    from ._outside_sums import LittleKiller, Sandwich, XSum
    from ._regions import Distinct

_LAZY = {
    **dict.fromkeys(("Extremum", "Parity", "extrema"), "_cell_rules"),
    **dict.fromkeys(("XV", "Kropki", "KropkiNegative", "XVNegative"), "_dots"),
    **dict.fromkeys(("Arrow", "Clone", "Quadruple", "circle_value"), "_groups"),
    **dict.fromkeys(
        (
            "BetweenLine",
            "EntropicLine",
            "ModularLine",
            "Palindrome",
            "RegionSumLine",
            "Renban",
            "Thermometer",
            "Whisper",
            "ZipperLine",
            "line_name",
        ),
        "_lines",
    ),
    **dict.fromkeys(("AntiKing", "AntiKnight", "NonConsecutive"), "_neighbours"),
    **dict.fromkeys(("LittleKiller", "Sandwich", "XSum"), "_outside_sums"),
    "Distinct": "_regions",
}
"""Where each variant kind lives: loaded on first use (PEP 562), so reading a plain sudoku, a
game ID or a killer text does not load every variant rule's module."""


if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _LAZY)


__all__ = [
    "AntiKing",
    "AntiKnight",
    "ArithmeticCage",
    "Arrow",
    "BetweenLine",
    "CELLS",
    "Clone",
    "Comparison",
    "Consecutive",
    "Constraint",
    "Distinct",
    "EntropicLine",
    "Extremum",
    "KillerCage",
    "Kropki",
    "KropkiNegative",
    "LittleKiller",
    "ModularLine",
    "NonConsecutive",
    "Operation",
    "Palindrome",
    "Parity",
    "Quadruple",
    "RegionSumLine",
    "Renban",
    "Sandwich",
    "Side",
    "Skyscraper",
    "Thermometer",
    "Whisper",
    "XSum",
    "XV",
    "XVNegative",
    "ZipperLine",
    "broken_constraints",
    "cell_digit",
    "cell_list",
    "cell_name",
    "circle_value",
    "extrema",
    "holds_cells",
    "line_name",
]
