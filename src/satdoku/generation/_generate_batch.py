"""Many generated puzzles in order, in worker processes if asked: the same puzzles either way.

Puzzle ``i`` of a run with seed ``s`` is made from its own seed, :func:`puzzle_seed` (s, i), so
it does not depend on which process made it or on what was made before it: one job and N jobs
give the same output, and ``generate(shape, seed=record.seed, ...)`` gives a record's puzzle
again.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from ..api._workers import Chunk, Workers
from ..core._random_cages import CageSizes
from ..core._shape import Shape
from ..core._symmetry import Symmetry
from ..rules._rating import Level
from ._generate import ATTEMPTS, Generated, generate

__all__ = ["CHUNK", "Request", "generate_many", "puzzle_seed"]

CHUNK = 4
"""Puzzles a worker makes per task."""


def puzzle_seed(run_seed: int, index: int) -> int:
    """Return the seed of puzzle ``index`` of a run seeded with ``run_seed`` (below 2**63).

    >>> puzzle_seed(1, 0) == puzzle_seed(1, 0) != puzzle_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"satdoku generate {run_seed} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Request:
    """What to generate: the shape and the wishes
    :func:`~satdoku.generation._generate.generate` takes
    (``rated`` None: as it does by default; ``killer`` and ``cage_sizes``: killer puzzles).

    >>> Request(Shape.sudoku(4)).symmetry
    <Symmetry.NONE: 'none'>
    """

    shape: Shape
    level: Level | None = None
    symmetry: Symmetry = Symmetry.NONE
    minimal: bool = False
    givens: int | None = None
    attempts: int = ATTEMPTS
    rated: bool | None = None
    killer: bool = False
    cage_sizes: CageSizes | None = None

    def make(self, seed: int) -> Generated:
        """Generate the puzzle of one seed."""
        return generate(
            self.shape,
            level=self.level,
            symmetry=self.symmetry,
            minimal=self.minimal,
            givens=self.givens,
            seed=seed,
            attempts=self.attempts,
            rated=self.rated,
            killer=self.killer,
            cage_sizes=self.cage_sizes,
        )


def _make_chunk(request: Request, seeds: list[int]) -> list[Generated]:
    return [request.make(seed) for seed in seeds]


def _nothing() -> None:
    """The workers need no set-up: each call carries its request."""


def generate_many(
    request: Request, count: int, run_seed: int, jobs: int = 1, chunk: int = CHUNK
) -> Iterator[Generated]:
    """Yield ``count`` generated puzzles in order, made in ``jobs`` worker processes if over 1.

    >>> made = list(generate_many(Request(Shape.sudoku(4)), 3, run_seed=5))
    >>> [m.seed for m in made] == [puzzle_seed(5, i) for i in range(3)]
    True
    """
    seeds = [puzzle_seed(run_seed, index) for index in range(count)]
    if jobs <= 1 or count <= chunk:
        for seed in seeds:
            yield request.make(seed)
        return
    with Workers(jobs, _nothing, ()) as workers:
        waiting: deque[Chunk] = deque()
        start = 0
        while start < count or waiting:
            while start < count and len(waiting) < 2 * jobs:
                waiting.append(workers.submit(_make_chunk, request, seeds[start : start + chunk]))
                start += chunk
            yield from workers.result(waiting.popleft())
