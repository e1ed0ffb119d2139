"""How each puzzle of a batch is solved: one value for the backend and its settings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ..backends._registry import Backend, BackendKind, make_backend
from ..backends._strategy import Strategy
from ..cnf._encodings import Encoding
from ..core._limits import Limits

__all__ = ["SolveOptions"]


@dataclass(frozen=True)
class SolveOptions:
    """The backend (``sat`` or ``stepper``), its SAT solver, encoding, strategy, per-puzzle
    limits, portfolio and whether the compiled engine goes first (None: when it fits).

    >>> options = SolveOptions(limits=Limits(timeout=2.0))
    >>> options.solver is None, options.compiled_first  # None: satdoku picks per puzzle
    (True, True)
    >>> SolveOptions(native=False).compiled_first
    False
    """

    backend: BackendKind = BackendKind.SAT
    solver: str | None = None
    encoding: Encoding = Encoding()
    strategy: Strategy = Strategy.AUTO
    limits: Limits = Limits()
    native: bool | None = None
    portfolio: int | None = None

    @property
    def compiled_first(self) -> bool:
        """Tell whether the compiled engine tries each puzzle before PySAT (``native``, or by
        default with the auto strategy)."""
        if self.backend is not BackendKind.SAT:
            return False
        return self.native if self.native is not None else self.strategy is Strategy.AUTO

    def backend_maker(self, jobs: int = 1) -> Callable[[], Backend]:
        """Return what makes the backend (picklable: one per worker process); a portfolio races
        one solver when there are ``jobs`` > 1 worker processes (they share the cores).

        >>> type(SolveOptions(BackendKind.STEPPER).backend_maker()()).__name__
        'StepperBackend'
        """
        if self.backend is BackendKind.STEPPER:
            return partial(make_backend, self.backend, limits=self.limits)
        return partial(
            make_backend,
            self.backend,
            solver=self.solver,
            encoding=self.encoding,
            strategy=self.strategy,
            limits=self.limits,
            portfolio=self.portfolio if self.portfolio else (1 if jobs > 1 else None),
            native=self.native,
        )
