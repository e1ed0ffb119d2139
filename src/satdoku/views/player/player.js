
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
    backtrack: "backtrack", contradiction: "contradiction", twins: "twins", set: "set logic" };
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
