"""Pages made by ``satdoku step --html`` and the notebook widget, in real headless Chromium.

Debian's ``/usr/bin/chromium`` driven by playwright (never a downloaded browser; skipped when
either is missing). The page must replay the stepper's own states: at every step the board's
values and candidates equal ``Trace.state(k)``. Every request must stay on the page.
Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from browser_support import ARTIFACTS, browser_fixture, require_browser  # noqa: F401
from satdoku.cli import main
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import GuessOrder, Trace, trace
from satdoku.rules._state import State

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "satdoku" / "examples"
HARD = "................12..3.45........65.4.1.......7...8.......1...7...9...8...4...2..."

require_browser()

NEXT_AND_READ = """(count) => Array.from({length: count}, () => {
    document.getElementById('next').click();
    return [document.getElementById('counter').textContent,
      Array.from(document.querySelectorAll('#board .cell')).map((c) => [
        Number(c.dataset.row), Number(c.dataset.col),
        c.querySelector('.value').textContent, c.dataset.cands, c.className])]; })"""

READ_BOARD = """(root) => Array.from(root.querySelectorAll('#board .cell')).map((c) => [
    Number(c.dataset.row), Number(c.dataset.col),
    c.querySelector('.value').textContent, c.dataset.cands, c.className])"""


class Watched:
    """A browser page with every request and error it produced."""

    def __init__(self, browser: Any, size: tuple[int, int]) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on(
            "console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else 0
        )

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        out = ARTIFACTS / name
        self.page.screenshot(path=str(out))
        return out

    def close(self) -> None:
        assert not self.errors, self.errors
        left = [u for u in self.requests if not u.startswith(("file:", "data:", "about:"))]
        assert not left, f"the page reached out: {left}"
        self.context.close()


def read_cells(root: Any, n: int) -> list[list[Any]]:
    rows: list[list[Any]] = root.locator("body").evaluate(READ_BOARD)
    assert len(rows) == n * n
    return sorted(rows, key=lambda x: (x[0], x[1]))


def expected(state: State, symbols: str) -> tuple[str, list[str]]:
    """The board text and per-cell candidate strings of a stepper state.

    A set cell's candidates are its value alone (the page's contract), an open cell's are its
    claims not yet false.
    """
    n = state.n
    grid = state.grid()
    text = "".join(symbols[d - 1] if d else "." for d in grid)
    cands = [
        symbols[grid[r * n + c] - 1]
        if grid[r * n + c]
        else "".join(symbols[d - 1] for d in state.candidates(r, c))
        for r in range(n)
        for c in range(n)
    ]
    return text, cands


def shown(cells: list[list[Any]]) -> tuple[str, list[str]]:
    return "".join(v or "." for _, _, v, _, _ in cells), [c for _, _, _, c, _ in cells]


def test_step_html_page_plays_the_stepper_trace(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``main(["step", FILE, "--search", "--html", OUT])`` on a 9x9 that needs guessing."""
    source = tmp_path / "hard9.txt"
    source.write_text(HARD + "\n")
    out = tmp_path / "hard9.html"
    assert main(["step", str(source), "--search", "--html", str(out)]) == 0
    assert main(["step", str(source), "--search", "--json"]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[-1])
    steps = record["steps"]
    total = len(steps)
    rules = [s["rule"] for s in steps]
    assert record["status"] == "solved" and "guess" in rules and "backtrack" in rules
    t = trace(parse_line(HARD), search=True, order=GuessOrder.FIRST)
    assert len(t.steps) == total
    symbols = Alphabet().symbols

    watched = Watched(browser, (1280, 860))
    page = watched.page
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#counter") == f"0 / {total}"
    assert shown(read_cells(page, 9)) == expected(State.initial(9), symbols)

    states = list(t.states())
    real = {
        k
        for k in range(1, total + 1)
        if k <= 5 or k > total - 5 or k % 25 == 0 or rules[k - 1] in ("guess", "backtrack")
    }
    k = 0
    while k < total:
        if k + 1 in real:  # a real mouse click on Next (or its key, the Right arrow)
            k += 1
            if k % 25 == 0 and k not in (total, total - 1):
                page.keyboard.press("ArrowRight")
            else:
                page.click("#next")
            seen = [(page.inner_text("#counter"), read_cells(page, 9))]
            if rules[k - 1] == "backtrack" and rules[:k].count("backtrack") == 1:
                assert "backtrack" in page.inner_text("#badge").lower()
                watched.shot("step_html_9x9_backtrack.png")
        else:  # in between, the page's script clicks Next: a batch per round trip
            batch = next(j for j in range(k + 1, total + 2) if j in real or j > total) - k - 1
            seen = [
                (counter, sorted(cells, key=lambda x: (x[0], x[1])))
                for counter, cells in page.evaluate(NEXT_AND_READ, min(batch, 12))
            ]
            k += len(seen)
        for j, (counter, cells) in enumerate(seen, k - len(seen) + 1):
            assert counter == f"{j} / {total}"
            assert shown(cells) == expected(states[j - 1], symbols), f"step {j}"
    assert page.is_disabled("#next")
    assert page.inner_text("#counter") == f"{total} / {total}"
    board, _ = shown(read_cells(page, 9))
    assert board == record["solution"] == "".join(map(str, t.solution or ()))
    assert "solved" in page.inner_text("#sentence")
    watched.shot("step_html_9x9_end.png")

    page.click("#prev")
    assert page.inner_text("#counter") == f"{total - 1} / {total}"
    assert shown(read_cells(page, 9)) == expected(states[total - 2], symbols)
    # Previous until before the last step that set a value: that cell is open again
    last_set = max(k for k in range(1, total + 1) if steps[k - 1]["value"])
    for _ in range(total - 1 - (last_set - 1)):
        page.click("#prev")
    assert page.inner_text("#counter") == f"{last_set - 1} / {total}"
    back, _ = shown(read_cells(page, 9))
    assert shown(read_cells(page, 9)) == expected(states[last_set - 2], symbols)
    r, c, d = steps[last_set - 1]["claims"][0]
    assert back != board and back[r * 9 + c] == "." and board[r * 9 + c] == str(d)
    watched.shot("step_html_9x9_back.png")
    # back before the last guess: the board loses the values set inside it
    last_guess = len(rules) - 1 - rules[::-1].index("guess")
    page.evaluate(
        "(k) => { const s = document.getElementById('slider'); s.value = String(k);"
        " s.dispatchEvent(new Event('input')); }",
        last_guess,
    )
    assert page.inner_text("#counter") == f"{last_guess} / {total}"
    assert shown(read_cells(page, 9)) == expected(states[last_guess - 1], symbols)
    watched.close()


