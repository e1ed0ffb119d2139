"""Tests of the self-contained HTML trace player (``satdoku.views._html_player``).

The 4x4 trace below is written by hand in the contract of ``satdoku step --json``
and checked here to be a genuine two-rule derivation: givens, rule-1
eliminations, rule-2 placements, a guess refuted by a contradiction, a backtrack,
a second guess, ending solved.  ``replay`` is a reference implementation of the
replay semantics documented in ``satdoku.views._html_player`` (the browser test compares
the page against it at every step).
"""

from __future__ import annotations

import html.parser
import json
import re
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

try:
    from satdoku.views._html_player import render_trace_html
except ImportError:  # package not installed: run from the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    from satdoku.views._html_player import render_trace_html

Claim = tuple[int, int, int]

# ---------------------------------------------------------------------------
# The hand-made 4x4 trace: (rule, axiom name, claims, because, depth).
# Claims are written 1-based as "r<row>c<col>=<digit>"; the JSON uses 0-based
# rows and columns.  Givens, guesses and rule-2 steps decide their claims true,
# rule-1 steps and backtracks decide them false.
PUZZLE_4X4 = ".13....1.4......"
SOLUTION_4X4 = "2134432134121243"
STEPS_4X4: list[tuple[Any, str | None, str, str, int]] = [
    ("given", None, "r1c2=1", "", 0),
    ("given", None, "r1c3=3", "", 0),
    ("given", None, "r2c4=1", "", 0),
    ("given", None, "r3c2=4", "", 0),
    (1, "cell r1c2 has exactly one value", "r1c2=2 r1c2=3 r1c2=4", "r1c2=1", 0),
    (1, "cell r1c3 has exactly one value", "r1c3=1 r1c3=2 r1c3=4", "r1c3=3", 0),
    (1, "cell r2c4 has exactly one value", "r2c4=2 r2c4=3 r2c4=4", "r2c4=1", 0),
    (1, "cell r3c2 has exactly one value", "r3c2=1 r3c2=2 r3c2=3", "r3c2=4", 0),
    (1, "row 1 has exactly one 1", "r1c1=1 r1c4=1", "r1c2=1", 0),
    (1, "row 1 has exactly one 3", "r1c1=3 r1c4=3", "r1c3=3", 0),
    (1, "row 2 has exactly one 1", "r2c1=1 r2c2=1 r2c3=1", "r2c4=1", 0),
    (1, "row 3 has exactly one 4", "r3c1=4 r3c3=4 r3c4=4", "r3c2=4", 0),
    (1, "column 2 has exactly one 1", "r4c2=1", "r1c2=1", 0),
    (1, "column 2 has exactly one 4", "r2c2=4 r4c2=4", "r3c2=4", 0),
    (1, "column 3 has exactly one 3", "r2c3=3 r3c3=3 r4c3=3", "r1c3=3", 0),
    (1, "column 4 has exactly one 1", "r3c4=1 r4c4=1", "r2c4=1", 0),
    (1, "box 3 has exactly one 4", "r4c1=4", "r3c2=4", 0),
    # the two rules are stuck (the puzzle has more than one solution): guess
    ("guess", None, "r4c4=2", "", 1),
    (1, "cell r4c4 has exactly one value", "r4c4=3 r4c4=4", "r4c4=2", 1),
    (1, "row 4 has exactly one 2", "r4c1=2 r4c2=2 r4c3=2", "r4c4=2", 1),
    (1, "column 4 has exactly one 2", "r1c4=2 r3c4=2", "r4c4=2", 1),
    (1, "box 4 has exactly one 2", "r3c3=2", "r4c4=2", 1),
    (2, "cell r1c4 has exactly one value", "r1c4=4", "r1c4=1 r1c4=2 r1c4=3", 1),
    (1, "row 1 has exactly one 4", "r1c1=4", "r1c4=4", 1),
    (1, "box 2 has exactly one 4", "r2c3=4", "r1c4=4", 1),
    (2, "cell r1c1 has exactly one value", "r1c1=2", "r1c1=1 r1c1=3 r1c1=4", 1),
    (1, "column 1 has exactly one 2", "r2c1=2 r3c1=2", "r1c1=2", 1),
    ("contradiction", "row 3 has exactly one 2", "", "r3c1=2 r3c2=2 r3c3=2 r3c4=2", 1),
    ("backtrack", None, "r4c4=2", "", 1),
    # stuck again at depth 0: a second guess, which works out
    ("guess", None, "r1c1=2", "", 1),
    (1, "cell r1c1 has exactly one value", "r1c1=4", "r1c1=2", 1),
    (1, "row 1 has exactly one 2", "r1c4=2", "r1c1=2", 1),
    (1, "column 1 has exactly one 2", "r2c1=2 r3c1=2 r4c1=2", "r1c1=2", 1),
    (1, "box 1 has exactly one 2", "r2c2=2", "r1c1=2", 1),
    (2, "cell r1c4 has exactly one value", "r1c4=4", "r1c4=1 r1c4=2 r1c4=3", 1),
    (1, "column 4 has exactly one 4", "r4c4=4", "r1c4=4", 1),
    (1, "box 2 has exactly one 4", "r2c3=4", "r1c4=4", 1),
    (2, "cell r2c2 has exactly one value", "r2c2=3", "r2c2=1 r2c2=2 r2c2=4", 1),
    (1, "row 2 has exactly one 3", "r2c1=3", "r2c2=3", 1),
    (1, "column 2 has exactly one 3", "r4c2=3", "r2c2=3", 1),
    (2, "cell r2c1 has exactly one value", "r2c1=4", "r2c1=1 r2c1=2 r2c1=3", 1),
    (2, "cell r2c3 has exactly one value", "r2c3=2", "r2c3=1 r2c3=3 r2c3=4", 1),
    (1, "column 3 has exactly one 2", "r3c3=2 r4c3=2", "r2c3=2", 1),
    (2, "cell r3c3 has exactly one value", "r3c3=1", "r3c3=2 r3c3=3 r3c3=4", 1),
    (1, "row 3 has exactly one 1", "r3c1=1", "r3c3=1", 1),
    (1, "column 3 has exactly one 1", "r4c3=1", "r3c3=1", 1),
    (2, "cell r3c1 has exactly one value", "r3c1=3", "r3c1=1 r3c1=2 r3c1=4", 1),
    (1, "row 3 has exactly one 3", "r3c4=3", "r3c1=3", 1),
    (1, "column 1 has exactly one 3", "r4c1=3", "r3c1=3", 1),
    (2, "cell r3c4 has exactly one value", "r3c4=2", "r3c4=1 r3c4=3 r3c4=4", 1),
    (2, "cell r4c1 has exactly one value", "r4c1=1", "r4c1=2 r4c1=3 r4c1=4", 1),
    (2, "cell r4c2 has exactly one value", "r4c2=2", "r4c2=1 r4c2=3 r4c2=4", 1),
    (2, "cell r4c3 has exactly one value", "r4c3=4", "r4c3=1 r4c3=2 r4c3=3", 1),
    (2, "cell r4c4 has exactly one value", "r4c4=3", "r4c4=1 r4c4=2 r4c4=4", 1),
]

