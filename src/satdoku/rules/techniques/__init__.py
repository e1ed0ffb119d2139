"""Techniques between set logic and guessing, as step values over the candidate grid.

Wings (:mod:`.wings`), one-digit chains and colouring (:mod:`.chains`, :mod:`.colouring`),
chains (:mod:`.chains`), uniqueness (:mod:`.uniqueness`) and forcing chains (:mod:`.forcing`);
:mod:`.ladder` orders them, and :mod:`satdoku.rules.technique_check` replays a step from its
premises alone.
"""

from .board import Board
from .ladder import FINDERS, next_step
from .step import FAMILIES, Advanced, Node, TechniqueStep

__all__ = ["Advanced", "Board", "FAMILIES", "FINDERS", "Node", "TechniqueStep", "next_step"]
