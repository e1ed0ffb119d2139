"""The step page draws a puzzle's rules beyond houses (chromium, driven by playwright)."""

from __future__ import annotations

from typing import Any

from browser_support import browser_fixture, require_browser  # noqa: F401

require_browser()

from satdoku.core._puzzle import Puzzle  # noqa: E402
from satdoku.views._html_player import render_trace_html  # noqa: E402
from satdoku.views._trace_json import trace_record  # noqa: E402
from test_constraint_views import (  # noqa: E402
    KEEN,
    KEEN_CAGES,
    KILLER,
    TOWERS,
    UNEQUAL,
    _trace,
    cage_of,
)


def page_of(browser: Any, puzzle: Puzzle) -> Any:
    page = browser.new_page(viewport={"width": 1000, "height": 720})
    page.set_content(render_trace_html(trace_record(_trace(puzzle))))
    page.wait_for_selector("body[data-ready='1']")
    return page


def test_keen_cages_are_bordered_and_clued_in_their_first_cell(browser: Any) -> None:
    page = page_of(browser, KEEN)
    clues = page.eval_on_selector_all(
        "#board .cell .clue",
        "els => els.map(e => [+e.parentElement.dataset.row, +e.parentElement.dataset.col,"
        " e.textContent])",
    )
    assert sorted(map(tuple, clues)) == sorted(
        (min(c.members) // 4, min(c.members) % 4, clue)
        for c, clue in zip(KEEN_CAGES, ["4+", "6×", "2÷", "3−", "7+", "4", "6×", "3"], strict=True)
    )
    owner = cage_of(KEEN_CAGES, 4)
    right = page.eval_on_selector_all(
        "#board .cell.br", "els => els.map(e => +e.dataset.row * 4 + +e.dataset.col)"
    )
    below = page.eval_on_selector_all(
        "#board .cell.bb", "els => els.map(e => +e.dataset.row * 4 + +e.dataset.col)"
    )
    assert sorted(right) == [i for i in range(16) if i % 4 < 3 and owner[i] != owner[i + 1]]
    assert sorted(below) == [i for i in range(12) if owner[i] != owner[i + 4]]
    page.close()


def test_signs_bars_killer_outlines_and_outside_clues_are_drawn(browser: Any) -> None:
    page = page_of(browser, UNEQUAL)
    signs = page.eval_on_selector_all(
        "#board svg.rules .sign", "els => els.map(e => e.textContent)"
    )
    assert sorted(signs) == sorted(["<", ">", "∧", "∨"])
    assert page.eval_on_selector_all("#board svg.rules .bar", "els => els.length") == 2
    assert "neighbours without a bar do not differ by one" in page.inner_text(".legend.notes")
    page.close()
    page = page_of(browser, KILLER)
    assert page.eval_on_selector_all("#board svg.rules .killer", "els => els.length") == 7
    page.close()
    page = page_of(browser, TOWERS)
    top = page.eval_on_selector_all(".clues.top span", "els => els.map(e => e.textContent)")
    right = page.eval_on_selector_all(".clues.right span", "els => els.map(e => e.textContent)")
    assert top == ["3", "", "", "1"] and right == ["1", "", "2", ""]
    box = page.eval_on_selector("#board", "e => e.getBoundingClientRect().toJSON()")
    band = page.eval_on_selector(".clues.top", "e => e.getBoundingClientRect().toJSON()")
    assert band["bottom"] <= box["top"] + 1  # outside the grid, above it
    page.close()
