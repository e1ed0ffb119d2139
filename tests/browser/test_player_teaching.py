"""What a class at the back of the room sees on the ``satdoku step --html`` page, in Chromium.

On a 9x9, a 16x16 read with letters and a 25x25 (all made by ``satdoku step --search``): a rule-2
step marks its n-1 premises; the axiom strip lists the n claims with their states and deciding
steps, checked against the stepper's own ``Trace.state(k)``; row and column labels are there;
``#step=N`` opens step N; the next-guess button lands on a guess; the focus mode's board fills
the window; no sentence box clips at 1024x768. Debian's ``/usr/bin/chromium`` driven by
playwright (skipped when either is missing). Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from browser_support import ARTIFACTS, browser_fixture, require_browser  # noqa: F401
from satdoku.cli import main
from satdoku.core._claims import Claim, claim_of
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import GuessOrder, Trace, trace
from satdoku.rules._strategies import parse_rules

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "satdoku" / "examples"
SIZE = (1024, 768)

require_browser()

HARD9 = "................12..3.45........65.4.1.......7...8.......1...7...9...8...4...2..."
# the bundled 16x16 written A-P (A = 1) with 10 givens taken out, so that it needs guesses
LETTERS16 = (
    "...JAI....K..H..DH...O.....B..F....KL.H.FE.N..IBBG.AJ.E.M......PL..O.ENF..B....A..HBCJK"
    "OAPD....E.P.......N.OF.....GN.....K.E...I.L.H.A.C.I.GENKJJN..O.B.PA.KHI.M..P..D...J...B."
    ".I...N...DL.M.OP......NO..BG.PFE...JP.BL.K..DM.....N.M...EFP...AK..L.....HMN..D.O"
)


class Case(NamedTuple):
    """A puzzle, how ``satdoku step`` is asked to trace it, and how it is traced here."""

    name: str
    puzzle: str
    alphabet: str
    argv: tuple[str, ...]
    order: GuessOrder
    max_steps: int | None


def _line25() -> str:
    return next(
        x for x in (EXAMPLES / "sudoku25.txt").read_text().splitlines() if not x.startswith("#")
    )


CASES = {
    "9x9": Case("9x9", HARD9, "123456789", ("--search",), GuessOrder.FIRST, None),
    "16x16": Case(
        "16x16",
        LETTERS16,
        "ABCDEFGHIJKLMNOP",
        ("--search", "--order", "fewest", "--alphabet", "ABCDEFGHIJKLMNOP"),
        GuessOrder.FEWEST,
        None,
    ),
    "25x25": Case(
        "25x25",
        _line25(),
        "ABCDEFGHIJKLMNOPQRSTUVWXY",
        ("--search", "--max-steps", "1800", "--alphabet", "ABCDEFGHIJKLMNOPQRSTUVWXY"),
        GuessOrder.FIRST,
        1800,
    ),
}


class Built(NamedTuple):
    """The page ``satdoku step --html`` wrote and the stepper's own trace of the same puzzle."""

    page: Path
    trace: Trace
    case: Case


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    out: dict[str, Built] = {}
    folder = tmp_path_factory.mktemp("pages")
    for name, case in CASES.items():
        source = folder / f"{name}.txt"
        source.write_text(case.puzzle + "\n")
        page = folder / f"{name}.html"
        assert main(["step", str(source), *case.argv, "--html", str(page)]) == 0
        puzzle = parse_line(case.puzzle, alphabet=Alphabet(case.alphabet))
        t = trace(puzzle, search=True, order=case.order, max_steps=case.max_steps)
        out[name] = Built(page, t, case)
    return out


class Watched:
    """A browser page with every error it logged and every request it made."""

    def __init__(self, browser: Any, size: tuple[int, int] = SIZE) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on(
            "console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else 0
        )

    def open(self, path: Path, step: int | None = None) -> Any:
        self.page.goto(path.as_uri() + ("" if step is None else f"#step={step}"))
        self.page.wait_for_selector("body[data-ready='1']")
        return self.page

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / name))

    def close(self) -> None:
        assert not self.errors, self.errors
        left = [u for u in self.requests if not u.startswith(("file:", "data:", "about:"))]
        assert not left, f"the page reached out: {left}"
        self.context.close()


def first(t: Trace, rule: str) -> int:
    """The position (1-based) of the first step of a rule."""
    return next(k for k, s in enumerate(t.steps, 1) if str(s.rule.value) == rule)


def wait_for(page: Any, script: str, start: str = "#step=") -> str:
    """Poll an expression until it starts with ``start`` (the page's CSP forbids eval)."""
    for _ in range(40):
        value: str = page.evaluate(script)
        if value.startswith(start) and value != start:
            return value
        page.wait_for_timeout(50)
    return value


READ_PREMISES = """() => Array.from(document.querySelectorAll('#board .cell'))
    .filter((c) => c.dataset.prem).map((c) => [Number(c.dataset.row), Number(c.dataset.col),
      c.dataset.prem])"""
