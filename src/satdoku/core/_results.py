"""Results: what solving one puzzle gave, as a value (status, solution, error)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ._display import draw
from ._puzzle import Grid, Puzzle
from ._reasons import Reject

__all__ = ["MAX_BLOCKED", "Status", "Result"]


class Status(Enum):
    """The verdict on one input puzzle (the ``"status"`` of the JSON record)."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    INVALID = "invalid"
    TIMEOUT = "timeout"


MAX_BLOCKED = 100
"""Reasons a result keeps of its predicate's rejections; past them it only counts them."""


@dataclass(frozen=True, init=False)
class Result:
    """The outcome of one puzzle: a status, and the solution or the error when there is one.

    When a predicate was asked (``where=``), ``rejected`` is how many solutions it turned down
    and ``blocked`` the reasons it gave (the first :data:`MAX_BLOCKED`); without one,
    ``rejected`` is None.

    The constructor fills the fields in one step (a batch makes one result per puzzle, and a
    frozen dataclass's own constructor, setting field by field, took about twice as long).

    >>> Result(Status.UNSOLVABLE).status.value
    'unsolvable'
    >>> Result(Status.SOLVED, (1,)) == Result(Status.SOLVED, (1,), extra={})
    True
    >>> Result(Status.UNSOLVABLE, rejected=2).rejected, Result(Status.SOLVED).rejected
    (2, None)
    """

    status: Status
    solution: Grid | None
    puzzle: Puzzle | None
    error: str | None
    extra: dict[str, Any]
    rejected: int | None
    blocked: tuple[Reject, ...]

    def __init__(
        self,
        status: Status,
        solution: Grid | None = None,
        puzzle: Puzzle | None = None,
        error: str | None = None,
        extra: dict[str, Any] | None = None,
        rejected: int | None = None,
        blocked: tuple[Reject, ...] = (),
    ) -> None:
        self.__dict__.update(
            status=status,
            solution=solution,
            puzzle=puzzle,
            error=error,
            extra={} if extra is None else extra,
            rejected=rejected,
            blocked=blocked,
        )

    def _repr_svg_(self) -> str | None:
        """Show the result in Jupyter (drawn by :mod:`satdoku.views._svg`)."""
        return draw(self, "svg")

    def __str__(self) -> str:
        """Say the status above the board (:mod:`satdoku.views._text_boards`)."""
        return draw(self, "text") or repr(self)

    @property
    def solved(self) -> bool:
        """Tell whether a solution was found."""
        return self.status is Status.SOLVED
