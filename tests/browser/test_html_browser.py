"""The HTML trace player in a real headless browser (Debian's chromium, driven by playwright).

Skipped when ``/usr/bin/chromium`` or the playwright package is missing: this test never
downloads a browser.  Every request the page makes is recorded and must stay on the page
(``file:`` / ``data:`` URLs only).  Screenshots are saved to ``tests/artifacts/``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from browser_support import ARTIFACTS, browser_fixture, require_browser  # noqa: F401

require_browser()

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_html_player import (  # noqa: E402
    SOLUTION_4X4,
    board_text,
    build_trace_4x4,
    digits_of,
    is_sudoku_solution,
    replay,
    show,
)

try:
    from satdoku.views._html_player import render_trace_html
except ImportError:  # package not installed: run from the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    from satdoku.views._html_player import render_trace_html

Page = Any  # playwright.sync_api.Page

READ_BOARD = """() => Array.from(document.querySelectorAll('#board .cell')).map((c) => [
    Number(c.dataset.row), Number(c.dataset.col),
    c.querySelector('.value').textContent, c.dataset.cands, c.className])"""


class Player:
    """One page of the player, with every request and error it produced."""

    def __init__(self, browser: Any, trace: dict[str, Any], path: Path, size: tuple[int, int]):
        path.write_text(render_trace_html(trace, title=path.stem), encoding="utf-8")
        self.trace = trace
        self.n: int = trace["n"]
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page: Page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on(
            "console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else 0
        )
        self.page.goto(path.as_uri())
        self.page.wait_for_selector("body[data-ready='1']")

    def cells(self) -> list[list[Any]]:
        rows: list[list[Any]] = self.page.evaluate(READ_BOARD)
        assert len(rows) == self.n * self.n
        return sorted(rows, key=lambda x: (x[0], x[1]))

    def board(self) -> str:
        return "".join(v or "." for _, _, v, _, _ in self.cells())

    def candidates(self) -> list[str]:
        return [cands for _, _, _, cands, _ in self.cells()]

    def counter(self) -> str:
        return str(self.page.inner_text("#counter"))

    def goto(self, k: int) -> None:
        self.page.evaluate(
            "(k) => { const s = document.getElementById('slider'); s.value = String(k);"
            " s.dispatchEvent(new Event('input')); }",
            k,
        )
        assert self.counter() == f"{k} / {len(self.trace['steps'])}"

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        out = ARTIFACTS / name
        self.page.screenshot(path=str(out))
        return out

    def close(self) -> None:
        assert not self.errors, self.errors
        left = [u for u in self.requests if not u.startswith(("file:", "data:"))]
        assert not left, f"the page reached out: {left}"
        self.context.close()


class Expected:
    """Board text and candidate strings at each position, from the reference replay."""

    def __init__(self, trace: dict[str, Any]) -> None:
        self.alphabet: str = trace["alphabet"]
        self.states = replay(trace)

    def __getitem__(self, k: int) -> tuple[str, list[str]]:
        state, alphabet = self.states[k], self.alphabet
        cands = ["".join(alphabet[d - 1] for d in sorted(digits_of(c))) for c in state[0]]
        return board_text(state, alphabet), cands


def test_4x4_steps_forward_and_back(browser: Any, tmp_path: Path) -> None:
    trace = build_trace_4x4()
    steps = trace["steps"]
    total = len(steps)
    want = Expected(trace)
    player = Player(browser, trace, tmp_path / "trace4x4.html", (1100, 760))
    page = player.page

    assert player.counter() == f"0 / {total}"
    assert player.board() == "." * 16
    assert player.candidates() == ["1234"] * 16
    assert page.is_disabled("#prev") and not page.is_disabled("#next")

    for k in range(1, total + 1):
        page.click("#next")
        assert player.counter() == f"{k} / {total}"
        assert (player.board(), player.candidates()) == want[k], f"position {k}"
        assert steps[k - 1]["text"] in page.inner_text("#sentence")
        rule = steps[k - 1]["rule"]
        if rule in ("guess", "backtrack"):
            assert f"{rule} · depth 1" in page.inner_text("#badge").lower()
        if rule == "guess":
            assert page.is_visible("#depthflag") and "depth 1" in page.inner_text("#depthflag")
            r, c, d = steps[k - 1]["claims"][0]
            cell = page.locator(f'#board .cell[data-row="{r}"][data-col="{c}"]')
            assert cell.locator(".value").inner_text() == str(d)
            assert "gs" in (cell.get_attribute("class") or "").split()  # a guess has its own colour
        if rule == "contradiction":
            player.shot("player_4x4_contradiction.png")

    assert player.board() == SOLUTION_4X4
    assert player.counter() == f"{total} / {total}"
    assert page.is_disabled("#next")
    assert "solved" in page.inner_text("#sentence")
    # the side panel lists the axioms touched, most recent first
    names = page.locator("#axioms li[data-step]").all_inner_texts()
    assert names[0].startswith(steps[-1]["axiom"]["name"])
    assert any(x.startswith("row 3 has exactly one 2") for x in names)
    player.shot("player_4x4_end.png")

    page.click("#prev")
    assert player.counter() == f"{total - 1} / {total}"
    assert player.board() != SOLUTION_4X4
    assert (player.board(), player.candidates()) == want[total - 1]

    # keyboard: Home / End / arrows, and the backtrack really goes back
    page.keyboard.press("Home")
    assert player.counter() == f"0 / {total}"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert player.counter() == f"1 / {total}"
    page.keyboard.press("End")
    assert player.board() == SOLUTION_4X4
    rules = [st["rule"] for st in steps]
    guess, back = rules.index("guess"), rules.index("backtrack")
    player.goto(back)  # just before the backtrack: inside the refuted guess
    inside = player.board()
    page.keyboard.press("ArrowRight")  # the backtrack itself
    assert player.board() == want[guess][0] != inside
    r, c, d = steps[back]["claims"][0]
    assert str(d) not in player.candidates()[r * 4 + c]
    assert show((r, c, d)) in page.inner_text("#sentence")
    player.shot("player_4x4_backtrack.png")
    player.close()


def test_4x4_play_and_space(browser: Any, tmp_path: Path) -> None:
    trace = build_trace_4x4()
    total = len(trace["steps"])
    player = Player(browser, trace, tmp_path / "play4x4.html", (900, 700))
    page = player.page
    page.click("#next")  # the button keeps no focus, so Space means play
    assert player.counter() == f"1 / {total}"
    page.select_option("#speed", "1")
    page.keyboard.press(" ")
    assert "Pause" in page.inner_text("#play")
    assert player.counter() == f"1 / {total}"
    page.keyboard.press(" ")
    assert "Play" in page.inner_text("#play")
    page.select_option("#speed", "64")
    page.click("#play")
    page.wait_for_function(
        f"() => document.getElementById('counter').textContent === '{total} / {total}'",
        timeout=10_000,
    )
    page.wait_for_function("() => document.getElementById('play').textContent.includes('Play')")
    assert player.board() == SOLUTION_4X4
    player.close()


def test_candidates_field_is_used(browser: Any, tmp_path: Path) -> None:
    trace = build_trace_4x4()
    want = Expected(trace)
    for k, st in enumerate(trace["steps"], start=1):
        st["candidates"] = want[k][1]
    # made-up states, to be shown as they are: strings of symbols or lists of digits
    fifth = want[5][1][:15] + ["23"]
    sixth = [[int(ch) for ch in cands] for cands in want[6][1][:14]] + [[1, 2], [4]]
    trace["steps"][4]["candidates"] = fifth
    trace["steps"][5]["candidates"] = sixth
    player = Player(browser, trace, tmp_path / "cands4x4.html", (900, 700))
    player.goto(5)
    assert player.candidates() == fifth != want[5][1]
    assert player.board() == want[5][0]
    player.goto(6)
    assert player.candidates() == want[6][1][:14] + ["12", "4"]
    player.goto(len(trace["steps"]))
    assert player.board() == SOLUTION_4X4
    player.close()


# ---------------------------------------------------------------------------
# Bigger boards: a small two-rule stepper (no guessing) makes genuine traces.
ALPHABET = "123456789ABCDEFGHIJKLMNOP"


def pattern_solution(n: int, bh: int, bw: int) -> list[int]:
    return [((r % bh) * bw + r // bh + c) % n + 1 for r in range(n) for c in range(n)]


def two_rule_trace(puzzle: list[int], n: int, box: tuple[int, int]) -> dict[str, Any]:
    """Givens, then rule 1 (a true claim falsifies the rest of its axioms) and rule 2."""
    bh, bw = box
    alphabet = ALPHABET[:n]
    axioms: list[tuple[str, list[tuple[int, int, int]]]] = []
    for r in range(n):
        for c in range(n):
            claims = [(r, c, d) for d in range(1, n + 1)]
            axioms.append((f"cell r{r + 1}c{c + 1} has exactly one value", claims))
    for d in range(1, n + 1):
        s = alphabet[d - 1]
        for k in range(n):
            axioms.append((f"row {k + 1} has exactly one {s}", [(k, c, d) for c in range(n)]))
            axioms.append((f"column {k + 1} has exactly one {s}", [(r, k, d) for r in range(n)]))
            r0, c0 = (k // (n // bw)) * bh, (k % (n // bw)) * bw
            cells = [(r0 + i, c0 + j, d) for i in range(bh) for j in range(bw)]
            axioms.append((f"box {k + 1} has exactly one {s}", cells))
    of_claim: dict[tuple[int, int, int], list[int]] = {}
    for a, (_, claims) in enumerate(axioms):
        for x in claims:
            of_claim.setdefault(x, []).append(a)
    known: dict[tuple[int, int, int], bool] = {}
    steps: list[dict[str, Any]] = []

    def lbl(x: tuple[int, int, int]) -> str:
        return f"r{x[0] + 1}c{x[1] + 1}={alphabet[x[2] - 1]}"

    def step(rule: Any, a: int | None, claims: list[Any], value: bool, because: list[Any]) -> None:
        axiom = None if a is None else {"name": axioms[a][0], "claims": axioms[a][1]}
        if rule == "given":
            text = f"given: {lbl(claims[0])}"
        elif rule == 1:
            text = f"rule 1: in '{axioms[a][0]}' {lbl(because[0])} is true, so the rest is false"
        else:
            text = f"rule 2: in '{axioms[a][0]}' every claim but {lbl(claims[0])} is false"
        steps.append(
            {"rule": rule, "axiom": axiom, "claims": claims, "value": value,
             "because": because, "depth": 0, "text": text}
        )  # fmt: skip

    todo: list[int] = []  # axioms with a new true claim (rule 1)
    dirty: set[int] = set()  # axioms with a new false claim (rule 2)
    for i, d in enumerate(puzzle):
        if d:
            x = (i // n, i % n, d)
            known[x] = True
            step("given", None, [x], True, [])
            todo += of_claim[x]
    while todo or dirty:
        if todo:
            a = todo.pop(0)
            (t,) = [x for x in axioms[a][1] if known.get(x) is True]
            rest = [x for x in axioms[a][1] if x not in known]
            if rest:
                known.update(dict.fromkeys(rest, False))
                step(1, a, rest, False, [t])
                for x in rest:
                    dirty.update(of_claim[x])
            continue
        a = min(dirty)
        dirty.discard(a)
        rest = [x for x in axioms[a][1] if known.get(x) is not False]
        if len(rest) == 1 and rest[0] not in known:
            known[rest[0]] = True
            step(2, a, rest, True, [x for x in axioms[a][1] if x != rest[0]])
            todo += of_claim[rest[0]]
    grid = [0] * (n * n)
    for (r, c, d), value in known.items():
        if value:
            grid[r * n + c] = d
    solved = all(grid)
    return {
        "n": n, "box": [bh, bw], "regions": None, "diagonals": False, "alphabet": alphabet,
        "puzzle": "".join(alphabet[d - 1] if d else "." for d in puzzle),
        "steps": steps, "status": "solved" if solved else "stalled",
        **({"solution": "".join(alphabet[d - 1] for d in grid)} if solved else {}),
    }  # fmt: skip


CLASSIC_9X9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SIZES = [(6, (2, 3), 0.6), (9, (3, 3), CLASSIC_9X9), (16, (4, 4), 0.5), (25, (5, 5), 0.45)]


@pytest.mark.parametrize(("n", "box", "holes"), SIZES)
def test_bigger_boards(
    browser: Any, tmp_path: Path, n: int, box: tuple[int, int], holes: float | str
) -> None:
    if isinstance(holes, str):  # a real puzzle
        puzzle = [0 if ch == "." else int(ch) for ch in holes]
    else:  # blank a random share of a solution, give back what the two rules cannot reach
        solution = pattern_solution(n, *box)
        assert is_sudoku_solution("".join(ALPHABET[d - 1] for d in solution), n, box)
        rng = random.Random(n)
        puzzle = [0 if rng.random() < holes else d for d in solution]
        stalled = two_rule_trace(puzzle, n, box)
        reached = {(r, c) for st in stalled["steps"] if st["value"] for r, c, _ in st["claims"]}
        puzzle = [d if divmod(i, n) in reached else solution[i] for i, d in enumerate(puzzle)]
    trace = two_rule_trace(puzzle, n, box)
    assert trace["status"] == "solved"
    assert is_sudoku_solution(trace["solution"], n, box)
    total = len(trace["steps"])
    want = Expected(trace)
    player = Player(browser, trace, tmp_path / f"sudoku{n}.html", (1280, 800))
    page = player.page
    cells = player.cells()
    # thick borders between boxes only
    classes = {(r, c): set(k.split()) for r, c, _, _, k in cells}
    bh, bw = box
    for (r, c), k in classes.items():
        assert ("br" in k) == (c < n - 1 and (c + 1) % bw == 0), (r, c)
        assert ("bb" in k) == (r < n - 1 and (r + 1) % bh == 0), (r, c)
    assert player.candidates() == [ALPHABET[:n]] * (n * n)
    page.keyboard.press("End")
    assert player.counter() == f"{total} / {total}"
    assert player.board() == trace["solution"] == want[-1][0]
    mid = next(k for k in range(total // 2, total) if trace["steps"][k - 1]["rule"] == 1)
    player.goto(mid)
    assert (player.board(), player.candidates()) == want[mid]
    page.keyboard.press("ArrowRight")
    assert (player.board(), player.candidates()) == want[mid + 1]
    shot = player.shot(f"player_{n}x{n}_mid.png")
    assert shot.stat().st_size > 10_000
    player.close()


def test_real_stepper_trace(browser: Any, tmp_path: Path) -> None:
    """A trace from the package's own stepper, with guesses and backtracks, replays to its end."""
    formats = pytest.importorskip("satdoku.io._line")
    search = pytest.importorskip("satdoku.rules._search")
    trace_mod = pytest.importorskip("satdoku.views._trace_json")
    puzzle = formats.parse_line("................")
    record = trace_mod.trace_record(search.trace(puzzle, search=True))
    assert record["status"] == "solved"
    rules = [st["rule"] for st in record["steps"]]
    assert "guess" in rules
    player = Player(browser, record, tmp_path / "empty4.html", (1000, 760))
    player.page.keyboard.press("End")
    assert player.board() == record["solution"]
    assert player.board() == board_text(replay(record)[-1], record["alphabet"])
    player.close()