READ_STRIP = """() => Array.from(document.querySelectorAll('#strip .claim')).map((c) => [
    c.dataset.claim, c.dataset.state, c.dataset.step])"""


@pytest.mark.parametrize("name", list(CASES))
def test_rule_2_premises_strip_labels_and_links(
    browser: Any, built: dict[str, Built], name: str
) -> None:
    page_path, t, case = built[name]
    n = t.puzzle.n
    symbols = case.alphabet
    k = first(t, "2")
    step = t.steps[k - 1]
    watched = Watched(browser)
    page = watched.open(page_path, k)  # a #step=N link opens step N
    assert page.inner_text("#counter") == f"{k} / {len(t.steps)}"
    assert page.input_value("#goto") == str(k)
    assert "rule 2" in page.inner_text("#badge").lower()
    assert page.inner_text("#technique") in ("lone cell", "lone ranger")
    # the n-1 premises: every claim of the axiom but the one made true, each marked false
    marked = {(r, c, s) for r, c, syms in page.evaluate(READ_PREMISES) for s in syms}
    expected = {(p.row, p.col, symbols[p.digit - 1]) for p in step.reasons}
    assert len(expected) == n - 1 and marked == expected
    # the axiom strip: its n claims, each with the state the stepper gives it and its step
    chips = page.evaluate(READ_STRIP)
    wanted = {k} | {int(a) + e for _, _, a in chips if a for e in (-1, 0)}
    states = {j: t.state(j) for j in sorted(wanted)}  # read forward: one replay
    state = states[k]
    assert step.axiom is not None and len(chips) == n
    assert page.inner_text("#stripname").endswith(
        f"exactly one {symbols[step.claims[0].digit - 1]}"
    )
    words = {1: "true", -1: "false", 0: "open"}
    for (key, shown, at), v in zip(chips, step.axiom.variables, strict=True):
        r, c, d = map(int, key.split(","))
        claim = Claim(r, c, d)
        assert claim == claim_of(v, n)  # in the axiom's own order
        assert shown == words[state.value(claim)], key
        if shown != "open":  # the step that decided it did decide it, at or before step k
            j = int(at)
            assert j <= k and claim in t.steps[j - 1].claims, (key, j)
            assert states[j - 1].value(claim) == 0 and states[j].value(claim) != 0
    assert sorted(s for _, s, _ in chips).count("false") == n - 1
    # row and column labels
    assert page.locator("#rowlabels .lab").all_inner_texts() == [f"r{i}" for i in range(1, n + 1)]
    cols = page.locator("#collabels .lab").all_inner_texts()
    assert [x.lstrip("c") for x in cols] == [str(i) for i in range(1, n + 1)]
    watched.shot(f"player_{name}_rule2.png")
    # a chip opens the step that decided its claim
    false_chip = next(c for c in chips if c[1] == "false")
    page.click(f"#strip .claim[data-claim='{false_chip[0]}']")
    assert page.inner_text("#counter") == f"{false_chip[2]} / {len(t.steps)}"
    # the step box
    page.fill("#goto", str(k + 1))
    page.press("#goto", "Enter")
    assert page.inner_text("#counter") == f"{k + 1} / {len(t.steps)}"
    assert (
        wait_for(page, "() => location.hash", f"#step={k + 1}") == f"#step={k + 1}"
    )  # the address follows
    watched.close()


@pytest.mark.parametrize("name", list(CASES))
def test_next_guess_ticks_and_focus(browser: Any, built: dict[str, Built], name: str) -> None:
    page_path, t, case = built[name]
    n = t.puzzle.n
    total = len(t.steps)
    guesses = [k for k, s in enumerate(t.steps, 1) if s.rule.value == "guess"]
    watched = Watched(browser)
    page = watched.open(page_path)
    page.click("#next-guess")
    k = guesses[0]
    assert page.inner_text("#counter") == f"{k} / {total}"
    assert page.inner_text("#badge").lower() == "guess \u00b7 depth 1"
    g = t.steps[k - 1].claims[0]
    cell = page.locator(f"#board .cell[data-row='{g.row}'][data-col='{g.col}']")
    assert "gs" in cell.get_attribute("class").split()
    assert cell.locator(".value").inner_text() == case.alphabet[g.digit - 1]
    why = page.inner_text("#why")
    alternatives = [d for d in t.state(k - 1).candidates(g.row, g.col) if d != g.digit]
    assert why.startswith("Why here:") and all(case.alphabet[d - 1] in why for d in alternatives)
    watched.shot(f"player_{name}_guess.png")
    page.click("#next-guess")
    assert page.inner_text("#counter") == f"{guesses[1]} / {total}"
    # depth is said the same way in the badge and the flag over the board
    backtracks = [j for j, s in enumerate(t.steps, 1) if s.rule.value == "backtrack"]
    backtrack = backtracks[0]
    # a tick opens its step (ticks lie close on a long trace: the one under the pointer)
    box = page.locator(f"#timeline .tick[data-step='{backtrack}']").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).dataset.step", [x, y])
    page.mouse.click(x, y)
    assert page.inner_text("#counter") == f"{under} / {total}"
    assert name != "9x9" or int(under) == backtrack
    page.fill("#goto", str(backtrack))
    page.press("#goto", "Enter")
    depth = t.steps[backtrack - 1].depth
    assert page.inner_text("#badge").lower() == f"backtrack \u00b7 depth {depth} \u2192 {depth - 1}"
    flag = page.locator("#depthflag")
    assert (flag.is_hidden() and depth == 1) or flag.inner_text().endswith(f"depth {depth - 1}")
    # focus mode: the board alone fills the window
    page.keyboard.press("f")
    box = page.locator("#board").bounding_box()
    side = min(SIZE)
    assert box["width"] >= 0.9 * side and box["height"] >= 0.9 * side, box
    assert page.locator(".side").is_hidden() and page.locator("#explain").is_hidden()
    # one digit: only its pencil marks are drawn
    for _ in range(3):
        page.keyboard.press("]")
    shown = page.evaluate(
        """() => Array.from(document.querySelectorAll('#board .m'))
        .filter((m) => getComputedStyle(m).display !== 'none' &&
                       getComputedStyle(m).visibility !== 'hidden' &&
                       !m.closest('.placed')).map((m) => m.textContent)"""
    )
    assert shown and set(shown) == {case.alphabet[2]}
    watched.shot(f"player_{name}_focus_digit3.png")
    page.keyboard.press("Escape")
    assert page.locator(".side").is_visible()
    assert n == len(page.locator("#rowlabels .lab").all())
    watched.close()


