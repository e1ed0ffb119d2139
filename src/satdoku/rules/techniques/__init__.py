"""Techniques between set logic and guessing, as step values over the candidate grid.

Wings (:mod:`._wings`), one-digit chains and colouring (:mod:`._chains`, :mod:`._colouring`),
chains (:mod:`._chains`), uniqueness (:mod:`._uniqueness`) and forcing chains (:mod:`._forcing`);
:mod:`._ladder` orders them, and :mod:`satdoku.rules._technique_check` replays a step from its
premises alone.
"""

from ._board import Board
from ._ladder import FINDERS, next_step
from ._step import FAMILIES, Advanced, Node, TechniqueStep

__all__ = ["Advanced", "Board", "FAMILIES", "FINDERS", "Node", "TechniqueStep", "next_step"]
