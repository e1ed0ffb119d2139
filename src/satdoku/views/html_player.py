"""A self-contained HTML/JS/CSS player for satdoku step traces.

``render_trace_html(trace, title)`` turns the JSON-able dict printed by
``satdoku step --json`` into one complete HTML document.  The page needs no
network: the trace is embedded as JSON in a ``<script type="application/json">``
tag (with ``<``, ``>`` and ``&`` escaped as ``\\u003c`` etc., so a name containing
``</script>`` cannot end the tag), the player's script and style are inline, and a
Content-Security-Policy forbids every fetch.

The trace
---------
``n``
    side of the grid (symbols are digits ``1..n``).
``box``
    ``[rows, cols]`` of one box (``[3, 3]`` for 9x9, ``[2, 3]`` for 6x6: two rows
    of three cells), or ``null``.
``regions``
    ``null`` or a region label per cell, row-major (a flat list of ``n*n``
    labels, or ``n`` lists of ``n``).  Lists of cells per region (``[row, col]``
    pairs or flat indices) are accepted too.  ``regions`` wins over ``box``; thick
    borders are drawn between cells of different regions.
``diagonals``
    when true the two main diagonals are tinted.
``alphabet``
    ``alphabet[d-1]`` is the symbol of digit ``d`` (default ``"123456789"`` for
    ``n <= 9``, else ``"123456789ABCDEFG..."``).
``puzzle``
    the line format; any character that is not in the alphabet is a blank.
``steps``
    the list replayed below; each step has ``rule`` (``1``, ``2``, ``"given"``,
    ``"guess"``, ``"backtrack"``, ``"twins"``, ``"contradiction"``), ``axiom``
    (``{"name", "claims"}`` or null), ``claims`` (``[row, col, digit]``, 0-based
    row/col, digit ``1..n``), ``value``, ``because``, ``depth``, ``text`` and an
    optional ``candidates``.
``status`` / ``solution``
    shown in the header.
``truncated``
    when true the trace was cut short (``--max-steps``): the header says so.

Replay semantics (what the stepper must match)
----------------------------------------------
The board at position ``k`` (``0 <= k <= N``) is the state after applying
``steps[0:k]`` in order; position 0 is the state before any step.

* Start: every cell has all candidates ``1..n`` and no value.  If the trace has
  no ``"given"`` step at all, the puzzle's givens are placed in the start state
  instead (so a trace of inference steps alone still shows the givens).
* A claim ``[r, c, d]`` with ``value`` true sets cell ``(r, c)`` to ``d``: its
  candidates become just ``{d}``, its value is ``d``, and it remembers the step's
  ``depth`` (values set at depth > 0 are drawn as tentative).  With ``value``
  false the candidate ``d`` is removed from the cell (and the cell's value is
  cleared if it was ``d``).  When ``value`` is missing it defaults to true for
  ``2``, ``"given"`` and ``"guess"`` and to false otherwise.  Nothing else is
  implied: placing a value does not remove ``d`` from the row, that is left to
  the rule-1 steps.
* ``"guess"``: first a snapshot of the state (candidates and values) is
  pushed, then the step's claims are applied.
* ``"backtrack"``: first a snapshot is popped and restored, then the step's
  claims are applied (typically the guessed claim, now false).  The snapshot
  popped is the most recent one whose guess shares a claim ``(row, col, digit)``
  with the backtrack step's claims; failing that, the most recent one whose
  guess step has the same ``depth`` as the backtrack step; failing that, the top
  of the stack.  Snapshots above it are discarded with it.  So a stepper that
  numbers a guess ``depth = d`` (1 for the first guess) and gives its backtrack
  the same ``depth = d`` and the refuted claim is matched exactly, whether it
  backtracks chronologically or jumps back.  (This is what
  ``satdoku.rules.stepper.Replayer`` does: a guess saves the state under its depth,
  a backtrack of the same depth restores it, then applies its own claim.)
* Any other rule (``1``, ``2``, ``"given"``, ``"twins"``, ``"contradiction"``)
  only applies its claims; a contradiction step normally has none.
* ``candidates``, when a step has it, overrides the candidates after that step
  (after the claims above were applied): a list of ``n*n`` entries, row-major,
  each a string of alphabet symbols or a list of digits ``1..n``.  A cell keeps
  its value only while that value is still among its candidates.  Guess
  snapshots still work as above, so candidates may be given on some steps only.

What is drawn for the step just applied (position ``k`` shows ``steps[k-1]``):
the cells of its axiom are tinted (red for a contradiction) and the axiom's
claims are bold in the pencil marks, a true claim is green, a false claim is its
candidate struck through in red (drawn over a set cell's faded value when the
cell already has one), the ``because`` claims that are values (or still
candidates) are outlined in dashed blue, guesses / backtracks / contradictions
get a coloured badge with their depth and a tick on the timeline, values set
inside a guess are amber italics, and the board frame turns amber while a guess
is open.  The side panel lists the axioms used so far, most recent first (a
click jumps to that step).

DOM contract (for tests): ``#board`` holds one ``.cell`` per cell with
``data-row``, ``data-col`` and ``data-cands`` (remaining candidate symbols);
its child ``.value`` holds the symbol when the cell has a value, else nothing.
``#counter`` reads ``"k / N"``, ``#sentence`` holds the step's text (plus the
final status at ``N``), ``#badge`` its rule and depth, ``#depthflag`` the number
of open guesses; ``#first``, ``#prev``, ``#play``, ``#next``, ``#last``,
``#speed`` and the range ``#slider`` drive it, and so do the keys Left / Right,
Space (play / pause), Home / End.  ``body[data-ready="1"]`` marks the first
render.

>>> page = render_trace_html({"n": 4, "box": [2, 2], "puzzle": "1...", "steps": []})
>>> page.startswith("<!DOCTYPE html>") and 'id="board"' in page
True
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import Any

__all__ = ["render_trace_html"]


def _script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</script>``, no ``<!--``)."""
    text = json.dumps(data, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_trace_html(trace: Mapping[str, Any], title: str = "satdoku") -> str:
    """Return a complete, self-contained HTML page that plays ``trace`` step by step.

    ``trace`` is the dict of ``satdoku step --json`` (see the module docstring for
    the fields and the replay semantics).  Raises ``ValueError`` when ``n`` or
    ``steps`` is missing or malformed and ``TypeError`` when the trace is not
    JSON-serialisable.
    """
    if not isinstance(trace, Mapping):
        raise TypeError(f"trace must be a mapping, not {type(trace).__name__}")
    n = trace.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 255:
        raise ValueError(f"trace['n'] must be an int in 1..255, got {n!r}")
    steps = trace.get("steps", [])
    if not isinstance(steps, list | tuple):
        raise ValueError("trace['steps'] must be a list")
    data = _script_json(dict(trace))
    safe_title = html.escape(str(title), quote=True)
    return (
        _PAGE.replace("%%TITLE%%", safe_title)
        .replace("%%CSS%%", _CSS)
        .replace("%%JS%%", _JS)
        .replace("%%DATA%%", data)
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>%%TITLE%%</title>
<style>%%CSS%%</style>
</head>
<body>
<div class="app">
  <main class="stage">
    <header class="top">
      <h1>%%TITLE%%</h1>
      <span id="meta" class="meta"></span>
      <span id="status" class="status"></span>
    </header>
    <section class="explain" aria-label="current step">
      <span id="badge" class="badge"></span>
      <span id="sentence" class="sentence"></span>
    </section>
    <div class="boardwrap">
      <div id="board" class="board" role="grid" aria-label="board"></div>
      <div id="depthflag" class="depthflag" hidden></div>
    </div>
    <nav class="controls" aria-label="player controls">
      <button id="first" type="button" title="First (Home)"
        aria-label="first step">&#x21E4;</button>
      <button id="prev" type="button" title="Previous (Left arrow)">&#x25C0; Prev</button>
      <button id="play" type="button" class="play"
        title="Play / pause (Space)">&#x25B6; Play</button>
      <button id="next" type="button" title="Next (Right arrow)">Next &#x25B6;</button>
      <button id="last" type="button" title="Last (End)" aria-label="last step">&#x21E5;</button>
      <label class="speed">speed
        <select id="speed" aria-label="steps per second">
          <option value="1">1/s</option><option value="2">2/s</option>
          <option value="4" selected>4/s</option><option value="8">8/s</option>
          <option value="16">16/s</option><option value="32">32/s</option>
          <option value="64">64/s</option>
        </select>
      </label>
    </nav>
    <div class="scrub">
      <div class="track">
        <input id="slider" type="range" min="0" max="0" value="0" step="1" aria-label="step">
        <div id="timeline" class="timeline" aria-hidden="true"></div>
      </div>
      <span id="counter" class="counter" aria-live="off">0 / 0</span>
    </div>
  </main>
  <aside class="side">
    <section class="card">
      <h2>Legend</h2>
      <ul class="legend">
        <li><i class="sw sw-ax"></i>cells of the axiom used</li>
        <li><i class="sw sw-true"></i>claim decided true</li>
        <li><i class="sw sw-false">7</i>claim decided false</li>
        <li><i class="sw sw-because"></i>because (premises)</li>
        <li><i class="sw sw-given">5</i>given &nbsp;<i class="sw sw-placed">5</i>derived
            &nbsp;<i class="sw sw-tent">5</i>inside a guess</li>
      </ul>
    </section>
    <section class="card grow">
      <h2>Axioms touched <span id="axcount" class="axcount"></span></h2>
      <ol id="axioms" class="axioms"></ol>
    </section>
  </aside>
</div>
<script type="application/json" id="trace-data">%%DATA%%</script>
<script>%%JS%%</script>
</body>
</html>
"""

_CSS = r"""
:root {
  --bg: #f4f5f8; --ink: #1c2230; --muted: #667085; --line: #c5cad3; --thick-c: #27303f;
  --card: #ffffff; --ax: #fff0b3; --ax-bad: #ffd9d6; --true: #c9f2d3; --true-ink: #0f7a32;
  --false: #d0192b; --because: #3f6fe0; --given-bg: #e9edf3; --placed: #2451c2;
  --tent: #b25f00; --guess: #c77700; --backtrack: #7a3fc4; --contra: #d0192b;
  --board: min(calc(100vh - 236px), calc(100vw - 420px));
  --cell: calc(var(--board) / var(--n, 9));
  font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", sans-serif;
  color: var(--ink); background: var(--bg);
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
.app { display: grid; grid-template-columns: auto minmax(240px, 380px); gap: 18px;
  justify-content: center; padding: 12px 16px; height: 100vh; }
.stage { display: flex; flex-direction: column; align-items: stretch; gap: 8px; min-width: 0;
  width: calc(var(--board) + 8px); }
.top { display: flex; align-items: baseline; gap: 10px; min-height: 28px; white-space: nowrap; }
.top h1 { font-size: 18px; margin: 0; font-weight: 650; overflow: hidden; text-overflow: ellipsis; }
.meta { color: var(--muted); font-size: 13px; }
.status { margin-left: auto; font-size: 12px; font-weight: 600; padding: 2px 8px;
  border-radius: 999px; background: #e4e7ec; color: #344054; text-transform: uppercase;
  letter-spacing: .04em; }
.status.solved { background: #d1f5dc; color: #0b6b2b; }
.status.stalled { background: #fdeccb; color: #8a5200; }
.status.unsolvable { background: #fbd9d6; color: #9e1020; }
.explain { display: flex; align-items: flex-start; gap: 8px; height: 68px; overflow: auto;
  background: var(--card); border: 1px solid #dde1e7; border-radius: 8px; padding: 6px 10px;
  font-size: 13.5px; line-height: 1.4; }
.badge { flex: none; font-size: 11px; font-weight: 700; letter-spacing: .03em;
  text-transform: uppercase; padding: 3px 7px; border-radius: 5px; background: #e4e7ec;
  color: #344054; white-space: nowrap; margin-top: 1px; }
.badge.r1 { background: #fde2e4; color: #9e1020; }
.badge.r2 { background: #d1f5dc; color: #0b6b2b; }
.badge.given { background: #e4e7ec; color: #344054; }
.badge.guess { background: #ffe7b8; color: #8a4b00; }
.badge.backtrack { background: #eadcfb; color: #5b2a9c; }
.badge.contradiction { background: var(--contra); color: #fff; }
.badge.twins { background: #d3f0f2; color: #0b5e66; }
.sentence { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.boardwrap { position: relative; width: calc(var(--board) + 8px); height: calc(var(--board) + 8px);
  padding: 4px; border-radius: 6px; }
.boardwrap.deep { background: repeating-linear-gradient(45deg, #ffcf70 0 6px, #ffe3a8 6px 12px); }
.depthflag { position: absolute; right: 10px; top: -2px; transform: translateY(-50%);
  background: var(--guess); color: #fff; font-size: 11px; font-weight: 700; padding: 1px 7px;
  border-radius: 999px; z-index: 2; }
.board { --thick: max(2px, calc(var(--board) / 200)); display: grid;
  grid-template-columns: repeat(var(--n), 1fr); grid-template-rows: repeat(var(--n), 1fr);
  width: var(--board); height: var(--board); background: var(--card);
  border: var(--thick) solid var(--thick-c); user-select: none; }
.cell { position: relative; min-width: 0; min-height: 0; border-right: 1px solid var(--line);
  border-bottom: 1px solid var(--line); display: grid; place-items: center; overflow: hidden;
  background: var(--card); }
.cell.br { border-right: var(--thick) solid var(--thick-c); }
.cell.bb { border-bottom: var(--thick) solid var(--thick-c); }
.cell.lc { border-right: 0; }
.cell.lr { border-bottom: 0; }
.cell.diag { background: #f3f0ff; }
.cell.given { background: var(--given-bg); }
.cell.ax { background: var(--ax); }
.cell.ax.bad { background: var(--ax-bad); }
.cell.tru { background: var(--true); }
.cell.empty { background: repeating-linear-gradient(-45deg, #fbd9d6 0 5px, #fff 5px 10px); }
.cell.bec::after { content: ""; position: absolute; inset: 2px; border: 2px dashed var(--because);
  border-radius: 3px; pointer-events: none; }
.value { grid-area: 1 / 1; font-size: calc(var(--cell) * .6); line-height: 1; font-weight: 500;
  color: var(--placed); font-variant-numeric: tabular-nums; }
.cell.given .value { color: var(--ink); font-weight: 700; }
.cell.tent .value { color: var(--tent); font-style: italic; }
.cell.tru .value { color: var(--true-ink); font-weight: 700; }
.marks { grid-area: 1 / 1; width: 100%; height: 100%; display: grid; padding: 6%;
  grid-template-columns: repeat(var(--mc), 1fr); grid-template-rows: repeat(var(--mr), 1fr); }
.cell.placed .marks { display: none; }
.cell.placed.strike .marks { display: grid; }
.cell.placed.strike .m:not(.x) { visibility: hidden; }
.cell.placed.strike .value { opacity: .3; }
.m { display: grid; place-items: center;
  font-size: min(calc(var(--cell) / var(--mc) * .66), calc(var(--cell) * .26));
  line-height: 1; color: #4f5869; border-radius: 3px; }
.m.off { visibility: hidden; }
.m.a { color: #6b4e00; font-weight: 700; }
.m.b { outline: 1.5px dashed var(--because); outline-offset: -1px; color: var(--because); }
.m.t { background: var(--true-ink); color: #fff; font-weight: 700; visibility: visible; }
.m.x { visibility: visible; color: var(--false); font-weight: 700; text-decoration: line-through;
  text-decoration-thickness: max(1.5px, calc(var(--cell) / var(--mc) * .1));
  background: rgba(208, 25, 43, .12); }
.controls { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.controls button { font: inherit; font-size: 14px; padding: 5px 11px; border-radius: 7px;
  border: 1px solid #c9ced8; background: var(--card); color: var(--ink); cursor: pointer; }
.controls button:hover { background: #eef1f6; }
.controls button:disabled { opacity: .45; cursor: default; }
.controls button.play { min-width: 86px; background: #24324a; color: #fff; border-color: #24324a; }
.controls button.play:hover { background: #34466a; }
.speed { font-size: 12px; color: var(--muted); display: flex; align-items: center; gap: 4px;
  margin-left: auto; }
.speed select { font: inherit; font-size: 12px; padding: 3px; border-radius: 6px;
  border: 1px solid #c9ced8; background: var(--card); }
.counter { flex: none; min-width: 64px; text-align: right; font-variant-numeric: tabular-nums;
  font-weight: 650; font-size: 15px; line-height: 20px; }
.scrub { display: flex; align-items: flex-start; gap: 10px; padding-bottom: 6px; }
.track { flex: 1; min-width: 0; padding-top: 2px; }
.scrub input { width: 100%; margin: 0; accent-color: #24324a; }
.timeline { position: relative; height: 8px; margin: 0 8px; }
.tick { position: absolute; top: 0; width: 2px; height: 8px; margin-left: -1px;
  border-radius: 1px; }
.tick.guess { background: var(--guess); }
.tick.backtrack { background: var(--backtrack); }
.tick.contradiction { background: var(--contra); }
.side { display: flex; flex-direction: column; gap: 12px; min-height: 0; min-width: 0; }
.card { background: var(--card); border: 1px solid #dde1e7; border-radius: 8px;
  padding: 10px 12px; }
.card.grow { flex: 1; min-height: 0; display: flex; flex-direction: column; }
.card h2 { font-size: 12px; margin: 0 0 8px; text-transform: uppercase; letter-spacing: .05em;
  color: var(--muted); }
.axcount { font-weight: 500; }
.legend { list-style: none; margin: 0; padding: 0; font-size: 12.5px; display: grid; gap: 5px; }
.legend li { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.sw { display: inline-grid; place-items: center; width: 18px; height: 18px; border-radius: 3px;
  border: 1px solid var(--line); font-style: normal; font-size: 11px; flex: none; }
.sw-ax { background: var(--ax); }
.sw-true { background: var(--true); }
.sw-false { color: var(--false); text-decoration: line-through; font-weight: 700;
  background: rgba(208, 25, 43, .12); }
.sw-because { border: 2px dashed var(--because); }
.sw-given { background: var(--given-bg); font-weight: 700; font-size: 13px; }
.sw-placed { color: var(--placed); font-size: 13px; }
.sw-tent { color: var(--tent); font-style: italic; font-size: 13px; }
.axioms { list-style: none; margin: 0; padding: 0; overflow: auto; flex: 1; min-height: 0;
  font-size: 13px; }
.axioms li { display: flex; gap: 8px; align-items: baseline; padding: 4px 6px; border-radius: 5px;
  cursor: pointer; }
.axioms li:hover { background: #eef1f6; }
.axioms li.cur { background: var(--ax); font-weight: 600; }
.axioms .at { margin-left: auto; color: var(--muted); font-size: 11px;
  font-variant-numeric: tabular-nums; white-space: nowrap; }
.axioms .more { color: var(--muted); cursor: default; }
.fatal { color: var(--false); font-weight: 600; }
@media (max-aspect-ratio: 1/1), (max-width: 760px) {
  :root { --board: min(calc(100vw - 40px), calc(100vh - 420px), 96vmin); }
  .app { grid-template-columns: 1fr; height: auto; }
  .stage { width: auto; align-items: center; }
  .stage > * { width: calc(var(--board) + 8px); }
  .card.grow { max-height: 40vh; }
}
"""

_JS = r"""
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const sentenceEl = $("sentence");
  let T;
  try {
    T = JSON.parse($("trace-data").textContent || "{}");
  } catch (err) {
    sentenceEl.textContent = "cannot read the embedded trace: " + err;
    sentenceEl.className = "sentence fatal";
    return;
  }
  const n = Number(T.n) | 0;
  if (!(n >= 1 && n <= 255)) {
    sentenceEl.textContent = "the trace has no valid n";
    sentenceEl.className = "sentence fatal";
    return;
  }
  const NN = n * n;
  const steps = Array.isArray(T.steps) ? T.steps : [];
  const N = steps.length;

  // ---- symbols, puzzle, regions -------------------------------------------------
  const DEFAULT_ALPHA = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let alpha = typeof T.alphabet === "string" ? Array.from(T.alphabet) : [];
  if (alpha.length < n) alpha = Array.from(n <= 9 ? "123456789" : DEFAULT_ALPHA);
  alpha = alpha.slice(0, n);
  const sym = (d) => (d >= 1 && d <= alpha.length ? alpha[d - 1] : String(d));
  const digitOf = (ch) => alpha.indexOf(String(ch)) + 1;

  const puzzleChars = Array.from(typeof T.puzzle === "string" ? T.puzzle : "");
  const givenDigit = new Uint8Array(NN);
  if (puzzleChars.length === NN) {
    for (let i = 0; i < NN; i++) givenDigit[i] = Math.max(0, digitOf(puzzleChars[i]));
  }

  function regionLabels() {
    const R = T.regions;
    if (Array.isArray(R)) {
      const flat = R.flat(Infinity);
      if (flat.length === NN && new Set(flat).size <= n) return flat.map(String);
      const lab = new Array(NN).fill(null);
      let ok = true;
      R.forEach((reg, k) => {
        if (!Array.isArray(reg)) { ok = false; return; }
        for (const cell of reg) {
          let i = -1;
          if (Array.isArray(cell) && cell.length === 2) i = cell[0] * n + cell[1];
          else if (typeof cell === "number") i = cell;
          if (Number.isInteger(i) && i >= 0 && i < NN) lab[i] = String(k);
          else ok = false;
        }
      });
      if (ok && lab.every((x) => x !== null)) return lab;
    }
    const B = T.box;
    if (Array.isArray(B) && B.length === 2) {
      const bh = Number(B[0]), bw = Number(B[1]);
      if (bh >= 1 && bw >= 1 && n % bh === 0 && n % bw === 0) {
        const lab = [];
        for (let r = 0; r < n; r++) {
          for (let c = 0; c < n; c++) lab.push(Math.floor(r / bh) + ":" + Math.floor(c / bw));
        }
        return lab;
      }
    }
    return null;
  }
  const region = regionLabels();

  // ---- claims --------------------------------------------------------------------
  function claimList(x) {
    const out = [];
    if (!Array.isArray(x)) return out;
    for (const c of x) {
      if (!Array.isArray(c) || c.length < 3) continue;
      const r = Number(c[0]), col = Number(c[1]), d = Number(c[2]);
      if (Number.isInteger(r) && Number.isInteger(col) && Number.isInteger(d) &&
          r >= 0 && r < n && col >= 0 && col < n && d >= 1 && d <= n) out.push([r, col, d]);
    }
    return out;
  }
  const ckey = (c) => c[0] + "," + c[1] + "," + c[2];
  const ruleOf = (st) => (st && st.rule !== undefined && st.rule !== null ? String(st.rule) : "?");
  const depthOf = (st) => Number(st && st.depth) || 0;
  function valueOf(st) {
    if (typeof st.value === "boolean") return st.value;
    const r = ruleOf(st);
    return r === "2" || r === "given" || r === "guess";
  }
  const S_claims = steps.map((st) => claimList(st && st.claims));
  const S_because = steps.map((st) => claimList(st && st.because));
  const S_axClaims = steps.map((st) => claimList(st && st.axiom && st.axiom.claims));
  const S_axName = steps.map((st) =>
    st && st.axiom && typeof st.axiom.name === "string" ? st.axiom.name : null);
  const hasGivenSteps = steps.some((st) => ruleOf(st) === "given");

  // ---- state & replay (see the Python module docstring) --------------------------
  function fresh() {
    const S = { cand: new Uint8Array(NN * n).fill(1), val: new Uint8Array(NN),
                vdepth: new Uint16Array(NN), stack: [] };
    if (!hasGivenSteps) {
      for (let i = 0; i < NN; i++) if (givenDigit[i]) setTrue(S, i, givenDigit[i], 0);
    }
    return S;
  }
  const clone = (S) => ({ cand: S.cand.slice(), val: S.val.slice(), vdepth: S.vdepth.slice(),
                          stack: S.stack.slice() });
  function setTrue(S, i, d, depth) {
    S.cand.fill(0, i * n, i * n + n);
    S.cand[i * n + d - 1] = 1;
    S.val[i] = d;
    S.vdepth[i] = depth;
  }
  function setFalse(S, i, d) {
    S.cand[i * n + d - 1] = 0;
    if (S.val[i] === d) S.val[i] = 0;
  }
  function backtrackTarget(stack, idx) {
    const keys = new Set(S_claims[idx].map(ckey));
    for (let j = stack.length - 1; j >= 0; j--) {
      if (stack[j].keys.some((k) => keys.has(k))) return j;
    }
    const dep = depthOf(steps[idx]);
    for (let j = stack.length - 1; j >= 0; j--) if (stack[j].depth === dep) return j;
    return stack.length - 1;
  }
  function applyCandidates(S, cands) {
    let list = cands;
    if (list.length === n && NN !== n && Array.isArray(list[0]) && list[0].length === n &&
        list.flat().length === NN) list = list.flat();
    if (list.length !== NN) return;
    for (let i = 0; i < NN; i++) {
      const c = list[i];
      S.cand.fill(0, i * n, i * n + n);
      const items = typeof c === "string" ? Array.from(c)
        : Array.isArray(c) ? c : typeof c === "number" ? [c] : [];
      for (const x of items) {
        const d = typeof x === "number" ? x : digitOf(x);
        if (Number.isInteger(d) && d >= 1 && d <= n) S.cand[i * n + d - 1] = 1;
      }
      if (S.val[i] && !S.cand[i * n + S.val[i] - 1]) S.val[i] = 0;
    }
  }
  function apply(S, idx) {
    const st = steps[idx] || {};
    const rule = ruleOf(st);
    if (rule === "guess") {
      S.stack.push({ keys: S_claims[idx].map(ckey), depth: depthOf(st),
                     cand: S.cand.slice(), val: S.val.slice(), vdepth: S.vdepth.slice() });
    } else if (rule === "backtrack" && S.stack.length) {
      const j = backtrackTarget(S.stack, idx);
      const snap = S.stack[j];
      S.stack.length = j;
      S.cand.set(snap.cand);
      S.val.set(snap.val);
      S.vdepth.set(snap.vdepth);
    }
    const v = valueOf(st), dep = depthOf(st);
    for (const [r, c, d] of S_claims[idx]) {
      if (v) setTrue(S, r * n + c, d, dep);
      else setFalse(S, r * n + c, d);
    }
    if (Array.isArray(st.candidates)) applyCandidates(S, st.candidates);
  }

  // checkpoints every K steps, so that any position is a short replay away
  const K = Math.max(16, Math.ceil((N * NN * n) / 2e7));
  const checkpoints = [];
  {
    const S = fresh();
    checkpoints.push(clone(S));
    for (let i = 0; i < N; i++) {
      apply(S, i);
      if ((i + 1) % K === 0) checkpoints.push(clone(S));
    }
  }
  let cur = { k: 0, S: clone(checkpoints[0]) };
  function stateAt(k) {
    if (k === cur.k) return cur.S;
    if (k === cur.k + 1) { apply(cur.S, cur.k); cur.k = k; return cur.S; }
    const j = Math.floor(k / K);
    const S = clone(checkpoints[j]);
    for (let i = j * K; i < k; i++) apply(S, i);
    cur = { k, S };
    return S;
  }

  // axioms: distinct names used in steps[0..k)
  const distinctUpTo = new Uint32Array(N + 1);
  {
    const seen = new Set();
    for (let i = 0; i < N; i++) {
      if (S_axName[i] !== null) seen.add(S_axName[i]);
      distinctUpTo[i + 1] = seen.size;
    }
  }

  // ---- board DOM ------------------------------------------------------------------
  const board = $("board");
  const mc = Math.ceil(Math.sqrt(n)), mr = Math.ceil(n / mc);
  document.documentElement.style.setProperty("--n", String(n));
  board.style.setProperty("--mc", String(mc));
  board.style.setProperty("--mr", String(mr));
  const cells = [], values = [], marks = [], painted = new Array(NN).fill("");
  const frag = document.createDocumentFragment();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const el = document.createElement("div");
      el.className = "cell";
      el.setAttribute("role", "gridcell");
      el.dataset.row = String(r);
      el.dataset.col = String(c);
      const base = ["cell"];
      if (c === n - 1) base.push("lc");
      else if (region && region[i] !== region[i + 1]) base.push("br");
      if (r === n - 1) base.push("lr");
      else if (region && region[i] !== region[i + n]) base.push("bb");
      if (T.diagonals && (r === c || r + c === n - 1)) base.push("diag");
      if (givenDigit[i]) base.push("given");
      el.dataset.base = base.join(" ");
      el.className = el.dataset.base;
      const v = document.createElement("span");
      v.className = "value";
      const mk = document.createElement("div");
      mk.className = "marks";
      const ms = [];
      for (let d = 1; d <= n; d++) {
        const s = document.createElement("span");
        s.className = "m";
        s.textContent = sym(d);
        mk.appendChild(s);
        ms.push(s);
      }
      el.append(v, mk);
      frag.appendChild(el);
      cells.push(el); values.push(v); marks.push(ms);
    }
  }
  board.appendChild(frag);

  // ---- header, timeline -------------------------------------------------------------
  const dims = n + "\u00d7" + n;
  $("meta").textContent = dims + " \u00b7 " + N + (N === 1 ? " step" : " steps");
  if (typeof T.status === "string" && T.status) {
    const st = $("status");
    st.textContent = T.truncated ? "first " + N + " steps" : T.status;
    st.classList.add(T.status.replace(/[^a-z]/gi, ""));
  }
  const timeline = $("timeline");
  {
    const tf = document.createDocumentFragment();
    let count = 0;
    for (let i = 0; i < N && count < 4000; i++) {
      const r = ruleOf(steps[i]);
      if (r !== "guess" && r !== "backtrack" && r !== "contradiction") continue;
      const t = document.createElement("span");
      t.className = "tick " + r;
      t.style.left = (N ? ((i + 1) / N) * 100 : 0) + "%";
      t.title = r + " at step " + (i + 1);
      tf.appendChild(t);
      count++;
    }
    timeline.appendChild(tf);
  }

  // ---- rendering ----------------------------------------------------------------------
  const slider = $("slider"), counter = $("counter"), badge = $("badge");
  const axList = $("axioms"), axCount = $("axcount");
  const boardwrap = board.parentElement, depthflag = $("depthflag");
  slider.max = String(N);
  const RULE_LABEL = { "1": "rule 1", "2": "rule 2", given: "given", guess: "guess",
    backtrack: "backtrack", contradiction: "contradiction", twins: "twins" };
  let k = 0;

  function describe(i) {
    const st = steps[i] || {};
    if (typeof st.text === "string" && st.text) return st.text;
    const cl = S_claims[i].map((c) => "r" + (c[0] + 1) + "c" + (c[1] + 1) +
      (valueOf(st) ? "=" : "\u2260") + sym(c[2])).join(", ");
    return ruleOf(st) + (S_axName[i] ? " in '" + S_axName[i] + "'" : "") + (cl ? ": " + cl : "");
  }

  function renderAxioms() {
    axCount.textContent = k ? "(" + distinctUpTo[k] + ")" : "";
    const frag2 = document.createDocumentFragment();
    const seen = new Set();
    const LIMIT = 150;
    for (let i = k - 1; i >= 0 && seen.size < LIMIT; i--) {
      const name = S_axName[i];
      if (name === null || seen.has(name)) continue;
      seen.add(name);
      const li = document.createElement("li");
      if (i === k - 1) li.className = "cur";
      const nm = document.createElement("span");
      nm.textContent = name;
      const at = document.createElement("span");
      at.className = "at";
      at.textContent = "#" + (i + 1);
      li.append(nm, at);
      li.dataset.step = String(i + 1);
      li.title = "go to step " + (i + 1);
      frag2.appendChild(li);
    }
    if (k && distinctUpTo[k] > seen.size) {
      const li = document.createElement("li");
      li.className = "more";
      li.textContent = "\u2026 " + (distinctUpTo[k] - seen.size) + " more";
      frag2.appendChild(li);
    }
    axList.replaceChildren(frag2);
  }

  function render() {
    const S = stateAt(k);
    const i = k - 1;
    const st = i >= 0 ? steps[i] || {} : null;
    const rule = st ? ruleOf(st) : "";
    const hlCell = new Map();   // cell -> class list
    const hlMark = new Map();   // cell*n+d-1 -> class list
    const strikeCells = new Set();  // cells with a candidate struck by this step
    const add = (m, key, cls) => {
      const a = m.get(key);
      if (a) a.push(cls); else m.set(key, [cls]);
    };
    if (st) {
      const bad = rule === "contradiction";
      for (const [r, c, d] of S_axClaims[i]) {
        add(hlCell, r * n + c, bad ? "ax bad" : "ax");
        add(hlMark, (r * n + c) * n + d - 1, "a");
      }
      // a premise that is a value gets its cell outlined; one that is still a
      // candidate gets its pencil mark outlined; false premises are the blanks
      const decided = new Set(S_claims[i].map(ckey));
      for (const [r, c, d] of S_because[i]) {
        const ci = r * n + c;
        if (decided.has(r + "," + c + "," + d)) continue;
        if (S.val[ci] === d) add(hlCell, ci, "bec");
        else if (S.cand[ci * n + d - 1] === 1) add(hlMark, ci * n + d - 1, "b");
      }
      const v = valueOf(st);
      for (const [r, c, d] of S_claims[i]) {
        if (v) { add(hlCell, r * n + c, "tru"); add(hlMark, (r * n + c) * n + d - 1, "t"); }
        else { add(hlMark, (r * n + c) * n + d - 1, "x"); strikeCells.add(r * n + c); }
      }
    }
    for (let ci = 0; ci < NN; ci++) {
      const val = S.val[ci];
      let cls = cells[ci].dataset.base;
      if (val) cls += S.vdepth[ci] > 0 ? " placed tent" : " placed";
      const extra = hlCell.get(ci);
      if (extra) cls += " " + extra.join(" ");
      if (val && strikeCells.has(ci)) cls += " strike";
      let candStr = "", markSig = "";
      let any = false;
      for (let d = 1; d <= n; d++) {
        const on = S.cand[ci * n + d - 1] === 1;
        if (on) { candStr += sym(d); any = true; }
        const h = hlMark.get(ci * n + d - 1);
        markSig += (on ? "1" : "0") + (h ? h.join("") : "") + "|";
      }
      if (!any && !val) cls += " empty";
      const sig = cls + "#" + val + "#" + markSig;
      if (sig === painted[ci]) continue;
      painted[ci] = sig;
      const el = cells[ci];
      el.className = cls;
      el.dataset.cands = candStr;
      values[ci].textContent = val ? sym(val) : "";
      const ms = marks[ci];
      for (let d = 1; d <= n; d++) {
        const h = hlMark.get(ci * n + d - 1);
        let mcls = S.cand[ci * n + d - 1] === 1 ? "m" : "m off";
        if (h) mcls += " " + h.join(" ");
        if (ms[d - 1].className !== mcls) ms[d - 1].className = mcls;
      }
    }
    counter.textContent = k + " / " + N;
    slider.value = String(k);
    $("prev").disabled = $("first").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === N;
    if (st) {
      const dep = depthOf(st);
      badge.className = "badge " + (rule === "1" ? "r1" : rule === "2" ? "r2" : rule);
      badge.textContent = (RULE_LABEL[rule] || rule) +
        (dep > 0 || rule === "guess" || rule === "backtrack" ? " \u00b7 depth " + dep : "");
      badge.hidden = false;
      sentenceEl.textContent = describe(i);
    } else {
      badge.hidden = true;
      sentenceEl.textContent = N === 0
        ? "This trace has no steps."
        : "Start: every cell has all " + n + " candidates" +
          (hasGivenSteps ? "" : ", and the givens are placed") +
          ". Press Next (\u2192) or Play (space) to apply the " + N + " steps.";
    }
    if (k === N && N > 0 && typeof T.status === "string") {
      sentenceEl.textContent += T.truncated
        ? "  \u2014 the trace stops here (cut after " + N + " steps)."
        : "  \u2014 " + T.status + ".";
    }
    const open = S.stack.length;
    boardwrap.classList.toggle("deep", open > 0);
    depthflag.hidden = open === 0;
    depthflag.textContent = "inside guess \u00b7 depth " + open;
    renderAxioms();
  }

  // ---- controls ---------------------------------------------------------------------
  let timer = null;
  const playBtn = $("play"), speedSel = $("speed");
  function goto(target) {
    const t = Math.max(0, Math.min(N, Math.round(Number(target)) || 0));
    if (t === k && painted[0] !== "") return;
    k = t;
    render();
  }
  function stop() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    playBtn.textContent = "\u25b6 Play";
    playBtn.setAttribute("aria-pressed", "false");
  }
  function tick() {
    if (k >= N) { stop(); return; }
    goto(k + 1);
    timer = setTimeout(tick, 1000 / (Number(speedSel.value) || 4));
  }
  function play() {
    if (N === 0) return;
    if (k >= N) goto(0);
    playBtn.textContent = "\u275a\u275a Pause";
    playBtn.setAttribute("aria-pressed", "true");
    timer = setTimeout(tick, 1000 / (Number(speedSel.value) || 4));
  }
  const toggle = () => (timer === null ? play() : stop());
  const step = (delta) => { stop(); goto(k + delta); };

  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("first").addEventListener("click", () => { stop(); goto(0); });
  $("last").addEventListener("click", () => { stop(); goto(N); });
  playBtn.addEventListener("click", toggle);
  slider.addEventListener("input", () => { stop(); goto(slider.value); });
  axList.addEventListener("click", (e) => {
    const li = e.target.closest("li[data-step]");
    if (li) { stop(); goto(li.dataset.step); }
  });
  // buttons give the focus back so that Space always means play / pause
  for (const b of document.querySelectorAll(".controls button")) {
    b.addEventListener("mouseup", () => b.blur());
  }
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" ||
              (t.tagName === "INPUT" && t.type !== "range"))) return;
    const onSlider = t === slider;
    switch (e.key) {
      case "ArrowRight": case "ArrowDown":
        if (onSlider) return;
        e.preventDefault(); step(1); break;
      case "ArrowLeft": case "ArrowUp":
        if (onSlider) return;
        e.preventDefault(); step(-1); break;
      case "Home":
        if (onSlider) return;
        e.preventDefault(); stop(); goto(0); break;
      case "End":
        if (onSlider) return;
        e.preventDefault(); stop(); goto(N); break;
      case " ": case "Spacebar":
        e.preventDefault(); if (!e.repeat) toggle(); break;
      default:
    }
  });
  // Space on a focused button would also "click" it on keyup: swallow that
  document.addEventListener("keyup", (e) => {
    if ((e.key === " " || e.key === "Spacebar") && e.target && e.target.tagName === "BUTTON") {
      e.preventDefault();
    }
  });
  render();
  document.body.dataset.ready = "1";
})();
"""
