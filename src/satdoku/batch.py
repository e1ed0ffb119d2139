"""Batches: solve a stream of read entries in order, one result per entry, losing none."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from .formats import Entry
from .puzzle import Puzzle
from .results import Result, Status
from .sat import SatBackend  # noqa: F401  (the doctest uses it)

__all__ = ["Backend", "Outcome", "solve_entries"]


class Backend(Protocol):
    """What a backend offers a batch: solve one puzzle to a result (SatBackend, StepperBackend)."""

    def solve(self, puzzle: Puzzle) -> Result:
        """Solve one puzzle."""
        ...


@dataclass(frozen=True)
class Outcome:
    """One entry of a batch and its result (INVALID with the message when it could not be read)."""

    entry: Entry
    result: Result


def solve_entries(entries: Iterable[Entry], backend: Backend) -> Iterator[Outcome]:
    """Yield one outcome per entry, in input order; unreadable entries come back INVALID.

    >>> from satdoku.formats import read_puzzles
    >>> [o.result.status.value for o in solve_entries(read_puzzles(["1...", "12"]), SatBackend())]
    ['solved', 'invalid']
    """
    for entry in entries:
        if entry.puzzle is None:
            message = entry.error.located() if entry.error else "unreadable puzzle"
            yield Outcome(entry, Result(Status.INVALID, error=message))
        else:
            yield Outcome(entry, backend.solve(entry.puzzle))
