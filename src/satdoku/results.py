"""Results: what solving one puzzle gave, as a value (status, solution, error)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .puzzle import Grid, Puzzle

__all__ = ["Status", "Result"]


class Status(Enum):
    """The verdict on one input puzzle (the ``"status"`` of the JSON record)."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    INVALID = "invalid"
    TIMEOUT = "timeout"


@dataclass(frozen=True)
class Result:
    """The outcome of one puzzle: a status, and the solution or the error when there is one.

    >>> Result(Status.UNSOLVABLE).status.value
    'unsolvable'
    """

    status: Status
    solution: Grid | None = None
    puzzle: Puzzle | None = None
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def solved(self) -> bool:
        """Tell whether a solution was found."""
        return self.status is Status.SOLVED
