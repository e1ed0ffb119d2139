"""The backend registry: every kind is made by name and meets the Backend protocol."""

from __future__ import annotations

import pytest

from satdoku.backends._registry import BackendKind, backend_maker, make_backend
from satdoku.backends._sat import SatBackend
from satdoku.backends._stepper import StepperBackend
from satdoku.core._results import Status
from satdoku.io._line import parse_line


@pytest.mark.parametrize("kind", list(BackendKind), ids=lambda k: k.value)
def test_every_kind_solves_and_closes(kind: BackendKind) -> None:
    assert isinstance(make_backend(kind), backend_maker(kind))
    with make_backend(kind.value) as backend:
        assert backend.solve(parse_line("12..34..........")).status is Status.SOLVED
        assert backend.solve(parse_line("11..............")).status is Status.UNSOLVABLE


def test_options_reach_the_class() -> None:
    assert isinstance(make_backend(BackendKind.SAT, portfolio=1), SatBackend)
    assert isinstance(make_backend("stepper"), StepperBackend)
    with pytest.raises(ValueError):
        make_backend("nonsense")
