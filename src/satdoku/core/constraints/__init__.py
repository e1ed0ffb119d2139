"""Constraints: rules beyond houses (cages, signs between cells, lines, clues outside the grid).

Each kind is a frozen value with its own independent checker (:meth:`broken`), which reads the
grid directly and shares no code with the axioms that encode the rule.
"""

from .cage import ArithmeticCage, KillerCage, Operation
from .cell_names import cell_digit, cell_list, cell_name
from .cell_rules import Extremum, Parity, extrema
from .dots import XV, Kropki, KropkiNegative, XVNegative
from .groups import Arrow, Clone, Quadruple, circle_value
from .kinds import Constraint, broken_constraints
from .lines import (
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
from .neighbours import AntiKing, AntiKnight, NonConsecutive
from .outside_sums import LittleKiller, Sandwich, XSum
from .pairs import Comparison, Consecutive
from .regions import Distinct
from .roles import CELLS, holds_cells
from .skyscraper import Side, Skyscraper

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