WALK = """async (ks) => {
  const out = [];
  const box = document.getElementById('explain'), words = document.getElementById('sentence');
  const slider = document.getElementById('slider');
  for (const k of ks) {
    slider.value = String(k); slider.dispatchEvent(new Event('input'));
    const page = document.scrollingElement;
    out.push([k, box.scrollHeight - box.clientHeight, words.scrollHeight - words.clientHeight,
      page.scrollHeight - innerHeight, document.getElementById('board').clientHeight]);
  }
  return out; }"""


@pytest.mark.parametrize("name", list(CASES))
def test_no_sentence_box_clips(browser: Any, built: dict[str, Built], name: str) -> None:
    """Every step of the 9x9, the longest sentences and a sample of the big ones, at 1024x768."""
    page_path, t, _ = built[name]
    total = len(t.steps)
    if name == "9x9":
        ks = list(range(total + 1))
    else:
        texts = [len(str(s.because)) + len(s.decided) * 9 for s in t.steps]
        longest = sorted(range(total), key=lambda j: -texts[j])[:24]
        ks = sorted({0, total, *range(0, total, max(1, total // 16)), *(j + 1 for j in longest)})
    watched = Watched(browser)
    page = watched.open(page_path)
    rows = page.evaluate(WALK, ks)
    clipped = [r for r in rows if r[1] > 0 or r[2] > 0 or r[3] > 0]
    assert not clipped, clipped[:5]
    smallest = min(r[4] for r in rows)
    assert smallest >= 0.45 * SIZE[1], smallest  # the board is never squeezed away
    worst = max(rows, key=lambda r: -r[4])[0]
    page.evaluate("(k) => { location.hash = '#step=' + k; }", worst)
    assert wait_for(page, "() => document.getElementById('counter').textContent", f"{worst} ")
    watched.shot(f"player_{name}_longest_sentence.png")
    watched.close()


def test_set_logic_bases_and_covers_in_two_colours(browser: Any, tmp_path: Path) -> None:
    grid = "4...15.8.7.82......1......72....4.5.....8..9..94.2.....6.4..97.8.1........5....61"
    source = tmp_path / "set.txt"
    source.write_text(grid + "\n")
    out = tmp_path / "set.html"
    assert main(["step", str(source), "--rules", "1,2,twins,set2", "--html", str(out)]) == 0
    t = trace(parse_line(grid), parse_rules("1,2,twins,set2"))
    k, step = next((k, s) for k, s in enumerate(t.steps, 1) if s.sets is not None)
    assert step.sets is not None
    watched = Watched(browser)
    page = watched.open(out, k)
    classes = {
        (int(r), int(c)): set(cls.split())
        for r, c, cls in page.evaluate(
            """() => Array.from(document.querySelectorAll('#board .cell')).map((c) =>
            [c.dataset.row, c.dataset.col, c.className])"""
        )
    }
    n = t.puzzle.n
    for kind, axioms in (("bs", step.sets.bases), ("cv", step.sets.covers)):
        cells = {divmod((v - 1) // n, n) for a in axioms for v in a.variables}
        assert all(kind in classes[c] for c in cells), kind
        assert {c for c, k2 in classes.items() if kind in k2} == cells
    assert page.inner_text("#technique") == step.sets.technique.value.replace("-", " ")
    assert page.locator("#sets li.base").count() == len(step.sets.bases)
    assert page.locator("#sets li.cover").count() == len(step.sets.covers)
    watched.shot("player_9x9_set_logic.png")
    watched.close()
