"""Debian's chromium driven by playwright, for the browser tests (never a downloaded browser).

A test module calls :func:`require_browser` at import (the module is skipped when chromium or
playwright is missing) and imports ``browser_fixture``: the module-scoped ``browser`` fixture.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def require_browser() -> Any:
    """Return playwright's sync API; skip the calling test module when it or chromium is missing."""
    if not CHROMIUM.exists():
        pytest.skip(
            f"{CHROMIUM} is not installed (apt-get install chromium)", allow_module_level=True
        )
    return pytest.importorskip(
        "playwright.sync_api", reason="the playwright python package is not installed"
    )


@pytest.fixture(scope="module", name="browser")
def browser_fixture() -> Iterator[Any]:
    """One chromium for a test module's pages."""
    with require_browser().sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()
