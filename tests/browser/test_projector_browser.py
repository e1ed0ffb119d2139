"""The step page for a class: premises struck in full and projector mode, in real Chromium.

A lone-cell step shows every premise as a struck pencil mark in the cell it fills (none clipped
to a corner tag); projector mode (key P or its button) shows the sentence as a large caption,
the step's digit alone at large size and the step's house zoomed to fill the board, with the
labels of its rows and columns and the focus bar off them. Debian's ``/usr/bin/chromium``
driven by playwright (skipped when either is missing); screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_support import ARTIFACTS, browser_fixture, require_browser  # noqa: F401
from satdoku.cli import main
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import GuessOrder, Trace, trace
from test_player_teaching import LETTERS16

require_browser()

LETTERS = "ABCDEFGHIJKLMNOP"

VISIBLE_MARKS = """(cell) => Array.from(cell.querySelectorAll('.m'))
    .filter((m) => getComputedStyle(m).display !== 'none' &&
                   getComputedStyle(m).visibility !== 'hidden' &&
                   getComputedStyle(m.parentElement).display !== 'none')
    .map((m) => [m.textContent, m.className, getComputedStyle(m).textDecorationLine,
                 parseFloat(getComputedStyle(m).fontSize)])"""

RECT = """(el) => { const b = el.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom]; }"""


@pytest.fixture(scope="module")
def page16(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Trace]:
    folder = tmp_path_factory.mktemp("projector")
    source = folder / "letters16.txt"
    source.write_text(LETTERS16 + "\n")
    out = folder / "letters16.html"
    argv = ["step", str(source), "--search", "--order", "fewest", "--alphabet", LETTERS]
    assert main([*argv, "--html", str(out)]) == 0
    puzzle = parse_line(LETTERS16, alphabet=Alphabet(LETTERS))
    return out, trace(puzzle, search=True, order=GuessOrder.FEWEST)


def _open(browser: Any, path: Path, k: int, size: tuple[int, int] = (1280, 800)) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri() + f"#step={k}")
    page.wait_for_selector("body[data-ready='1']")
    page.errors = errors
    return page


def _cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f"#board .cell[data-row='{r}'][data-col='{c}']")


def _apart(a: list[float], b: list[float]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _first(t: Trace, technique: str, kind: str | None = None) -> int:
    return next(
        k
        for k, s in enumerate(t.steps, 1)
        if s.technique
        and s.technique.value == technique
        and (kind is None or (s.axiom is not None and s.axiom.kind == kind))
    )


@pytest.mark.parametrize("name", ["9x9", "16x16"])
def test_lone_cell_premises_are_every_one_a_struck_mark(
    browser: Any, page16: tuple[Path, Trace], tmp_path: Path, name: str
) -> None:
    if name == "9x9":
        path = tmp_path / "example.html"
        assert main(["step", "--example", "--html", str(path)]) == 0
        t = trace(parse_line(_example()))
        symbols = "123456789"
    else:
        path, t = page16
        symbols = LETTERS
    n = t.puzzle.n
    k = _first(t, "lone-cell")
    step = t.steps[k - 1]
    target = step.claims[0]
    page = _open(browser, path, k)
    cell = _cell(page, target.row, target.col)
    marks = cell.evaluate(VISIBLE_MARKS)
    struck = sorted(text for text, cls, deco, _ in marks if " p" in cls and "line-through" in deco)
    assert struck == sorted(symbols[p.digit - 1] for p in step.reasons) and len(struck) == n - 1
    assert [text for text, cls, _, _ in marks if " t" in cls] == [symbols[target.digit - 1]]
    tag = cell.evaluate("(c) => getComputedStyle(c, '::before').content")
    assert tag in ("none", "normal"), tag  # no corner tag, clipped or not
    page.screenshot(path=str(ARTIFACTS / f"lone_cell_premises_{name}.png"))
    assert not page.errors, page.errors


def _example() -> str:
    text = (Path(__file__).resolve().parents[2] / "src/satdoku/examples/sudoku9.txt").read_text()
    return next(x for x in text.splitlines() if x.strip() and not x.startswith("#"))


def test_projector_mode_on_a_16x16(browser: Any, page16: tuple[Path, Trace]) -> None:
    path, t = page16
    k = _first(t, "lone-ranger", "box")
    step = t.steps[k - 1]
    assert step.axiom is not None
    house = sorted({(c.row, c.col) for c in step.axiom.claims})
    digit = LETTERS[step.claims[0].digit - 1]
    page = _open(browser, path, k)
    words = float(
        page.eval_on_selector("#sentence", "(e) => parseFloat(getComputedStyle(e).fontSize)")
    )
    before = _cell(page, *house[0]).evaluate(RECT)
    page.keyboard.press("p")
    assert page.evaluate("document.body.classList.contains('projector')")
    assert page.get_attribute("#projector", "aria-pressed") == "true"
    # the sentence as a large caption; the side panel and the controls out of the way
    big = float(
        page.eval_on_selector("#sentence", "(e) => parseFloat(getComputedStyle(e).fontSize)")
    )
    assert big >= 1.8 * words and page.locator("#sentence").is_visible()
    assert page.locator(".side").is_hidden() and page.locator(".controls").is_hidden()
    # the step's digit alone, at large size
    marks = page.evaluate(
        """() => Array.from(document.querySelectorAll('#board .m')).filter((m) =>
            getComputedStyle(m).display !== 'none' && getComputedStyle(m).visibility !== 'hidden'
            && getComputedStyle(m.parentElement).display !== 'none')
            .map((m) => [m.textContent, parseFloat(getComputedStyle(m).fontSize)])"""
    )
    value = "parseFloat(getComputedStyle(document.querySelector('.value')).fontSize)"
    normal = float(page.evaluate(value))
    assert marks and {text for text, _ in marks} == {digit}
    assert min(size for _, size in marks) >= 0.6 * normal  # as big as a digit, near enough
    # the house zoomed: each of its cells is bigger and inside the room the board has
    room = page.locator("#boardwrap").evaluate(RECT)
    after = _cell(page, *house[0]).evaluate(RECT)
    assert after[2] - after[0] >= 1.5 * (before[2] - before[0])
    for r, c in house:
        box = _cell(page, r, c).evaluate(RECT)
        assert room[0] - 1 <= box[0] and box[2] <= room[2] + 1, (r, c, box, room)
        assert room[1] - 1 <= box[1] and box[3] <= room[3] + 1, (r, c, box, room)
    # the labels name the rows and columns in view, and the focus bar is off them
    rows = [x for x in page.locator("#rowlabels .lab").all() if x.is_visible()]
    shown_rows = {int(x.inner_text()[1:]) - 1 for x in rows}
    assert {r for r, _ in house} <= shown_rows and len(shown_rows) < 16
    bar = page.locator("#focusbar").evaluate(RECT)
    for lab in rows + [x for x in page.locator("#collabels .lab").all() if x.is_visible()]:
        assert _apart(bar, lab.evaluate(RECT))
    page.screenshot(path=str(ARTIFACTS / "projector_16x16.png"))
    # the next step is drawn the same way; P again (or the button, or Esc) leaves
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.body.classList.contains('projector')")
    page.keyboard.press("p")
    assert not page.evaluate("document.body.classList.contains('projector')")
    assert page.eval_on_selector("#board", "(b) => b.style.transform") == ""
    assert len([x for x in page.locator("#rowlabels .lab").all() if x.is_visible()]) == 16
    page.click("#projector")
    assert page.evaluate("document.body.classList.contains('projector')")
    page.keyboard.press("Escape")
    assert not page.evaluate("document.body.classList.contains('projector')")
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", [(1024, 768), (900, 900)])
def test_the_focus_bar_keeps_off_the_labels(
    browser: Any, page16: tuple[Path, Trace], size: tuple[int, int]
) -> None:
    path, t = page16
    page = _open(browser, path, 10, size)
    page.keyboard.press("f")
    bar = page.locator("#focusbar").evaluate(RECT)
    labels = page.locator("#rowlabels .lab").all() + page.locator("#collabels .lab").all()
    assert all(_apart(bar, lab.evaluate(RECT)) for lab in labels)
    board = page.locator("#board").evaluate(RECT)
    assert board[3] - board[1] >= 0.88 * min(size)  # the board still fills the window
    assert not page.errors, page.errors
