"""Hints beyond set logic drawn in real headless Chromium: an XY-wing and an X-chain.

Debian's ``/usr/bin/chromium`` driven by playwright (skipped when either is missing). Every
link is drawn inside the board and every chain candidate ringed where its cell is; the
screenshots go to ``tests/artifacts/`` (docs/images/hint-xy-wing.png and hint-x-chain.png are
these pages).
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import ARTIFACTS, browser_fixture, require_browser  # noqa: F401
from data_files import TOP1465, puzzle_lines
from satdoku import hint
from satdoku.io._line import parse_line
from satdoku.rules.techniques import Advanced
from satdoku.views._hint_drawing import hint_page
from technique_positions import PUBLISHED, climb_to, player_grid

require_browser()

READ = """() => {
  const board = document.querySelector('.board svg').getBoundingClientRect();
  const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  return {board: [board.left, board.top, board.right, board.bottom],
    links: Array.from(document.querySelectorAll('.link')).map(box),
    nodes: Array.from(document.querySelectorAll('.mk-node')).map((e) => e.dataset.claim),
    removed: Array.from(document.querySelectorAll('text.mk-removed')).map((e) => e.dataset.claim)};
}"""


@pytest.mark.parametrize("technique", [Advanced.XY_WING, Advanced.X_CHAIN], ids=str)
def test_a_chain_hint_is_drawn_on_the_board(browser: Any, technique: Advanced) -> None:
    index, steps = PUBLISHED[technique]
    puzzle = parse_line(puzzle_lines(TOP1465, index + 1)[index])
    p, _ = climb_to(puzzle, steps)
    grid, marks = player_grid(puzzle, p.value)
    found = hint(grid, marks, original=puzzle)
    step = found.advanced
    assert step is not None and step.technique is technique
    page = browser.new_page(viewport={"width": 800, "height": 900})
    page.set_content(hint_page(found))
    seen = page.evaluate(READ)
    left, top, right, bottom = seen["board"]
    assert len(seen["links"]) == len(step.chain) - 1
    for x1, y1, x2, y2 in seen["links"]:
        assert left <= x1 and x2 <= right and top <= y1 and y2 <= bottom
    assert set(seen["nodes"]) == {f"{x.cell // 9},{x.cell % 9},{x.digit}" for x in step.chain}
    assert set(seen["removed"]) == {f"{c // 9},{c % 9},{d}" for c, d in step.eliminated}
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"hint-{technique.value}.png"), full_page=True)
    page.close()