_CLAIM_RE = re.compile(r"r(\d+)c(\d+)=(\d+)")
_AXIOM_RE = re.compile(
    r"cell r(\d+)c(\d+) has exactly one value|(row|column|box) (\d+) has exactly one (\d+)"
)


def parse_claims(text: str) -> list[Claim]:
    """``"r1c2=3 r4c4=1"`` -> ``[(0, 1, 3), (3, 3, 1)]``."""
    return [(int(r) - 1, int(c) - 1, int(d)) for r, c, d in _CLAIM_RE.findall(text)]


def show(claim: Claim) -> str:
    return f"r{claim[0] + 1}c{claim[1] + 1}={claim[2]}"


def axiom_claims(name: str, n: int, box: tuple[int, int]) -> list[Claim]:
    """The claims of a named exactly-one axiom of an n x n Sudoku."""
    m = _AXIOM_RE.fullmatch(name)
    assert m, name
    if m.group(1):
        r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
        return [(r, c, d) for d in range(1, n + 1)]
    kind, k, d = m.group(3), int(m.group(4)) - 1, int(m.group(5))
    if kind == "row":
        return [(k, c, d) for c in range(n)]
    if kind == "column":
        return [(r, k, d) for r in range(n)]
    bh, bw = box
    r0, c0 = (k // (n // bw)) * bh, (k % (n // bw)) * bw
    return [(r0 + i, c0 + j, d) for i in range(bh) for j in range(bw)]


def all_axioms(n: int, box: tuple[int, int]) -> list[str]:
    names = [
        f"cell r{r}c{c} has exactly one value" for r in range(1, n + 1) for c in range(1, n + 1)
    ]
    for kind in ("row", "column", "box"):
        names += [
            f"{kind} {k} has exactly one {d}" for k in range(1, n + 1) for d in range(1, n + 1)
        ]
    return names


def _sentence(rule: Any, axiom: str | None, claims: list[Claim], because: list[Claim]) -> str:
    if rule == "given":
        return f"given: {show(claims[0])}"
    if rule == "guess":
        return f"guess: assume {show(claims[0])}"
    if rule == "backtrack":
        return f"backtrack: assuming {show(claims[0])} led to a contradiction, so it is false"
    if rule == "contradiction":
        return f"contradiction: every claim of '{axiom}' is false"
    if rule == 1:
        return f"rule 1: in '{axiom}' {show(because[0])} is true, so every other claim is false"
    return f"rule 2: in '{axiom}' every claim but {show(claims[0])} is false, so {show(claims[0])}"


def build_trace_4x4() -> dict[str, Any]:
    """The hand-made 4x4 trace as the JSON-able dict of ``satdoku step --json``."""
    steps = []
    for rule, axiom, claims_text, because_text, depth in STEPS_4X4:
        claims, because = parse_claims(claims_text), parse_claims(because_text)
        steps.append(
            {
                "rule": rule,
                "axiom": None
                if axiom is None
                else {"name": axiom, "claims": [list(c) for c in axiom_claims(axiom, 4, (2, 2))]},
                "claims": [list(c) for c in claims],
                "value": rule in ("given", "guess", 2),
                "because": [list(c) for c in because],
                "depth": depth,
                "text": _sentence(rule, axiom, claims, because),
            }
        )
    return {
        "n": 4,
        "box": [2, 2],
        "regions": None,
        "diagonals": False,
        "alphabet": "1234",
        "puzzle": PUZZLE_4X4,
        "steps": steps,
        "status": "solved",
        "solution": SOLUTION_4X4,
    }


def check_derivation(trace: dict[str, Any]) -> dict[Claim, bool]:
    """Check that every step of a Sudoku trace follows from the ones before it.

    Keeps the truth value of each claim (unknown until decided) and a stack of
    them for guesses; returns the final assignment.
    """
    n, box = trace["n"], tuple(trace["box"])
    axioms = {name: axiom_claims(name, n, box) for name in all_axioms(n, box)}
    known: dict[Claim, bool] = {}
    stack: list[tuple[dict[Claim, bool], Claim]] = []
    contradicted = False
    for i, st in enumerate(trace["steps"]):
        rule = st["rule"]
        claims = [tuple(c) for c in st["claims"]]
        because = [tuple(c) for c in st["because"]]
        ax = axioms[st["axiom"]["name"]] if st["axiom"] else None
        if ax is not None:
            assert [tuple(c) for c in st["axiom"]["claims"]] == ax, i
        where = f"step {i + 1}: {st['text']}"
        assert st["depth"] == len(stack) + (rule == "guess"), where
        if rule == "given":
            ((r, c, d),) = claims
            assert trace["puzzle"][r * n + c] == str(d) and st["value"] is True, where
            known[(r, c, d)] = True
        elif rule == 1:
            assert ax is not None and len(because) == 1 and known.get(because[0]) is True, where
            assert sorted(claims) == sorted(x for x in ax if x != because[0] and x not in known)
            assert claims and st["value"] is False, where
            known.update(dict.fromkeys(claims, False))
        elif rule == 2:
            assert ax is not None and len(claims) == 1 and st["value"] is True, where
            assert sorted(because) == sorted(x for x in ax if x != claims[0]), where
            assert all(known.get(x) is False for x in because), where
            assert claims[0] not in known, where
            known[claims[0]] = True
        elif rule == "guess":
            assert len(claims) == 1 and claims[0] not in known and st["value"] is True, where
            stack.append((dict(known), claims[0]))
            known[claims[0]] = True
        elif rule == "contradiction":
            assert ax is not None and not claims, where
            assert sorted(because) == sorted(ax), where
            assert all(known.get(x) is False for x in ax), where
            contradicted = True
        elif rule == "backtrack":
            assert contradicted and stack, where
            known, guessed = stack.pop()
            assert claims == [guessed] and st["value"] is False, where
            known[guessed] = False
            contradicted = False
        else:
            raise AssertionError(f"unexpected rule {rule!r}")
        assert not contradicted or rule == "contradiction", where
    return known


def is_sudoku_solution(grid: str, n: int, box: tuple[int, int]) -> bool:
    rows = [grid[r * n : r * n + n] for r in range(n)]
    cols = ["".join(row[c] for row in rows) for c in range(n)]
    bh, bw = box
    boxes = [
        "".join(rows[r0 + i][c0 + j] for i in range(bh) for j in range(bw))
        for r0 in range(0, n, bh)
        for c0 in range(0, n, bw)
    ]
    return all(len(set(unit)) == n for unit in rows + cols + boxes)


# ---------------------------------------------------------------------------
# Reference replay (the semantics documented in satdoku.views._html_player).
State = tuple[tuple[int, ...], tuple[int, ...]]
"""Candidates per cell as a bit mask (bit d-1 for digit d), value per cell (0 = none)."""


def replay(trace: dict[str, Any]) -> list[State]:
    """Board states at positions 0..N, following the player's documented semantics."""
    n = trace["n"]
    alphabet = trace.get("alphabet") or "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    steps = trace["steps"]
    cands = [(1 << n) - 1] * (n * n)
    vals = [0] * (n * n)
    if not any(st["rule"] == "given" for st in steps):
        for i, ch in enumerate(trace.get("puzzle", "")):
            if ch in alphabet[:n]:
                d = alphabet.index(ch) + 1
                cands[i], vals[i] = 1 << (d - 1), d
    stack: list[tuple[set[tuple[int, int, int]], int, State]] = []
    states: list[State] = [(tuple(cands), tuple(vals))]
    for st in steps:
        claims = [(r, c, d) for r, c, d in st["claims"]]
        if st["rule"] == "guess":
            stack.append((set(claims), st.get("depth", 0), (tuple(cands), tuple(vals))))
        elif st["rule"] == "backtrack" and stack:
            j = next((j for j in reversed(range(len(stack))) if stack[j][0] & set(claims)), None)
            if j is None:
                j = next(
                    (j for j in reversed(range(len(stack))) if stack[j][1] == st.get("depth", 0)),
                    len(stack) - 1,
                )
            saved = stack[j][2]
            del stack[j:]
            cands, vals = list(saved[0]), list(saved[1])
        for r, c, d in claims:
            i = r * n + c
            if st["value"]:
                cands[i], vals[i] = 1 << (d - 1), d
            else:
                cands[i] &= ~(1 << (d - 1))
                if vals[i] == d:
                    vals[i] = 0
        if st.get("candidates") is not None:
            for i, entry in enumerate(st["candidates"]):
                digits = [alphabet.index(x) + 1 if isinstance(x, str) else int(x) for x in entry]
                cands[i] = sum(1 << (d - 1) for d in set(digits))
                if vals[i] and not cands[i] >> (vals[i] - 1) & 1:
                    vals[i] = 0
        states.append((tuple(cands), tuple(vals)))
    return states


def digits_of(mask: int) -> set[int]:
    return {b + 1 for b in range(mask.bit_length()) if mask >> b & 1}


def board_text(state: State, alphabet: str) -> str:
    return "".join(alphabet[v - 1] if v else "." for v in state[1])


# ---------------------------------------------------------------------------
class _Scan(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def embedded_json(page: str) -> Any:
    m = re.search(r'<script type="application/json" id="trace-data">(.*?)</script>', page, re.S)
    assert m
    return json.loads(m.group(1))


def test_hand_trace_is_a_genuine_derivation() -> None:
    trace = build_trace_4x4()
    known = check_derivation(trace)
    rules = [st["rule"] for st in trace["steps"]]
    for kind in ("given", 1, 2, "guess", "contradiction", "backtrack"):
        assert kind in rules
    found = ["." for _ in range(16)]
    for (r, c, d), value in known.items():
        if value:
            assert found[r * 4 + c] == "."
            found[r * 4 + c] = str(d)
    assert "".join(found) == SOLUTION_4X4
    assert is_sudoku_solution(SOLUTION_4X4, 4, (2, 2))
    assert all(p in (".", s) for p, s in zip(PUZZLE_4X4, SOLUTION_4X4, strict=True))


def test_reference_replay_of_the_hand_trace() -> None:
    trace = build_trace_4x4()
    states = replay(trace)
    assert len(states) == len(trace["steps"]) + 1
    assert board_text(states[0], "1234") == "." * 16
    assert all(digits_of(c) == {1, 2, 3, 4} for c in states[0][0])
    assert board_text(states[4], "1234") == PUZZLE_4X4
    assert board_text(states[-1], "1234") == SOLUTION_4X4
    rules = [st["rule"] for st in trace["steps"]]
    guess, back = rules.index("guess"), rules.index("backtrack")
    # the backtrack restores the board from before the guess, minus the guessed claim
    before_guess, after_back = states[guess], states[back + 1]
    assert after_back[1] == before_guess[1]
    assert digits_of(after_back[0][15]) == digits_of(before_guess[0][15]) - {2}
    assert states[back][1] != before_guess[1]


def test_page_is_self_contained() -> None:
    page = render_trace_html(build_trace_4x4(), title="4x4 demo")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    lowered = page.lower()
    assert "<link" not in lowered
    assert "http://" not in lowered and "https://" not in lowered
    assert "@import" not in lowered and "url(" not in lowered
    scan = _Scan()
    scan.feed(page)
    for tag, attrs in scan.tags:
        assert "src" not in attrs, tag
        assert not (attrs.get("href") or "").strip(), tag
    scripts = [attrs for tag, attrs in scan.tags if tag == "script"]
    assert [s.get("type") for s in scripts] == ["application/json", None]
    csp = [
        a for t, a in scan.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"
    ]
    assert csp and "default-src 'none'" in (csp[0].get("content") or "")
    for element_id in ("board", "counter", "sentence", "prev", "next", "play", "slider"):
        assert f'id="{element_id}"' in page
    assert "<title>4x4 demo</title>" in page


def test_page_is_made_of_the_package_data_files() -> None:
    """The page, style and scripts (the rules' drawing, then the player) are package data files,
    inlined as they are."""
    folder = files("satdoku.views") / "player"
    text = {
        name: (folder / f"player.{name}").read_text(encoding="utf-8")
        for name in ("html", "css", "js")
    }
    rules = (folder / "rules.js").read_text(encoding="utf-8")
    page = render_trace_html(build_trace_4x4(), title="t")
    assert f"<style>{text['css']}</style>" in page
    assert f"<script>{rules}{text['js']}</script>" in page
    head, _, tail = text["html"].partition("%%DATA%%")
    assert page.startswith(head.split("%%TITLE%%")[0]) and page.endswith(tail.split("%%JS%%")[1])


def test_page_embeds_the_trace() -> None:
    trace = build_trace_4x4()
    page = render_trace_html(trace)
    assert embedded_json(page) == trace
    assert "row 3 has exactly one 2" in page
    assert PUZZLE_4X4 in page and SOLUTION_4X4 in page


def test_embedded_json_cannot_close_the_script_tag() -> None:
    trace = build_trace_4x4()
    evil = "</script><script>alert(1)</script><!-- & </SCRIPT >"
    trace["steps"][4]["axiom"]["name"] = evil
    trace["steps"][4]["text"] = evil
    page = render_trace_html(trace, title="</title><script>x</script>")
    assert page.lower().count("</script") == 2  # the data tag and the player's script
    assert "<!--" not in page
    assert embedded_json(page) == trace
    assert "<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>" in page


@pytest.mark.parametrize("n", [4, 9, 16, 25])
def test_renders_every_size(n: int) -> None:
    alphabet = "123456789ABCDEFGHIJKLMNOP"[:n]
    trace = {
        "n": n,
        "box": None,
        "regions": None,
        "alphabet": alphabet,
        "puzzle": "." * (n * n),
        "steps": [],
        "status": "stalled",
    }
    page = render_trace_html(trace)
    assert embedded_json(page)["n"] == n


def test_rejects_malformed_traces() -> None:
    with pytest.raises(ValueError):
        render_trace_html({"steps": []})
    with pytest.raises(ValueError):
        render_trace_html({"n": 4, "steps": "nope"})
    with pytest.raises(TypeError):
        render_trace_html([])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render_trace_html({"n": 4, "steps": [], "x": {1, 2}})


def test_page_has_a_projector_mode_and_no_clipped_premise_tag() -> None:
    """Static checks: the projector toggle (button and key P) and its style; the premises of a
    set cell are struck pencil marks, never a corner tag of ``data-prem`` that a cell clips."""
    page = render_trace_html({"n": 4, "box": [2, 2], "puzzle": "1...", "steps": []})
    assert re.search(r'<button id="projector" type="button"[^>]*aria-pressed="false"', page)
    assert 'case "p": case "P":' in page and "setProjector(!projector)" in page
    for rule in ("body.projector .side", "body.projector .explain", ".board.zoomed"):
        assert rule in page, rule
    assert "attr(data-prem)" not in page
    assert ".cell.placed.prem .marks { display: grid; }" in page
    # the focus bar flows above the board (off the labels) instead of floating over them
    bar = re.search(r"body\.focus \.focusbar, body\.projector \.focusbar \{([^}]*)\}", page)
    assert bar is not None and "order: -1" in bar.group(1) and "fixed" not in bar.group(1)
