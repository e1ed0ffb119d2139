"""Constraints: rules beyond houses (cages, signs between cells, clues outside the grid).

Each kind is a frozen value with its own independent checker (:meth:`broken`), which reads the
grid directly and shares no code with the axioms that encode the rule.
"""

from .cage import ArithmeticCage, KillerCage, Operation
from .cell_names import cell_list, cell_name
from .kinds import Constraint, broken_constraints
from .pairs import Comparison, Consecutive
from .roles import CELLS, holds_cells
from .skyscraper import Side, Skyscraper

__all__ = [
    "ArithmeticCage",
    "CELLS",
    "Comparison",
    "Consecutive",
    "Constraint",
    "KillerCage",
    "Operation",
    "Side",
    "Skyscraper",
    "broken_constraints",
    "cell_list",
    "cell_name",
    "holds_cells",
]
