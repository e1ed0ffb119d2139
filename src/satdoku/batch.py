"""Batches: solve a stream of read entries in order, one result per entry, losing none."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .formats import Entry
from .results import Result, Status
from .sat import SatBackend

__all__ = ["Outcome", "solve_entries"]


@dataclass(frozen=True)
class Outcome:
    """One entry of a batch and its result (INVALID with the message when it could not be read)."""

    entry: Entry
    result: Result


def solve_entries(entries: Iterable[Entry], backend: SatBackend) -> Iterator[Outcome]:
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
