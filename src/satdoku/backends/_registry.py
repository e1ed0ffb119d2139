"""What a backend is (:class:`Backend`, the protocol) and the registry of backend kinds.

>>> from satdoku.io._line import parse_line
>>> with make_backend(BackendKind.STEPPER) as backend:
...     backend.solve(parse_line("1...")).solution
(1, 2, 2, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

from ..core._puzzle import Puzzle
from ..core._results import Result

__all__ = ["Backend", "BackendKind", "backend_maker", "make_backend"]


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


def backend_maker(kind: BackendKind | str) -> Callable[..., Backend]:
    """Return the class that makes backends of a kind; its keyword options are the class's.

    A backend's module is loaded when its kind is first asked for: the stepper's rules are not
    loaded by a run that only solves through PySAT and the compiled engine.

    >>> backend_maker("stepper").__name__
    'StepperBackend'
    """
    if BackendKind(kind) is BackendKind.STEPPER:
        from ._stepper import StepperBackend  # lazy: start-up

        return StepperBackend
    from ._sat import SatBackend  # lazy: start-up

    return SatBackend


def make_backend(kind: BackendKind | str, **options: object) -> Backend:
    """Return a new backend of the kind (an enum member or its value), made with these options.

    >>> make_backend("sat", portfolio=1).portfolio
    1
    """
    return backend_maker(kind)(**options)
