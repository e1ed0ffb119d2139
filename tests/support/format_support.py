"""Helpers of the tests of puzzle formats read from files by the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from satdoku.cli import main


def refused_solve(
    path: Path, content: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> str:
    """Write ``content`` to ``path``, solve it, and return the one error line of the exit 2."""
    path.write_text(content)
    assert main(["solve", str(path), *argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err