def _host_page(tmp_path: Path, body: str, name: str) -> Path:
    path = tmp_path / name
    path.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>notebook</title></head>"
        "<body style='font-family: sans-serif; max-width: 980px; margin: 12px auto'>"
        "<div class='cell-input'>In [1]: t = trace(puzzle, search=True); t</div>"
        f"<div class='output_html'>{body}</div></body></html>",
        encoding="utf-8",
    )
    return path


NOTEBOOK = {
    4: ("1...............", True),
    9: (HARD, True),
    16: (str(EXAMPLES / "sudoku16.txt"), False),
}


@pytest.mark.parametrize("n", [4, 9, 16])
def test_notebook_widget_in_a_page(browser: Any, tmp_path: Path, n: int) -> None:
    """``Trace._repr_html_`` embedded in a host page, as a notebook shows it."""
    source, search = NOTEBOOK[n]
    if n == 16:
        source = next(x for x in Path(source).read_text().splitlines() if not x.startswith("#"))
    t: Trace = trace(parse_line(source), search=search)
    host = _host_page(tmp_path, t._repr_html_(), f"notebook{n}.html")
    watched = Watched(browser, (1000, 820))
    watched.page.goto(host.as_uri())
    frame = watched.page.frame_locator("iframe.satdoku-player")
    frame.locator("body[data-ready='1']").wait_for()
    symbols = Alphabet().symbols[:n]
    cells = read_cells(frame, n)
    # structure: every cell, thick borders between boxes only, all candidates at the start
    box_r, box_c = t.puzzle.shape.box or (n, n)
    for r, c, value, cands, klass in cells:
        k = set(klass.split())
        assert ("br" in k) == (c < n - 1 and (c + 1) % box_c == 0), (r, c)
        assert ("bb" in k) == (r < n - 1 and (r + 1) % box_r == 0), (r, c)
        assert value == "" and cands == symbols
    total = len(t.steps)
    assert frame.locator("#counter").inner_text() == f"0 / {total}"
    frame.locator("#next").click()
    frame.locator("#next").click()
    assert shown(read_cells(frame, n)) == expected(t.state(2), symbols)
    mid = total // 2
    frame.locator("#slider").evaluate(
        "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input')); }", mid
    )
    assert shown(read_cells(frame, n)) == expected(t.state(mid), symbols)
    if n == 9:
        watched.shot("notebook_widget_9x9.png")
    frame.locator("#last").click()
    assert frame.locator("#counter").inner_text() == f"{total} / {total}"
    board, _ = shown(read_cells(frame, n))
    assert board == "".join(symbols[d - 1] for d in t.solution or ())
    frame.locator("body").press("ArrowLeft")
    assert frame.locator("#counter").inner_text() == f"{total - 1} / {total}"
    watched.close()


def test_truncated_page_says_where_it_stops(browser: Any, tmp_path: Path) -> None:
    out = tmp_path / "cut.html"
    assert (
        main(
            [
                "step",
                str(EXAMPLES / "sudoku25.txt"),
                "--alphabet",
                "ABCDEFGHIJKLMNOPQRSTUVWXY",
                "--search",
                "--max-steps",
                "500",
                "--html",
                str(out),
            ]
        )
        == 0
    )
    watched = Watched(browser, (1280, 860))
    page = watched.page
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#status").lower() == "first 500 steps"
    page.keyboard.press("End")
    assert page.inner_text("#counter") == "500 / 500"
    assert "cut after 500 steps" in page.inner_text("#sentence")
    cells = read_cells(page, 25)
    assert {v for _, _, v, _, _ in cells} - {""} <= set("ABCDEFGHIJKLMNOPQRSTUVWXY")
    watched.shot("step_html_25x25_cut.png")
    watched.close()
