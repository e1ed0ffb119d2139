"""What a backend is (:class:`Backend`, the protocol) and the registry of backend kinds.

>>> from satdoku.io.line import parse_line
>>> with make_backend(BackendKind.STEPPER) as backend:
...     backend.solve(parse_line("1...")).solution
(1, 2, 2, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

from ..core.puzzle import Puzzle
from ..core.results import Result
from .sat import SatBackend
from .stepper import StepperBackend

__all__ = ["Backend", "BackendKind", "BACKENDS", "make_backend"]


class Backend(Protocol):
    """Anything that solves one puzzle to a checked result and frees what it holds on close."""

    def solve(self, puzzle: Puzzle) -> Result:
        """Solve one puzzle."""
        ...

    def close(self) -> None:
        """Free what is held (solvers)."""
        ...

    def __enter__(self) -> Backend:
        """Return the backend itself."""
        ...

    def __exit__(self, *exc: object) -> None:
        """Close the backend."""
        ...


class BackendKind(Enum):
    """The backends to choose from: PySAT (with the compiled engine first), or the stepper.

    >>> [kind.value for kind in BackendKind]
    ['sat', 'stepper']
    """

    SAT = "sat"
    STEPPER = "stepper"


BACKENDS: dict[BackendKind, Callable[..., Backend]] = {
    BackendKind.SAT: SatBackend,
    BackendKind.STEPPER: StepperBackend,
}
"""The maker of each kind of backend; its keyword options are the class's."""


def make_backend(kind: BackendKind | str, **options: object) -> Backend:
    """Return a new backend of the kind (an enum member or its value), made with these options.

    >>> make_backend("sat", portfolio=1).portfolio
    1
    """
    return BACKENDS[BackendKind(kind)](**options)
