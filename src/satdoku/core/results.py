"""Results: what solving one puzzle gave, as a value (status, solution, error)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from .display import draw
from .puzzle import Grid, Puzzle

__all__ = ["Status", "Result"]


class Status(Enum):
    """The verdict on one input puzzle (the ``"status"`` of the JSON record)."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    INVALID = "invalid"
    TIMEOUT = "timeout"


@dataclass(frozen=True, init=False)
class Result:
    """The outcome of one puzzle: a status, and the solution or the error when there is one.

    The constructor fills the fields in one step (a batch makes one result per puzzle, and a
    frozen dataclass's own constructor, setting field by field, took about twice as long).

    >>> Result(Status.UNSOLVABLE).status.value
    'unsolvable'
    >>> Result(Status.SOLVED, (1,)) == Result(Status.SOLVED, (1,), extra={})
    True
    """

    status: Status
    solution: Grid | None
    puzzle: Puzzle | None
    error: str | None
    extra: dict[str, Any]

    def __init__(
        self,
        status: Status,
        solution: Grid | None = None,
        puzzle: Puzzle | None = None,
        error: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.__dict__.update(
            status=status,
            solution=solution,
            puzzle=puzzle,
            error=error,
            extra={} if extra is None else extra,
        )

    def _repr_svg_(self) -> str | None:
        """Show the result in Jupyter (drawn by :mod:`satdoku.views.svg`)."""
        return draw(self, "svg")

    @property
    def solved(self) -> bool:
        """Tell whether a solution was found."""
        return self.status is Status.SOLVED
